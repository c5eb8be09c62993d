extension CompiledTableFormat {
    /// How many of a refused table's contract mismatches are located in its text (line and
    /// column): finding one walks the text once, so a hostile table with thousands of them must
    /// not walk its 64 MiB that often. Diagnostics show at most as many per table anyway.
    public static let maxLocatedMismatches = 100

    /// Loads a compiled table, as `decode(_:)` does, and refuses it unless it satisfies the app
    /// contract: every mismatch is named in the error's `contractMismatches` (the first
    /// `maxLocatedMismatches` with their line and column), and the first few in its message.
    ///
    /// ```swift
    /// do {
    ///     let program = try CompiledTableFormat.decode(bytes, contract: contract)
    /// } catch {
    ///     print(error) // the table does not satisfy the app contract: screen 'notice' is not …
    ///     error.contractMismatches.map(\.code) // ["contract-screen"]
    /// }
    /// ```
    public static func decode(_ bytes: [UInt8], contract: AppContract) throws(CompiledTableError) -> RoutingProgram {
        let program = try decode(bytes)
        let mismatches = contract.mismatches(in: program.table)
        guard !mismatches.isEmpty else { return program }
        let located = locate(mismatches, in: bytes)
        throw CompiledTableError(path: "", message: ContractMessages.notSatisfied(located),
                                 contractMismatches: located)
    }

    /// `mismatches` of the compiled table `bytes` with their line and column in its text (the
    /// first `maxLocatedMismatches` of them).
    ///
    /// ```swift
    /// let program = try CompiledTableFormat.decode(bytes)
    /// let located = CompiledTableFormat.locate(contract.mismatches(in: program.table), in: bytes)
    /// located.first?.position // line 12, column 17: "show": "present" of the screen
    /// ```
    public static func locate(_ mismatches: [ContractMismatch], in bytes: [UInt8]) -> [ContractMismatch] {
        var located = mismatches
        guard !located.isEmpty else { return located }
        let text = SourceFile(path: "", text: String(decoding: bytes, as: UTF8.self))
        for index in located.indices.prefix(maxLocatedMismatches) {
            located[index].position = CompiledJSONLocator.offset(of: located[index].path, in: bytes)
                .map(text.position(ofOffset:))
        }
        return located
    }
}
