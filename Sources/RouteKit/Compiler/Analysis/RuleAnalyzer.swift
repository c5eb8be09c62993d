/// Finds dead rules: rules whose predicate can never be true (`never-matches`), and rules that
/// earlier rules leave nothing to match (`shadowed-rule`, or `duplicate-predicate` when an
/// earlier rule has the very same predicate). All findings are warnings.
///
/// The analysis is sound rather than complete (SPEC §4): it decides exactly predicates built
/// with `&&`, `||`, `!`, `true` and `false` from atoms that test one field against literals
/// (`==`, `!=`, `in [...]`, `< <= > >=` on numbers, `has`, a bare `bool` field), with payloads
/// normalized to the declared types and CEL's rules for missing fields. A field of no declared
/// type (`any`, or undeclared) holds values of every kind (`DynamicValues`); on it, the atoms
/// analysed are `==`, `!=`, `in` and `has`. A rule with any other part is neither reported nor
/// counted as covering later rules, and an earlier rule covers later ones only where its params
/// and `login.user` are sure to compute (`params: {id: id}` covers where `has(id)`), since a rule
/// whose params fail lets the payload through (SPEC §3).
///
/// ```swift
/// // - name: a, when: type in [1, 2, 3]
/// // - name: b, when: type == 3
/// let warnings = RuleAnalyzer.analyze(checkedRules, fieldTypes: ["type": .int])
/// warnings[0].message
/// // "rule 'b' is never reached: every payload it matches is matched by earlier rule 'a'"
/// ```
public enum RuleAnalyzer {
    /// Warnings for the rules, in table order; `fieldTypes` are the declared payload fields.
    ///
    /// ```swift
    /// let warnings = RuleAnalyzer.analyze(program.rules, fieldTypes: program.table.fieldTypes)
    /// let dead = warnings.filter { $0.code == "never-matches" }
    /// ```
    public static func analyze(_ rules: [CheckedRule], fieldTypes: [CodePointKey: FieldType]) -> [Diagnostic] {
        analyze(rules, fieldTypes: fieldTypes, regionTests: maxRegionTests)
    }

    /// `analyze` with `regionTests` in place of `maxRegionTests`, for tests at the limit.
    static func analyze(_ rules: [CheckedRule], fieldTypes: [CodePointKey: FieldType], regionTests: Int)
        -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        var earlier: [AnalyzedRule] = []
        var pairsChecked = 0
        var work = regionTests
        let environment = ExpressionEnvironment(fields: fieldTypes)
        for rule in rules {
            let analyzed = AnalyzedRule(rule, environment: environment)
            // Comparing each rule with every earlier one is quadratic: past the budget only the
            // per-rule check (can it match at all?) goes on, so a huge table still loads fast.
            pairsChecked += earlier.count
            let compared = pairsChecked <= maxPairChecks ? earlier : []
            if let diagnostic = verdict(on: analyzed, after: compared, work: &work) {
                diagnostics.append(diagnostic)
            }
            earlier.append(analyzed)
        }
        return diagnostics
    }

    /// The most tests of one region against another (does it meet it?) that the shadowing
    /// analysis of one table may make. Rules of 64 alternatives each, compared pairwise up to
    /// `maxPairChecks`, would otherwise take a billion tests (20 s for 2,000 such rules); past
    /// it, later rules are still checked for never matching, and nothing false is reported.
    ///
    /// ```swift
    /// RuleAnalyzer.maxRegionTests // 20000000
    /// ```
    public static let maxRegionTests = 20_000_000

    /// The most (rule, earlier rule) pairs compared for shadowing and duplicates in one table,
    /// about the first 700 rules; later rules are still checked for never matching.
    ///
    /// ```swift
    /// RuleAnalyzer.maxPairChecks // 250000
    /// ```
    public static let maxPairChecks = 250_000

    private static func verdict(on rule: AnalyzedRule, after earlier: [AnalyzedRule], work: inout Int)
        -> Diagnostic?
    {
        let range = rule.range ?? .wholeFile("")
        if let formula = rule.formula, rule.regions?.isEmpty == true {
            return AnalysisMessages.neverMatches(
                rule.name, because: NeverMatchReason.explain(formula), at: range)
        }
        if let twin = earlier.first(where: { $0.key == rule.key && $0.resolves && !$0.neverMatches }) {
            return AnalysisMessages.duplicatePredicate(
                rule.name, earlier: twin.name, earlierRange: twin.range, at: range)
        }
        guard let regions = rule.regions else { return nil }
        var candidates: [AnalyzedRule] = []
        for other in earlier {
            guard let covering = other.covering, !covering.isEmpty else { continue }
            // Charged in full before testing: the budget bounds the work, not just the findings.
            work -= covering.count * regions.count * max(rule.testCost, other.testCost)
            guard work >= 0 else { return nil }
            if covering.contains(where: { a in regions.contains { a.intersects($0) } }) {
                candidates.append(other)
            }
        }
        guard !candidates.isEmpty else { return nil }
        // The earliest rule that alone holds every payload of this one is the clearest answer,
        // and needs no search for a smallest set.
        for other in candidates {
            let covering = other.covering ?? []
            work -= covering.count * regions.count * max(rule.testCost, other.testCost)
            guard work >= 0 else { return nil }
            if regions.allSatisfy({ region in covering.contains { $0.contains(region) } }) {
                return AnalysisMessages.shadowedRule(rule.name, by: [(other.name, other.range)], at: range)
            }
        }
        guard isCovered(regions, of: rule, by: candidates, work: &work) == true else { return nil }
        // Keep a smallest set of responsible rules, preferring the earliest ones. Out of budget,
        // the set found so far is kept: it covers the rule too, only it may not be the smallest.
        var responsible = candidates
        for index in responsible.indices.reversed() where responsible.count > 1 && work > 0 {
            var trial = responsible
            trial.remove(at: index)
            if isCovered(regions, of: rule, by: trial, work: &work) == true { responsible = trial }
        }
        return AnalysisMessages.shadowedRule(
            rule.name, by: responsible.map { ($0.name, $0.range) }, at: range)
    }

    /// Whether `rules` cover `regions`, the regions of `rule`; the work is charged at the rate of
    /// the costliest region involved (`Region.testCost`).
    private static func isCovered(
        _ regions: [Region], of rule: AnalyzedRule, by rules: [AnalyzedRule], work: inout Int
    ) -> Bool? {
        let cost = rules.reduce(rule.testCost) { max($0, $1.testCost) }
        let available = work / cost
        var left = available
        let covered = Regions.isCovered(regions, by: rules.flatMap { $0.covering ?? [] }, work: &left)
        work -= (available - left) * cost
        return covered
    }
}

/// A rule with what the analysis learned about it; a class, since the pairwise comparison
/// gathers earlier rules into candidate lists many times over.
private final class AnalyzedRule {
    let name: String
    /// The `when` value's range, where warnings about the rule point.
    let range: SourceRange?
    /// nil when the predicate is outside the analyzed fragment.
    let formula: Formula?
    /// Where the predicate is true; nil when outside the fragment or too large.
    let regions: [Region]?
    let key: PredicateKey
    /// Whether the route surely computes whenever the predicate holds.
    let resolves: Bool
    /// Where the rule matches and its route computes: the payloads it takes from later rules;
    /// nil when the analysis cannot tell.
    let covering: [Region]?
    /// The largest `Region.testCost` of its regions.
    let testCost: Int

    init(_ rule: CheckedRule, environment: ExpressionEnvironment) {
        name = rule.rule.name
        range = rule.rule.when.range ?? rule.rule.range
        let builder = FormulaBuilder(environment: environment, source: rule.when.source ?? rule.rule.when.text)
        formula = builder.formula(rule.when.expr, positive: true)
        regions = formula.flatMap(Regions.of)
        key = PredicateKey(rule.when.expr)
        resolves = RouteResolution.alwaysResolves(rule.route, regions: regions, fieldTypes: environment.fields)
        covering = regions.flatMap {
            RouteResolution.coveringRegions(rule.route, within: $0, fieldTypes: environment.fields)
        }
        testCost = ((regions ?? []) + (covering ?? [])).reduce(1) { max($0, $1.testCost) }
    }

    var neverMatches: Bool { regions?.isEmpty == true }
}
