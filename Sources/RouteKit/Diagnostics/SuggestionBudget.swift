extension Suggestion {
    /// How much work the "did you mean" hints of one table may do, so that a table with
    /// thousands of misspellings among thousands of (possibly long) names is not quadratic: past
    /// it, diagnostics come without a hint. A unit is one candidate looked at, or one cell of an
    /// edit-distance table (a word's length times a candidate's).
    ///
    /// ```swift
    /// var budget = Suggestion.Budget() // Suggestion.Budget.maxWork units
    /// Suggestion.closest(to: "mesage_detail", in: ["message_detail"], budget: &budget)
    /// ```
    public struct Budget: Sendable {
        /// Units per table: 100 misspellings of 20-letter names among 1,000 such names take
        /// 4 million. Spent in full it is about a tenth of a second.
        public static let maxWork = 20_000_000

        /// Units still allowed.
        public internal(set) var remainingWork: Int

        /// A budget of `work` units (`maxWork` unless given).
        ///
        /// ```swift
        /// var none = Suggestion.Budget(work: 0)
        /// Suggestion.closest(to: "mesage_detail", in: ["message_detail"], budget: &none) // nil: no work left
        /// ```
        public init(work: Int = Budget.maxWork) {
            remainingWork = work
        }

        /// Takes `units` from the budget if that many are left; false (taking none) if not.
        mutating func spend(_ units: Int) -> Bool {
            guard units <= remainingWork else { return false }
            remainingWork -= units
            return true
        }
    }
}
