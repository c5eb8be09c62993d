/// One token of an expression; `range` counts Unicode scalars.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        /// An integer literal's magnitude; the sign is a separate token.
        case int(UInt64)
        case double(Double)
        case string(String)
        case identifier(String)
        /// An operator or punctuation, spelled as in the source.
        case symbol(String)
        case end
    }

    var kind: Kind
    var range: Range<Int>

    func isSymbol(_ spelling: String) -> Bool { kind == .symbol(spelling) }
}

/// Splits expression text into tokens, one at a time.
///
/// Works on Unicode scalars so that every offset it reports is a scalar offset.
struct Lexer {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// Words CEL reserves: they can never name a field or a function.
    static let reservedWords: Set<String> = [
        "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let",
        "loop", "namespace", "package", "return", "var", "void", "while",
    ]

    // Longest first, so `<=` wins over `<`.
    private static let symbols = [
        "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "?", ":", "+", "-", "*", "/", "%", ".",
        ",", "(", ")", "[", "]", "{", "}",
    ]

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    func text(_ range: Range<Int>) -> String {
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
        for symbol in Self.symbols where matches(symbol) {
            position += symbol.unicodeScalars.count
            return Token(kind: .symbol(symbol), range: start..<position)
        }
        let range = start..<(start + 1)
        switch c {
        case "=": throw ExpressionMessages.unexpectedSymbol("=", suggesting: "==", at: range)
        case "&": throw ExpressionMessages.unexpectedSymbol("&", suggesting: "&&", at: range)
        case "|": throw ExpressionMessages.unexpectedSymbol("|", suggesting: "||", at: range)
        case "`": throw ExpressionMessages.unsupported("quoted identifiers", at: range)
        default: throw ExpressionMessages.unexpectedCharacter(c, at: range)
        }
    }

    private func matches(_ symbol: String) -> Bool {
        var offset = 0
        for s in symbol.unicodeScalars {
            guard peek(offset) == s else { return false }
            offset += 1
        }
        return true
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
        let spelling = text(start..<position)
        if isDouble {
            guard let value = Double(spelling), value.isFinite else {
                throw ExpressionMessages.doubleOutOfRange(at: start..<position)
            }
            return Token(kind: .double(value), range: start..<position)
        }
        guard let magnitude = UInt64(spelling) else {
            throw ExpressionMessages.intOutOfRange(at: start..<position)
        }
        return try integerToken(magnitude, start: start)
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
