/// One token of an expression; `range` counts Unicode scalars.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        /// An integer literal's magnitude; the sign is a separate token.
        case int(UInt64)
        case double(Double)
        case string(String)
        case identifier(String)
        /// An operator or punctuation, spelled as in the source.
        case symbol(Symbol)
        case end
    }

    var kind: Kind
    var range: Range<Int>

    func isSymbol(_ spelling: Symbol) -> Bool {
        if case .symbol(let symbol) = kind { symbol == spelling } else { false }
    }
}

/// Splits expression text into tokens, one at a time.
///
/// Works on Unicode scalars so that every offset it reports is a scalar offset. It reads the
/// string it is given in place, so it exists only inside `withLexer(over:_:)`.
struct Lexer {
    /// The text's scalars, when it is not all ASCII (empty otherwise: `asciiBytes` serves).
    private let scalars: [Unicode.Scalar]
    /// The text's UTF-8 when it is all ASCII (scalar offsets are then byte offsets): scalars are
    /// read and token text is cut from it directly, which is most of a lexer's work on a table
    /// of 10,000 rules. It is the string's own storage, borrowed rather than copied into an
    /// array, which took an allocation for every expression.
    private let asciiBytes: UnsafeBufferPointer<UInt8>?
    /// The length of the text in Unicode scalars.
    let count: Int
    var position = 0

    /// Calls `body` with a lexer over `source`. The lexer must not outlive `body`: it reads the
    /// string's storage, which is only lent for the call.
    static func withLexer<Result>(over source: String, _ body: (Lexer) -> Result) -> Result {
        var source = source
        return source.withUTF8 { utf8 in body(Lexer(utf8: utf8)) }
    }

    /// A lexer over valid UTF-8; ASCII text (nearly every expression) is read as bytes, rather
    /// than decoded and counted scalar by scalar.
    private init(utf8: UnsafeBufferPointer<UInt8>) {
        if utf8.allSatisfy({ $0 < 0x80 }) {
            asciiBytes = utf8
            scalars = []
            count = utf8.count
        } else {
            asciiBytes = nil
            scalars = Array(String(decoding: utf8, as: UTF8.self).unicodeScalars)
            count = scalars.count
        }
    }

    /// The scalar at `index`, which is below `count`.
    func scalar(at index: Int) -> Unicode.Scalar {
        if let asciiBytes { return Unicode.Scalar(asciiBytes[index]) }
        return scalars[index]
    }

    /// Words CEL reserves: they can never name a field or a function.
    static let reservedWords: Set<String> = [
        "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let",
        "loop", "namespace", "package", "return", "var", "void", "while",
    ]

    /// Words that cannot name a field: the reserved words and the literals and operator that
    /// are spelled as words.
    static let wordsNotNames = reservedWords.union(["true", "false", "null", "in"])

    /// Whether `word`, the text of an identifier token over `range`, is one of `wordsNotNames`.
    /// Nearly every name a table uses is told apart from all of them by its length and first two
    /// characters, read from the lexer's buffer and looked up as one bit, without hashing the name:
    /// parsing a 10,000-rule table asked the set about every identifier, and hashing them was a
    /// tenth of the parse; scanning a list of the words' prefixes was still a twentieth.
    func isWordNotName(_ word: String, at range: Range<Int>) -> Bool {
        guard range.count >= 2,
            let prefix = Self.wordPrefix(range.count, scalar(at: range.lowerBound),
                                         scalar(at: range.lowerBound + 1))
        else { return false }
        let mayBeOne = Self.wordNotNamePrefixes[prefix >> 6] & 1 << (prefix & 63) != 0
        return mayBeOne && Self.wordsNotNames.contains(word)
    }

    /// A number for a word of 2 to 9 lowercase letters from its length and first two letters; nil
    /// for other words, which all names but none of `wordsNotNames` are.
    private static func wordPrefix(_ count: Int, _ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Int? {
        let letters: ClosedRange<Unicode.Scalar> = "a"..."z"
        guard (2...9).contains(count), letters.contains(first), letters.contains(second) else { return nil }
        return ((count - 2) * 26 + Int(first.value - 0x61)) * 26 + Int(second.value - 0x61)
    }

    /// A bit for the `wordPrefix` of each of `wordsNotNames`.
    private static let wordNotNamePrefixes: [UInt64] = wordsNotNames.reduce(
        into: Array(repeating: 0, count: 8 * 26 * 26 / 64 + 1)
    ) { bits, word in
        let scalars = Array(word.unicodeScalars)
        guard let prefix = wordPrefix(scalars.count, scalars[0], scalars[1]) else {
            preconditionFailure("'\(word)' is not 2 to 9 lowercase letters")
        }
        bits[prefix >> 6] |= 1 << (prefix & 63)
    }

    /// The error for a `=` no symbol starts with. Operators of other languages end up here,
    /// only when the expression is already wrong: `=~` (a regular expression match), and the
    /// last `=` of `===` or `!==`, which read as CEL are `==` or `!=` and a stray `=`.
    private func strayEquals(at start: Int) -> ExpressionDiagnostic {
        if peek(1) == "~" { return ExpressionMessages.regexOperator(at: start..<(start + 2)) }
        if start >= 2, scalar(at: start - 1) == "=", scalar(at: start - 2) == "=" || scalar(at: start - 2) == "!" {
            let written = scalar(at: start - 2) == "=" ? "===" : "!=="
            return ExpressionMessages.otherLanguageOperator(written, meaning: String(written.dropLast()),
                                                            at: (start - 2)..<(start + 1))
        }
        return ExpressionMessages.unexpectedSymbol("=", suggesting: "==", at: start..<(start + 1))
    }

    /// The symbol starting at the current position, the longest that fits (`<=` over `<`).
    private func symbol() -> Symbol? {
        guard let c = peek() else { return nil }
        let byte = UInt8(truncatingIfNeeded: c.value)
        let next = peek(1)
        switch c {
        case "=": return next == "=" ? Symbol(byte, 0x3D) : nil
        case "<" where next == ">": return nil  // SQL's `<>`, reported by `next()`
        case "!", "<", ">": return next == "=" ? Symbol(byte, 0x3D) : Symbol(byte)
        case "&": return next == "&" ? "&&" : nil
        case "|": return next == "|" ? "||" : nil
        case "?", ":", "+", "-", "*", "/", "%", ".", ",", "(", ")", "[", "]", "{", "}": return Symbol(byte)
        default: return nil
        }
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = position + offset
        return index < count ? scalar(at: index) : nil
    }

    func text(_ range: Range<Int>) -> String {
        if let asciiBytes {
            return String(decoding: UnsafeBufferPointer(rebasing: asciiBytes[range]), as: UTF8.self)
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return String(result)
    }

    mutating func next() throws(ExpressionDiagnostic) -> Token {
        skipTrivia()
        let start = position
        guard let c = peek() else { return Token(kind: .end, range: start..<start) }
        if isDigit(c) || (c == "." && peek(1).map(isDigit) == true) { return try number() }
        if c == "\"" || c == "'" { return try string(raw: false, start: start) }
        if isIdentifierStart(c) { return try word() }
        if let symbol = symbol() {
            position += symbol.length
            return Token(kind: .symbol(symbol), range: start..<position)
        }
        let range = start..<(start + 1)
        switch c {
        case "=": throw strayEquals(at: start)
        case "<": throw ExpressionMessages.otherLanguageOperator("<>", meaning: "!=", at: start..<(start + 2))
        case "&": throw ExpressionMessages.unexpectedSymbol("&", suggesting: "&&", at: range)
        case "|": throw ExpressionMessages.unexpectedSymbol("|", suggesting: "||", at: range)
        case "`": throw ExpressionMessages.unsupported("quoted identifiers", at: range)
        case "$" where peek(1).map(isIdentifierStart) == true:
            throw ExpressionMessages.dollarBeforeField(at: range)
        case _ where Self.curlyQuotes.contains(c):
            throw ExpressionMessages.curlyQuote(c, quoting: curlyQuotedText(after: start), at: range)
        default: throw ExpressionMessages.unexpectedCharacter(c, at: range)
        }
    }

    /// Typographic quotes, which word processors and chat apps put in place of `"` and `'` when
    /// an expression is pasted from a spec document.
    static let curlyQuotes: Set<Unicode.Scalar> = ["\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}",
                                                   "\u{201E}", "\u{00AB}", "\u{00BB}"]

    /// The text between the curly quote at `start` and the next curly quote, if one closes it.
    private func curlyQuotedText(after start: Int) -> String? {
        var end = start + 1
        while end < count, !Self.curlyQuotes.contains(scalar(at: end)) { end += 1 }
        return end < count ? text((start + 1)..<end) : nil
    }

    private mutating func skipTrivia() {
        while let c = peek() {
            switch c {
            case " ", "\t", "\n", "\r", "\u{0C}":
                position += 1
            case "/" where peek(1) == "/":
                while let d = peek(), d != "\n" { position += 1 }
            default:
                return
            }
        }
    }

    private mutating func word() throws(ExpressionDiagnostic) -> Token {
        let start = position
        // A string prefix: r"..." is raw; b"..." would be bytes, which RouteKit does not have.
        if let c = peek(), let q = peek(1), q == "\"" || q == "'" {
            if c == "r" || c == "R" {
                position += 1
                return try string(raw: true, start: start)
            }
            if c == "b" || c == "B" {
                throw ExpressionMessages.unsupported("bytes literals", at: start..<(start + 1))
            }
        }
        if let c = peek(), c == "b" || c == "B" || c == "r" || c == "R", let d = peek(1),
            d == "b" || d == "B" || d == "r" || d == "R", let q = peek(2), q == "\"" || q == "'"
        {
            throw ExpressionMessages.unsupported("bytes literals", at: start..<(start + 2))
        }
        while let c = peek(), isIdentifierStart(c) || isDigit(c) { position += 1 }
        return Token(kind: .identifier(text(start..<position)), range: start..<position)
    }

    private mutating func number() throws(ExpressionDiagnostic) -> Token {
        let start = position
        // Only a lowercase `0x`: CEL's grammar has no `0X`.
        if peek() == "0", peek(1) == "x" {
            position += 2
            let digitsStart = position
            while let c = peek(), c.properties.isASCIIHexDigit { position += 1 }
            let digits = text(digitsStart..<position)
            guard !digits.isEmpty else {
                throw ExpressionMessages.missingHexDigits(at: start..<position)
            }
            guard let magnitude = UInt64(digits, radix: 16) else {
                throw ExpressionMessages.intOutOfRange(at: start..<position)
            }
            return try integerToken(magnitude, start: start)
        }
        while let c = peek(), isDigit(c) { position += 1 }
        var isDouble = false
        if peek() == ".", let d = peek(1), isDigit(d) {
            isDouble = true
            position += 1
            while let c = peek(), isDigit(c) { position += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            var offset = 1
            if let s = peek(1), s == "+" || s == "-" { offset = 2 }
            if let d = peek(offset), isDigit(d) {
                isDouble = true
                position += offset
                while let c = peek(), isDigit(c) { position += 1 }
            }
        }
        if isDouble {
            guard let value = Double(text(start..<position)), value.isFinite else {
                throw ExpressionMessages.doubleOutOfRange(at: start..<position)
            }
            return Token(kind: .double(value), range: start..<position)
        }
        guard let magnitude = decimalMagnitude(start..<position) else {
            throw ExpressionMessages.intOutOfRange(at: start..<position)
        }
        return try integerToken(magnitude, start: start)
    }

    /// The value of the decimal digits over `range`, nil past `UInt64.max`. Read in place: making
    /// a string of them to convert cost more than all the rest of lexing the number.
    private func decimalMagnitude(_ range: Range<Int>) -> UInt64? {
        var magnitude: UInt64 = 0
        for index in range {
            let digit = UInt64(scalar(at: index).value - 0x30)
            let (tens, tensOverflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, sumOverflow) = tens.addingReportingOverflow(digit)
            guard !tensOverflow, !sumOverflow else { return nil }
            magnitude = sum
        }
        return magnitude
    }

    private mutating func integerToken(_ magnitude: UInt64, start: Int) throws(ExpressionDiagnostic)
        -> Token
    {
        if let u = peek(), u == "u" || u == "U" {
            throw ExpressionMessages.unsupported("unsigned integers", at: position..<(position + 1))
        }
        return Token(kind: .int(magnitude), range: start..<position)
    }

    func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_"
    }
}
