@testable import RouteKit
import Testing

/// "Did you mean": the closest candidate within a third of the word's length, ignoring case, and
/// the budget that keeps a table of many misspellings among many names from being quadratic.
@Suite struct SuggestionTests {
    @Test(arguments: [
        ("mesage_detail", ["message_detail", "notice"], "message_detail"),
        ("lanch", ["launch", "ready"], "launch"),
        ("xyz", ["launch"], nil),
        // Case is ignored; the candidate comes back as declared.
        ("MESAGE_DETAIL", ["message_detail"], "message_detail"),
        ("mesage", ["Message"], "Message"),
        // A transposition is one edit.
        ("hmoe", ["home"], "home"),
        // Among equally close candidates, the first in code-point order.
        ("cat", ["bat", "hat", "cab"], "bat"),
        // The closer one wins over the earlier one.
        ("notic", ["notes", "notice"], "notice"),
        // The word itself is not a suggestion for itself.
        ("home", ["home"], nil),
        // Non-ASCII candidates are lowercased as Unicode: 'Ü' matches 'ü'.
        ("übersicht", ["ÜBERSICHT2"], "ÜBERSICHT2"),
        ("uebersicht", ["übersicht"], "übersicht"),
        // Allowed distance: a third of the word's length, at least one.
        ("ab", ["abcd"], nil),
        ("abcdef", ["abcdxy"], "abcdxy"),
        ("abcdef", ["abcxyz"], nil),
        // A single letter keeps nothing through an edit: no hint, except for case alone.
        ("x", ["d", "id"], nil),
        ("X", ["x"], "x"),
        ("ie", ["id"], "id"),
    ] as [(String, [String], String?)])
    func closest(_ word: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestion.closest(to: word, in: candidates) == expected)
    }

    /// The length test that skips most ASCII candidates agrees with the full distance.
    @Test func lengthShortcutAgreesWithTheDistance() {
        let words = ["home", "message_detail", "a", "abc", "discover", "ME", "tab_bar_item"]
        let candidates = ["home", "homes", "hom", "message_details", "mesage", "b", "ab", "abcd", "disc",
                          "discovery", "me", "Mee", "tab_bar_items", "tab_bar", "h", ""]
        for word in words {
            let target = Array(word.lowercased().unicodeScalars)
            let allowed = target.count < 2 ? 0 : max(1, target.count / 3)
            for candidate in candidates {
                let full = Suggestion.editDistance(target, Array(candidate.lowercased().unicodeScalars),
                                                   limit: allowed)
                var distance = EditDistance(word)
                var budget = Suggestion.Budget()
                #expect(distance.to(candidate, budget: &budget) == (full <= allowed ? full : nil),
                        "\(word) / \(candidate)")
            }
        }
    }

    /// A unit per candidate looked at, and one per cell of each distance table: "mesage_detail"
    /// (13 scalars) against three names, of which only "message_detail" (14) is near enough in
    /// length to need a table, costs 3 + 13 × 14 = 185.
    @Test func budgetAtTheLimitAndPast() {
        let candidates = ["message_detail", "notice", "login"]
        var exact = Suggestion.Budget(work: 185)
        #expect(Suggestion.closest(to: "mesage_detail", in: candidates, budget: &exact) == "message_detail")
        #expect(exact.remainingWork == 0)
        var short = Suggestion.Budget(work: 184)
        #expect(Suggestion.closest(to: "mesage_detail", in: candidates, budget: &short) == nil)
        // A list longer than the work left is not looked at: nothing is spent on it, and a
        // smaller search still gets its hint.
        var few = Suggestion.Budget(work: 40)
        #expect(Suggestion.closest(to: "notic", in: Array(repeating: "x", count: 41), budget: &few) == nil)
        #expect(few.remainingWork == 40)
        #expect(Suggestion.closest(to: "notic", in: ["notice"], budget: &few) == "notice")
        #expect(few.remainingWork == 40 - 1 - 5 * 6)
        #expect(Suggestion.Budget().remainingWork == Suggestion.Budget.maxWork)
    }

    /// Long names cost in proportion to their length: 200 names of 1,000 letters are more work
    /// than the whole budget allows for one misspelling, however few the candidates.
    @Test func longNamesSpendTheBudgetByTheirLength() {
        let long = String(repeating: "x", count: 1_000)
        let names = (0..<200).map { long + "\($0)" }
        var budget = Suggestion.Budget()
        #expect(Suggestion.closest(to: long + "7y", in: names, budget: &budget) == nil)
        #expect(budget.remainingWork < 1_001 * 1_003)
    }
}
