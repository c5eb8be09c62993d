/// SPEC §8's "`matches` cost", bounded for a whole table, so that no payload can make one
/// decision slow.
///
/// One `matches` call costs at most its compiled program's size in steps per Unicode scalar of
/// the text (`RE2Pattern`), and a payload string is at most `PayloadLimits.maxStringBytes` long:
/// each call is bounded. A table of many calls was not: 84 calls of `.{1000}.{1000}.{1000}.{1000}b`
/// in one `when` took 32 s on one payload of 16,000 letters. The budget adds up every call's
/// program size over the table's expressions — each use of a params or login-user expression,
/// and `RegexLimits.maxProgramSize` for a pattern the payload gives — and the call that passes
/// `RegexLimits.maxTableProgramSize` is an error.
///
/// ```swift
/// var budget = MatchesBudget()
/// if let error = budget.charge(checked) { report(error) } // `matches-cost` at the call
/// ```
struct MatchesBudget {
    /// Program instructions of the calls charged so far.
    private(set) var spent = 0
    /// Set once the limit is passed: only the first call past it is reported.
    private var reported = false

    /// Charges the `matches` calls of `checked`; returns the error for the call that first takes
    /// the table past the limit, else nil.
    mutating func charge(_ checked: CheckedExpression) -> ExpressionDiagnostic? {
        // The checker added the calls up: the tree is walked only to place the error, and only
        // for an expression that takes the table past the limit.
        guard !reported, spent + Int(checked.matchesCost) > RegexLimits.maxTableProgramSize else {
            spent += Int(checked.matchesCost)
            return nil
        }
        var passed: ExpressionDiagnostic?
        Self.forEachCall(in: checked.expr) { call, pattern in
            // As the checker counts: an invalid literal pattern (an error of its own) costs nothing.
            let cost = pattern.map { checked.patterns[$0]?.programSize ?? 0 } ?? RegexLimits.maxProgramSize
            spent += cost
            guard spent > RegexLimits.maxTableProgramSize, !reported else { return }
            reported = true
            passed = ExpressionMessages.matchesCost(spent: spent, at: call.range)
        }
        return passed
    }

    /// Calls `body` with every `matches` call under `expr` and its literal pattern, if any.
    private static func forEachCall(in expr: Expr, _ body: (Expr, String?) -> Void) {
        if case .call("matches", _, let arguments) = expr.kind {
            if case .literal(.string(let pattern))? = arguments.last?.kind { body(expr, pattern) } else { body(expr, nil) }
        }
        expr.kind.forEachChild { forEachCall(in: $0, body) }
    }
}
