import Testing

@testable import RouteKit

/// `Regions.isCovered` answers some questions before splitting: a covering region that holds
/// the whole region, or a payload outside every covering region. A wrong quick "no" would only
/// hide warnings, which the soundness tests cannot see, so here both ways are compared on random
/// predicates, each against all those before it (enough of them, with their alternatives, to
/// pass `Regions.fewCoveringRegions`).
@Suite struct CoverageQuickAnswerTests {
    static let rulesPerTable = 16

    @Test(arguments: Array(UInt64(0)..<60))
    func quickAnswersAgreeWithSplitting(seed: UInt64) throws {
        var pastTheSwitch = 0
        for atoms in [RuleAnalysisSoundnessTests.atoms, RuleAnalysisSoundnessTests.dynamicAtoms] {
            var random = AnalysisRandom(seed: seed)
            let specs = (0..<Self.rulesPerTable).map { index in
                "r\(index): " + RuleAnalysisSoundnessTests.predicate(&random, depth: 2, atoms: atoms)
            }
            let environment = ExpressionEnvironment(fields: analysisFields)
            let regions = try checkedRules(specs).map { rule in
                FormulaBuilder(environment: environment, source: rule.rule.when.text)
                    .formula(rule.when.expr, positive: true).flatMap(Regions.of)
            }
            for index in regions.indices.dropFirst() {
                guard let mine = regions[index] else { continue }
                let cover = regions[..<index].compactMap { $0 }.flatMap { $0 }
                var (quickWork, splitWork) = (Int.max / 2, Int.max / 2)
                let quick = Regions.isCovered(mine, by: cover, work: &quickWork)
                let split = Regions.isCovered(mine, by: cover, work: &splitWork, quickAnswers: false)
                guard let split else { continue }
                #expect(quick == split, "seed \(seed): \(specs[index]) after \(specs[..<index])")
                let meeting = mine.map { region in cover.filter(region.intersects).count }
                pastTheSwitch += meeting.contains { $0 > Regions.fewCoveringRegions } ? 1 : 0
            }
        }
        #expect(pastTheSwitch > 0, "seed \(seed): no question past the switch")
    }
}
