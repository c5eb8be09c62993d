/// Reads strict JSON (RFC 8259) into a `JSONValue`, rejecting anything a lenient parser would guess at.
///
/// Rejected, each with a byte offset: duplicate keys, trailing commas, comments, `NaN`/`Infinity`,
/// leading zeros, invalid UTF-8 (also a byte order mark), unescaped control characters in strings,
/// escapes of lone surrogates (`"\uD800"` cannot become a Swift `String`), numbers beyond
/// `Double`'s range (`1e400`), text after the value (whitespace is fine), and input past
/// `PayloadLimits` (or the `JSONReadLimits` given). Integers that fit in `Int64` become `.int`; every other number — with a
/// fraction or exponent (`1.0`, `1e2`) or an integer beyond `Int64` — becomes `.double`. Numbers
/// too small for a `Double` (`1e-400`) become `0.0`.
///
/// ```swift
/// let payload = try JSONReader.read(#"{"type": 3, "aps": {"alert": "Hi"}}"#)
/// payload["type"] // .int(3)
/// ```
public enum JSONReader {
    /// Reads one JSON value from UTF-8 bytes, held to `limits` (by default one payload's).
    ///
    /// ```swift
    /// let value = try bytes.withUnsafeBytes { try JSONReader.read($0) }
    /// ```
    public static func read(_ bytes: UnsafeRawBufferPointer, limits: JSONReadLimits = .payload)
        throws(JSONReadError) -> JSONValue
    {
        var parser = try JSONByteParser(document: bytes, limits: limits)
        return try parser.readDocument()
    }

    /// Reads one JSON value from UTF-8 bytes, held to `limits` (by default one payload's).
    ///
    /// ```swift
    /// try JSONReader.read(Array("[1, 2]".utf8)) // .array([.int(1), .int(2)])
    /// ```
    public static func read(_ bytes: [UInt8], limits: JSONReadLimits = .payload) throws(JSONReadError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONReadError) in try read(buffer, limits: limits) }
        }
        return try result.get()
    }

    /// Reads one JSON value from text.
    ///
    /// ```swift
    /// try JSONReader.read(#"{"id": 42}"#) // .object(["id": .int(42)])
    /// ```
    public static func read(_ text: String) throws(JSONReadError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONReadError) in try read(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}
