extension DecodingState {
    /// Sections that take a mapping of entries and are easily left empty with their entries
    /// written below them in their own column (`screens:` then `detail: {…}` at the margin).
    static let sectionsOfEntries = ["screens", "payload", "defaults"]

    /// `root` with the entries of such a section moved into it. YAML reads
    ///
    /// ```yaml
    /// screens:
    /// detail: {show: push}
    /// ```
    ///
    /// as an empty `screens` and a top-level key `detail`: an error for the empty section, one
    /// per entry ("unknown key"), then more for what they declare ("unknown screen"). One error
    /// at the empty section says to indent them instead, and the table is checked as if they
    /// were. Entries are taken while their keys are not top-level keys, nor close misspellings
    /// of one (`rotues:` stays a misspelled key); in `defaults`, only its own keys are taken.
    mutating func withOutdentedEntriesMoved(_ root: Node) -> Node {
        guard case .mapping(let pairs) = root.content else { return root }
        var result: [Node.Pair] = []
        var index = 0
        while index < pairs.count {
            var pair = pairs[index]
            index += 1
            guard case .scalar(let section) = pair.key.content, Self.sectionsOfEntries.contains(section.value),
                pair.value.tag == nil, case .scalar(let value) = pair.value.content,
                value.style == .plain, value.value.isEmpty
            else {
                result.append(pair)
                continue
            }
            var entries: [Node.Pair] = []
            while index < pairs.count, isOutdentedEntry(pairs[index].key, of: section.value) {
                entries.append(pairs[index])
                index += 1
            }
            if let first = entries.first, let last = entries.last {
                let keys = entries.compactMap { entry -> String? in
                    if case .scalar(let key) = entry.key.content { key.value } else { nil }
                }
                decoder.report(ModelMessages.outdentedEntries(of: section.value, keys: keys, at: pair.value.range,
                                                                 firstEntry: first.key.range))
                let range = SourceRange(file: first.key.range.file, start: first.key.range.start,
                                        end: last.value.range.end)
                pair.value = Node(.mapping(entries), range: range)
            }
            result.append(pair)
        }
        return Node(.mapping(result), tag: root.tag, range: root.range)
    }

    private mutating func isOutdentedEntry(_ key: Node, of section: String) -> Bool {
        guard case .scalar(let scalar) = key.content, !TableDecoder.topLevelKeys.contains(scalar.value) else {
            return false
        }
        if section == "defaults" { return Self.defaultsKeys.contains(scalar.value) }
        return decoder.suggestion(for: scalar.value, among: TableDecoder.topLevelKeys) == nil
    }
}
