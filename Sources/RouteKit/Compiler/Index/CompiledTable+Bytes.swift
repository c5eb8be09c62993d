/// Deciding straight from JSON bytes: the payload is validated whole, and only the values of the
/// declared fields are built, straight into the decision's slots; the payload value itself (only
/// the top-level members the program can read, `RoutingProgram.payloadRoots`) is built only when
/// an expression or alert text needs more than declared fields.
extension CompiledTable {
    /// The decision for a payload given as UTF-8 JSON: the same as
    /// `decide(try JSONReader.read(bytes))`, and the same error when the bytes are not a valid
    /// payload. A payload that is valid JSON but not an object decides as it does there
    /// (no rule can match it).
    ///
    /// ```swift
    /// let decision = try body.withUnsafeBytes { try compiled.decide(json: $0) }
    /// decision.action?.push.first?.screen // "message_detail"
    /// ```
    public func decide(json bytes: UnsafeRawBufferPointer) throws(JSONReadError) -> Decision {
        try engine.decide(json: bytes)
    }
}
