import RouteKit

/// Human-readable forms of decisions and explanations for `routecheck eval`.
enum DecisionText {
    /// The decision as text; `tableHasFallback` tells an unmatched payload whose fallback could
    /// not be performed (its params or login user failed) from one with no fallback to try.
    static func decision(_ decision: Decision, tableHasFallback: Bool) -> String {
        var lines: [String] = []
        switch decision.source {
        case .rule(let name, let index): lines.append("rule: \(name) (#\(index))")
        case .fallback: lines.append("rule: none matched; the fallback applies")
        case .none where tableHasFallback:
            lines.append("rule: none matched and the fallback cannot be performed (unmatched)")
        case .none: lines.append("rule: none matched and the table has no fallback (unmatched)")
        }
        guard let action = decision.action else { return printable(lines) }
        lines.append("action: " + describe(action))
        switch decision.login {
        case .none: lines.append("login: not required")
        case .required: lines.append("login: required")
        case .user(let id): lines.append("login: required, as user '\(id)'")
        }
        lines.append("foreground: \(decision.foreground.rawValue)")
        lines.append("if visible: \(decision.ifVisible.rawValue)")
        let alert = decision.alert
        lines.append("alert: title \(JSONWriter.quoted(alert.title)), message \(JSONWriter.quoted(alert.message)), buttons \(JSONWriter.quoted(alert.confirm)) / \(JSONWriter.quoted(alert.cancel))")
        return printable(lines)
    }

    /// `lines` as printed: names, user ids and expressions come from the table or the payload,
    /// and a control character in one (`name: "a\e[31m"`, `"uid": "\u001b]…"`) must not drive the
    /// terminal, so each is shown as U+FFFD, as diagnostics show them.
    /// A line break inside one (a multi-line `when`) stays a line break.
    private static func printable(_ lines: [String]) -> String {
        lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            .map { SourceExcerpt.sanitized(String($0)) + "\n" }.joined()
    }

    static func describe(_ action: ResolvedAction) -> String {
        var steps: [String] = []
        if let tab = action.tab { steps.append("select tab '\(tab)'") }
        if action.popToRoot { steps.append("pop to root") }
        for screen in action.push { steps.append("push " + describe(screen)) }
        if let screen = action.present { steps.append("present " + describe(screen)) }
        return steps.joined(separator: ", ")
    }

    static func describe(_ screen: ScreenInstance) -> String {
        screen.params.isEmpty
            ? screen.screen : "\(screen.screen) \(JSONWriter.write(.object(JSONObject(screen.params))))"
    }

    static func explanation(_ explanation: Explanation, tableHasFallback: Bool) -> String {
        var lines = explanation.issues.map { "payload: \($0.message)" }
        for attempt in explanation.attempts {
            let verdict: String
            if let failure = attempt.failure {
                verdict = "matched, but cannot be performed: \(failure)"
            } else if attempt.matched {
                verdict = "MATCHED"
            } else {
                verdict = "no match (\(attempt.result))"
            }
            lines.append("#\(attempt.index) \(attempt.rule): \(verdict)")
            lines.append("    when: \(attempt.predicate)")
            // Literals evaluate to themselves; listing them is noise.
            for step in attempt.trace where step.text != step.value.description {
                lines.append("      \(step.text) → \(step.value)")
            }
        }
        if let failure = explanation.fallbackFailure {
            lines.append("fallback: cannot be performed: \(failure)")
        }
        return printable(lines) + decision(explanation.decision, tableHasFallback: tableHasFallback)
    }

    static func explanationJSON(_ explanation: Explanation) -> JSONValue {
        var decision = explanation.decision.jsonValue
        if case .object(var object) = decision {
            object["explain"] = [
                "normalization": .array(explanation.issues.map { .string($0.message) }),
                "rules": .array(explanation.attempts.map { attempt in
                    [
                        "rule": .string(attempt.rule), "index": .int(Int64(attempt.index)),
                        "when": .string(attempt.predicate), "matched": .bool(attempt.matched),
                        "result": .string(attempt.result.description),
                        "failure": attempt.failure.map(JSONValue.string) ?? .null,
                        "trace": .array(attempt.trace.map {
                            ["expression": .string($0.text), "value": .string($0.value.description)]
                        }),
                    ]
                }),
                "fallback_failure": explanation.fallbackFailure.map(JSONValue.string) ?? .null,
            ]
            decision = .object(object)
        }
        return decision
    }
}
