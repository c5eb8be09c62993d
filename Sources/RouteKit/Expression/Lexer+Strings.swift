extension Lexer {
    /// Reads a string literal whose opening quote is at `position`; `start` includes any prefix.
    mutating func string(raw: Bool, start: Int) throws(ExpressionDiagnostic) -> Token {
        guard let quote = peek() else { throw ExpressionMessages.unterminatedString(at: start..<start) }
        let triple = peek(1) == quote && peek(2) == quote
        position += triple ? 3 : 1
        if !triple, let end = plainEnd(quote: quote, raw: raw) {
            // No escape to decode: the text between the quotes is the value.
            let value = text(position..<end)
            position = end + 1
            return Token(kind: .string(value), range: start..<position)
        }
        var value = String.UnicodeScalarView()
        while true {
            guard let c = peek() else {
                throw ExpressionMessages.unterminatedString(at: start..<position)
            }
            if c == quote, !triple || (peek(1) == quote && peek(2) == quote) {
                position += triple ? 3 : 1
                return Token(kind: .string(String(value)), range: start..<position)
            }
            if !triple, c == "\n" || c == "\r" {
                throw ExpressionMessages.lineBreakInString(at: position..<(position + 1))
            }
            if c == "\\", !raw {
                value.append(try escape())
            } else {
                value.append(c)
                position += 1
            }
        }
    }

    /// Where the closing `quote` of a one-quote string starting at `position` is, when nothing
    /// before it needs decoding (no escape unless `raw`) or reporting (no line break, an end);
    /// nil otherwise, for the scalar-by-scalar reading to decode or report.
    private func plainEnd(quote: Unicode.Scalar, raw: Bool) -> Int? {
        var index = position
        while index < count {
            switch scalar(at: index) {
            case quote: return index
            case "\\" where !raw, "\n", "\r": return nil
            default: index += 1
            }
        }
        return nil
    }

    /// Decodes the escape sequence at `position` (a backslash), as CEL defines them.
    private mutating func escape() throws(ExpressionDiagnostic) -> Unicode.Scalar {
        let start = position
        guard let c = peek(1) else { throw ExpressionMessages.unterminatedString(at: start..<(start + 1)) }
        position += 2
        switch c {
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "v": return "\u{0B}"
        case "\\", "'", "\"", "`", "?": return c
        case "x", "X": return try hexEscape(digits: 2, start: start)
        case "u": return try hexEscape(digits: 4, start: start)
        case "U": return try hexEscape(digits: 8, start: start)
        case "0"..."3":
            var value = c.value - 0x30
            for _ in 0..<2 {
                guard let d = peek(), d >= "0", d <= "7" else {
                    throw ExpressionMessages.invalidEscape(text(start..<position), at: start..<position)
                }
                value = value * 8 + (d.value - 0x30)
                position += 1
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw ExpressionMessages.invalidEscape(text(start..<position), at: start..<position)
            }
            return scalar
        default:
            throw ExpressionMessages.invalidEscape(text(start..<position), at: start..<position)
        }
    }

    private mutating func hexEscape(digits: Int, start: Int) throws(ExpressionDiagnostic)
        -> Unicode.Scalar
    {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let d = peek(), let digit = Self.hexValue(d) else {
                throw ExpressionMessages.invalidEscape(text(start..<position), at: start..<position)
            }
            value = value &* 16 &+ digit
            position += 1
        }
        // Surrogates and values past U+10FFFF are not scalars, so they cannot be in a string.
        guard let scalar = Unicode.Scalar(value) else {
            throw ExpressionMessages.invalidEscape(text(start..<position), at: start..<position)
        }
        return scalar
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": c.value - 0x30
        case "a"..."f": c.value - 0x61 + 10
        case "A"..."F": c.value - 0x41 + 10
        default: nil
        }
    }
}
