/// The static type the checker gives an expression.
///
/// `dyn` stands for "known only at run time": undeclared fields, `any` fields and mixed lists.
/// A `dyn` is never a type error; the interpreter decides.
///
/// ```swift
/// ExpressionType.int.isAssignable(to: .double) // true
/// ExpressionType.string.isAssignable(to: .int) // false
/// ```
public indirect enum ExpressionType: Sendable, Hashable, CustomStringConvertible {
    /// A 64-bit signed integer.
    case int
    /// A 64-bit floating-point number.
    case double
    /// A string.
    case string
    /// A boolean.
    case bool
    /// The type of the literal `null`; comparable with anything.
    case null
    /// A list whose elements all have this type; `list(dyn)` when mixed or empty.
    case list(ExpressionType)
    /// A map with these key and value types (`dyn` when mixed); a declared object is
    /// `map(string, dyn)`.
    case map(key: ExpressionType, value: ExpressionType)
    /// Known only at run time: undeclared and `any` fields, mixed values; never a type error.
    case dyn

    /// The type of a literal.
    ///
    /// ```swift
    /// ExpressionType(literal: .int(3)) // .int
    /// ```
    public init(literal: Literal) {
        switch literal {
        case .null: self = .null
        case .bool: self = .bool
        case .int: self = .int
        case .double: self = .double
        case .string: self = .string
        }
    }

    /// The type of a value of a declared payload field.
    ///
    /// ```swift
    /// ExpressionType(FieldType.list(.int)) // .list(.int)
    /// ```
    public init(_ field: FieldType) {
        switch field {
        case .int: self = .int
        case .double: self = .double
        case .string: self = .string
        case .bool: self = .bool
        case .any: self = .dyn
        case .list(let element): self = .list(ExpressionType(element))
        }
    }

    /// Whether a value of this type may fill a slot declared with `field`, such as a screen
    /// parameter: `dyn` always may (the run time decides), an int may fill a double, and lists
    /// follow their elements.
    ///
    /// ```swift
    /// ExpressionType.dyn.isAssignable(to: .int) // true
    /// ```
    public func isAssignable(to field: FieldType) -> Bool {
        switch (self, field) {
        case (.dyn, _), (_, .any): true
        case (.int, .int), (.int, .double), (.double, .double), (.string, .string), (.bool, .bool): true
        case (.list(let element), .list(let declared)): element.isAssignable(to: declared)
        default: false
        }
    }

    public var description: String {
        switch self {
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .bool: "bool"
        case .null: "null"
        case .list(let element): "list(\(element))"
        case .map(let key, let value): "map(\(key), \(value))"
        case .dyn: "dyn"
        }
    }

    var isNumeric: Bool { self == .int || self == .double }

    /// Whether `==` between the two types can ever be true (CEL's heterogeneous equality makes it
    /// legal but pointless otherwise): numbers compare across int and double, `null` and `dyn`
    /// with anything.
    func isComparable(with other: ExpressionType) -> Bool {
        switch (self, other) {
        case (.dyn, _), (_, .dyn), (.null, _), (_, .null): true
        case (.list(let a), .list(let b)): a.isComparable(with: b)
        case (.map(let k1, let v1), .map(let k2, let v2)): k1.isComparable(with: k2) && v1.isComparable(with: v2)
        default: self == other || (isNumeric && other.isNumeric)
        }
    }

    /// The type of a value that is either of the two, such as the branches of `? :`.
    func joined(with other: ExpressionType) -> ExpressionType {
        if self == other { return self }
        switch (self, other) {
        case (.list(let a), .list(let b)): return .list(a.joined(with: b))
        case (.map(let k1, let v1), .map(let k2, let v2)):
            return .map(key: k1.joined(with: k2), value: v1.joined(with: v2))
        default: return .dyn
        }
    }
}
