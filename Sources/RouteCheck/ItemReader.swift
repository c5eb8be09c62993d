import RouteKit

/// Reads one case or scenario of a test file for `TestFileDecoder`, collecting its problems: a
/// malformed item fails alone, and the rest of the file still runs.
struct ItemReader {
    let table: RouteTable
    var problems: [Diagnostic] = []
    /// Keys reported as likely misspelled (`paylod:` for `payload:`), by the mapping they are in:
    /// such a key is not also reported missing.
    private var misspelled: Set<Misspelling> = []

    private struct Misspelling: Hashable {
        var mapping: SourceRange
        var key: String
    }

    init(table: RouteTable) { self.table = table }

    mutating func report(_ diagnostic: Diagnostic) { problems.append(diagnostic) }

    /// A note for each value in `node` written as a YAML 1.1 boolean (`b: yes`): in a payload it
    /// is the string "yes", which a case whose rule wants `b == true` fails on without saying why.
    static func yaml11Words(in node: Node) -> [DiagnosticNote] {
        var notes: [DiagnosticNote] = []
        func visit(_ node: Node) {
            switch node.content {
            case .mapping(let pairs): pairs.forEach { visit($0.value) }
            case .sequence(let items): items.forEach(visit)
            case .scalar(let scalar):
                guard let meant = node.yaml11Boolean else { break }
                notes.append(DiagnosticNote(
                    "'\(scalar.value)' is the string \"\(scalar.value)\": only true and false are booleans in YAML 1.2; write \(meant) if a boolean is meant",
                    at: node.range))
            }
        }
        visit(node)
        return notes
    }

    // MARK: Items

    mutating func testCase(_ node: Node, number: Int) -> TestItem {
        var item = readCase(node, number: number)
        item.problems = problems
        return item
    }

    mutating func scenario(_ node: Node, number: Int) -> TestItem {
        var item = readScenario(node, number: number)
        item.problems = problems
        return item
    }

    private mutating func readCase(_ node: Node, number: Int) -> TestItem {
        var item = TestItem(
            kind: .case, name: "case \(number)", range: node.range, user: nil, ui: nil,
            events: [], expectations: [StepExpectation()], expectedRule: nil, problems: [])
        guard let fields = mapping(node, "a case", allowed: TestFileDecoder.caseKeys) else {
            return item
        }
        item.name = name(fields, "a case", node) ?? item.name
        item.user = user(fields["user"])
        item.ui = fields["ui"].flatMap { ui($0) }
        var appState = NavigatorEvent.AppState.background
        if let stateNode = fields["app_state"] {
            if let text = string(stateNode, "'app_state'") {
                if let state = NavigatorEvent.AppState(rawValue: text) {
                    appState = state
                } else {
                    report(unknown("app_state", text, NavigatorEvent.AppState.allCases.map(\.rawValue),
                                   stateNode))
                }
            }
        }
        if let payloadNode = fields["payload"] {
            if case .mapping = payloadNode.content {
                let payload = payloadNode.jsonValue
                if let problem = PayloadLimits.problem(in: payload) {
                    // `bad-event`, as the same payload in a scenario's notification event draws.
                    report(Diagnostic(.error, "bad-event", "'payload': \(problem.message)",
                                      at: payloadNode.range(of: problem)))
                } else {
                    item.events = [TestEvent(event: .notification(payload, appState), range: payloadNode.range)]
                    item.hints += Self.yaml11Words(in: payloadNode)
                }
            } else {
                report(TestFileDecoder.wrongType("a mapping", for: "'payload'", payloadNode))
            }
        } else {
            reportMissing("payload", in: "a case", node)
        }
        guard let expectNode = fields["expect"] else {
            reportMissing("expect", in: "a case", node)
            return item
        }
        guard let expect = mapping(expectNode, "'expect'", allowed: TestFileDecoder.caseExpectKeys)
        else { return item }
        // `expect: {}` would pass whatever happens: a green CI that tested nothing.
        if case .mapping(let pairs) = expectNode.content, pairs.isEmpty {
            report(Diagnostic(.error, "missing-key",
                              "'expect' checks nothing; give 'rule', 'outcome' or 'commands'",
                              at: expectNode.range))
        }
        if let ruleNode = expect["rule"] {
            if case .null? = ruleNode.resolvedScalar {
                item.expectedRule = .some(nil)
            } else if let rule = string(ruleNode, "'expect.rule'") {
                item.expectedRule = .some(rule)
                let names = table.rules.map(\.name)
                if !names.contains(rule) {
                    report(unknown("rule", rule, names, ruleNode))
                }
            }
        }
        item.expectations = [step(expect)]
        return item
    }

    private mutating func readScenario(_ node: Node, number: Int) -> TestItem {
        var item = TestItem(
            kind: .scenario, name: "scenario \(number)", range: node.range, user: nil, ui: nil,
            events: [], expectations: [], expectedRule: nil, problems: [])
        guard let fields = mapping(node, "a scenario", allowed: TestFileDecoder.scenarioKeys) else {
            return item
        }
        item.name = name(fields, "a scenario", node) ?? item.name
        item.user = user(fields["user"])
        item.ui = fields["ui"].flatMap { ui($0) }
        var eventNodes: [Node]?
        if let eventsNode = fields["events"] {
            if let nodes = sequence(eventsNode, "'events'") {
                eventNodes = nodes
                for eventNode in nodes {
                    do {
                        let event = try TableUI.event(eventNode.jsonValue, table: table)
                        item.events.append(TestEvent(event: event, range: eventNode.range))
                        item.hints += Self.yaml11Words(in: eventNode)
                    } catch {
                        let range = (error as? NavigatorJSONError).map(eventNode.range(of:)) ?? eventNode.range
                        report(Diagnostic(.error, "bad-event", "\(error)", at: range))
                    }
                }
            }
        } else {
            reportMissing("events", in: "a scenario", node)
        }
        guard let expectNode = fields["expect"] else {
            reportMissing("expect", in: "a scenario", node)
            return item
        }
        guard let steps = sequence(expectNode, "'expect'") else { return item }
        for stepNode in steps {
            if let fields = mapping(stepNode, "an entry of 'expect'", allowed: TestFileDecoder.stepKeys) {
                item.expectations.append(step(fields))
            }
        }
        if let eventNodes, eventNodes.count != steps.count {
            let eventCount = eventNodes.count
            // At the first entry with no event, or the first event with no entry.
            let place = steps.count > eventCount ? steps[eventCount] : eventNodes[steps.count]
            report(Diagnostic(
                .error, "expect-count",
                "'expect' has \(steps.count) \(steps.count == 1 ? "entry" : "entries") for "
                    + "\(eventCount) \(eventCount == 1 ? "event" : "events"); give one per event",
                at: place.range))
        }
        return item
    }

    // MARK: Parts

    private mutating func step(_ fields: Fields) -> StepExpectation {
        var expectation = StepExpectation()
        if let outcomeNode = fields["outcome"], let text = string(outcomeNode, "'outcome'") {
            if let outcome = Navigator.Outcome(rawValue: text) {
                expectation.outcome = outcome
            } else {
                report(unknown("outcome", text, Navigator.Outcome.allCases.map(\.rawValue),
                               outcomeNode))
            }
        }
        if let commandsNode = fields["commands"], let nodes = sequence(commandsNode, "'commands'") {
            expectation.commands = nodes.compactMap { command($0) }
        }
        return expectation
    }

    private mutating func name(_ fields: Fields, _ what: String, _ node: Node) -> String? {
        guard let nameNode = fields["name"] else {
            reportMissing("name", in: what, node)
            return nil
        }
        guard let text = string(nameNode, "'name'") else { return nil }
        guard !text.isEmpty else {
            report(Diagnostic(.error, "empty-name", "'name' must not be empty", at: nameNode.range))
            return nil
        }
        return text
    }

    private mutating func user(_ node: Node?) -> String? {
        guard let node else { return nil }
        if case .null? = node.resolvedScalar { return nil }
        guard let user = string(node, "'user'") else { return nil }
        if user.isEmpty {
            report(Diagnostic(.error, "empty-name", "'user' is empty; leave it out for nobody logged in",
                              at: node.range))
            return nil
        }
        return user
    }

    private mutating func ui(_ node: Node) -> UISnapshot? {
        guard case .mapping = node.content else {
            report(TestFileDecoder.wrongType("a mapping", for: "'ui'", node))
            return nil
        }
        do {
            return try TableUI.snapshot(node.jsonValue, table: table)
        } catch {
            let range = (error as? NavigatorJSONError).map(node.range(of:)) ?? node.range
            report(Diagnostic(.error, "bad-ui", "\(error)", at: range))
            return nil
        }
    }

    // MARK: Nodes

    typealias Fields = [String: Node]

    mutating func mapping(_ node: Node, _ what: String, allowed: [String]) -> Fields? {
        guard case .mapping(let pairs) = node.content else {
            report(TestFileDecoder.wrongType("a mapping", for: what, node))
            return nil
        }
        var fields: Fields = [:]
        for pair in pairs {
            guard let key = Self.keyText(pair.key) else {
                report(TestFileDecoder.wrongType("a name", for: "a key in \(what)", pair.key))
                continue
            }
            guard allowed.contains(key) else {
                let unknown = unknownKey(key, at: pair.key, in: what, allowed: allowed)
                report(unknown)
                if let meant = unknown.fixIt?.replacement {
                    misspelled.insert(Misspelling(mapping: node.range, key: meant))
                }
                continue
            }
            fields[key] = pair.value
        }
        return fields
    }

    private mutating func sequence(_ node: Node, _ what: String) -> [Node]? {
        guard case .sequence(let nodes) = node.content else {
            report(TestFileDecoder.wrongType("a list", for: what, node))
            return nil
        }
        return nodes
    }

    mutating func string(_ node: Node, _ what: String) -> String? {
        guard case .string(let text)? = node.resolvedScalar else {
            report(TestFileDecoder.wrongType("a string", for: what, node))
            return nil
        }
        return text
    }

    func missing(_ key: String, in what: String, _ node: Node) -> Diagnostic {
        Diagnostic(.error, "missing-key", "missing required key '\(key)' in \(what)", at: node.range)
    }

    /// Reports `key` missing from the mapping `node`, unless it is there misspelled, which is
    /// reported already with its fix.
    mutating func reportMissing(_ key: String, in what: String, _ node: Node) {
        guard !misspelled.contains(Misspelling(mapping: node.range, key: key)) else { return }
        report(missing(key, in: what, node))
    }

    /// A key `what` does not have, with the closest it has, or else `others` (what it has).
    func unknownKey(_ key: String, at node: Node, in what: String, allowed: [String], others: String? = nil)
        -> Diagnostic
    {
        let hint = Suggestion.closest(to: key, in: allowed)
        let advice = hint.map { "; did you mean '\($0)'?" } ?? others.map { "; it has \($0)" } ?? ""
        return Diagnostic(.error, "unknown-key", "unknown key '\(key)' in \(what)" + advice,
                          at: node.range, fixIt: hint.map { FixIt(replacement: $0) })
    }

    /// A name not among `known`, of `owner` when given (`param 'idd' of screen 'detail'`): with
    /// the closest known name, or else, when they are few (app states, outcomes, a table's tabs),
    /// the names it could be, as the route model spells out its enumerations.
    func unknown(_ kind: String, _ name: String, _ known: [String], _ node: Node, of owner: String? = nil)
        -> Diagnostic
    {
        let hint = Suggestion.closest(to: name, in: known)
        var message = "unknown \(kind) '\(name)'" + (owner.map { " of \($0)" } ?? "")
        if let hint {
            message += "; did you mean '\(hint)'?"
        } else if !known.isEmpty, known.count <= Self.maxListedChoices {
            message += "; expected one of " + known.map { "'\($0)'" }.joined(separator: ", ")
        }
        return Diagnostic(
            .error, DiagnosticCode("unknown-\(kind.replacingOccurrences(of: "_", with: "-"))"),
            message, at: node.range, fixIt: hint.map { FixIt(replacement: $0) })
    }

    /// Lists longer than this (a table's rules) are not spelled out in an unknown-name error.
    static let maxListedChoices = 12

    static func keyText(_ node: Node) -> String? {
        guard case .scalar(let scalar) = node.content else { return nil }
        return scalar.value
    }
}
