import RouteKit

/// How `routecheck` words JSON it was given and cannot read: a payload (`eval`) or a starting
/// UI (`simulate --ui`). The place is a 1-based line and column, as every other position
/// `routecheck` prints (SPEC §7): a byte offset means nothing to someone fixing the file in an
/// editor.
///
/// ```
/// $ routecheck eval routes/ --payload '{"type": 3,}'
/// Error: the payload is not valid JSON: trailing comma is not allowed at line 1, column 11
/// ```
enum JSONInputProblem {
    /// The whole message for `eval --payload`: what kind of problem, what it is, and where.
    static func payloadMessage(_ error: JSONReadError, in bytes: [UInt8]) -> String {
        let limits = [JSONReadError.tooLarge, JSONReadError.tooDeep, JSONReadError.stringTooLong,
                      JSONReadError.numberOutOfRange]
        let what = limits.contains(error.code) ? "the payload is refused" : "the payload is not valid JSON"
        return "\(what): \(located(error, in: bytes))"
    }

    /// The message of `eval --payloads` line `lineNumber`, whose bytes are `line`: the line and
    /// column first, as a compiler puts them.
    static func payloadMessage(_ error: JSONReadError, line: UnsafeRawBufferPointer, lineNumber: Int) -> String {
        guard let position = position(of: error, in: line) else { return "line \(lineNumber): \(error.message)" }
        return "line \(lineNumber), column \(position.column): \(error.message)"
    }

    /// `error`'s message and where it is in `bytes`: `trailing comma is not allowed at line 1,
    /// column 11`.
    static func located(_ error: JSONReadError, in bytes: some Collection<UInt8>) -> String {
        guard let position = position(of: error, in: bytes) else { return error.message }
        return "\(error.message) at line \(position.line), column \(position.column)"
    }

    /// Where `error` is in `bytes`; nil for input refused for its size, which is not a place.
    private static func position(of error: JSONReadError, in bytes: some Collection<UInt8>) -> SourcePosition? {
        guard error.code != JSONReadError.tooLarge else { return nil }
        return SourceFile.position(ofOffset: error.offset, in: bytes)
    }
}
