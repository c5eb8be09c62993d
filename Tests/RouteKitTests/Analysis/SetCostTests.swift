import Testing

@testable import RouteKit

/// The analysis charges its budget by what set operations walk: `IntervalSet.union` merges in
/// one pass, and a region test costs `Region.testCost` (one per `Region.piecesPerTest` pieces),
/// so long `in` lists cannot make `validate` slow (3,000 rules of 200-element lists took 30 s
/// in a release build when every test counted one).
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

    @Test func aTestCostsOnePerEightPieces() {
        #expect(Self.region(Self.spaced(1)).testCost == 1)
        #expect(Self.region(Self.spaced(Region.piecesPerTest * 2 - 1)).testCost == 1)
        #expect(Self.region(Self.spaced(Region.piecesPerTest * 2)).testCost == 2)
        #expect(Self.region(Self.spaced(200)).testCost == 25)
    }

    /// The same shadowing, with long lists, needs a budget in proportion to their length.
    @Test func longListsSpendMoreOfTheBudget() throws {
        func needed(_ count: Int) throws -> Int {
            let list = (0..<count).map { String($0 * 2) }.joined(separator: ", ")
            let rules = try checkedRules(["a: type in [\(list)]", "b: type == 0"])
            return try #require((0...10_000).first { budget in
                !RuleAnalyzer.analyze(rules, fieldTypes: analysisFields, regionTests: budget).isEmpty
            })
        }
        let short = try needed(2)
        let long = try needed(200)
        #expect(long >= short * 20, "\(short) against \(long)")
    }

    /// A hang check, not a timing: 700 rules of 200 random values each, all compared pairwise.
    @Test(.timeLimit(.minutes(10))) func longListsAnalyzeWithinTheBudget() throws {
        var generator = SplitMix64(seed: 3)
        let specs = (0..<700).map { index in
            "r\(index): type in [" + (0..<200).map { _ in String(Int.random(in: 0...10_000, using: &generator)) }
                .joined(separator: ", ") + "]"
        }
        let found = RuleAnalyzer.analyze(try checkedRules(specs), fieldTypes: analysisFields)
        #expect(found.allSatisfy { $0.code.rawValue == "shadowed-rule" })
    }
}
