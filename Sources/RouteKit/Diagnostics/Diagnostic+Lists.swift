extension Diagnostic {
    /// Items as a message lists them: `a`, `a and b`, `a, b and c`. Shared by the messages of
    /// every phase (the rule analysis, the route model).
    ///
    /// ```swift
    /// Diagnostic.list(["'a'", "'b'", "'c'"]) // "'a', 'b' and 'c'"
    /// ```
    static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
