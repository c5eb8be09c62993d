/// Reads a payload as strictly as `JSONReader` but builds only the top-level members a consumer
/// reads, such as the fields a routing table's expressions, params and alerts refer to.
///
/// The whole payload is validated: every error `JSONReader` reports — duplicate keys at any depth,
/// trailing commas, invalid UTF-8, control characters, lone surrogates, numbers out of range,
/// `PayloadLimits`, text after the value — is reported here with the same code, message and byte
/// offset. When the payload is valid and a top-level object, the result is `JSONReader`'s value
/// with only the kept keys (a key is kept when its code points are a kept one's, as a
/// `JSONObject` lookup would find it); any other payload is read whole. Skipped members cost validation only: no
/// strings, no dictionaries.
///
/// ```swift
/// let reader = PayloadReader(keeping: ["type", "aps"])
/// let payload = try reader.read(#"{"type": 3, "trace": {"span": [1, 2]}, "aps": {"badge": 1}}"#)
/// // payload == ["type": 3, "aps": ["badge": 1]]
/// try reader.read(#"{"type": 3, "trace": {"a": 1, "a": 2}}"#) // throws: duplicate key 'a' at byte 30
/// ```
public struct PayloadReader: Sendable {
    /// The top-level keys whose values are built.
    public var topLevelKeys: Set<String> { Set(kept.ordered) }

    private let kept: KeptKeyTable

    /// A reader that builds the values of `topLevelKeys` only. A `Set<String>` holds one of two
    /// canonically equivalent names (`"\u{E9}"`, `"e\u{301}"`); each name it holds is kept by
    /// its code points.
    ///
    /// ```swift
    /// let reader = PayloadReader(keeping: ["type", "id", "uid", "aps"])
    /// ```
    public init(keeping topLevelKeys: Set<String>) {
        kept = KeptKeyTable(topLevelKeys)
    }

    /// Reads UTF-8 bytes: `JSONReader.read(bytes)` restricted to the kept top-level keys, or the
    /// same error.
    ///
    /// ```swift
    /// let payload = try data.withUnsafeBytes { try reader.read($0) }
    /// ```
    public func read(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError) -> JSONValue {
        let document = try JSONByteParser(document: bytes)
        let result = withUnsafeTemporaryAllocation(of: RawKey.self, capacity: 64) { storage in
            var parser = FilteringParser(document, keyStorage: storage)
            defer { parser.keys.release() }
            return Result { () throws(JSONReadError) in try parser.readDocument(keeping: kept) }
        }
        return try result.get()
    }

    /// Reads UTF-8 bytes.
    ///
    /// ```swift
    /// try PayloadReader(keeping: ["id"]).read(Array(#"{"id":1,"x":2}"#.utf8)) // ["id": 1]
    /// ```
    public func read(_ bytes: [UInt8]) throws(JSONReadError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONReadError) in try read(buffer) }
        }
        return try result.get()
    }

    /// Reads text.
    ///
    /// ```swift
    /// try PayloadReader(keeping: ["id"]).read(#"[1, {"x": 2}]"#) // [1, ["x": 2]]: not an object
    /// ```
    public func read(_ text: String) throws(JSONReadError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONReadError) in try read(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}
