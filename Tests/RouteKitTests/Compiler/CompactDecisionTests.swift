@testable import RouteKit
import Testing

/// A compiled table's decision is its route and what deciding read from the payload; params,
/// login user and alert texts are built when read. What is read must be the interpreter's, the
/// decision must stay readable after its table is gone, and setting a part must keep the others.
@Suite struct CompactDecisionTests {
    /// `detail` takes the payload's id; `inbox` needs the user `uid` logged in; `home` is fixed.
    static func program() throws -> RoutingProgram {
        let detail = Screen(name: "detail", show: .push, params: [ScreenParam(name: "id", type: .int)])
        let rules = [
            Rule(name: "detail", when: ExpressionSource("type == 1"), route: Route(action: Action(
                tab: "home", push: [ScreenStep(screen: "detail", params: [
                    ParamBinding(name: "id", expression: ExpressionSource("id")),
                ])]), alert: AlertOverride(title: "{target}"))),
            Rule(name: "inbox", when: ExpressionSource("type == 2"), route: Route(
                action: Action(tab: "home"), login: .user(ExpressionSource("uid")))),
            Rule(name: "home", when: ExpressionSource("type == 3"), route: Route(
                action: Action(tab: "home"), foreground: .navigate, alert: AlertOverride(title: "Hi", message: "There"))),
        ]
        let table = RouteTable(
            tabs: ["home"], screens: [detail],
            payloadFields: [PayloadField(path: "type", type: .int), PayloadField(path: "id", type: .int),
                            PayloadField(path: "uid", type: .string), PayloadField(path: "target", type: .string)],
            rules: rules, fallback: Route(action: Action(tab: "home")))
        let checked = TableChecker.check(table, sources: [])
        return try #require(checked.program, "\(checked.diagnostics)")
    }

    static let payloads: [JSONValue] = [
        ["type": 1, "id": "42", "target": "news"],
        ["type": 1, "target": "news"],  // no id: `detail` cannot be performed, the fallback decides
        ["type": 2, "uid": 7],
        ["type": 2],  // no user id: the fallback decides
        ["type": 3],
        ["type": 4],
        [1, 2],  // not an object
        ["type": 2, "uid": ""],  // an empty user id is none: the fallback decides
    ]

    @Test func everyPartReadIsTheInterpretersFromValuesAndBytes() throws {
        let program = try Self.program()
        let compiled = CompiledTable(program)
        for payload in Self.payloads {
            let expected = program.decide(payload)
            let fromValue = compiled.decide(payload)
            let bytes = Array(JSONWriter.write(payload).utf8)
            let fromBytes = try bytes.withUnsafeBytes { try compiled.decide(json: $0) }
            for decision in [fromValue, fromBytes] {
                #expect(decision.source == expected.source, "\(payload)")
                #expect(decision.action == expected.action, "\(payload)")
                #expect(decision.login == expected.login, "\(payload)")
                #expect(decision.foreground == expected.foreground, "\(payload)")
                #expect(decision.ifVisible == expected.ifVisible, "\(payload)")
                #expect(decision.alert == expected.alert, "\(payload)")
                #expect(decision == expected, "\(payload)")
            }
        }
        let detail = compiled.decide(Self.payloads[0])
        #expect(detail.action?.push == [ScreenInstance(screen: "detail", params: ["id": 42])])
        #expect(compiled.decide(Self.payloads[2]).login == .user("7"))
        #expect(compiled.decide(Self.payloads[3]).source == .fallback)
        #expect(compiled.decide(Self.payloads[7]).source == .fallback)
    }

    @Test func aDecisionOnAValueKeepsThePayloadOnlyWhenAPartReadsIt() throws {
        let compiled = CompiledTable(try Self.program())
        guard case .compiled(_, .members) = compiled.decide(Self.payloads[0]).storage else {
            Issue.record("params are read from the payload when asked for")
            return
        }
        guard case .compiled(_, .members) = compiled.decide(Self.payloads[2]).storage else {
            Issue.record("the login user is read from the payload when asked for")
            return
        }
        guard case .compiled(_, .none) = compiled.decide(Self.payloads[4]).storage else {
            Issue.record("a fixed action, no user and constant texts need nothing from the payload")
            return
        }
    }

    /// Small enough to be returned through `decide` in registers, not copied with `memmove`.
    @Test func aDecisionIsAFewWords() {
        #expect(MemoryLayout<Decision>.size <= 4 * MemoryLayout<Int>.size)
    }

    @Test func aDecisionOutlivesItsTable() throws {
        var decisions: [Decision] = []
        do {
            let compiled = CompiledTable(try Self.program())
            decisions = Self.payloads.map { compiled.decide($0) }
            decisions += try Self.payloads.map { payload in
                try Array(JSONWriter.write(payload).utf8).withUnsafeBytes { try compiled.decide(json: $0) }
            }
        }
        let program = try Self.program()
        for (decision, payload) in zip(decisions, Self.payloads + Self.payloads) {
            #expect(decision == program.decide(payload), "\(payload)")
        }
    }

    @Test func settingAPartKeepsTheOthers() throws {
        let program = try Self.program()
        let compiled = CompiledTable(program)
        let payload = Self.payloads[0]
        var decision = compiled.decide(payload)
        var expected = program.decide(payload)
        decision.foreground = .ignore
        expected.foreground = .ignore
        #expect(decision == expected)
        #expect(decision.action?.push.first?.params == ["id": 42])
        #expect(decision.alert.title == "news")

        decision.source = .fallback
        decision.login = .required
        decision.ifVisible = .push
        decision.action?.push = []
        #expect(decision == Decision(source: .fallback, action: ResolvedAction(tab: "home"), login: .required,
                                     foreground: .ignore, ifVisible: .push, alert: expected.alert))
        // The decision it was copied from is unchanged.
        #expect(compiled.decide(payload) == program.decide(payload))
    }
}
