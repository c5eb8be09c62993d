import RouteKit
import Testing

/// `CompiledTable` against the reference interpreter `RoutingProgram.decide`: 1,000 generated tables
/// × 1,000 generated payloads, seeded and reproducible, zero disagreements on the whole `Decision`.
///
/// The seeds are split into shards that Swift Testing runs in parallel. A failure names the table's
/// seed and the payload's number, and prints the rules, the payload and both decisions.
@Suite struct CompiledTableDifferentialTests {
    static let shards = Array(0..<20)
    static let tablesPerShard = 50
    static let payloadsPerTable = 1_000

    /// What one shard saw, to show the generator exercises what it should.
    struct Coverage {
        var rules = 0
        var indexedRules = 0
        /// Decisions by a rule, by the fallback, and unmatched.
        var outcomes = [0, 0, 0]
        /// Decisions made by a rule reached through an index.
        var indexedMatches = 0
        /// Rules that matched but whose params or login user failed, so evaluation went on.
        var fallThroughs = 0
        /// Payloads also decided from their JSON bytes.
        var fromBytes = 0
    }

    @Test(arguments: shards)
    func compiledTableAgreesWithReference(shard: Int) {
        var coverage = Coverage()
        for offset in 0..<Self.tablesPerShard {
            let seed = UInt64(shard * Self.tablesPerShard + offset)
            guard check(seed: seed, coverage: &coverage) else { return }
        }
        #expect(coverage.indexedRules * 3 >= coverage.rules, "too few indexed rules: \(coverage)")
        #expect(coverage.indexedMatches > 0)
        #expect(coverage.fromBytes * 2 >= Self.payloadsPerTable * Self.tablesPerShard, "\(coverage)")
        #expect(coverage.fallThroughs > 0)
        #expect(coverage.outcomes.allSatisfy { $0 > 0 }, "rule, fallback, none: \(coverage.outcomes)")
    }

    /// Runs one table; false after recording a failure.
    private func check(seed: UInt64, coverage: inout Coverage) -> Bool {
        var generator = CompiledTableGenerator(seed: seed)
        let table = generator.table()
        let checked = TableChecker.check(table, sources: [])
        guard let program = checked.program else {
            let errors = checked.diagnostics.filter { $0.severity == .error }.map { "\($0)" }
            Issue.record("seed \(seed): the generated table does not check:\n\(errors)\n\(Self.describe(table))")
            return false
        }
        let compiled = CompiledTable(program)
        coverage.rules += compiled.statistics.rules
        coverage.indexedRules += compiled.statistics.indexedRules
        for number in 0..<Self.payloadsPerTable {
            let payload = generator.payload()
            let expected = program.decide(payload)
            let actual = compiled.decide(payload)
            guard DecisionComparison.same(expected, actual) else {
                Issue.record("""
                    seed \(seed), payload #\(number): compiled and reference disagree
                    table:
                    \(Self.describe(table))
                    payload: \(payload)
                    reference: \(expected)
                    compiled:  \(actual)
                    """)
                return false
            }
            // From JSON bytes too, where the payload has a JSON form (NaN and infinities have none).
            let bytes = Array(JSONWriter.write(payload).utf8)
            if (try? JSONReader.read(bytes)) == payload {
                let fromBytes = bytes.withUnsafeBytes { try? compiled.decide(json: $0) }
                guard let fromBytes, DecisionComparison.same(expected, fromBytes) else {
                    Issue.record("""
                        seed \(seed), payload #\(number): decide(json:) and reference disagree
                        table:
                        \(Self.describe(table))
                        payload: \(String(decoding: bytes, as: UTF8.self))
                        reference:     \(expected)
                        decide(json:): \(String(describing: fromBytes))
                        """)
                    return false
                }
                coverage.fromBytes += 1
            }
            switch actual.source {
            case .rule(_, let index):
                coverage.outcomes[0] += 1
                if compiled.keyField(ofRuleAt: index) != nil { coverage.indexedMatches += 1 }
            case .fallback: coverage.outcomes[1] += 1
            case .none: coverage.outcomes[2] += 1
            }
            if number % 64 == 0 {
                coverage.fallThroughs += program.explain(payload).attempts.filter { $0.failure != nil }.count
            }
        }
        return true
    }

    /// The rules and fallback of a table, one per line, as a failure report shows them.
    static func describe(_ table: RouteTable) -> String {
        var lines = table.rules.enumerated().map { index, rule in
            "  [\(index)] \(rule.name): when \(rule.when.text) → \(describe(rule.route))"
        }
        lines.append("  fallback: " + (table.fallback.map(describe) ?? "none"))
        return lines.joined(separator: "\n")
    }

    private static func describe(_ route: Route) -> String {
        func step(_ s: ScreenStep) -> String {
            s.screen + (s.params.isEmpty ? "" : "(" + s.params.map { "\($0.name): \($0.expression.text)" }
                .joined(separator: ", ") + ")")
        }
        var parts: [String] = []
        if let tab = route.action.tab { parts.append("tab \(tab)") }
        if route.action.popToRoot { parts.append("pop_to_root") }
        if !route.action.push.isEmpty { parts.append("push " + route.action.push.map(step).joined(separator: ", ")) }
        if let present = route.action.present { parts.append("present " + step(present)) }
        switch route.login {
        case .none: break
        case .required: parts.append("login required")
        case .user(let user): parts.append("login user \(user.text)")
        }
        return parts.joined(separator: "; ")
    }
}

/// Whole-decision equality in which NaN equals NaN: a param computed as `0.0 / 0.0` is NaN in both
/// decisions, which `==` on `Decision` would call different.
enum DecisionComparison {
    static func same(_ a: Decision, _ b: Decision) -> Bool {
        guard a.source == b.source, a.login == b.login, a.foreground == b.foreground,
            a.ifVisible == b.ifVisible, a.alert == b.alert
        else { return false }
        switch (a.action, b.action) {
        case (nil, nil): return true
        case (let x?, let y?):
            return x.tab == y.tab && x.popToRoot == y.popToRoot && x.push.count == y.push.count
                && zip(x.push, y.push).allSatisfy { same($0, $1) } && same(x.present, y.present)
        default: return false
        }
    }

    private static func same(_ a: ScreenInstance?, _ b: ScreenInstance?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?):
            return x.screen == y.screen && x.params.count == y.params.count
                && x.params.allSatisfy { key, value in y.params[key].map { same(value, $0) } ?? false }
        default: return false
        }
    }

    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default: return a == b
        }
    }
}
