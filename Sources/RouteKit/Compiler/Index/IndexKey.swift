/// The hash key under which an indexed rule is filed: a scalar value in the canonical form that
/// makes two values equal exactly when CEL's `==` says they are.
///
/// - Numbers compare by value across int and double, so an integral double within `Int64` has
///   the int's key (`3.0` and `3` share `.int(3)`, `-0.0` is `.int(0)`); any other double keys by
///   its bit pattern. NaN has no key: it equals nothing, not even itself.
/// - Strings compare by Unicode scalars, not by Swift's canonical equivalence: the precomposed and
///   the decomposed "é" are different keys. Equal scalars are equal UTF-8 bytes, so the bytes are
///   compared and hashed.
/// - `null`, lists and maps have no key: a declared scalar field never holds one after
///   normalization, so a literal of those kinds can never equal it.
///
/// ```swift
/// IndexKey(.double(3.0)) == IndexKey(.int(3)) // true
/// IndexKey(.double(.nan))                     // nil
/// ```
enum IndexKey: Sendable, Hashable {
    case bool(Bool)
    case int(Int64)
    /// A double that is not integral within `Int64` (nor NaN), by bit pattern.
    case double(UInt64)
    case string(String)

    /// The key of a payload value, or nil for NaN, `null`, arrays and objects.
    init?(_ json: JSONValue) {
        switch json {
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self.init(double: d)
        case .string(let s): self = .string(s)
        case .null, .array, .object: return nil
        }
    }

    /// The key of an expression value, or nil for NaN, `null`, errors, lists and maps.
    init?(_ value: Value) {
        switch value {
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self.init(double: d)
        case .string(let s): self = .string(s)
        case .null, .list, .map, .error: return nil
        }
    }

    private init?(double d: Double) {
        if d.isNaN { return nil }
        // Int64(exactly:) is nil for fractions, infinities and magnitudes beyond Int64, which the
        // interpreter's exact int/double comparison also never finds equal to an int.
        if let i = Int64(exactly: d) {
            self = .int(i)
        } else {
            self = .double(d.bitPattern)
        }
    }

    static func == (lhs: IndexKey, rhs: IndexKey) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a.hasSameScalars(as: b)
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .bool(let b):
            hasher.combine(0 as UInt8)
            hasher.combine(b)
        case .int(let i):
            hasher.combine(1 as UInt8)
            hasher.combine(i)
        case .double(let bits):
            hasher.combine(2 as UInt8)
            hasher.combine(bits)
        case .string(let s):
            hasher.combine(3 as UInt8)
            s.hashScalars(into: &hasher)
        }
    }
}
