import Testing

@testable import RouteKit

/// The analysis charges its budget by what set operations walk: `IntervalSet.union` merges in
/// one pass, `FieldSet.intersects` builds no intersection, and a region test costs
/// `Region.testCost` (one per `Region.piecesPerTest` pieces), so long `in` lists cannot make
/// `validate` slow (3,000 rules of 200-element lists took 30 s in a release build when every test
/// counted one).
@Suite struct SetCostTests {
    /// `count` separate integers: 0, 2, 4, ...
    static func spaced(_ count: Int, from start: Int64 = 0) -> IntervalSet {
        (0..<Int64(count)).reduce(IntervalSet()) { $0.union(IntervalSet((start + $1 * 2)...(start + $1 * 2))) }
    }

    static func region(_ values: IntervalSet) -> Region {
        Region().constraining("type", .present(.numbers(values, nan: false), kind: .int, dotted: false))
    }

    @Test func unionMatchesCountingMembers() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let ranges = (0..<2).map { _ in
                (0..<Int.random(in: 0...6, using: &generator)).map { _ -> ClosedRange<Int64> in
                    let low = Int64.random(in: 0...60, using: &generator)
                    return low...(low + Int64.random(in: 0...5, using: &generator))
                }
            }
            let sets = ranges.map { $0.reduce(IntervalSet()) { $0.union(IntervalSet($1)) } }
            let union = sets[0].union(sets[1])
            let members = Set(ranges.joined().flatMap { Array($0) })
            #expect(Set(union.ranges.flatMap { Array($0) }) == members)
            // Sorted, disjoint and not adjacent: one form per set.
            #expect(zip(union.ranges, union.ranges.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound })
        }
        #expect(IntervalSet(Int64.max - 1...Int64.max).union(IntervalSet(0...3)).ranges == [0...3, Int64.max - 1...Int64.max])
    }

    /// `FieldSet.intersects` walks number sets without building their intersection; it answers
    /// as the intersection does, absent and unreachable states and NaN included.
    @Test func intersectsAnswersAsTheIntersection() {
        var generator = SplitMix64(seed: 11)
        func randomSet() -> FieldSet {
            let values = (0..<Int.random(in: 0...4, using: &generator)).reduce(IntervalSet()) { set, _ in
                let low = Int64.random(in: 0...40, using: &generator)
                return set.union(IntervalSet(low...(low + Int64.random(in: 0...3, using: &generator))))
            }
            return FieldSet(kind: .double, dotted: true, values: .numbers(values, nan: Bool.random(using: &generator)),
                            absent: Bool.random(using: &generator), unreachable: Bool.random(using: &generator))
        }
        for _ in 0..<2_000 {
            let (a, b) = (randomSet(), randomSet())
            #expect(a.intersects(b) == !a.intersection(b).isEmpty, "\(a) and \(b)")
        }
    }

    @Test func aTestCostsOnePerEightPieces() {
        #expect(Self.region(Self.spaced(1)).testCost == 1)
        #expect(Self.region(Self.spaced(Region.piecesPerTest * 2 - 1)).testCost == 1)
        #expect(Self.region(Self.spaced(Region.piecesPerTest * 2)).testCost == 2)
        #expect(Self.region(Self.spaced(200)).testCost == 25)
    }

    /// The same shadowing, with long lists, needs a budget in proportion to their length: what
    /// finds it for two values does not for 200.
    @Test func longListsSpendMoreOfTheBudget() throws {
        func rules(_ count: Int) throws -> [CheckedRule] {
            let list = (0..<count).map { String($0 * 2) }.joined(separator: ", ")
            return try checkedRules(["a: type in [\(list)]", "b: type == 0"])
        }
        let short = try rules(2)
        let needed = try #require((0...1_000).first { budget in
            !RuleAnalyzer.analyze(short, fieldTypes: analysisFields, regionTests: budget).isEmpty
        })
        let long = try rules(200)
        #expect(RuleAnalyzer.analyze(long, fieldTypes: analysisFields, regionTests: needed * 10).isEmpty)
        #expect(RuleAnalyzer.analyze(long, fieldTypes: analysisFields).map(\.code.rawValue) == ["shadowed-rule"])
    }

    /// A hang check, not a timing: 150 rules of 200 random values each, all compared pairwise
    /// (seconds in a debug build; the sanitizer runs are slower).
    @Test(.timeLimit(.minutes(10))) func longListsAnalyzeWithinTheBudget() throws {
        var generator = SplitMix64(seed: 3)
        let specs = (0..<150).map { index in
            "r\(index): type in [" + (0..<200).map { _ in String(Int.random(in: 0...10_000, using: &generator)) }
                .joined(separator: ", ") + "]"
        }
        let found = RuleAnalyzer.analyze(try checkedRules(specs), fieldTypes: analysisFields)
        #expect(found.allSatisfy { $0.code.rawValue == "shadowed-rule" })
    }
}
