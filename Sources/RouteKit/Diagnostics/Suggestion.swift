/// Finds the closest name to a misspelled one, for "did you mean" hints.
///
/// The same helper serves option names, keys, screens, tabs and payload fields, so every hint in
/// the product follows one rule: the candidate with the smallest edit distance, if that distance is
/// small for the word's length (at most a third of it, and at least 1 for words of two letters
/// or more; none for a single letter, which an edit would replace whole); among equally close
/// candidates, the first in code-point order. A candidate that is the same text in other code
/// points (`café` with a combining accent, the Kelvin sign for `K`; Swift's `==` calls them
/// equal, RouteKit's names do not) is the closest of all.
///
/// A table can name tens of thousands of screens and misspell thousands of them, so a hint must
/// cost little per candidate: a candidate whose length alone rules it out is passed over without
/// being lowercased or copied, and the distances are computed in buffers made once per call. A
/// table's hints share one `Budget`.
///
/// ```swift
/// Suggestion.closest(to: "mesage_detail", in: ["message_detail", "notice"]) // "message_detail"
/// ```
public enum Suggestion {
    /// The candidate closest to `word`, ignoring case, or nil when none is close enough.
    ///
    /// ```swift
    /// Suggestion.closest(to: "lanch", in: ["launch", "ready"]) // "launch"
    /// Suggestion.closest(to: "xyz", in: ["launch"])            // nil
    /// ```
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String?
    where S.Element == String {
        var unlimited = Budget(work: .max)
        return closest(to: word, among: candidates, count: 0, budget: &unlimited)
    }

    /// Like `closest(to:in:)`, within `budget`: nil, with no hint, when the budget cannot pay
    /// for the search. A list longer than the work left is not even looked at.
    ///
    /// ```swift
    /// var budget = Suggestion.Budget()
    /// Suggestion.closest(to: "mesage_detail", in: ["message_detail"], budget: &budget) // "message_detail"
    /// ```
    public static func closest<C: Collection>(to word: String, in candidates: C, budget: inout Budget)
        -> String? where C.Element == String
    {
        closest(to: word, among: candidates, count: candidates.count, budget: &budget)
    }

    /// The search behind both: a unit for each of the `count` candidates, paid first, and a unit
    /// for each cell of each distance table, paid before it is filled.
    static func closest<S: Sequence>(to word: String, among candidates: S, count: Int, budget: inout Budget)
        -> String? where S.Element == String
    {
        guard budget.spend(count) else { return nil }
        var distance = EditDistance(word)
        var best: (name: String, distance: Int)?
        for candidate in candidates where !candidate.hasSameScalars(as: word) {
            if candidate == word { return candidate }
            let found = distance.to(candidate, budget: &budget)
            if distance.outOfBudget { return nil }
            guard let found, found <= distance.allowed else { continue }
            if let current = best,
                found > current.distance || (found == current.distance && candidate >= current.name)
            {
                continue
            }
            best = (candidate, found)
        }
        return best?.name
    }

    /// Damerau-Levenshtein distance (optimal string alignment), giving up above `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        var distance = EditDistance(a.map(\.value), allowed: limit)
        return distance.to(b.map(\.value)) ?? limit + 1
    }
}

/// Edit distances from one lowercased word to candidates, reusing its buffers between them.
struct EditDistance {
    private let target: [UInt32]
    /// The largest distance worth knowing; a candidate farther away gives nil.
    let allowed: Int
    /// Set when the budget could not pay for a distance: the search has no answer.
    private(set) var outOfBudget = false
    private var candidate: [UInt32] = []
    private var previousPrevious: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []

    init(_ word: String) {
        let target = word.lowercased().unicodeScalars.map(\.value)
        // A one-letter word keeps nothing through an edit: `x` is no misspelling of `d`.
        self.init(target, allowed: target.count < 2 ? 0 : max(1, target.count / 3))
    }

    init(_ target: [UInt32], allowed: Int) {
        self.target = target
        self.allowed = allowed
    }

    /// The distance to `word` ignoring case, or nil when it is more than `allowed`; the table's
    /// cells are paid from `budget` (nil and `outOfBudget` when it cannot).
    mutating func to(_ word: String, budget: inout Suggestion.Budget) -> Int? {
        candidate.removeAll(keepingCapacity: true)
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            // Lowercasing keeps an ASCII word's length, so the length alone can rule it out.
            guard abs(word.utf8.count - target.count) <= allowed else { return nil }
            for byte in word.utf8 {
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                candidate.append(UInt32(isUpper ? byte + 32 : byte))
            }
        } else {
            candidate.append(contentsOf: word.lowercased().unicodeScalars.lazy.map(\.value))
        }
        if abs(candidate.count - target.count) > allowed { return nil }
        guard budget.spend(max(1, target.count) * max(1, candidate.count)) else {
            outOfBudget = true
            return nil
        }
        return distanceToCandidate()
    }

    /// The distance to `word`, already lowercased, or nil when it is more than `allowed`.
    mutating func to(_ word: [UInt32]) -> Int? {
        candidate = word
        return distanceToCandidate()
    }

    private mutating func distanceToCandidate() -> Int? {
        let a = target
        let b = candidate
        if abs(a.count - b.count) > allowed { return nil }
        if a.isEmpty || b.isEmpty {
            let distance = max(a.count, b.count)
            return distance <= allowed ? distance : nil
        }
        let width = b.count + 1
        // Every cell is written before it is read; only the first row's values matter.
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: 0..<width)
        previousPrevious = Self.resized(previousPrevious, to: width)
        current = Self.resized(current, to: width)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > allowed { return nil }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        let distance = previous[b.count]
        return distance <= allowed ? distance : nil
    }

    private static func resized(_ row: consuming [Int], to count: Int) -> [Int] {
        if row.count > count { row.removeLast(row.count - count) }
        if row.count < count { row.append(contentsOf: repeatElement(0, count: count - row.count)) }
        return row
    }
}
