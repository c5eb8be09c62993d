extension Array where Element == Diagnostic {
    /// Adds a note to each diagnostic from `first` on that lies outside `rule`: it was found in a
    /// value the rule takes through a YAML alias (`params: *p`), which is placed where the anchor
    /// writes it, inside another rule. The note says which rule it was found in, at that rule.
    ///
    /// ```swift
    /// diagnostics.noteUsesThroughAliases(from: before, by: "rule 'b'", of: ruleRange)
    /// ```
    mutating func noteUsesThroughAliases(from first: Int, by what: @autoclosure () -> String, of rule: SourceRange) {
        // Nearly every rule draws no diagnostic: its description is made only for one that does.
        guard first < count else { return }
        let what = what()
        for index in indices.dropFirst(first) {
            let place = self[index].range
            let inside = place.file == rule.file && place.start.offset >= rule.start.offset
                && place.end.offset <= rule.end.offset
            if !inside {
                self[index].notes.append(DiagnosticNote(
                    "found in \(what), which uses this value through an alias",
                    at: SourceRange(file: rule.file, at: rule.start)))
            }
        }
    }
}
