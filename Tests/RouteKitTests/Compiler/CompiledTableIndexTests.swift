@testable import RouteKit
import Testing

/// The index's semantic corners, each checked against the reference interpreter as well as against
/// the expected rule.
@Suite struct CompiledTableIndexTests {
    static let fields: [PayloadField] = [
        PayloadField(path: "type", type: .int), PayloadField(path: "target", type: .string),
        PayloadField(path: "score", type: .double), PayloadField(path: "flag", type: .bool),
        PayloadField(path: "id", type: .int), PayloadField(path: "aps.badge", type: .int),
        PayloadField(path: "extra", type: .any),
    ]

    /// A table of `tab: home` rules named `r0`, `r1`, … with the given predicates.
    static func compile(_ predicates: [String], fallback: Bool = false) throws -> CompiledTable {
        let detail = Screen(name: "detail", show: .push, params: [ScreenParam(name: "id", type: .int)])
        let rules = predicates.enumerated().map { index, when in
            Rule(name: "r\(index)", when: ExpressionSource(when), route: Route(action: Action(tab: "home")))
        }
        let table = RouteTable(
            tabs: ["home"], screens: [detail], payloadFields: fields, rules: rules,
            fallback: fallback ? Route(action: Action(tab: "home")) : nil)
        let checked = TableChecker.check(table, sources: [])
        let program = try #require(checked.program, "\(checked.diagnostics)")
        return CompiledTable(program)
    }

    /// The name of the rule the compiled table picks, after checking it agrees with the reference.
    static func decide(_ compiled: CompiledTable, _ payload: JSONValue) -> String? {
        let decision = compiled.decide(payload)
        #expect(decision == compiled.program.decide(payload), "payload \(payload)")
        switch decision.source {
        case .rule(let name, _): return name
        case .fallback: return "fallback"
        case .none: return nil
        }
    }

    /// CEL converts an int to a double to compare the two, which rounds beyond 2^53; the index
    /// must agree with the interpreter there too (it filed `score == 9007199254740993` under the
    /// int, where the payload's 9007199254740992.0 never found it).
    @Test func intAgainstDoubleBeyondTwoToThe53() throws {
        let compiled = try Self.compile([
            "score == 9007199254740993", "type == 9007199254740992.0", "type in [18014398509481984.0, 7]",
            "type in {9007199254740993: 1}",
        ])
        #expect(Self.decide(compiled, ["score": 9_007_199_254_740_993]) == "r0")
        #expect(Self.decide(compiled, ["score": 9_007_199_254_740_992]) == "r0")
        #expect(Self.decide(compiled, ["score": 9_007_199_254_740_994]) == nil)
        #expect(Self.decide(compiled, ["type": 9_007_199_254_740_993]) == "r1")
        #expect(Self.decide(compiled, ["type": 9_007_199_254_740_992]) == "r1")
        #expect(Self.decide(compiled, ["type": 9_007_199_254_740_991]) == nil)
        #expect(Self.decide(compiled, ["type": 18_014_398_509_481_985]) == "r2")
        #expect(Self.decide(compiled, ["type": 7]) == "r2")
        // Map keys are found exactly (MapKey), without rounding.
        #expect(Self.decide(compiled, ["type": 9_007_199_254_740_993]) == "r1")
        let mapOnly = try Self.compile(["type in {9007199254740993: 1}", "score in {9007199254740993: 1}"])
        #expect(Self.decide(mapOnly, ["type": 9_007_199_254_740_993]) == "r0")
        #expect(Self.decide(mapOnly, ["type": 9_007_199_254_740_992]) == nil)
        #expect(Self.decide(mapOnly, ["score": 9_007_199_254_740_992]) == nil)
    }

    @Test func numbersCompareByValueAcrossIntAndDouble() throws {
        let compiled = try Self.compile(["type == 3.0", "score == 2", "target == \"3\"", "type in [4.0, 5]"])
        #expect(compiled.keyField(ofRuleAt: 0) == "type")
        #expect(Self.decide(compiled, ["type": 3]) == "r0")
        #expect(Self.decide(compiled, ["type": 3.0]) == "r0")
        #expect(Self.decide(compiled, ["type": "3"]) == "r0")  // normalized to 3
        #expect(Self.decide(compiled, ["type": "3.0"]) == nil)  // not an int: missing
        #expect(Self.decide(compiled, ["type": 3.5]) == nil)
        #expect(Self.decide(compiled, ["score": 2]) == "r1")
        #expect(Self.decide(compiled, ["score": "2.0"]) == "r1")
        #expect(Self.decide(compiled, ["score": 2.000001]) == nil)
        #expect(Self.decide(compiled, ["target": 3]) == "r2")  // int to "3"
        #expect(Self.decide(compiled, ["target": 3.0]) == "r2")  // integral double to "3"
        #expect(Self.decide(compiled, ["type": 4]) == "r3")
        #expect(Self.decide(compiled, ["type": 5.0]) == "r3")
        // Not merely the same decision: the index itself files 3 and 3.0 together.
        #expect(compiled.candidates(for: ["type": 3]) == [0])
        #expect(compiled.candidates(for: ["type": 3.0, "score": "2", "target": 3]) == [0, 1, 2])
        #expect(compiled.candidates(for: ["type": 4.5]).isEmpty)
    }

    @Test func negativeZeroAndHugeDoubles() throws {
        let compiled = try Self.compile(["score == 0", "score == 1e300", "type == 9223372036854775807"])
        #expect(Self.decide(compiled, ["score": -0.0]) == "r0")
        #expect(Self.decide(compiled, ["score": 1e300]) == "r1")
        #expect(Self.decide(compiled, ["type": .int(.max)]) == "r2")
        #expect(Self.decide(compiled, ["type": 9223372036854775808.0]) == nil)  // beyond Int64: missing
    }

    @Test func nanNeverMatches() throws {
        let compiled = try Self.compile(["score == 0.0 / 0.0", "score in [1.5, 0.0 / 0.0]", "true"])
        #expect(compiled.statistics.indexedRules == 2)
        #expect(Self.decide(compiled, ["score": .double(.nan)]) == "r2")
        #expect(Self.decide(compiled, ["score": 1.5]) == "r1")
        #expect(Self.decide(compiled, [:]) == "r2")
        #expect(compiled.candidates(for: ["score": .double(.nan)]) == [2])
    }

    @Test func stringsCompareByScalarsNotCanonicalEquivalence() throws {
        let precomposed = "\u{E9}"
        let decomposed = "e\u{301}"
        #expect(precomposed == decomposed)  // Swift's own equality would merge them
        let compiled = try Self.compile([
            "target == \"\(precomposed)\"", "target in [\"\(decomposed)\"]",
        ])
        #expect(Self.decide(compiled, ["target": .string(precomposed)]) == "r0")
        #expect(Self.decide(compiled, ["target": .string(decomposed)]) == "r1")
        #expect(Self.decide(compiled, ["target": "e"]) == nil)
        // The full predicate would hide a merged key; the candidates show the keys are apart.
        #expect(compiled.candidates(for: ["target": .string(precomposed)]) == [0])
        #expect(compiled.candidates(for: ["target": .string(decomposed)]) == [1])
    }

    @Test func inListsAndMaps() throws {
        let compiled = try Self.compile([
            "type in [1, 2, 2, 3.0]", #"target in {"a": 1, "b": 2}"#, "type in []", "flag in [true]",
            #"type in [7, "7", null, [7]]"#,
        ])
        #expect(Self.decide(compiled, ["type": 2]) == "r0")
        #expect(Self.decide(compiled, ["type": "3"]) == "r0")
        #expect(Self.decide(compiled, ["target": "b"]) == "r1")
        #expect(Self.decide(compiled, ["flag": "true"]) == "r3")
        #expect(Self.decide(compiled, ["type": 7]) == "r4")
        #expect(Self.decide(compiled, ["type": 9]) == nil)
        #expect(compiled.keyField(ofRuleAt: 2) == "type")  // filed under no value: never tried
        #expect(compiled.candidates(for: ["type": 2, "flag": true]) == [0, 3])
        #expect(compiled.candidates(for: ["type": 7, "target": "a"]) == [1, 4])
    }

    /// A list's keys are searched for duplicates one by one up to 16 and hashed past that: each
    /// value is filed once either way, whether the repeat comes before or after the switch.
    @Test(arguments: [15, 16, 17, 40])
    func longInListsFileEachValueOnce(distinct: Int) throws {
        let values = (0..<distinct).map(String.init)
        // Repeats of the first and the last value, as an int and as an integral double.
        let list = values + ["0", "\(distinct - 1).0", "0.0"] + values.reversed()
        let compiled = try Self.compile(["type in [\(list.joined(separator: ", "))]", "type == 0"])
        #expect(compiled.statistics.keys == distinct)
        for value in [0, distinct / 2, distinct - 1] {
            #expect(compiled.candidates(for: ["type": .int(Int64(value))]) == (value == 0 ? [0, 1] : [0]))
            #expect(Self.decide(compiled, ["type": .int(Int64(value))]) == "r0")
        }
        #expect(Self.decide(compiled, ["type": .int(Int64(distinct))]) == nil)
    }

    @Test func missingFieldOrOtherKindMeansNoMatch() throws {
        let compiled = try Self.compile(["type == 3 && true", "aps.badge == 1", "flag"], fallback: true)
        #expect(Self.decide(compiled, [:]) == "fallback")
        #expect(Self.decide(compiled, ["type": "three"]) == "fallback")
        #expect(Self.decide(compiled, ["type": true]) == "fallback")
        #expect(Self.decide(compiled, ["aps": "not an object"]) == "fallback")
        #expect(Self.decide(compiled, ["aps": ["badge": "1"]]) == "r1")
        #expect(Self.decide(compiled, ["flag": false]) == "fallback")
        #expect(Self.decide(compiled, ["flag": "true"]) == "r2")
        #expect(Self.decide(compiled, .array([3])) == "fallback")
    }

    @Test(arguments: [
        "type == 1 || type == 2", "!(type == 1)", "flag ? type == 1 : false", "(type == 1 || flag) && true",
        "extra == 1", "ghost == 1", "type == id", "type == size(target)", "1 in [type]",
    ])
    func atomsOutsideTheTopLevelConjunctionAreNotIndexed(predicate: String) throws {
        let compiled = try Self.compile([predicate])
        #expect(compiled.keyField(ofRuleAt: 0) == nil)
        #expect(compiled.statistics.unindexedRules == 1)
    }

    @Test func keyMaySitAnywhereInTheConjunction() throws {
        let compiled = try Self.compile([
            "has(target) && (flag || target == \"x\") && type == 2", "3 == type", #"aps["badge"] == 1"#,
        ])
        #expect(compiled.keyField(ofRuleAt: 0) == "type")
        #expect(compiled.keyField(ofRuleAt: 1) == "type")
        #expect(compiled.keyField(ofRuleAt: 2) == "aps.badge")
        #expect(Self.decide(compiled, ["type": 2, "target": "x"]) == "r0")
        #expect(Self.decide(compiled, ["type": 2, "target": "y"]) == nil)
        #expect(Self.decide(compiled, ["type": 3]) == "r1")
        #expect(Self.decide(compiled, ["aps": ["badge": 1.0]]) == "r2")
    }

    @Test func prefersTheFieldMostRulesTest() throws {
        let compiled = try Self.compile([
            #"target == "a" && type == 1"#, "type == 2", "type in [3, 4]", #"target in ["a", "b"] && type == 5"#,
        ])
        for position in 0..<4 { #expect(compiled.keyField(ofRuleAt: position) == "type") }
        #expect(compiled.statistics.indexedFields == ["type"])
        #expect(compiled.statistics.keys == 5)
    }

    @Test func firstMatchOrderIsKeptAcrossIndexedAndUnindexedRules() throws {
        let compiled = try Self.compile([
            "type == 3 && has(id)", "has(target)", "type == 3", "type in [3, 4] || flag", "type == 4",
        ], fallback: true)
        #expect(compiled.statistics.indexedRules == 3)
        #expect(compiled.statistics.unindexedRules == 2)
        #expect(Self.decide(compiled, ["type": 3, "id": 1, "target": "t"]) == "r0")
        #expect(Self.decide(compiled, ["type": 3, "target": "t"]) == "r1")
        #expect(Self.decide(compiled, ["type": 3]) == "r2")
        #expect(Self.decide(compiled, ["type": 4]) == "r3")
        #expect(Self.decide(compiled, ["type": 5, "flag": true]) == "r3")
        #expect(Self.decide(compiled, ["type": 5]) == "fallback")
        #expect(compiled.candidates(for: ["type": 3]) == [0, 1, 2, 3])
        #expect(compiled.candidates(for: ["type": 4]) == [1, 3, 4])
        #expect(compiled.candidates(for: [:]) == [1, 3])
    }

    @Test func aMatchingRuleWhoseParamsFailFallsThrough() throws {
        let detail = Screen(name: "detail", show: .push, params: [ScreenParam(name: "id", type: .int)])
        let push = Route(action: Action(push: [ScreenStep(
            screen: "detail", params: [ParamBinding(name: "id", expression: ExpressionSource("id"))])]))
        let table = RouteTable(
            tabs: ["home"], screens: [detail], payloadFields: Self.fields,
            rules: [
                Rule(name: "detail", when: ExpressionSource("type == 3"), route: push),
                Rule(name: "user", when: ExpressionSource("type == 3"),
                     route: Route(action: Action(tab: "home"), login: .user(ExpressionSource("target")))),
                Rule(name: "home", when: ExpressionSource("type in [3, 4]"), route: Route(action: Action(tab: "home"))),
            ],
            fallback: push)
        let program = try #require(TableChecker.check(table, sources: []).program)
        let compiled = CompiledTable(program)
        for (payload, expected) in [
            (["type": 3, "id": "42"], "detail"), (["type": 3, "target": "u1"], "user"),
            (["type": 3], "home"), (["type": 9, "id": 1], "fallback"),
        ] as [(JSONValue, String)] {
            #expect(Self.decide(compiled, payload) == expected)
        }
        // The fallback's param fails too: unmatched.
        #expect(Self.decide(compiled, ["type": 9]) == nil)
    }

    @Test func emptyAndAllUnindexedTables() throws {
        let empty = try Self.compile([])
        #expect(Self.decide(empty, ["type": 1]) == nil)
        #expect(empty.statistics.rules == 0)
        #expect(empty.statistics.indexedFields.isEmpty)
        let unindexed = try Self.compile(["has(type)", "true"], fallback: true)
        #expect(Self.decide(unindexed, ["type": 1]) == "r0")
        #expect(Self.decide(unindexed, [:]) == "r1")
    }
}
