/// Finds the closest name to a misspelled one, for "did you mean" hints.
///
/// The same helper serves option names, keys, screens, tabs and payload fields, so every hint in
/// the product follows one rule: the candidate with the smallest edit distance, if that distance is
/// small for the word's length (at most a third of it, and at least 1).
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
        let target = Array(word.lowercased().unicodeScalars)
        let allowed = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars),
                                        limit: allowed)
            guard distance <= allowed else { continue }
            if let current = best,
                distance > current.distance
                    || (distance == current.distance && candidate >= current.name)
            {
                continue
            }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Damerau-Levenshtein distance (optimal string alignment), giving up above `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
