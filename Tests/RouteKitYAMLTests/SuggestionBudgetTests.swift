import RouteKit
import RouteKitYAML
import Testing

/// SPEC §8 (no hang): each table has one `Suggestion.Budget` for its "did you mean" hints, spent
/// by the candidates looked at and the cells of the distance tables. Misspellings get hints until
/// it runs out, and plain messages after; without it, a 1.5 MB file of misspellings among 40,000
/// screens took 80 s to validate.
@Suite struct SuggestionBudgetTests {
    static let names = 1_000
    static let misspellings = 100

    /// The messages of one diagnostic code, and how many of them (a prefix) have a hint.
    static func hinted(_ messages: [String]) -> Int {
        let count = messages.prefix { $0.contains("did you mean") }.count
        #expect(!messages.dropFirst(count).contains { $0.contains("did you mean") }, "hints after the budget ran out")
        return count
    }

    @Test func unknownScreensGetHintsUntilTheBudgetIsSpent() throws {
        let screens = (0..<Self.names).map { "  screen_number_\($0): {show: push}" }
        let rules = (0..<Self.misspellings).map { "  - {name: r\($0), when: \"true\", push: screen_numbr_\($0)x}" }
        let yaml = (["version: 1", "tabs: [home]", "screens:"] + screens + ["routes:"] + rules)
            .joined(separator: "\n") + "\n"
        let unknown = try loadTable(yaml: yaml).diagnostics.filter { $0.code == "unknown-screen" }.map(\.message)
        #expect(unknown.count == Self.misspellings)
        #expect(unknown.first == "unknown screen 'screen_numbr_0x'; did you mean 'screen_number_0'?")
        let count = Self.hinted(unknown)
        #expect(count > 10 && count < Self.misspellings, "\(count) hinted")
        #expect(unknown.last == "unknown screen 'screen_numbr_\(Self.misspellings - 1)x'; declare it under 'screens'")
    }

    @Test func undeclaredFieldsGetHintsUntilTheBudgetIsSpent() throws {
        let fields = (0..<Self.names).map { "  field_number_\($0): int" }
        let rules = (0..<Self.misspellings).map { "  - {name: r\($0), when: \"field_numbr_\($0)x == 1\", tab: home}" }
        let yaml = (["version: 1", "tabs: [home]", "payload:"] + fields + ["routes:"] + rules)
            .joined(separator: "\n") + "\n"
        let undeclared = try loadTable(yaml: yaml).diagnostics.filter { $0.code == "undeclared-field" }.map(\.message)
        #expect(undeclared.count == Self.misspellings)
        #expect(undeclared.first?.contains("did you mean 'field_number_0'") == true)
        let count = Self.hinted(undeclared)
        #expect(count > 10 && count < Self.misspellings, "\(count) hinted")
    }
}
