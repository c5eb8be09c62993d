extension Checker {
    /// The result type of a binary operator, reporting operand kinds it never accepts.
    mutating func binaryType(
        _ op: BinaryOperator, _ left: (expr: Expr, type: ExpressionType), _ right: (expr: Expr, type: ExpressionType),
        at range: Range<Int>
    ) -> ExpressionType {
        let (lhs, rhs) = (left.type, right.type)
        let accepted: ExpressionType?
        switch op {
        case .and, .or:
            accepted = (lhs == .bool || lhs == .dyn) && (rhs == .bool || rhs == .dyn) ? .bool : nil
        case .equal, .notEqual:
            accepted = lhs.isComparable(with: rhs) ? .bool : nil
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            accepted = Self.isOrderable(lhs, rhs) ? .bool : nil
        case .in:
            switch rhs {
            case .dyn: accepted = .bool
            case .list(let element): accepted = lhs.isComparable(with: element) ? .bool : nil
            case .map(let key, _): accepted = lhs.isComparable(with: key) && lhs != .null ? .bool : nil
            default:
                report(ExpressionMessages.inNeedsCollection(lhs, rhs, at: range))
                return .bool
            }
        case .add, .subtract, .multiply, .divide, .remainder:
            accepted = Self.arithmeticType(op, lhs, rhs)
        }
        guard let accepted else {
            report(literalRewrite(op, left.expr, lhs, right.expr, rhs)
                ?? ExpressionMessages.operatorMismatch(op.spelling, [lhs, rhs], at: range))
            return op == .add || op == .subtract || op == .multiply || op == .divide
                || op == .remainder ? .dyn : .bool
        }
        return accepted
    }

    /// For operands `binaryType` refuses: the error for a field compared with a literal that
    /// means a value of the field's type, `type == "3"` or `type in ["3", "4"]` with `type: int`,
    /// which says what to write; nil for every other pair.
    private func literalRewrite(_ op: BinaryOperator, _ lhs: Expr, _ left: ExpressionType,
                        _ rhs: Expr, _ right: ExpressionType) -> ExpressionDiagnostic? {
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            for (field, fieldType, other, otherType) in [(lhs, left, rhs, right), (rhs, right, lhs, left)] {
                guard case .literal(let literal) = other.kind, !fieldType.isComparable(with: otherType),
                    let path = Self.path(of: field),
                    let written = ExpressionMessages.rewritten(literal, as: fieldType) else { continue }
                return ExpressionMessages.literalOfOtherType(
                    Value(literal: literal).description, otherType, field: path.joined(separator: "."),
                    declared: fieldType, written: written, at: other.range)
            }
            return nil
        case .in:
            guard case .list(let elements) = rhs.kind, !elements.isEmpty, case .list(let element) = right,
                element != .dyn, !left.isComparable(with: element), let path = Self.path(of: lhs)
            else { return nil }
            var written: [String] = []
            for element in elements {
                guard case .literal(let literal) = element.kind,
                    let rewritten = ExpressionMessages.rewritten(literal, as: left) else { return nil }
                written.append(rewritten)
            }
            return ExpressionMessages.literalOfOtherType(
                "the list", right, field: path.joined(separator: "."), declared: left,
                written: "[" + written.joined(separator: ", ") + "]", at: rhs.range)
        case .or:
            // `type == "1" || "5"`: `||` joins conditions, and "5" is none.
            for (comparison, extra) in [(lhs, rhs), (rhs, lhs)] {
                guard case .literal(let added) = extra.kind, case .binary(.equal, let a, let b) = comparison.kind
                else { continue }
                let (subject, compared) = Self.path(of: a) != nil ? (a, b) : (b, a)
                guard let path = Self.path(of: subject), case .literal(let literal) = compared.kind,
                    ExpressionType(literal: literal) == ExpressionType(literal: added)
                else { continue }
                let values = (comparison.range.lowerBound < extra.range.lowerBound ? [literal, added] : [added, literal])
                    .map { Value(literal: $0).description }
                return ExpressionMessages.eitherValue(
                    path.joined(separator: "."), values: values, [left, right],
                    at: lhs.range.lowerBound..<rhs.range.upperBound)
            }
            return nil
        default:
            return nil
        }
    }

    /// `target in ["news", 3]` type-checks, as the list is of mixed (dynamic) type, but the `3`
    /// can never equal a string: the author meant `"3"`. A list of one kind, `target in [3]`, is
    /// an error of `binaryType` instead.
    mutating func checkMixedListElements(_ lhs: Expr, _ left: ExpressionType, in rhs: Expr,
                                         _ right: ExpressionType) {
        guard right == .list(.dyn), left != .dyn, left != .null, case .list(let elements) = rhs.kind else { return }
        for element in elements {
            // `null` is comparable with every type, so it is never reported.
            guard case .literal(let literal) = element.kind, !left.isComparable(with: ExpressionType(literal: literal))
            else { continue }
            let name = Self.path(of: lhs)?.joined(separator: ".")
            report(ExpressionMessages.listElementNeverEqual(literal, to: name, left, at: element.range))
        }
    }

    /// Ordering is defined between numbers (across int and double), strings, and bools.
    private static func isOrderable(_ lhs: ExpressionType, _ rhs: ExpressionType) -> Bool {
        func orderable(_ type: ExpressionType) -> Bool {
            switch type {
            case .int, .double, .string, .bool, .dyn: true
            default: false
            }
        }
        guard orderable(lhs), orderable(rhs) else { return false }
        if lhs == .dyn || rhs == .dyn || lhs == rhs { return true }
        return lhs.isNumeric && rhs.isNumeric
    }

    /// Arithmetic never mixes kinds in CEL: `1 + 1.0` is an error, not `2.0`.
    private static func arithmeticType(
        _ op: BinaryOperator, _ lhs: ExpressionType, _ rhs: ExpressionType
    ) -> ExpressionType? {
        func accepts(_ t: ExpressionType) -> Bool {
            switch (op, t) {
            case (_, .dyn), (_, .int): true
            case (.remainder, _): false
            case (_, .double): true
            case (.add, .string), (.add, .list): true
            default: false
            }
        }
        guard accepts(lhs), accepts(rhs) else { return nil }
        switch (lhs, rhs) {
        case (.dyn, .dyn): return .dyn
        case (.dyn, let t), (let t, .dyn):
            // A list's element type is unknown once a dynamic list may be appended.
            if case .list = t { return .list(.dyn) }
            return t
        case (.list(let a), .list(let b)): return .list(a.joined(with: b))
        default: return lhs == rhs ? lhs : nil
        }
    }
}
