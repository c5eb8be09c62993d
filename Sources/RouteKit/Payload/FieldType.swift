/// The declared type of a payload field: `int`, `double`, `string`, `bool`, `any`, or a list `[T]`.
///
/// ```swift
/// FieldType(parsing: "[int]") // .list(.int)
/// FieldType.list(.int).description // "[int]"
/// ```
public indirect enum FieldType: Sendable, Hashable, CustomStringConvertible {
    case int
    case double
    case string
    case bool
    case any
    case list(FieldType)

    /// Parses the spelling used in route files; nil when it is not a type.
    public init?(parsing text: String) {
        switch text {
        case "int": self = .int
        case "double": self = .double
        case "string": self = .string
        case "bool": self = .bool
        case "any": self = .any
        default:
            guard text.hasPrefix("["), text.hasSuffix("]"), text.count > 2,
                let element = FieldType(parsing: String(text.dropFirst().dropLast()))
            else { return nil }
            self = .list(element)
        }
    }

    /// The spellings accepted by `init(parsing:)` for scalars, for suggestions.
    public static let scalarSpellings = ["int", "double", "string", "bool", "any"]

    public var description: String {
        switch self {
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .bool: "bool"
        case .any: "any"
        case .list(let element): "[\(element)]"
        }
    }
}
