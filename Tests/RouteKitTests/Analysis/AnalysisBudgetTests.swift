import Testing

@testable import RouteKit

/// `RuleAnalyzer.maxRegionTests`: the shadowing analysis of one table stops at a budget of region
/// tests, and what it reports within the budget is still true. (2,000 rules of 64 alternatives
/// each took 20 s to validate before the budget, about 1 s after.)
@Suite struct AnalysisBudgetTests {
    /// The smallest budget with which `rules` draw the warnings they draw without a limit.
    private func budgetNeeded(_ rules: [CheckedRule]) throws -> Int {
        let unlimited = RuleAnalyzer.analyze(rules, fieldTypes: analysisFields)
        let needed = (0...1_000).first {
            rendered(RuleAnalyzer.analyze(rules, fieldTypes: analysisFields, regionTests: $0)) == rendered(unlimited)
        }
        return try #require(needed)
    }

    @Test func shadowingAtTheLimitAndPast() throws {
        let rules = try checkedRules(["a: type in [1, 2, 3]", "b: type == 3"])
        let needed = try budgetNeeded(rules)
        #expect(needed > 0)
        let atLimit = RuleAnalyzer.analyze(rules, fieldTypes: analysisFields, regionTests: needed)
        #expect(atLimit.map(\.code.rawValue) == ["shadowed-rule"])
        let pastLimit = RuleAnalyzer.analyze(rules, fieldTypes: analysisFields, regionTests: needed - 1)
        #expect(pastLimit.isEmpty)
        #expect(rendered(RuleAnalyzer.analyze(rules, fieldTypes: analysisFields)) == rendered(atLimit))
    }

    /// A rule that can never match is found without spending the budget.
    @Test func neverMatchingNeedsNoBudget() throws {
        let rules = try checkedRules(["a: type == 1", "b: type == 1 && type == 2"])
        let found = RuleAnalyzer.analyze(rules, fieldTypes: analysisFields, regionTests: 0)
        #expect(found.map(\.code.rawValue) == ["never-matches"])
    }

    /// Out of budget while looking for the fewest responsible rules, the warning names the rules
    /// found so far: together they do cover the rule, only there may be more than needed.
    /// (No one rule covers c here: one that did would be named alone at once.)
    @Test func responsibleRulesFoundSoFarAreKept() throws {
        let rules = try checkedRules(["a: type in [1, 2, 3]", "b: type == 2", "d: type == 4", "c: type in [2, 3, 4]"])
        let full = RuleAnalyzer.analyze(rules, fieldTypes: analysisFields).filter { $0.message.contains("rule 'c'") }
        #expect(full.count == 1)
        #expect(full.first?.message.contains("earlier rules 'a' and 'd'") == true, "\(full.map(\.message))")
        #expect(full.first?.message.contains("'b'") == false)
        // The smallest budget that reports c at all stops before dropping b from the rules named.
        let reported = try #require((0...1_000).first { budget in
            RuleAnalyzer.analyze(rules, fieldTypes: analysisFields, regionTests: budget)
                .contains { $0.message.contains("rule 'c'") }
        })
        let partial = RuleAnalyzer.analyze(rules, fieldTypes: analysisFields, regionTests: reported)
            .filter { $0.message.contains("rule 'c'") }
        #expect(partial.count == 1)
        #expect(partial.first?.message.contains("'a'") == true)
        #expect(partial.first?.message.contains("'b'") == true)
        #expect(partial.first?.message.contains("'d'") == true)
    }

    /// Hundreds of overlapping rules with a `true` rule among them: every rule after it is
    /// found, naming it alone, well within the budget. Coverage used to be decided by splitting
    /// along each earlier `id == N` rule before reaching the `true` one, and past about a hundred
    /// rules the budget was spent (700 rules drew 108 warnings, in 1.2 s of a release build).
    @Test func everyRuleAfterACatchAllIsFoundWithinTheBudget() throws {
        let specs = (0..<600).map { index -> String in
            if index == 100 { return "t: true" }
            switch index % 3 {
            case 0: return "r\(index): type == \(index)"
            case 1: return "r\(index): id == \(index)"
            default: return "r\(index): type in [\(index), 1000]"
            }
        }
        let found = RuleAnalyzer.analyze(try checkedRules(specs), fieldTypes: analysisFields)
        let afterCatchAll = found.filter { $0.message.contains("earlier rule 't'") }
        #expect(afterCatchAll.count == 499)
        #expect(found.allSatisfy { $0.code.rawValue == "shadowed-rule" })
        // Before it, `type in [N, 1000]` rules overlap only at 1000, and `id` rules overlap
        // everything without covering anything: no rule is covered.
        #expect(found.count == 499, "\(found.count)")
    }

    /// `Regions.fewCoveringRegions`: past it, a payload outside every earlier rule is looked for
    /// before splitting. The answers are the same on both sides of it.
    @Test(arguments: [Regions.fewCoveringRegions, Regions.fewCoveringRegions + 1])
    func coverageByManyRulesAtTheSwitchAndPast(earlierRules: Int) throws {
        let values = (1...earlierRules).map(String.init)
        let earlier = values.map { "e\($0): type == \($0)" }
        let covered = "c: type in [\(values.joined(separator: ", "))]"
        let escaping = "x: type in [\((values + ["0"]).joined(separator: ", "))]"
        let found = RuleAnalyzer.analyze(try checkedRules(earlier + [covered, escaping]), fieldTypes: analysisFields)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("rule 'c' is never reached") == true)
        #expect(found.first?.notes.count == earlierRules)
    }

    /// `NeverMatchReason.maxMinimizedParts`: up to 32 conjuncts, the fewest that contradict are
    /// found by dropping the others one by one (cubic); past it, a pair of atoms on one field, or
    /// all the conjuncts when no pair contradicts.
    @Test(arguments: [NeverMatchReason.maxMinimizedParts, NeverMatchReason.maxMinimizedParts + 1])
    func longConjunctionsAreExplainedByTheirContradictingPair(parts: Int) throws {
        let others = (1..<(parts - 1)).map { "u\($0) == 1" }
        let rules = try checkedRules(["a: " + (["u0 == 1"] + others + ["u0 == 2"]).joined(separator: " && ")])
        let found = RuleAnalyzer.analyze(rules, fieldTypes: analysisFields)
        #expect(found.map(\.message) == ["rule 'a' can never match: 'u0' cannot be both 1 and 2"])
    }

    @Test func longConjunctionsWithoutAPairAreExplainedWhole() throws {
        let three = ["u0 in [1, 2]", "u0 in [2, 3]", "u0 in [1, 3]"]
        let others = (1...NeverMatchReason.maxMinimizedParts).map { "u\($0) == 1" }
        let rules = try checkedRules(["a: " + (three + others).joined(separator: " && ")])
        let found = RuleAnalyzer.analyze(rules, fieldTypes: analysisFields)
        #expect(found.count == 1)
        #expect(found.first?.message.hasSuffix("cannot all be true") == true, "\(found.map(\.message))")
        // Within the limit the three are found alone.
        let short = try checkedRules(["a: " + (three + others.prefix(3)).joined(separator: " && ")])
        #expect(RuleAnalyzer.analyze(short, fieldTypes: analysisFields).map(\.message)
            == ["rule 'a' can never match: 'u0' cannot be in [1, 2], in [2, 3] and in [1, 3] at once"])
    }
}
