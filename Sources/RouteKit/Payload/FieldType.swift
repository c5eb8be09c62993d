/// The declared type of a payload field: `int`, `double`, `string`, `bool`, `any`, or a list `[T]`.
///
/// ```swift
/// FieldType(parsing: "[int]") // .list(.int)
/// FieldType.list(.int).description // "[int]"
/// ```
public indirect enum FieldType: Sendable, Hashable, CustomStringConvertible {
    /// `int`: a 64-bit integer; accepts integral numbers and decimal strings (`"42"`).
    case int
    /// `double`: accepts any number, and strings in JSON number syntax.
    case double
    /// `string`: accepts strings, and numbers as their text (`10086.0` as `"10086"`).
    case string
    /// `bool`: accepts `true`, `false`, `"true"` and `"false"`.
    case bool
    /// `any`: accepts anything, unchanged; expressions see it as `dyn`.
    case any
    /// `[T]`: a list whose every element `T` accepts; in YAML `[T]` or `"[T]"`.
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
