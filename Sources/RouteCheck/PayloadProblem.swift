import RouteKit

/// How `routecheck eval` words a payload it cannot read. The place is a 1-based line and column,
/// as every other position `routecheck` prints (SPEC §7): a byte offset means nothing to someone
/// fixing a payload file in an editor.
///
/// ```
/// $ routecheck eval routes/ --payload '{"type": 3,}'
/// Error: the payload is not valid JSON: trailing comma is not allowed at line 1, column 11
/// ```
enum PayloadProblem {
    /// The whole message for `--payload`: what kind of problem, what it is, and where.
    static func message(_ error: JSONReadError, in bytes: [UInt8]) -> String {
        let limits = [JSONReadError.tooLarge, JSONReadError.tooDeep, JSONReadError.stringTooLong,
                      JSONReadError.numberOutOfRange]
        let what = limits.contains(error.code) ? "the payload is refused" : "the payload is not valid JSON"
        guard let position = position(of: error, in: bytes) else { return "\(what): \(error.message)" }
        return "\(what): \(error.message) at line \(position.line), column \(position.column)"
    }

    /// The message of `--payloads` line `lineNumber`, whose bytes are `line`: the line and
    /// column first, as a compiler puts them.
    static func message(_ error: JSONReadError, line: UnsafeRawBufferPointer, lineNumber: Int) -> String {
        guard let position = position(of: error, in: line) else { return "line \(lineNumber): \(error.message)" }
        return "line \(lineNumber), column \(position.column): \(error.message)"
    }

    /// Where `error` is in `bytes`; nil for a payload refused for its size, which is not a place.
    private static func position(of error: JSONReadError, in bytes: some Collection<UInt8>) -> SourcePosition? {
        guard error.code != JSONReadError.tooLarge else { return nil }
        // Only the bytes before the error are decoded: they are valid UTF-8, so the column
        // counts the characters an editor shows, even when the error is an invalid byte.
        let before = bytes.prefix(max(0, error.offset))
        let file = SourceFile(path: "", text: String(decoding: before, as: UTF8.self))
        return file.position(ofOffset: before.count)
    }
}
