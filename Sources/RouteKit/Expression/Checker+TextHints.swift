/// Text written without quotes. In `target == notice` the word `notice` is a payload field,
/// which the table does not declare, so the rule never matches; its author meant the text
/// `"notice"`. The undeclared-field warning then says how to write the text.
extension Checker {
    /// Where a bare word was written.
    enum TextPlace {
        /// Compared with a string: `target == notice`, `target in [news, promo]`.
        case comparison
        /// The whole expression of a param or a login user: `params: {kind: promo}`.
        case value
    }

    /// Hints at text for the operands of `==`, `!=` and `in` compared with a string field. (A
    /// word compared with a string literal, `pageKey == "session"`, is surely a field.)
    mutating func hintText(_ op: BinaryOperator, _ lhs: Expr, _ left: ExpressionType,
                           _ rhs: Expr, _ right: ExpressionType) {
        guard !unsuggestedFields.isEmpty else { return }
        func isStringField(_ expr: Expr, _ type: ExpressionType) -> Bool {
            type == .string && Self.path(of: expr) != nil
        }
        switch op {
        case .equal, .notEqual:
            if isStringField(lhs, left) { hintText(rhs, .comparison) }
            if isStringField(rhs, right) { hintText(lhs, .comparison) }
        case .in:
            guard isStringField(lhs, left), case .list(let elements) = rhs.kind else { return }
            for element in elements { hintText(element, .comparison) }
        default:
            return
        }
    }

    /// Rewords the undeclared-field warning about `expr` when it is a bare word with no declared
    /// field like it (a likely misspelling keeps its "did you mean").
    mutating func hintText(_ expr: Expr, _ place: TextPlace) {
        guard case .identifier(let word) = expr.kind, unsuggestedFields.contains(expr.range),
            let index = diagnostics.firstIndex(where: { $0.code == .undeclaredField && $0.range == expr.range })
        else { return }
        diagnostics[index] = ExpressionMessages.undeclaredFieldMeantAsText(word, place, at: expr.range)
    }
}
