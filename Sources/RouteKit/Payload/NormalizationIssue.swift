/// A declared payload field whose value could not be normalized to its type and was removed.
///
/// ```swift
/// NormalizationIssue(path: "type", value: "abc", expected: .int,
///                    message: #"type: "abc" is not an int, treated as missing"#)
/// ```
public struct NormalizationIssue: Sendable, Hashable, CustomStringConvertible {
    /// The declared path, such as `type` or `aps.badge`.
    public var path: String
    /// The value found in the payload.
    public var value: JSONValue
    /// The declared type it could not be normalized to.
    public var expected: FieldType
    /// A single lowercase phrase for `routecheck eval --explain`.
    public var message: String

    /// An issue for the field at `path` whose `value` is not a valid `expected`.
    ///
    /// ```swift
    /// let issue = NormalizationIssue(path: "aps.badge", value: "many", expected: .int,
    ///                                message: #"aps.badge: "many" is not an int, treated as missing"#)
    /// issue.description // aps.badge: "many" is not an int, treated as missing
    /// ```
    public init(path: String, value: JSONValue, expected: FieldType, message: String) {
        self.path = path
        self.value = value
        self.expected = expected
        self.message = message
    }

    public var description: String { message }
}
