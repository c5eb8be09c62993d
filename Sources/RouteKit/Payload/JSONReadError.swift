/// Why a payload is not strict JSON (RFC 8259) or breaks a `PayloadLimits` bound.
///
/// `message` is a single lowercase phrase; `description` adds the byte offset.
///
/// ```swift
/// do { _ = try JSONReader.read(#"{"type":1,"type":2}"#) }
/// catch { print(error) } // duplicate key 'type' at byte 10
/// ```
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier of the kind of problem, one of the `JSONReadError` code constants.
    public var code: String
    /// A single lowercase phrase without the offset, such as `duplicate key 'type'`.
    public var message: String
    /// The offset of the offending byte from the start of the input.
    public var offset: Int

    /// An error of kind `code` (one of the code constants) at byte `offset`.
    ///
    /// ```swift
    /// let error = JSONReadError(code: JSONReadError.duplicateKey, message: "duplicate key 'type'", offset: 10)
    /// error.description // "duplicate key 'type' at byte 10"
    /// ```
    public init(code: String, message: String, offset: Int) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at byte \(offset)" }

    /// Not JSON: unexpected characters, trailing commas, comments, leading zeros, bad escapes,
    /// lone surrogates, control characters in strings, text after the value.
    public static let syntax = "json-syntax"
    /// An object has the same key twice.
    public static let duplicateKey = "json-duplicate-key"
    /// The bytes are not valid UTF-8.
    public static let invalidUTF8 = "json-invalid-utf8"
    /// A number is too large for a `Double`, such as `1e400`.
    public static let numberOutOfRange = "json-number-out-of-range"
    /// The input is larger than `PayloadLimits.maxBytes` (or the `JSONReadLimits` given).
    public static let tooLarge = "json-too-large"
    /// Arrays and objects nest deeper than `PayloadLimits.maxDepth` (or the limits given).
    public static let tooDeep = "json-too-deep"
    /// A string is longer than `PayloadLimits.maxStringBytes` (or the limits given).
    public static let stringTooLong = "json-string-too-long"
}
