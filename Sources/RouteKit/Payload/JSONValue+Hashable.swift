extension JSONValue: Hashable {
    /// Structural equality, with strings and object keys compared by code points (as JSON and
    /// CEL compare them): `.string("\u{E9}") != .string("e\u{301}")`. An int never equals a
    /// double here; `equalsByValue(_:)` compares numbers by value.
    ///
    /// ```swift
    /// JSONValue.string("\u{212A}") == .string("K") // false: KELVIN SIGN is not the letter K
    /// ```
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a.hasSameScalars(as: b)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// Hashes consistently with `==`: a string by its code points.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(4 as UInt8)
            value.hashScalars(into: &hasher)
        case .array(let items):
            hasher.combine(5 as UInt8)
            hasher.combine(items)
        case .object(let members):
            hasher.combine(6 as UInt8)
            hasher.combine(members)
        }
    }
}
