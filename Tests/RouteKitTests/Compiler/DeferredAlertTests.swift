@testable import RouteKit
import Testing

/// A compiled table renders a decision's alert texts when they are read; what is read must be what
/// the reference interpreter renders when it decides, and a deferred alert must behave as a value.
@Suite struct DeferredAlertTests {
    /// Rule `templated` fills its texts from the payload; `constant` has none to fill.
    static func compile() throws -> CompiledTable {
        let rules = [
            Rule(name: "templated", when: ExpressionSource("type == 1"),
                 route: Route(action: Action(tab: "home"),
                              alert: AlertOverride(title: "{sender.name} wrote", confirm: "Open {type}"))),
            Rule(name: "constant", when: ExpressionSource("type == 2"),
                 route: Route(action: Action(tab: "home"),
                              alert: AlertOverride(title: "Hello", message: "There"))),
        ]
        let table = RouteTable(
            tabs: ["home"], screens: [],
            payloadFields: [PayloadField(path: "type", type: .int), PayloadField(path: "aps.alert", type: .any)],
            rules: rules)
        let program = try #require(TableChecker.check(table, sources: []).program)
        return CompiledTable(program)
    }

    static let payloads: [JSONValue] = [
        ["type": 1, "aps": ["alert": "New reply"], "sender": ["name": "Ada"]],
        ["type": "1", "aps": ["alert": ["title": "T", "body": "Body text"]]],
        ["type": 1.0, "aps": ["alert": 7], "sender": ["name": ["not", "text"]]],
        ["type": 1],
        ["type": 2, "aps": ["alert": "ignored"]],
        ["type": 1, "aps": ["alert": ["body": 2.0]]],
        ["type": 1, "aps": ["alert": ["body": ["nested": "no"]]]],
    ]

    /// A dictionary alert's `body` renders as the value would on its own: a number or a boolean
    /// as text (it used to render nothing), an object or a list as nothing.
    @Test func aDictionaryAlertsBodyRendersAsTheValueItself() {
        let cases: [(JSONValue, String)] = [
            ("Hi", "Hi"), (7, "7"), (2.0, "2"), (1.5, "1.5"), (true, "true"), (.null, ""),
            (["x": 1], ""), ([1], ""),
        ]
        for (body, text) in cases {
            #expect(AlertRenderer.render("{aps.alert}", payload: ["aps": ["alert": ["body": body]]]) == text, "\(body)")
            if case .object = body { continue }
            if case .array = body { continue }
            #expect(AlertRenderer.render("{aps.alert}", payload: ["aps": ["alert": body]]) == text, "\(body)")
        }
    }

    /// `AlertRenderer.maxRenderedBytes`: a text of several parts renders whole up to 16 KiB and is
    /// cut past it, ending in "…", however many placeholders it repeats.
    @Test func aRenderedTextStopsAtTheLimit() {
        let limit = AlertRenderer.maxRenderedBytes
        let half: JSONValue = .string(String(repeating: "a", count: limit / 2))
        #expect(AlertRenderer.render("{s}{s}", payload: ["s": half]).utf8.count == limit)
        let past = AlertRenderer.render("{s}{s}!", payload: ["s": half])
        #expect(past.utf8.count <= limit && past.hasSuffix("…") && past.hasPrefix("aaa"))
        let many = String(repeating: "{s}", count: 20_000)
        let bomb = AlertRenderer.render(many, payload: ["s": .string(String(repeating: "é", count: 8_000))])
        #expect(bomb.utf8.count <= limit && bomb.hasSuffix("…"))
        #expect(bomb.dropLast().allSatisfy { $0 == "é" })
    }

    @Test func readTextsAreTheInterpretersFromValuesAndBytes() throws {
        let compiled = try Self.compile()
        for payload in Self.payloads {
            let expected = compiled.program.decide(payload).alert
            #expect(compiled.decide(payload).alert == expected, "\(payload)")
            let bytes = Array(JSONWriter.write(payload).utf8)
            let fromBytes = try bytes.withUnsafeBytes { try compiled.decide(json: $0) }
            #expect(fromBytes.alert == expected, "\(payload)")
        }
        let first = compiled.decide(Self.payloads[0]).alert
        #expect(first == AlertText(title: "Ada wrote", message: "New reply", confirm: "Open 1", cancel: "Cancel"))
        #expect(compiled.decide(Self.payloads[1]).alert.message == "Body text")
    }

    @Test func aDeferredAlertIsEqualAndHashesAsTheRenderedOne() throws {
        let compiled = try Self.compile()
        let payload = Self.payloads[0]
        let deferred = compiled.decide(payload)
        guard case .compiled(_, .members) = deferred.storage else {
            Issue.record("a templated alert decided from a value should be deferred")
            return
        }
        let rendered = compiled.program.decide(payload)
        guard case .given = rendered.storage else {
            Issue.record("the interpreter renders when it decides")
            return
        }
        #expect(deferred == rendered)
        #expect(Set([deferred, rendered]).count == 1)
        var other = rendered
        other.alert.title = "Someone wrote"
        #expect(deferred != other)
    }

    @Test func settingTheAlertReplacesTheDeferredTexts() throws {
        let compiled = try Self.compile()
        var decision = compiled.decide(Self.payloads[0])
        decision.alert.confirm = "Read"
        #expect(decision.alert == AlertText(title: "Ada wrote", message: "New reply", confirm: "Read", cancel: "Cancel"))
        guard case .given = decision.storage else {
            Issue.record("a set alert is held rendered")
            return
        }
    }

    @Test func constantTextsAreNeverDeferred() throws {
        let compiled = try Self.compile()
        let decision = compiled.decide(Self.payloads[4])
        guard case .compiled(_, .none) = decision.storage else {
            Issue.record("texts without placeholders need no payload")
            return
        }
        #expect(decision.alert == AlertText(title: "Hello", message: "There", confirm: "View", cancel: "Cancel"))
    }
}

extension DeferredAlertTests {
    /// From JSON bytes there is no payload value to keep: texts reading one field keep that
    /// field's value (raw or normalized, as deciding left it); others are rendered at once.
    @Test func fromBytesOneFieldIsKeptAndTemplatesRenderAtOnce() throws {
        let compiled = try Self.compile()
        let templated = try Array(#"{"type": 1, "sender": {"name": "Ada"}}"#.utf8)
            .withUnsafeBytes { try compiled.decide(json: $0) }
        guard case .compiled(_, .resolved(let parts)) = templated.storage, case .text(let text) = parts.alert else {
            Issue.record("a template reading undeclared fields renders while the bytes are at hand")
            return
        }
        #expect(text.title == "Ada wrote")

        let table = RouteTable(
            tabs: ["home"], screens: [],
            payloadFields: [PayloadField(path: "type", type: .int), PayloadField(path: "aps.alert", type: .string)],
            rules: [Rule(name: "r", when: ExpressionSource("type == 1"), route: Route(action: Action(tab: "home")))])
        let program = try #require(TableChecker.check(table, sources: []).program)
        let oneField = CompiledTable(program)
        for json in [#"{"type": 1, "aps": {"alert": 12}}"#, #"{"type": 1, "aps": {"alert": "Hi"}}"#, #"{"type": 1}"#] {
            let decision = try Array(json.utf8).withUnsafeBytes { try oneField.decide(json: $0) }
            guard case .compiled(_, .alertField) = decision.storage else {
                Issue.record("\(json): one field's texts are deferred")
                continue
            }
            let payload = try JSONReader.read(Array(json.utf8))
            #expect(decision.alert == program.decide(payload).alert, "\(json)")
        }
    }
}
