/// The spelling of an operator or punctuation token, its one or two ASCII characters packed in
/// an integer.
///
/// The parser compares the current token with several spellings at every precedence level of
/// every expression; integers compare in an instruction, where unequal strings go through the
/// standard library's comparison.
///
/// ```swift
/// let token = Token(kind: .symbol("<="), range: 5..<7)
/// token.isSymbol("<=")                  // true
/// Symbol(UInt8(ascii: "<")).description // "<"
/// ```
struct Symbol: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The first character in the high byte when there are two.
    private let code: UInt16

    init(stringLiteral spelling: StaticString) {
        // `withUTF8Buffer` reads a literal of either representation (a pointer or one scalar).
        code = spelling.withUTF8Buffer { $0.prefix(2).reduce(0) { $0 << 8 | UInt16($1) } }
    }

    /// A one-character symbol.
    init(_ byte: UInt8) { code = UInt16(byte) }

    /// A two-character symbol.
    init(_ first: UInt8, _ second: UInt8) { code = UInt16(first) << 8 | UInt16(second) }

    /// The number of characters: 1 or 2.
    var length: Int { code > 0xFF ? 2 : 1 }

    var description: String {
        let bytes = code > 0xFF ? [UInt8(code >> 8), UInt8(code & 0xFF)] : [UInt8(code)]
        return String(decoding: bytes, as: UTF8.self)
    }
}
