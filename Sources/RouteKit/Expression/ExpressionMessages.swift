/// Every diagnostic the parser and the checker produce, in alphabetical order.
///
/// Keeping the wording in one place keeps it consistent: a single lowercase phrase naming the
/// rule that was broken, names in single quotes, no final period.
enum ExpressionMessages {
    typealias D = ExpressionDiagnostic

    static func argumentMismatch(_ function: String, _ types: [ExpressionType], at range: Range<Int>)
        -> D
    {
        let list = types.map { "'\($0)'" }.joined(separator: " and ")
        return D(.error, .typeMismatch, "function '\(function)' cannot be applied to \(list)", at: range)
    }

    static func cannotIndex(_ type: ExpressionType, at range: Range<Int>) -> D {
        D(.error, .typeMismatch, "a value of type '\(type)' cannot be indexed", at: range)
    }

    static func conditionNotBool(_ type: ExpressionType, at range: Range<Int>) -> D {
        D(.error, .typeMismatch, "condition must be of type 'bool', not '\(type)'", at: range)
    }

    static func doubleOutOfRange(at range: Range<Int>) -> D {
        D(.error, .syntaxError, "double literal is out of range", at: range)
    }

    static func duplicateMapKey(_ key: Literal, at range: Range<Int>) -> D {
        D(.error, .duplicateKey,
          "map key \(Value(literal: key)) is given twice; remove one of them: a map literal with a repeated key is an error whenever it is built",
          at: range)
    }

    static func expected(_ what: String, found: String, at range: Range<Int>) -> D {
        D(.error, .syntaxError, "expected \(what), found \(found)", at: range)
    }

    static func expressionNotBool(_ type: ExpressionType, at range: Range<Int>) -> D {
        D(.error, .expressionNotBool, "predicate must be of type 'bool', not '\(type)'; compare it, e.g. 'type == 3'", at: range)
    }

    static func fieldOfNonMap(_ field: String, _ type: ExpressionType, at range: Range<Int>) -> D {
        D(.error, .typeMismatch, "a value of type '\(type)' has no field '\(field)'", at: range)
    }

    static func indexMismatch(_ container: ExpressionType, _ index: ExpressionType, at range: Range<Int>)
        -> D
    {
        D(.error, .typeMismatch, "a value of type '\(container)' cannot be indexed by '\(index)'",
          at: range)
    }

    static func intOutOfRange(at range: Range<Int>) -> D {
        D(.error, .syntaxError, "integer literal is out of range", at: range)
    }

    static func invalidEscape(_ text: String, at range: Range<Int>) -> D {
        D(.error, .syntaxError, "invalid escape sequence '\(text)'", at: range)
    }

    static func invalidHasArgument(at range: Range<Int>) -> D {
        D(.error, .invalidHasArgument,
          "argument of 'has' must be a field selection such as 'a.b' or a field name", at: range)
    }

    static func invalidMapKey(_ type: ExpressionType, at range: Range<Int>) -> D {
        D(.error, .typeMismatch, "map keys must be of type 'int', 'string' or 'bool', not '\(type)'",
          at: range)
    }

    static func invalidPattern(_ error: RE2Pattern.SyntaxError, at range: Range<Int>) -> D {
        D(.error, .invalidPattern,
          "invalid pattern: \(error.message) at offset \(error.offset)", at: range)
    }

    static func matchesCost(spent: Int, at range: Range<Int>) -> D {
        D(.error, .matchesCost,
          "the table's 'matches' calls compile to \(spent) instructions with this one, more than the limit of "
            + "\(RegexLimits.maxTableProgramSize); use fewer or simpler patterns (==, startsWith, contains)", at: range)
    }

    static func lineBreakInString(at range: Range<Int>) -> D {
        D(.error, .syntaxError, "line break in a quoted string; use '\\n' or triple quotes", at: range)
    }

    static func methodOnly(_ function: String, at range: Range<Int>) -> D {
        D(.error, .typeMismatch, "function '\(function)' must be called as a method, as in 'x.\(function)(y)'",
          at: range)
    }

    static func missingHexDigits(at range: Range<Int>) -> D {
        D(.error, .syntaxError, "expected hexadecimal digits after '0x'", at: range)
    }

    static func notAMethod(_ function: String, at range: Range<Int>) -> D {
        D(.error, .typeMismatch, "function '\(function)' cannot be called as a method, write '\(function)(x)'",
          at: range)
    }

    static func operatorMismatch(_ op: String, _ types: [ExpressionType], at range: Range<Int>) -> D {
        let list = types.map { "'\($0)'" }.joined(separator: " and ")
        return D(.error, .typeMismatch,
                 "operator '\(op)' cannot be applied to \(list); \(operatorHint(op, arity: types.count))",
                 at: range)
    }

    /// `type == "1" || "5"`: the second value was meant as another value of `field`.
    static func eitherValue(_ field: String, values: [String], _ types: [ExpressionType], at range: Range<Int>) -> D {
        let written = "\(field) in [\(values.joined(separator: ", "))]"
        return D(.error, .typeMismatch,
                 "operator '||' cannot be applied to \(types.map { "'\($0)'" }.joined(separator: " and ")); "
                     + "'||' joins conditions, not values: to test for either value, write \(written)",
                 at: range, fixIt: FixIt(replacement: written))
    }

    /// An element of a mixed list that the left side of `in` never equals. `name`: the left
    /// side's field path, when it is one.
    static func listElementNeverEqual(_ literal: Literal, to name: String?, _ left: ExpressionType,
                                      at range: Range<Int>) -> D {
        let subject = name.map { "'\($0)' is" } ?? "the left side is"
        let shown = Value(literal: literal).description
        let type = ExpressionType(literal: literal)
        let fix = rewritten(literal, as: left).map { "; write \($0)" } ?? ""
        return D(.warning, .typeMismatch,
                 "\(shown) is of type '\(type)' and \(subject) of type '\(left)': they are never equal, so this element never matches\(fix)",
                 at: range)
    }

    /// `literal` written as a literal of `type`, when it means one: `"3"` for an int is `3`.
    static func rewritten(_ literal: Literal, as type: ExpressionType) -> String? {
        switch (literal, type) {
        case (.int(let value), .string): Value.string(String(value)).description
        case (.string(let text), .int) where Int64(text) != nil: text
        case (.string(let text), .double) where Double(text) != nil: text
        case (.string(let text), .bool) where text == "true" || text == "false": text
        default: nil
        }
    }

    /// A field compared with a literal of another type that means a value of the field's type:
    /// `type == "3"` with `type: int`. At the literal, which the fix-it rewrites.
    static func literalOfOtherType(_ shown: String, _ type: ExpressionType, field: String,
                                   declared: ExpressionType, written: String, at range: Range<Int>) -> D {
        D(.error, .typeMismatch,
          "'\(field)' is declared '\(declared)', and \(shown) is of type '\(type)'; write \(written)",
          at: range, fixIt: FixIt(replacement: written))
    }

    /// `x in y` where `y` is neither a list nor a map: `"ab" in target` meant a substring test.
    static func inNeedsCollection(_ lhs: ExpressionType, _ rhs: ExpressionType, at range: Range<Int>) -> D {
        let substring = lhs == .string && rhs == .string ? "; for text inside text, write y.contains(x)" : ""
        return D(.error, .typeMismatch,
                 "operator 'in' needs a list or a map on its right, not '\(rhs)'\(substring)", at: range)
    }

    /// What to write instead, by the kind of operator.
    static func operatorHint(_ op: String, arity: Int) -> String {
        switch op {
        case "&&", "||", "!": return arity == 1 ? "it needs a bool" : "both sides must be bool"
        case "-" where arity == 1: return "it needs a number"
        case "+", "-", "*", "/", "%": return "convert one side with int(), double() or string()"
        default: return "compare values of one type, or convert one side with int(), double() or string()"
        }
    }

    static func reservedWord(_ word: String, at range: Range<Int>) -> D {
        D(.error, .syntaxError, "'\(word)' is a reserved word", at: range)
    }

    static func tooDeep(at range: Range<Int>) -> D {
        D(.error, .expressionTooDeep,
          "expression nests more than \(ExpressionLimits.maxDepth) levels deep", at: range)
    }

    static func tooLong(at range: Range<Int>) -> D {
        D(.error, .expressionTooLong,
          "expression is longer than \(ExpressionLimits.maxLength) characters", at: range)
    }

    static func undeclaredField(_ path: String, suggestion: String?, at range: Range<Int>) -> D {
        guard let suggestion else {
            return D(.warning, .undeclaredField,
                     "undeclared payload field '\(path)'; declare it under 'payload' to have it checked",
                     at: range)
        }
        let fix = isIdentifierPath(suggestion) ? FixIt(replacement: suggestion) : nil
        let lookalike = LookalikeName.note(path, declared: suggestion).map { "; " + $0 } ?? ""
        return D(.warning, .undeclaredField,
                 "undeclared payload field '\(path)'; did you mean '\(suggestion)'?" + lookalike, at: range, fixIt: fix)
    }

    /// An undeclared bare word where text was likely meant: compared with a string, or given as
    /// a param or user id.
    static func undeclaredFieldMeantAsText(_ word: String, _ place: Checker.TextPlace, at range: Range<Int>) -> D {
        let advice = switch place {
        case .comparison: "for the text \"\(word)\", write it in quotes"
        case .value: "for the text \"\(word)\", quote it inside the YAML value: '\"\(word)\"'"
        case .boolean(let meant): "for the boolean, write \(meant)"
        case .absence(let field, let present):
            "to test whether the payload has '\(field)', write \(present ? "" : "!")has(\(field))"
        }
        // Both readings are offered: a field the table forgot to declare is as likely.
        return D(.warning, .undeclaredField,
                 "undeclared payload field '\(word)'; \(advice), or declare the field under 'payload'",
                 at: range)
    }

    /// A character that does not show inside the text `literal` (as written, with its quotes).
    static func invisibleInText(_ literal: String, _ hidden: InvisibleCharacter, betweenWords: Bool) -> D {
        let isSpace = hidden.scalar.properties.generalCategory == .spaceSeparator
        let fix = isSpace && betweenWords ? " " : ""
        let escape = "\\u" + InvisibleCharacter.code(Int(hidden.scalar.value)).dropFirst(2)
        return D(.warning, .invisibleCharacter,
                 "the text \(literal) contains \(hidden), which does not show, so it equals no text typed "
                     + "without it; \(fix.isEmpty ? "delete it" : "type a plain space instead"), or write \(escape) if it is meant",
                 at: hidden.offset..<(hidden.offset + 1), fixIt: FixIt(replacement: fix))
    }

    static func unexpectedCharacter(_ c: Unicode.Scalar, at range: Range<Int>) -> D {
        // A no-break or zero-width space pasted from a web page: named, and what to type instead.
        if InvisibleCharacter.isInvisible(c) {
            let hidden = InvisibleCharacter(scalar: c, offset: range.lowerBound)
            let isSpace = c.properties.generalCategory == .spaceSeparator
            let advice = isSpace ? "type a plain space instead" : "delete it"
            return D(.error, .syntaxError, "unexpected \(hidden), which does not show; \(advice)",
                     at: range, fixIt: FixIt(replacement: isSpace ? " " : ""))
        }
        let shown = c.properties.isWhitespace || c.value < 0x20 || c.value == 0x7F
            ? "U+" + String(c.value, radix: 16, uppercase: true) : String(c)
        return D(.error, .syntaxError, "unexpected character '\(shown)'", at: range)
    }

    /// `quoting`: the text up to the closing curly quote, when there is one.
    static func curlyQuote(_ c: Unicode.Scalar, quoting text: String?, at range: Range<Int>) -> D {
        let written = text.map { "\"\($0)\"" } ?? "\"…\""
        return D(.error, .syntaxError,
                 "unexpected character '\(c)', a curly quote; write text in straight quotes: \(written)",
                 at: range)
    }

    /// An operator of JavaScript, PHP or SQL (`===`, `!==`, `<>`), with CEL's for it.
    static func otherLanguageOperator(_ written: String, meaning: String, at range: Range<Int>) -> D {
        D(.error, .syntaxError, "'\(written)' is not an operator in this language; write '\(meaning)'",
          at: range, fixIt: FixIt(replacement: meaning))
    }

    /// Perl's and Ruby's `=~`. Its replacement, a call, rewrites both operands, so it is no fix-it.
    static func regexOperator(at range: Range<Int>) -> D {
        D(.error, .syntaxError,
          "'=~' is not an operator in this language; to match a regular expression, write x.matches(\"pattern\")",
          at: range)
    }

    /// A word that other languages use as an operator (`and`, `or`, `not`), in CEL's spelling.
    static func operatorWord(_ word: String, meaning: String, at range: Range<Int>) -> D {
        D(.error, .syntaxError, "'\(word)' is written '\(meaning)' in this language", at: range,
          fixIt: FixIt(replacement: meaning))
    }

    /// `{id}` where the field `id` is meant: alert texts write placeholders so, expressions not.
    static func placeholderInExpression(_ path: String, at range: Range<Int>) -> D {
        D(.error, .syntaxError,
          "'{\(path)}' is how alert texts insert a field; an expression names the field itself: write \(path)",
          at: range, fixIt: FixIt(replacement: path))
    }

    /// `$id`, as shell and template languages name a variable.
    static func dollarBeforeField(at range: Range<Int>) -> D {
        D(.error, .syntaxError, "unexpected character '$'; payload fields are named without it; remove it",
          at: range, fixIt: FixIt(replacement: ""))
    }

    static func listInParentheses(at range: Range<Int>) -> D {
        D(.error, .syntaxError, "expected ')', found ','; a list is written in square brackets, as in type in [3, 4]",
          at: range)
    }

    static func unexpectedSymbol(_ symbol: String, suggesting: String, at range: Range<Int>) -> D {
        D(.error, .syntaxError, "unexpected '\(symbol)'; did you mean '\(suggesting)'?", at: range,
          fixIt: FixIt(replacement: suggesting))
    }

    /// `fixable`: `range` is the name's, which the suggestion can replace.
    static func unknownFunction(_ name: String, suggestion: String?, at range: Range<Int>, fixable: Bool) -> D {
        guard let suggestion else {
            return D(.error, .unknownFunction, "unknown function '\(name)'", at: range)
        }
        return D(.error, .unknownFunction, "unknown function '\(name)'; did you mean '\(suggestion)'?",
                 at: range, fixIt: fixable ? FixIt(replacement: suggestion) : nil)
    }

    static func unsupported(_ feature: String, at range: Range<Int>) -> D {
        D(.error, .unsupportedSyntax, "\(feature) are not supported", at: range)
    }

    static func unsupportedMacro(_ name: String, at range: Range<Int>) -> D {
        D(.error, .unknownFunction, "macro '\(name)' is not supported", at: range)
    }

    static let unterminatedStringText = "unterminated string literal"

    static func unterminatedString(at range: Range<Int>) -> D {
        D(.error, .syntaxError, unterminatedStringText, at: range)
    }

    static func wrongArity(_ function: String, method: Bool, expected: Int, got: Int,
                           at range: Range<Int>) -> D
    {
        let kind = method ? "method" : "function"
        let noun = expected == 1 ? "argument" : "arguments"
        return D(.error, .wrongArity, "\(kind) '\(function)' takes \(expected) \(noun), not \(got)",
                 at: range)
    }

    private static func isIdentifierPath(_ path: String) -> Bool {
        path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.unicodeScalars.first, !(first >= "0" && first <= "9") else { return false }
            return part.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
            }
        }
    }
}
