@testable import RouteKit
import Testing

/// The compiled evaluator's shortcuts — string equality and int comparisons on slots without
/// interpreter values, fixed actions prepared once, params written into prepared dictionaries —
/// each on the inputs where a shortcut must give way to the interpreter's rules.
@Suite struct CompiledFastPathTests {
    private typealias Index = CompiledTableIndexTests

    @Test func stringEqualityOnSlotsKeepsTheInterpretersAnswers() throws {
        // `flag == true` is the key atom; the string tests are left for the slot shortcut.
        let compiled = try Index.compile([
            "flag == true && target == \"a\"", "flag == true && target != \"a\"",
            "flag == true && extra == \"3\"", "flag == true && \"b\" == target", "flag == true",
        ])
        #expect(Index.decide(compiled, ["flag": true, "target": "a"]) == "r0")
        #expect(Index.decide(compiled, ["flag": true, "target": "b"]) == "r1")
        // Missing: an error, so neither `==` nor `!=` holds.
        #expect(Index.decide(compiled, ["flag": true]) == "r4")
        // Normalized to the declared string type before comparing.
        #expect(Index.decide(compiled, ["flag": true, "target": 7]) == "r1")
        // An `any` field holding a number is not the string "3".
        #expect(Index.decide(compiled, ["flag": true, "extra": 3]) == "r4")
        #expect(Index.decide(compiled, ["flag": true, "extra": "3"]) == "r2")
        // By scalars: a decomposed "é" is not the precomposed one.
        let decomposed = try Index.compile(["flag == true && target == \"\u{E9}\"", "flag == true"])
        #expect(Index.decide(decomposed, ["flag": true, "target": "e\u{301}"]) == "r1")
        #expect(Index.decide(decomposed, ["flag": true, "target": "\u{E9}"]) == "r0")
    }

    @Test func intComparisonsOnSlotsKeepTheInterpretersAnswers() throws {
        let compiled = try Index.compile([
            "flag == true && id >= 4900 && id < 5000", "flag == true && 10 < id && id <= 20",
            "flag == true && extra > 4", "flag == true && id != 0", "flag == true",
        ])
        #expect(Index.decide(compiled, ["flag": true, "id": 4900]) == "r0")
        #expect(Index.decide(compiled, ["flag": true, "id": 5000]) == "r3")
        #expect(Index.decide(compiled, ["flag": true, "id": 11]) == "r1")
        #expect(Index.decide(compiled, ["flag": true, "id": 10]) == "r3")
        #expect(Index.decide(compiled, ["flag": true, "id": 20]) == "r1")
        #expect(Index.decide(compiled, ["flag": true, "id": "15"]) == "r1")  // normalized to 15
        #expect(Index.decide(compiled, ["flag": true, "id": 0]) == "r4")
        #expect(Index.decide(compiled, ["flag": true]) == "r4")  // missing: an error
        // An `any` field: a double compares with the int constant by value; a string is an error.
        #expect(Index.decide(compiled, ["flag": true, "extra": 4.5]) == "r2")
        #expect(Index.decide(compiled, ["flag": true, "extra": 4.0]) == "r4")
        #expect(Index.decide(compiled, ["flag": true, "extra": "5"]) == "r4")
    }

    /// Routes with params, several per screen, pushed and presented, and one that cannot be
    /// performed: every decision as the interpreter's, params included.
    @Test func paramsAreWrittenIntoEachDecisionsOwnScreens() throws {
        let detail = Screen(name: "detail", show: .push, params: [
            ScreenParam(name: "id", type: .int), ScreenParam(name: "label", type: .string),
            ScreenParam(name: "score", type: .double),
        ])
        let sheet = Screen(name: "sheet", show: .present, params: [ScreenParam(name: "id", type: .int)])
        let list = Screen(name: "list", show: .push)
        func bind(_ pairs: [(String, String)]) -> [ParamBinding] {
            pairs.map { ParamBinding(name: $0.0, expression: ExpressionSource($0.1)) }
        }
        let rules = [
            Rule(name: "both", when: ExpressionSource("flag == true"), route: Route(action: Action(
                tab: "home", push: [ScreenStep(screen: "list"),
                                    ScreenStep(screen: "detail", params: bind([("id", "id"), ("label", "target"),
                                                                               ("score", "score")]))],
                present: ScreenStep(screen: "sheet", params: bind([("id", "aps.badge")]))))),
            Rule(name: "fixed", when: ExpressionSource("true"), route: Route(action: Action(
                tab: "home", push: [ScreenStep(screen: "list")]))),
        ]
        let table = RouteTable(
            tabs: ["home"], screens: [detail, sheet, list], payloadFields: Index.fields, rules: rules)
        let checked = TableChecker.check(table, sources: [])
        let compiled = CompiledTable(try #require(checked.program, "\(checked.diagnostics)"))
        let payloads: [JSONValue] = [
            ["flag": true, "id": 1, "target": "a", "score": 1.5, "aps": ["badge": 2]],
            ["flag": true, "id": "2", "target": 3, "score": 2, "aps": ["badge": "4"]],
            ["flag": true, "id": 3, "target": "c", "score": 0.5],  // no badge: `both` cannot be performed
            ["flag": false],
        ]
        var decisions: [Decision] = []
        for payload in payloads {
            let decision = compiled.decide(payload)
            #expect(decision == compiled.program.decide(payload), "payload \(payload)")
            decisions.append(decision)
        }
        // Read after every decision is made: each has its own params, unchanged by the ones after it.
        #expect(decisions[0].action?.push.last?.params == ["id": 1, "label": "a", "score": 1.5])
        #expect(decisions[0].action?.present == ScreenInstance(screen: "sheet", params: ["id": 2]))
        #expect(decisions[1].action?.push.last?.params == ["id": 2, "label": "3", "score": 2.0])
        #expect(decisions[1].action?.present?.params == ["id": 4])
        #expect(decisions[2].source == .rule(name: "fixed", index: 1))
        #expect(decisions[3].action == ResolvedAction(tab: "home", push: [ScreenInstance(screen: "list")]))
    }
}
