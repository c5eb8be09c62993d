import Testing

@testable import RouteKit

/// The analysis's string sets: exact, in code point order, with one form per set.
@Suite struct StringSetTests {
    @Test func comparisonsSplitTheStringsWithoutGapOrOverlap() {
        for value in ["", "a", "a\u{0}", "\u{E9}", "e\u{301}", "\u{10FFFF}"] {
            let below = StringSet(.less, value)
            let equal = StringSet(equalTo: value)
            let above = StringSet(.greater, value)
            #expect(below.union(equal).union(above) == .all)
            #expect(below.intersection(equal).isEmpty && equal.intersection(above).isEmpty)
            #expect(StringSet(.lessOrEqual, value) == below.union(equal))
            #expect(StringSet(.greaterOrEqual, value) == above.union(equal))
            #expect(StringSet(.notEqual, value) == equal.complement)
            #expect(equal.contains(value) && !below.contains(value) && !above.contains(value))
        }
    }

    @Test func ordersByCodePointsNotByCanonicalEquivalence() {
        // Swift's `<` says "é" precomposed equals "e" with a combining accent; CEL does not.
        let precomposed = StringSet(equalTo: "\u{E9}")
        #expect(!precomposed.contains("e\u{301}"))
        #expect(StringSet(.less, "f").contains("e\u{301}"))
        #expect(!StringSet(.less, "f").contains("\u{E9}"))
    }

    @Test func nothingLiesBetweenAStringAndItsSuccessor() {
        let between = StringSet(.greater, "a").intersection(StringSet(.less, "a\u{0}"))
        #expect(between.isEmpty)
        #expect(between == .none)
        #expect(StringSet(.less, "").isEmpty)
        #expect(StringSet(.greaterOrEqual, "") == .all)
    }

    @Test func equalSetsAreEqualValues() {
        let pieces = StringSet(.less, "b").union(StringSet(equalTo: "b")).union(StringSet(.greater, "b"))
        #expect(pieces == .all)
        #expect(pieces.complement == .none)
        let two = StringSet(equalTo: "a").union(StringSet(equalTo: "c"))
        #expect(two.intersection(StringSet(.less, "b")) == StringSet(equalTo: "a"))
        #expect(two.complement.complement == two)
    }
}
