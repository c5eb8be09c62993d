import Testing

@testable import RouteKit

/// Checks every warning of the analysis against the interpreter on random tables: a rule said
/// never to match matches no payload, and a rule said to be never reached matches only payloads
/// that a rule it names matches too. Payloads are all combinations of tricky raw values
/// (strings that normalize, values that do not, NaN, a parent that is not an object).
@Suite struct RuleAnalysisSoundnessTests {
    static let seeds = Array(UInt64(0)..<200)
    static let rulesPerTable = 6

    static let atoms = [
        "type == 1", "type == 2.0", "type != 1", "type in [1, 3]", "type < 2", "type >= 1.5", "has(type)",
        "score < 1", "score > 1.0", "score == 1", "score != 2", "score <= 0.5", "has(score)",
        #"target == "a""#, #"target in ["a", "b"]"#, #"target != "b""#, "has(target)",
        #"target < "b""#, #"target >= "a""#, #"target > "a""#, #"target <= "a\u0000""#, #"target > """#,
        #"target < "\u00E9""#,
        "flag", "flag == true", "has(flag)",
        "aps.badge == 1", "aps.badge > 0", "has(aps.badge)",
        "size(target) > 0", "type + 1 == 2", "true", "false",
    ]

    static let payloads: [JSONValue] = {
        let types: [JSONValue?] = [nil, 1, 2, "3", 1.5]
        let scores: [JSONValue?] = [nil, 1, 0.5, .double(.nan), "2"]
        let targets: [JSONValue?] = [nil, "", "a", "a\u{0}", "b", "e\u{301}", "\u{E9}", 7, 1e19]
        let flags: [JSONValue?] = [nil, true, "false"]
        let apses: [JSONValue?] = [nil, "s", [:], ["badge": 1], ["badge": "0"]]
        let normalizer = PayloadNormalizer(fields: analysisFields)
        var result: [JSONValue] = []
        for type in types {
            for score in scores {
                for target in targets {
                    for flag in flags {
                        for aps in apses {
                            let members = ["type": type, "score": score, "target": target, "flag": flag, "aps": aps]
                            result.append(normalizer.normalize(.object(JSONObject(members.compactMapValues { $0 }))).payload)
                        }
                    }
                }
            }
        }
        return result
    }()

    @Test(arguments: seeds)
    func warningsHoldOnEveryPayload(seed: UInt64) throws {
        try Self.checkWarnings(seed: seed, atoms: Self.atoms, payloads: Self.payloads)
    }

    /// Fields with no declared type, compared by CEL's heterogeneous equality: `u` is not
    /// declared, `extra` is declared `any`.
    static let dynamicAtoms = [
        "u == 1", "u == 1.0", "u == 2", "u != 1", #"u in [1, "a", true]"#, #"u == "a""#, "u == true",
        "u == null", "u != null", "has(u)", "u == 9007199254740993", "u == 9007199254740992.0", "u == 0.5",
        "u.v == 1", "has(u.v)", "extra == 1", "extra in [1, 2.0]", "extra != 2", "has(extra)",
        "extra.k == 1", "has(extra.k)", "u < 2", "true",
    ]

    static let dynamicPayloads: [JSONValue] = {
        let us: [JSONValue?] = [
            nil, 1, 1.0, 2, "1", "a", true, false, .null, [1], [:], 9_007_199_254_740_993,
            .double(9_007_199_254_740_992), 0.5, ["v": 1], ["v": "1"],
        ]
        let extras: [JSONValue?] = [nil, 1, 2.0, "1", ["k": 1], ["k": 1.5], [1], .null, 9_007_199_254_740_992]
        return us.flatMap { u in
            extras.map { extra in .object(JSONObject(["u": u, "extra": extra].compactMapValues { $0 })) }
        }
    }()

    @Test(arguments: seeds)
    func warningsOnUntypedFieldsHoldOnEveryPayload(seed: UInt64) throws {
        try Self.checkWarnings(seed: seed, atoms: Self.dynamicAtoms, payloads: Self.dynamicPayloads)
    }

    /// Params and login users for the routes of random rules (`checkedRules` syntax): ones that
    /// always compute, never do, compute where a field is present (and not empty, for a user), or
    /// are beyond the analysis.
    static let routes = [
        "", "", "x=type:int", "x=type:string", "x=score:string", "x=score:int", "x=target:string",
        "x=target:int", "x=flag:bool", "x=aps.badge:int", "x=extra:any", "user=target", "user=type",
        "x=42:int", #"x="a":int"#, "x=type + 1:int", "x=type:int; user=target",
    ]

    /// Warnings about rules whose earlier rules may fail to compute their params or login user,
    /// and so let payloads through.
    @Test(arguments: seeds)
    func warningsHoldWhenRoutesMayFail(seed: UInt64) throws {
        try Self.checkWarnings(seed: seed, atoms: Self.atoms, payloads: Self.payloads, routes: Self.routes)
    }

    /// Every rule a warning says never matches matches none of `payloads`, and every payload a
    /// rule said never to be reached matches is matched, and performed, by a rule the warning
    /// names. Each rule's route is one of `routes`, picked at random.
    static func checkWarnings(seed: UInt64, atoms: [String], payloads: [JSONValue], routes: [String] = [""])
        throws
    {
        var random = AnalysisRandom(seed: seed)
        let specs = (0..<rulesPerTable).map { index in
            let route = routes[random.next(below: routes.count)]
            return "r\(index): " + predicate(&random, depth: 3, atoms: atoms) + (route.isEmpty ? "" : " => " + route)
        }
        let rules = try checkedRules(specs)
        let byName = Dictionary(uniqueKeysWithValues: rules.map { ($0.rule.name, $0) })
        let program = RoutingProgram(
            table: RouteTable(tabs: ["home"], loginScreen: nil, screens: [], payloadFields: [],
                              defaults: Defaults(), rules: []),
            rules: rules, fallback: nil)
        func performs(_ rule: CheckedRule, _ payload: JSONValue) -> Bool {
            guard rule.when.matches(payload: payload) else { return false }
            if case .success = program.resolve(rule.route, source: .fallback, payload: payload) { return true }
            return false
        }
        for warning in RuleAnalyzer.analyze(rules, fieldTypes: analysisFields) {
            let rule = try #require(rules.first { warning.message.hasPrefix("rule '\($0.rule.name)'") })
            let responsible = warning.notes.compactMap { note in
                byName.values.first { note.message == "'\($0.rule.name)' matches first here" }
            }
            for payload in payloads where rule.when.matches(payload: payload) {
                let covered = responsible.contains { performs($0, payload) }
                #expect(covered, "seed \(seed): \(warning.message) but \(payload) matches \(specs)")
                if !covered { return }
            }
        }
    }

    static func predicate(_ random: inout AnalysisRandom, depth: Int, atoms: [String]) -> String {
        let choice = depth == 0 ? 0 : random.next(below: 5)
        let next = { (random: inout AnalysisRandom) in predicate(&random, depth: depth - 1, atoms: atoms) }
        switch choice {
        case 1: return "(" + next(&random) + " && " + next(&random) + ")"
        case 2: return "(" + next(&random) + " || " + next(&random) + ")"
        case 3: return "!(" + next(&random) + ")"
        default: return atoms[random.next(below: atoms.count)]
        }
    }
}

/// SplitMix64, for reproducible random tables.
struct AnalysisRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
