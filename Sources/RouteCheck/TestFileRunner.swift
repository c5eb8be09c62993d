import RouteKit

/// Runs test items (golden cases and event scenarios) through a fresh navigator each and
/// compares what happened with what the item expects.
///
/// ```swift
/// let result = TestFileRunner.run(item, decider: decider)
/// if !result.passed { print(TestReport(colored: false).failure(result)) }
/// ```
enum TestFileRunner {
    /// Runs one item; an item with problems fails without running.
    static func run(_ item: TestItem, decider: any RouteDecider) -> TestItemResult {
        var result = TestItemResult(item: item)
        guard item.problems.isEmpty else { return result }
        var navigator = Navigator(decider: decider, ui: item.ui, user: item.user)
        for (index, testEvent) in item.events.enumerated() {
            var decidedRule: String??
            if let payload = testEvent.event.decidedPayload {
                let rule = ruleName(decider.decide(payload))
                if let rule { result.exercised.insert(rule) }
                decidedRule = .some(rule)
            }
            let step = navigator.send(testEvent.event)
            if item.kind == .case, let expected = item.expectedRule, let actual = decidedRule,
                expected != actual
            {
                result.ruleMismatch = RuleMismatch(expected: expected, actual: actual)
            }
            let expectation = index < item.expectations.count
                ? item.expectations[index] : StepExpectation()
            if let failure = compare(expectation, step, index: index, event: testEvent) {
                result.failedSteps.append(failure)
            } else if result.ruleMismatch != nil, item.kind == .case {
                // A failure always shows the expected and the actual commands, even when only
                // the rule differs.
                result.failedSteps.append(StepFailure(
                    index: index, event: testEvent, expected: expectation, actual: step,
                    outcomeDiffers: false, firstCommandDifference: nil))
            }
        }
        return result
    }

    /// The rule that decided, or nil for the fallback or nothing.
    static func ruleName(_ decision: Decision) -> String? {
        if case .rule(let name, _) = decision.source { return name }
        return nil
    }

    /// A failure when the step does not meet the expectation.
    static func compare(_ expected: StepExpectation, _ actual: Navigator.Step, index: Int,
                        event: TestEvent) -> StepFailure?
    {
        let outcomeDiffers = expected.outcome.map { $0 != actual.outcome } ?? false
        var difference: Int?
        var unlisted = 0
        if let commands = expected.commands {
            unlisted = unlistedClearBadge(commands, actual.commands) ? 1 : 0
            difference = firstDifference(commands, Array(actual.commands.dropFirst(unlisted)))
        }
        guard outcomeDiffers || difference != nil else { return nil }
        return StepFailure(index: index, event: event, expected: expected, actual: actual,
                           outcomeDiffers: outcomeDiffers, firstCommandDifference: difference,
                           unlistedClearBadge: unlisted)
    }

    /// Whether the actual commands start with the `clear_badge` of a table with
    /// `defaults.clear_badge: true` (SPEC §6.5) that the expected commands do not mention: it is
    /// then not compared, so that SPEC §7's own example, which lists no `clear_badge`, passes
    /// against SPEC §3's table, which clears the badge. Expecting any `clear_badge` compares it.
    static func unlistedClearBadge(_ expected: [ExpectedCommand], _ actual: [Navigator.Command]) -> Bool {
        guard case .clearBadge? = actual.first else { return false }
        return !expected.contains { $0.fields["cmd"] == .string("clear_badge") }
    }

    /// The index of the first expected command that does not match, or of the first command
    /// only one of the lists has; nil when they match.
    static func firstDifference(_ expected: [ExpectedCommand], _ actual: [Navigator.Command]) -> Int? {
        for index in 0..<max(expected.count, actual.count) {
            guard index < expected.count, index < actual.count,
                expected[index].matches(actual[index])
            else { return index }
        }
        return nil
    }
}

extension NavigatorEvent {
    /// The payload a `notification` or a `launch` with a payload decides: what coverage counts.
    var decidedPayload: JSONValue? {
        switch self {
        case .notification(let payload, _): payload
        case .launch(let payload?, _): payload
        default: nil
        }
    }
}

/// The rule a case expected and the rule that decided (nil: fallback or none).
struct RuleMismatch {
    var expected: String?
    var actual: String?
}

/// An event whose outcome or commands were not the expected ones.
struct StepFailure {
    /// 0-based, in the item's events.
    var index: Int
    var event: TestEvent
    var expected: StepExpectation
    var actual: Navigator.Step
    var outcomeDiffers: Bool
    /// The first command that differs (see `TestFileRunner.firstDifference`), counted in the
    /// expected commands.
    var firstCommandDifference: Int?
    /// 1 when the actual commands' leading `clear_badge` was not compared
    /// (`TestFileRunner.unlistedClearBadge`): the first that differs is one further on in them.
    var unlistedClearBadge = 0
}

/// What running one item found.
struct TestItemResult {
    var item: TestItem
    var ruleMismatch: RuleMismatch?
    var failedSteps: [StepFailure] = []
    /// The rules that decided a notification or a launch of the item.
    var exercised: Set<String> = []

    init(item: TestItem) { self.item = item }

    var passed: Bool { item.problems.isEmpty && ruleMismatch == nil && failedSteps.isEmpty }
}

/// Formats test results: `PASS name` / `FAIL name` lines and, for a failure, where the item is
/// and what differed, as JSON lines with `>` on the first differing command.
///
/// ```
/// FAIL type 3 opens the message detail
///   routes/messages.test.yaml:4:5: case 'type 3 opens the message detail'
///   rule: expected "message-detail", actual null
///   outcome: expected "performed", actual "unmatched"
///   expected commands:
///       {"cmd":"clear_badge"}
///     > {"cmd":"select_tab","tab":"home"}
///   actual commands:
///       {"cmd":"clear_badge"}
///     > (no more commands)
/// ```
struct TestReport {
    var colored: Bool
    /// Renders a failed item's problems.
    var renderer: (TestItem) -> String

    static let green = "\u{1B}[32m"
    static let red = "\u{1B}[31m"
    static let bold = "\u{1B}[1m"
    static let reset = "\u{1B}[0m"

    func style(_ codes: String, _ text: String) -> String {
        colored ? codes + text + Self.reset : text
    }

    // A name is written by whoever wrote the test file: a line break or an escape sequence in
    // it must not forge a line or drive the terminal, as in diagnostics.
    func pass(_ name: String) -> String { style(Self.green, "PASS") + " \(SourceExcerpt.sanitized(name))\n" }
    func fail(_ name: String) -> String { style(Self.bold + Self.red, "FAIL") + " \(SourceExcerpt.sanitized(name))\n" }

    /// The lines for one result: `PASS name`, or `FAIL name` and the details.
    func render(_ result: TestItemResult) -> String {
        let item = result.item
        guard !result.passed else { return pass(item.name) }
        var output = fail(item.name)
        if !item.problems.isEmpty {
            return output + renderer(item)
        }
        output += "  \(TextDiagnosticRenderer.location(item.range)): "
            + "\(item.kind.rawValue) '\(SourceExcerpt.sanitized(item.name))'\n"
        if let mismatch = result.ruleMismatch {
            output += "  rule: expected \(Self.json(mismatch.expected)), "
                + "actual \(Self.json(mismatch.actual))\n"
        }
        for failure in result.failedSteps {
            var indent = "  "
            if item.kind == .scenario {
                output += "  event \(failure.index + 1) of \(item.events.count) "
                    + "(\(TextDiagnosticRenderer.location(failure.event.range))): "
                    + JSONWriter.write(failure.event.event.jsonValue, keyOrder: .spec) + "\n"
                indent = "    "
            }
            output += step(failure, indent: indent)
        }
        for hint in item.hints.prefix(Self.maxHints) {
            let place = hint.range.map { TextDiagnosticRenderer.location($0) + ": " } ?? ""
            output += "  note: \(place)\(SourceExcerpt.sanitized(hint.message))\n"
        }
        if item.hints.count > Self.maxHints {
            let more = item.hints.count - Self.maxHints
            output += "  note: and \(more) more such word\(more == 1 ? "" : "s") in its payloads\n"
        }
        return output
    }

    /// The most YAML 1.1 word notes printed under one failed item; a count says how many more.
    static let maxHints = 5

    private func step(_ failure: StepFailure, indent: String) -> String {
        var output = indent
        let actualOutcome = JSONWriter.quoted(failure.actual.outcome.rawValue)
        if let expected = failure.expected.outcome, failure.outcomeDiffers {
            output += "outcome: expected \(JSONWriter.quoted(expected.rawValue)), actual \(actualOutcome)\n"
        } else {
            output += "outcome: \(actualOutcome)\n"
        }
        let marker = failure.firstCommandDifference
        if let expected = failure.expected.commands {
            output += indent + "expected commands:\n"
            output += lines(expected.map { JSONWriter.write($0.jsonValue, keyOrder: .spec) }, marker: marker,
                            indent: indent)
        }
        output += indent + "actual commands:\n"
        output += lines(failure.actual.commands.map { JSONWriter.write($0.jsonValue, keyOrder: .spec) },
                        marker: marker.map { $0 + failure.unlistedClearBadge }, indent: indent)
        return output
    }

    /// One line per command; `> ` on the line at `marker`, or a `(no more commands)` line there
    /// when the list is shorter.
    private func lines(_ commands: [String], marker: Int?, indent: String) -> String {
        var output = ""
        for (index, command) in commands.enumerated() {
            let prefix = index == marker ? style(Self.bold + Self.red, "  > ") : "    "
            output += indent + prefix + command + "\n"
        }
        if let marker, marker >= commands.count {
            output += indent + style(Self.bold + Self.red, "  > ") + "(no more commands)\n"
        } else if commands.isEmpty {
            output += indent + "    (none)\n"
        }
        return output
    }

    static func json(_ text: String?) -> String {
        text.map(JSONWriter.quoted) ?? "null"
    }
}
