/// Text written without quotes, and booleans written as words. In `target == notice` the word
/// `notice` is a payload field, which the table does not declare, so the rule never matches; its
/// author meant the text `"notice"` (and by `flag == yes`, `true`). The undeclared-field warning
/// then says how to write what was meant.
extension Checker {
    /// Where a bare word was written.
    enum TextPlace {
        /// Compared with a string: `target == notice`, `target in [news, promo]`.
        case comparison
        /// The whole expression of a param or a login user: `params: {kind: promo}`.
        case value
        /// Compared with a bool (`flag == yes`), or the whole predicate (`when: yes`).
        case boolean(Bool)
        /// Other languages' null compared with a field (`x != nil`): a test for the field, which
        /// is `has(x)` here; `present` is false for `==`.
        case absence(field: String, present: Bool)
    }

    /// Other languages' words for null. (CEL's `null` never equals a field: a field the payload
    /// lacks is an error, not null, so what they mean is `has`.)
    static let nullWords: Set<String> = ["nil", "None", "undefined", "NULL", "Null", "nullptr"]

    /// Words people write for a boolean that CEL reads as names (its literals are `true` and
    /// `false`, in lower case), with the boolean meant.
    static let booleanWords: [String: Bool] = [
        "yes": true, "y": true, "on": true, "true": true, "no": false, "n": false, "off": false, "false": false,
    ]

    /// Hints at a boolean for a predicate that is one bare word: `when: yes`.
    mutating func hintBoolean(_ expr: Expr) {
        guard case .identifier(let word) = expr.kind, let meant = Self.booleanWords[word.lowercased()] else { return }
        hintText(expr, .boolean(meant))
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
            for (word, field) in [(lhs, rhs), (rhs, lhs)] {
                guard case .identifier(let name) = word.kind, Self.nullWords.contains(name),
                    let path = Self.path(of: field) else { continue }
                hintText(word, .absence(field: path.joined(separator: "."), present: op == .notEqual))
                return
            }
            if isStringField(lhs, left) { hintText(rhs, .comparison) }
            if isStringField(rhs, right) { hintText(lhs, .comparison) }
            // Compared with any bool (`target.contains("sale") == True`), a word is a boolean.
            if left == .bool { hintBoolean(rhs) }
            if right == .bool { hintBoolean(lhs) }
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
