import Foundation
import Testing

@testable import RouteKit

/// Differential tests against cel-expr-python on what Swift's `String` gets wrong for CEL: keys
/// and strings that are canonically equivalent but different code points, and RE2's `(?i)` case
/// folding on every case-variant pair of Unicode's CaseFolding.txt (docs/differential.md).
@Suite struct CodePointDifferentialTests {
    /// Debian's `unicode-data` (scripts/setup.sh installs it); the Unicode version of the
    /// generated orbit table is checked against it.
    static let caseFoldingPath = "/usr/share/unicode/CaseFolding.txt"

    @Test(.enabled(if: DifferentialTests.enabled, "needs the cel-expr-python package"))
    func keysAndStringsCompareByCodePointsAsInCEL() throws {
        try #require(DifferentialTests.referenceAvailable, "python3 cannot import cel_expr_python (scripts/setup.sh)")
        var cases: [DifferentialCase] = []
        for (index, pair) in CodePointCases.equivalentPairs.enumerated() {
            for (a, b) in [pair, (pair.1, pair.0)] {
                for (expression, payload) in CodePointCases.keyCases(a, b, style: index % 4) {
                    cases.append(DifferentialCase(seed: 42, index: cases.count, expression: expression, payload: payload))
                }
            }
        }
        let comparison = try DifferentialTests.compareWithReference(cases)
        report("keys and strings of \(CodePointCases.equivalentPairs.count) pairs", cases.count, comparison)
        #expect(comparison.tally.compared == cases.count)
        #expect(comparison.tally.compared >= 10_000)
        #expect(comparison.disagreements.isEmpty, "\(comparison.disagreements.first ?? "")")
        // Both outcomes are exercised: found and not found, equal and unequal.
        #expect(comparison.tally.referenceMatches > cases.count / 10)
        #expect(comparison.tally.referenceErrors > cases.count / 20)
    }

    @Test(.enabled(if: DifferentialTests.enabled, "needs the cel-expr-python package"))
    func caseInsensitivePatternsFoldAsRE2() throws {
        try #require(DifferentialTests.referenceAvailable, "python3 cannot import cel_expr_python (scripts/setup.sh)")
        guard let (version, foldings) = CodePointCases.foldings(at: Self.caseFoldingPath) else {
            try #require(!DifferentialTests.isCI, "\(Self.caseFoldingPath) is missing: apt-get install unicode-data")
            print("CodePointDifferentialTests: skipped (?i), \(Self.caseFoldingPath) is missing (apt-get install unicode-data)")
            return
        }
        // The table RouteKit folds with is the file the pairs come from.
        #expect(version == CaseFoldOrbits.unicodeVersion, "CaseFolding.txt \(version) against the table's")
        var cases: [DifferentialCase] = []
        func add(_ pattern: String, _ text: String) {
            cases.append(DifferentialCase(
                seed: 43, index: cases.count, expression: "s.matches(p)", payload: ["s": .string(text), "p": .string(pattern)]))
        }
        let pairs = CodePointCases.variantPairs(foldings)
        for (a, b) in pairs {
            for (pattern, text) in CodePointCases.foldCases(a, b) { add(pattern, text) }
        }
        var characters: [String] = []
        for folding in foldings { characters += [String(folding.code), folding.folded] }
        for character in Set(characters).sorted() where character.unicodeScalars.count == 1 {
            for probe in CodePointCases.classProbes { add(probe, character) }
        }
        let comparison = try DifferentialTests.compareWithReference(cases)
        report("(?i) on \(pairs.count) pairs of CaseFolding-\(version).txt", cases.count, comparison)
        #expect(comparison.tally.compared == cases.count)
        #expect(comparison.disagreements.isEmpty, "\(comparison.disagreements.first ?? "")")
        #expect(comparison.tally.referenceErrors == 0)
        #expect(comparison.tally.referenceMatches > cases.count / 4)
        #expect(comparison.tally.referenceMatches < cases.count * 3 / 4)
    }

    private func report(_ what: String, _ count: Int, _ comparison: DifferentialTests.Comparison) {
        let tally = comparison.tally
        print("CodePointDifferentialTests: \(what): \(count) cases, \(tally.compared) compared; CEL values "
              + "\(tally.referenceValues), errors \(tally.referenceErrors), matches \(tally.referenceMatches); "
              + "disagreements \(comparison.disagreements.count)")
        for disagreement in comparison.disagreements.prefix(DifferentialTests.printLimit) { print(disagreement) }
    }
}
