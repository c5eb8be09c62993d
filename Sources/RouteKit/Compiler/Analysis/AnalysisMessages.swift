/// Diagnostics of the rule analysis: rules that can never match, or that earlier rules leave
/// nothing to match. All are warnings: the table still works, but a rule in it is dead.
enum AnalysisMessages {
    static func duplicatePredicate(_ rule: String, earlier: String, earlierRange: SourceRange?,
                                   at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "duplicate-predicate",
                   "rule '\(rule)' is never reached: it has the same condition as earlier rule '\(earlier)'",
                   at: range, notes: [matchesFirst(earlier, at: earlierRange)])
    }

    static func matchesFirst(_ rule: String, at range: SourceRange?) -> DiagnosticNote {
        DiagnosticNote("'\(rule)' matches first here", at: range)
    }

    static func neverMatches(_ rule: String, because reason: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "never-matches", "rule '\(rule)' can never match: \(reason)", at: range)
    }

    static func shadowedRule(_ rule: String, by earlier: [(name: String, range: SourceRange?)],
                             at range: SourceRange) -> Diagnostic {
        let names = Diagnostic.list(earlier.map { "'\($0.name)'" })
        let noun = earlier.count == 1 ? "rule" : "rules"
        return Diagnostic(
            .warning, "shadowed-rule",
            "rule '\(rule)' is never reached: every payload it matches is matched by earlier \(noun) \(names)",
            at: range, notes: earlier.map { matchesFirst($0.name, at: $0.range) })
    }

    /// SPEC: the outcome is `unmatched` only when nothing matches and there is no fallback; a
    /// fallback whose params or user cannot be computed gives it all the same.
    static func fallbackMayNotApply(_ expression: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.warning, "fallback-may-not-apply",
                   "the fallback does not apply to a payload on which '\(expression)' cannot be computed (say the payload lacks a field it reads), which is then left unmatched; give the fallback values that read no payload field",
                   at: range)
    }
}
