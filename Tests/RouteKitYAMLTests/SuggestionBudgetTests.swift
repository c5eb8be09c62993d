import RouteKit
import RouteKitYAML
import Testing

/// SPEC §8 (no hang): each table has one `Suggestion.Budget` for its "did you mean" hints. With
/// 1,000 names, the 500th misspelling still gets its hint and the 501st gets the plain message;
/// without the budget, a 4 MiB file of misspellings among 40,000 screens took minutes.
@Suite struct SuggestionBudgetTests {
    static let names = 1_000
    static let misspellings = Suggestion.Budget.maxComparisons / names + 1

    @Test func unknownScreensGetHintsUntilTheBudgetIsSpent() throws {
        let screens = (0..<Self.names).map { "  s\($0): {show: push}" }
        let rules = (0..<Self.misspellings).map { "  - {name: r\($0), when: \"true\", push: s\($0)x}" }
        let yaml = (["version: 1", "tabs: [home]", "screens:"] + screens + ["routes:"] + rules)
            .joined(separator: "\n") + "\n"
        let unknown = try loadTable(yaml: yaml).diagnostics.filter { $0.code == "unknown-screen" }
        #expect(unknown.count == Self.misspellings)
        let last = Self.misspellings - 1
        #expect(unknown[last - 1].message == "unknown screen 's\(last - 1)x'; did you mean 's\(last - 1)'?")
        #expect(unknown[last].message == "unknown screen 's\(last)x'; declare it under 'screens'")
    }

    @Test func undeclaredFieldsGetHintsUntilTheBudgetIsSpent() throws {
        let fields = (0..<Self.names).map { "  f\($0): int" }
        let rules = (0..<Self.misspellings).map { "  - {name: r\($0), when: \"f\($0)x == 1\", tab: home}" }
        let yaml = (["version: 1", "tabs: [home]", "payload:"] + fields + ["routes:"] + rules)
            .joined(separator: "\n") + "\n"
        let undeclared = try loadTable(yaml: yaml).diagnostics.filter { $0.code == "undeclared-field" }
        #expect(undeclared.count == Self.misspellings)
        let last = Self.misspellings - 1
        #expect(undeclared[last - 1].message.contains("did you mean 'f\(last - 1)'"))
        #expect(!undeclared[last].message.contains("did you mean"))
    }
}
