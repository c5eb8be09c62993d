/// A string that is equal to another, and hashes alike, exactly when their Unicode code points
/// (equivalently, their UTF-8 bytes) are: how JSON, CEL and every backend that sends a push
/// compare object keys.
///
/// Swift's `String` compares by canonical equivalence instead, so as a dictionary key it makes
/// `"\u{E9}"` (é) and `"e\u{301}"` (e and a combining accent) one key, and also `"K"` and
/// `"\u{212A}"` (KELVIN SIGN), `"Å"` and `"\u{212B}"` (ANGSTROM SIGN), `";"` and `"\u{37E}"`
/// (GREEK QUESTION MARK), a Hangul syllable and its jamo. RouteKit keys every payload object
/// (`JSONObject`), declared payload path and route-file name (screens, tabs, rules, fields,
/// params) by code points, so a name is what its bytes say.
///
/// ```swift
/// CodePointKey("\u{E9}") == CodePointKey("e\u{301}") // false, though "\u{E9}" == "e\u{301}"
/// let types: [CodePointKey: FieldType] = ["type": .int, "aps.badge": .int]
/// types[CodePointKey("type")] // .int
/// ```
public struct CodePointKey: Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The key's text.
    public let string: String

    /// The key for `string`.
    ///
    /// ```swift
    /// let key = CodePointKey(path)
    /// ```
    public init(_ string: String) { self.string = string }

    /// A string literal as a key: `["type": .int]` is a `[CodePointKey: FieldType]`.
    public init(stringLiteral value: String) { string = value }

    /// Equal code points, compared as UTF-8 bytes.
    public static func == (lhs: CodePointKey, rhs: CodePointKey) -> Bool {
        lhs.string.hasSameScalars(as: rhs.string)
    }

    /// Hashes the UTF-8 bytes, consistently with `==`.
    public func hash(into hasher: inout Hasher) { string.hashScalars(into: &hasher) }

    /// Code point order, which is UTF-8 byte order: `"B" < "a"`, `"Z" < "\u{E9}"`.
    ///
    /// ```swift
    /// [CodePointKey("b"), "B", "a"].sorted() // ["B", "a", "b"]
    /// ```
    public static func < (lhs: CodePointKey, rhs: CodePointKey) -> Bool {
        lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8)
    }

    /// The text itself.
    public var description: String { string }
}
