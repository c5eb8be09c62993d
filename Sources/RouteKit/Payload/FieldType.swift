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

    /// How deep list types may nest (`[[int]]` is 2): a route file's type is short, and a
    /// hostile `[[[…int…]]]` of a million brackets must not take time or stack to refuse.
    public static let maxListNesting = 16

    /// Parses the spelling used in route files; nil when it is not a type, or when its lists nest
    /// deeper than ``maxListNesting``.
    ///
    /// ```swift
    /// FieldType(parsing: "[[string]]") // .list(.list(.string))
    /// FieldType(parsing: "[]")         // nil
    /// ```
    public init?(parsing text: String) {
        var element = Substring(text)
        var nesting = 0
        while element.hasPrefix("["), element.hasSuffix("]"), element.count > 2 {
            nesting += 1
            guard nesting <= Self.maxListNesting else { return nil }
            element = element.dropFirst().dropLast()
        }
        var type: FieldType
        switch element {
        case "int": type = .int
        case "double": type = .double
        case "string": type = .string
        case "bool": type = .bool
        case "any": type = .any
        default: return nil
        }
        for _ in 0..<nesting { type = .list(type) }
        self = type
    }

    /// Whether `text` opens more lists than ``maxListNesting`` allows (`init(parsing:)` refuses it).
    ///
    /// ```swift
    /// FieldType.nestsTooDeep(String(repeating: "[", count: 17) + "int") // true
    /// ```
    public static func nestsTooDeep(_ text: String) -> Bool {
        text.utf8.prefix(maxListNesting + 1).allSatisfy { $0 == UInt8(ascii: "[") }
            && text.utf8.count > maxListNesting
    }

    /// How many lists this type nests: 0 for a scalar type, 2 for `[[int]]`.
    ///
    /// ```swift
    /// FieldType.list(.list(.int)).listNesting // 2
    /// ```
    public var listNesting: Int {
        if case .list(let element) = self { return 1 + element.listNesting }
        return 0
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
