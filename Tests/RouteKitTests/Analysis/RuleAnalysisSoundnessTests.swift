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
        "flag", "flag == true", "has(flag)",
        "aps.badge == 1", "aps.badge > 0", "has(aps.badge)",
        "size(target) > 0", "type + 1 == 2", "true", "false",
    ]

    static let payloads: [JSONValue] = {
        let types: [JSONValue?] = [nil, 1, 2, "3", 1.5]
        let scores: [JSONValue?] = [nil, 1, 0.5, .double(.nan), "2"]
        let targets: [JSONValue?] = [nil, "a", "b"]
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
                            result.append(normalizer.normalize(.object(members.compactMapValues { $0 })).payload)
                        }
                    }
                }
            }
        }
        return result
    }()

    @Test(arguments: seeds)
    func warningsHoldOnEveryPayload(seed: UInt64) throws {
        var random = AnalysisRandom(seed: seed)
        let specs = (0..<Self.rulesPerTable).map { "r\($0): " + Self.predicate(&random, depth: 3) }
        let rules = try checkedRules(specs)
        let byName = Dictionary(uniqueKeysWithValues: rules.map { ($0.rule.name, $0) })
        for warning in RuleAnalyzer.analyze(rules, fieldTypes: analysisFields) {
            let rule = try #require(rules.first { warning.message.hasPrefix("rule '\($0.rule.name)'") })
            let responsible = warning.notes.compactMap { note in
                byName.values.first { note.message == "'\($0.rule.name)' matches first here" }
            }
            for payload in Self.payloads where rule.when.matches(payload: payload) {
                let covered = responsible.contains { $0.when.matches(payload: payload) }
                #expect(covered, "seed \(seed): \(warning.message) but \(payload) matches \(specs)")
                if !covered { return }
            }
        }
    }

    static func predicate(_ random: inout AnalysisRandom, depth: Int) -> String {
        let choice = depth == 0 ? 0 : random.next(below: 5)
        switch choice {
        case 1: return "(" + predicate(&random, depth: depth - 1) + " && " + predicate(&random, depth: depth - 1) + ")"
        case 2: return "(" + predicate(&random, depth: depth - 1) + " || " + predicate(&random, depth: depth - 1) + ")"
        case 3: return "!(" + predicate(&random, depth: depth - 1) + ")"
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
