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
            let allowed = max(1, target.count / 3)
            for candidate in candidates {
                let full = Suggestion.editDistance(target, Array(candidate.lowercased().unicodeScalars),
                                                   limit: allowed)
                var distance = EditDistance(word)
                #expect(distance.to(candidate) == (full <= allowed ? full : nil), "\(word) / \(candidate)")
            }
        }
    }

    @Test func budgetAtTheLimitAndPast() {
        let candidates = ["message_detail", "notice", "login"]
        var exact = Suggestion.Budget(comparisons: 3)
        #expect(Suggestion.closest(to: "mesage_detail", in: candidates, budget: &exact) == "message_detail")
        #expect(exact.remainingComparisons == 0)
        var short = Suggestion.Budget(comparisons: 2)
        #expect(Suggestion.closest(to: "mesage_detail", in: candidates, budget: &short) == nil)
        // Nothing is spent on a list that does not fit, so a smaller one still gets its hint.
        #expect(short.remainingComparisons == 2)
        #expect(Suggestion.closest(to: "notic", in: ["notice"], budget: &short) == "notice")
        #expect(short.remainingComparisons == 1)
        #expect(Suggestion.Budget().remainingComparisons == Suggestion.Budget.maxComparisons)
    }
}
