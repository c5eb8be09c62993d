/// Why a payload was routed where it was: for every rule tried in order, whether it matched and
/// the value of each sub-expression, plus any field that could not be normalized.
///
/// ```swift
/// let why = program.explain(["type": "abc"])
/// for issue in why.issues { print(issue) } // type: "abc" is not an int, treated as missing
/// for attempt in why.attempts where !attempt.matched { print(attempt.rule, attempt.result) }
/// ```
public struct Explanation: Sendable {
    /// One rule tried: its predicate, the trace of its evaluation and the result.
    ///
    /// ```swift
    /// for step in attempt.trace { print(step) } // each sub-expression → its value
    /// ```
    public struct Attempt: Sendable {
        /// The rule's `name` in the table.
        public var rule: String
        /// The rule's 0-based position in table order, as in `Decision.Source.rule(name:index:)`.
        public var index: Int
        /// The `when` text as written, to show beside the trace.
        public var predicate: String
        /// The sub-expressions evaluated, innermost first, with their values.
        public var trace: [TraceStep]
        /// What the predicate evaluated to; only `.bool(true)` matches (an `.error`, such as a
        /// missing field, does not).
        public var result: Value
        /// Set when the predicate matched but a param or the login user could not be computed.
        public var failure: String?
        /// Whether this rule decided: its predicate is true and its route could be performed.
        public var matched: Bool { failure == nil && isTrue(result) }
    }

    /// Declared fields removed from the payload because their values could not be converted;
    /// predicates see them as missing.
    public var issues: [NormalizationIssue]
    /// The rules tried, in table order, up to and including the one that decided (every rule
    /// when none did).
    public var attempts: [Attempt]
    /// Set when no rule matched and the fallback could not be performed.
    public var fallbackFailure: String?
    /// The decision `decide(_:)` makes for the same payload.
    public var decision: Decision
}

private func isTrue(_ value: Value) -> Bool {
    if case .bool(true) = value { return true }
    return false
}

extension RoutingProgram {
    /// Decides like `decide(_:)`, recording why each rule did or did not match.
    ///
    /// ```swift
    /// for attempt in program.explain(["type": "abc"]).attempts { print(attempt.rule, attempt.result) }
    /// ```
    public func explain(_ payload: JSONValue) -> Explanation {
        let (normalized, issues) = normalizer.normalize(payload)
        var attempts: [Explanation.Attempt] = []
        for rule in rules {
            var trace: [TraceStep] = []
            let result = rule.when.evaluate(payload: normalized, trace: &trace)
            var attempt = Explanation.Attempt(
                rule: rule.rule.name, index: rule.index, predicate: rule.rule.when.text,
                trace: trace, result: result, failure: nil)
            if isTrue(result) {
                switch resolve(rule.route, source: .rule(name: rule.rule.name, index: rule.index),
                               payload: normalized) {
                case .success(let decision):
                    attempts.append(attempt)
                    return Explanation(issues: issues, attempts: attempts, decision: decision)
                case .failure(let failure):
                    attempt.failure = failure.description
                }
            }
            attempts.append(attempt)
        }
        var fallbackFailure: String?
        if let fallback {
            switch resolve(fallback, source: .fallback, payload: normalized) {
            case .success(let decision):
                return Explanation(issues: issues, attempts: attempts, decision: decision)
            case .failure(let failure):
                fallbackFailure = failure.description
            }
        }
        return Explanation(issues: issues, attempts: attempts, fallbackFailure: fallbackFailure,
                           decision: .unmatched)
    }
}
