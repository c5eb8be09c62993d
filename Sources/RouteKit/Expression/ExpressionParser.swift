/// Parses predicate-language text (a subset of CEL) into a syntax tree.
///
/// Stops at the first syntax error, which it reports at the offending character. Enforces
/// `ExpressionLimits` without deep recursion, so hostile input cannot overflow the stack.
///
/// ```swift
/// let (expr, diagnostics) = ExpressionParser.parse(#"target == "notice""#)
/// // expr: binary(.equal, identifier("target"), literal(.string("notice"))), diagnostics: []
/// ```
public enum ExpressionParser {
    /// Parses `source`; the expression is nil exactly when there is an error diagnostic.
    ///
    /// ```swift
    /// let (expr, diagnostics) = ExpressionParser.parse("type = 3")
    /// // expr: nil, diagnostics[0].message: "unexpected '='; did you mean '=='?"
    /// ```
    public static func parse(_ source: String) -> (Expr?, [ExpressionDiagnostic]) {
        let (expr, diagnostics, _) = parseWithCallNames(source)
        return (expr, diagnostics)
    }

    /// `parse`, with where the name of each call is (`Parser.callNames`).
    static func parseWithCallNames(_ source: String)
        -> (Expr?, [ExpressionDiagnostic], callNames: [Range<Int>: Range<Int>])
    {
        Lexer.withLexer(over: source) { lexer in
            if lexer.count > ExpressionLimits.maxLength {
                return (nil, [ExpressionMessages.tooLong(at: ExpressionLimits.maxLength..<lexer.count)], [:])
            }
            var parser = Parser(lexer: lexer)
            do throws(ExpressionDiagnostic) {
                let expr = try parser.parseAll()
                return (expr, [], parser.callNames)
            } catch {
                return (nil, [error], [:])
            }
        }
    }
}

/// A recursive-descent parser following the CEL grammar (cel-spec `langdef.md`); the binary
/// operators below `&&` are read by precedence climbing rather than a function per level.
struct Parser {
    var lexer: Lexer
    var token = Token(kind: .end, range: 0..<0)
    /// Where the token before `token` is, for the errors that are about it (`not has(x)`).
    var previousRange: Range<Int>?
    /// Nesting of `parseExpression` calls, bounded so that `((((…` cannot exhaust the stack.
    var nesting = 0
    /// Where each call's function name is, by the call's range: an unknown function is reported
    /// (and its fix applied) at the name, not over the whole call.
    var callNames: [Range<Int>: Range<Int>] = [:]

    init(lexer: Lexer) { self.lexer = lexer }

    mutating func parseAll() throws(ExpressionDiagnostic) -> Expr {
        try advance()
        let expr = try parseExpression()
        guard token.kind == .end else { throw unexpected("an operator or the end of the expression") }
        return expr
    }

    // MARK: Tokens

    mutating func advance() throws(ExpressionDiagnostic) {
        previousRange = token.range
        token = try lexer.next()
    }

    mutating func expect(_ symbol: Symbol) throws(ExpressionDiagnostic) -> Token {
        guard token.isSymbol(symbol) else { throw unexpected("'\(symbol)'") }
        let consumed = token
        try advance()
        return consumed
    }

    /// An error at the current token; at the operator word, when the mistake is writing one.
    func unexpected(_ what: String) -> ExpressionDiagnostic {
        // Only an identifier's text is `not`: a string token's includes its quotes.
        if let previousRange, token.kind != .end, lexer.text(previousRange) == "not" {
            return ExpressionMessages.operatorWord("not", meaning: "!", at: previousRange)
        }
        if case .identifier(let word) = token.kind, let meaning = Self.operatorWords[word] {
            return ExpressionMessages.operatorWord(word, meaning: meaning, at: token.range)
        }
        return ExpressionMessages.expected(what, found: describe(token), at: token.range)
    }

    /// Words other languages use for CEL's logical operators; `not` is found before its operand.
    static let operatorWords = ["and": "&&", "or": "||", "AND": "&&", "OR": "||"]

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .end: "end of expression"
        case .string: "a string literal"
        default: "'\(lexer.text(token.range))'"
        }
    }

    /// Makes a node, refusing trees deeper than the limit so evaluation stays bounded too.
    func node(_ kind: Expr.Kind, _ range: Range<Int>) throws(ExpressionDiagnostic) -> Expr {
        let expr = Expr(kind, range: range)
        guard expr.depth <= ExpressionLimits.maxDepth else { throw ExpressionMessages.tooDeep(at: range) }
        return expr
    }

    // MARK: Grammar

    /// `Expr = ConditionalOr ["?" ConditionalOr ":" Expr]`.
    mutating func parseExpression() throws(ExpressionDiagnostic) -> Expr {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= ExpressionLimits.maxDepth else { throw ExpressionMessages.tooDeep(at: token.range) }
        let condition = try parseLogical(.or)
        guard token.isSymbol("?") else { return condition }
        try advance()
        let then = try parseLogical(.or)
        _ = try expect(":")
        let otherwise = try parseExpression()
        return try node(.conditional(condition, then, otherwise),
                        condition.range.lowerBound..<otherwise.range.upperBound)
    }

    /// `||` and `&&` chains, built balanced: both are associative in CEL (errors are absorbed
    /// commutatively), and a balanced tree keeps long chains within the depth limit.
    mutating func parseLogical(_ op: BinaryOperator) throws(ExpressionDiagnostic) -> Expr {
        let first = try parseOperand(of: op)
        let spelling: Symbol = op == .or ? "||" : "&&"
        // Most operands stand alone, and most chains have two: no array for them.
        guard token.isSymbol(spelling) else { return first }
        try advance()
        let second = try parseOperand(of: op)
        guard token.isSymbol(spelling) else {
            return try node(.binary(op, first, second), first.range.lowerBound..<second.range.upperBound)
        }
        var operands = [first, second]
        while token.isSymbol(spelling) {
            try advance()
            operands.append(try parseOperand(of: op))
        }
        return try balance(op, operands[...])
    }

    /// An operand of a `||` chain (an `&&` chain) or of an `&&` chain (a relation or tighter).
    private mutating func parseOperand(of op: BinaryOperator) throws(ExpressionDiagnostic) -> Expr {
        op == .or ? try parseLogical(.and) : try parseBinary()
    }

    private func balance(_ op: BinaryOperator, _ operands: ArraySlice<Expr>) throws(ExpressionDiagnostic)
        -> Expr
    {
        let first = operands[operands.startIndex]
        let last = operands[operands.endIndex - 1]
        if operands.count == 1 { return first }
        let middle = operands.startIndex + operands.count / 2
        let left = try balance(op, operands[..<middle])
        let right = try balance(op, operands[middle...])
        return try node(.binary(op, left, right), first.range.lowerBound..<last.range.upperBound)
    }

    /// Relations, sums and products, CEL's binary levels below `&&`, each associating to the left.
    /// One loop climbs their precedences, so an operand costs one call rather than a call per
    /// level. Only operators above `floor` are taken, so recursion is bounded by the levels.
    mutating func parseBinary(above floor: Int = 0) throws(ExpressionDiagnostic) -> Expr {
        var left = try parseUnary()
        while let (op, precedence) = infixOperator(token), precedence > floor {
            try advance()
            let right = try parseBinary(above: precedence)
            left = try node(.binary(op, left, right), left.range.lowerBound..<right.range.upperBound)
        }
        return left
    }

    /// The relation (precedence 1), sum (2) or product (3) operator that `token` is.
    private func infixOperator(_ token: Token) -> (BinaryOperator, precedence: Int)? {
        if let op = relation(token) { return (op, 1) }
        guard case .symbol(let symbol) = token.kind else { return nil }
        switch symbol {
        case "+": return (.add, 2)
        case "-": return (.subtract, 2)
        case "*": return (.multiply, 3)
        case "/": return (.divide, 3)
        case "%": return (.remainder, 3)
        default: return nil
        }
    }

    private func relation(_ token: Token) -> BinaryOperator? {
        switch token.kind {
        case .identifier("in"): .in
        case .symbol("=="): .equal
        case .symbol("!="): .notEqual
        case .symbol("<"): .less
        case .symbol("<="): .lessOrEqual
        case .symbol(">"): .greater
        case .symbol(">="): .greaterOrEqual
        default: nil
        }
    }

    /// Prefix operators are collected in a loop, not by recursion, so long runs are cheap to reject.
    mutating func parseUnary() throws(ExpressionDiagnostic) -> Expr {
        // Most operands have no prefix operator: no list for them.
        guard isPrefixOperator(token) else { return try parseMember(sign: nil) }
        var operators: [(UnaryOperator, Range<Int>)] = []
        while isPrefixOperator(token) {
            operators.append((token.isSymbol("!") ? .not : .negate, token.range))
            guard operators.count < ExpressionLimits.maxDepth else {
                throw ExpressionMessages.tooDeep(at: token.range)
            }
            try advance()
        }
        // A minus before a number is part of the literal (as in CEL's grammar, where spaces
        // between them do not matter), so `-9223372036854775808` is the smallest int rather than
        // an overflowing negation.
        var sign: Range<Int>?
        if let last = operators.last, last.0 == .negate {
            if case .int = token.kind { sign = last.1 }
            if case .double = token.kind { sign = last.1 }
        }
        if sign != nil { operators.removeLast() }
        var expr = try parseMember(sign: sign)
        for (op, range) in operators.reversed() {
            expr = try node(.unary(op, expr), range.lowerBound..<expr.range.upperBound)
        }
        return expr
    }

    private func isPrefixOperator(_ token: Token) -> Bool {
        token.isSymbol("!") || token.isSymbol("-")
    }

    mutating func parseMember(sign: Range<Int>?) throws(ExpressionDiagnostic) -> Expr {
        var expr = try parsePrimary(sign: sign)
        while case .symbol(let s) = token.kind {
            let start = expr.range.lowerBound
            if s == "." {
                try advance()
                try refuseOptionalSyntax()
                let (name, nameRange) = try identifier()
                if token.isSymbol("(") {
                    let (arguments, end) = try parseArguments()
                    expr = try node(.call(name, target: expr, arguments: arguments), start..<end)
                    callNames[start..<end] = nameRange
                } else {
                    expr = try node(.select(expr, field: name), start..<nameRange.upperBound)
                }
            } else if s == "[" {
                try advance()
                try refuseOptionalSyntax()
                let index = try parseExpression()
                let close = try expect("]")
                expr = try node(.index(expr, index), start..<close.range.upperBound)
            } else {
                break
            }
        }
        return expr
    }

    /// CEL's optional selection `a.?b` and index `a[?0]`: named for what they are rather than
    /// a syntax error at the `?`.
    private func refuseOptionalSyntax() throws(ExpressionDiagnostic) {
        guard token.isSymbol("?") else { return }
        throw ExpressionMessages.unsupported("optional selections and indexes ('.?', '[?')", at: token.range)
    }

    /// The field name after a `.`. CEL's reserved words may name a field there (`data.package`,
    /// `{'if': 1}.if`, conformance `parse/selectors`); the words that are literals or the `in`
    /// operator may not.
    mutating func identifier() throws(ExpressionDiagnostic) -> (String, Range<Int>) {
        guard case .identifier(let name) = token.kind else { throw unexpected("a field name") }
        if lexer.isWordNotName(name, at: token.range), !Lexer.reservedWords.contains(name) {
            throw ExpressionMessages.reservedWord(name, at: token.range)
        }
        let range = token.range
        try advance()
        return (name, range)
    }

    /// `(a, b, …)` after a function name; returns the arguments and the end of the `)`.
    mutating func parseArguments() throws(ExpressionDiagnostic) -> ([Expr], Int) {
        _ = try expect("(")
        var arguments: [Expr] = []
        if !token.isSymbol(")") {
            arguments.append(try parseExpression())
            while token.isSymbol(",") {
                try advance()
                arguments.append(try parseExpression())
            }
        }
        let close = try expect(")")
        return (arguments, close.range.upperBound)
    }
}
