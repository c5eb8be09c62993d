import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// `RegexLimits.maxTableProgramSize`: the `matches` calls of a whole table compile to at most
/// that many instructions, so that no payload can make one decision slow (SPEC §8, "`matches`
/// cost"). `a{1000}` compiles to exactly 1,000 instructions.
@Suite struct MatchesCostTests {
    static let header = """
        version: 1
        tabs: [home]
        payload: {s: string, p: string}
        screens:
          detail: {show: push, tab: home, params: {flag: bool}}
        routes:

        """

    static let thousand = #"s.matches(\"a{1000}\")"#

    /// A table of rules `r0`, `r1`, … whose `when`s are `predicates`.
    static func table(_ predicates: [String]) -> String {
        header + predicates.enumerated().map { index, predicate in
            "  - name: r\(index)\n    when: \"\(predicate)\"\n    tab: home\n"
        }.joined()
    }

    func errors(_ yaml: String) throws -> [String] {
        try loadTable(yaml: yaml).diagnostics.filter { $0.severity == .error }.map {
            "\($0.range.start.line):\($0.range.start.column): [\($0.code)] \($0.message)"
        }
    }

    static let calls = RegexLimits.maxTableProgramSize / 1000

    @Test func callsUpToTheLimitLoad() throws {
        let predicates = Array(repeating: Self.thousand, count: Self.calls)
        let found = try errors(Self.table(predicates))
        #expect(found == [], "\(found)")
    }

    @Test func theCallPastTheLimitIsAnErrorAtThatCall() throws {
        // The last rule holds two calls; the second takes the table past the limit.
        let predicates = Array(repeating: Self.thousand, count: Self.calls - 1)
            + [Self.thousand + " || " + #"s.matches(\"b\")"#]
        let line = 7 + 3 * (Self.calls - 1) + 1
        let column = 12 + Self.thousand.count + 4
        #expect(try errors(Self.table(predicates)) == [
            "\(line):\(column): [matches-cost] the table's 'matches' calls compile to 10001 instructions with "
                + "this one, more than the limit of 10000; use fewer or simpler patterns (==, startsWith, contains)",
        ])
    }

    @Test func onlyTheFirstCallPastTheLimitIsReported() throws {
        let predicates = Array(repeating: Self.thousand, count: Self.calls + 5)
        #expect(try errors(Self.table(predicates)).count == 1)
    }

    @Test func aPatternThePayloadGivesCostsTheMostOnePatternMay() throws {
        let calls = RegexLimits.maxTableProgramSize / RegexLimits.maxProgramSize
        let predicates = Array(repeating: "s.matches(p)", count: calls)
        #expect(try errors(Self.table(predicates)) == [])
        #expect(try errors(Self.table(predicates + ["matches(s, p)"])).map { $0.contains("[matches-cost]") } == [true])
    }

    @Test func aParamsExpressionCostsEachTimeARuleUsesIt() throws {
        // The same text is compiled once, but each rule that uses it may evaluate it.
        let rule = { (index: Int) in
            "  - name: r\(index)\n    when: 'true'\n    push: detail\n    params: {flag: '\(Self.thousand.replacingOccurrences(of: "\\\"", with: "\""))'}\n"
        }
        #expect(try errors(Self.header + (0..<Self.calls).map(rule).joined()) == [])
        let past = try errors(Self.header + (0...Self.calls).map(rule).joined())
        #expect(past.count == 1)
        #expect(past.first?.hasPrefix("\(7 + 4 * Self.calls + 3):") == true, "\(past)")
    }

    @Test func tablesWithoutMatchesAreNotCharged() throws {
        let predicates = Array(repeating: #"s.startsWith(\"matches\") || s == \"matches\""#, count: 100)
        #expect(try errors(Self.table(predicates)) == [])
    }
}
