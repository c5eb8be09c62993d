extension Parser {
    /// Literals, names, calls, parentheses, list and map literals.
    ///
    /// `sign` is the range of a `-` written right before a number, which then belongs to it.
    mutating func parsePrimary(sign: Range<Int>?) throws(ExpressionDiagnostic) -> Expr {
        let current = token
        let start = sign?.lowerBound ?? current.range.lowerBound
        switch current.kind {
        case .int(let magnitude):
            try advance()
            let value: Int64
            if sign != nil {
                guard magnitude <= UInt64(Int64.max) + 1 else {
                    throw ExpressionMessages.intOutOfRange(at: start..<current.range.upperBound)
                }
                value = magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
            } else {
                guard magnitude <= UInt64(Int64.max) else {
                    throw ExpressionMessages.intOutOfRange(at: current.range)
                }
                value = Int64(magnitude)
            }
            return try node(.literal(.int(value)), start..<current.range.upperBound)
        case .double(let magnitude):
            try advance()
            return try node(.literal(.double(sign == nil ? magnitude : -magnitude)),
                            start..<current.range.upperBound)
        case .string(let value):
            try advance()
            return try node(.literal(.string(value)), current.range)
        case .identifier(let name):
            return try parseName(name, current.range)
        case .symbol("("):
            try advance()
            let inner = try parseExpression()
            if token.isSymbol(",") {
                // `type in (3, 4)`: a tuple, as Python and SQL write a list of values.
                throw ExpressionMessages.listInParentheses(at: token.range)
            }
            let close = try expect(")")
            // The parentheses belong to the operand: `!(a)`, `(a) + 1` and `--explain`'s
            // `(type == 1) || …` are quoted whole, never cut at a parenthesis.
            var enclosed = inner
            enclosed.range = current.range.lowerBound..<close.range.upperBound
            if let name = callNames.removeValue(forKey: inner.range) { callNames[enclosed.range] = name }
            return enclosed
        case .symbol("["):
            try advance()
            let elements = try parseList(closing: "]")
            let close = try expect("]")
            return try node(.list(elements), current.range.lowerBound..<close.range.upperBound)
        case .symbol("{"):
            return try parseMap()
        case .symbol("."):
            throw ExpressionMessages.unsupported("names with a leading '.'", at: current.range)
        default:
            throw unexpected("an expression")
        }
    }

    private mutating func parseName(_ name: String, _ range: Range<Int>) throws(ExpressionDiagnostic)
        -> Expr
    {
        if lexer.isWordNotName(name, at: range) {
            switch name {
            case "true", "false":
                try advance()
                return try node(.literal(.bool(name == "true")), range)
            case "null":
                try advance()
                return try node(.literal(.null), range)
            default:
                throw ExpressionMessages.reservedWord(name, at: range)
            }
        }
        try advance()
        guard token.isSymbol("(") else { return try node(.identifier(name), range) }
        let (arguments, end) = try parseArguments()
        // `has` is a macro in CEL: its argument is a field selection, not a value.
        if name == "has", arguments.count == 1 {
            return try node(.presence(arguments[0]), range.lowerBound..<end)
        }
        callNames[range.lowerBound..<end] = range
        return try node(.call(name, target: nil, arguments: arguments), range.lowerBound..<end)
    }

    /// Comma-separated expressions up to `closing`, allowing a trailing comma as CEL does.
    private mutating func parseList(closing: Symbol) throws(ExpressionDiagnostic) -> [Expr] {
        var elements: [Expr] = []
        while !token.isSymbol(closing) {
            elements.append(try parseExpression())
            guard token.isSymbol(",") else { break }
            try advance()
        }
        return elements
    }

    private mutating func parseMap() throws(ExpressionDiagnostic) -> Expr {
        let open = try expect("{")
        var entries: [MapEntry] = []
        while !token.isSymbol("}") {
            let key = try parseExpression()
            if entries.isEmpty, token.isSymbol("}"), let path = Checker.path(of: key) {
                // `{id}`: an alert text's placeholder, written where an expression names the field.
                throw ExpressionMessages.placeholderInExpression(
                    path.joined(separator: "."), at: open.range.lowerBound..<token.range.upperBound)
            }
            _ = try expect(":")
            let value = try parseExpression()
            entries.append(MapEntry(key: key, value: value))
            guard token.isSymbol(",") else { break }
            try advance()
        }
        let close = try expect("}")
        return try node(.map(entries), open.range.lowerBound..<close.range.upperBound)
    }
}
