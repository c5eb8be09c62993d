import RouteKit

/// Keys already in a mapping, compared by their core-schema value (`1` and `0x1` are equal;
/// strings by code points, so `é` and `e` with a combining accent are two keys).
///
/// Most mappings in route files have a handful of keys, where a linear scan beats hashing.
private struct KeyIndex {
    private var small: [(key: Node.ResolvedScalar, index: Int)] = []
    private var large: [Node.ResolvedScalar: Int] = [:]
    private static let linearLimit = 12

    func index(of key: Node.ResolvedScalar) -> Int? {
        if small.count < Self.linearLimit {
            for entry in small where entry.key == key { return entry.index }
            return nil
        }
        return large[key]
    }

    mutating func insert(_ key: Node.ResolvedScalar, index: Int) {
        if small.count < Self.linearLimit {
            small.append((key, index))
            if small.count == Self.linearLimit {
                for entry in small { large[entry.key] = entry.index }
            }
        } else {
            large[key] = index
        }
    }
}

extension YAMLTreeBuilder {
    /// Pairs a mapping's keys and values, rejects duplicate keys and applies merge keys.
    ///
    /// Merge keys follow https://yaml.org/type/merge.html: keys written in the mapping win over
    /// merged ones, and among merged mappings the earlier one wins. Merged pairs take the place
    /// of the `<<` pair. A later duplicate is dropped, so the model sees each key once; from a
    /// duplicate that starts another list item written without its `- `, every pair is dropped.
    /// Collection keys are not compared.
    mutating func finishMapping(_ written: [Node.Pair]) -> [Node.Pair] {
        if Self.hasDistinctSimpleKeys(written) { return written }
        var keys = KeyIndex()
        var pairs: [Node.Pair] = []
        // Most mappings have neither duplicates nor merges and are returned as written.
        var rewritten = false
        var merges: [(position: Int, key: Node, value: Node)] = []
        var hintedNewItem = false
        for (index, pair) in written.enumerated() {
            guard let resolved = pair.key.resolvedScalar else {
                if rewritten { pairs.append(pair) }
                continue
            }
            let position = rewritten ? pairs.count : index
            if let first = keys.index(of: resolved) {
                let newItem = !hintedNewItem && startsAnotherItem(pair.key, of: written)
                hintedNewItem = hintedNewItem || newItem
                reportDuplicate(pair.key, first: first < 0 ? merges[-first - 1].key : written[first].key,
                                newItem: newItem)
                if !rewritten { pairs = Array(written[..<index]) }
                rewritten = true
                // The rest is another item that lost its `- `: its keys would each be another
                // duplicate, and the others (`present` after a `push`) a conflict in this item.
                if newItem { break }
                continue
            }
            if Self.isMergeKey(pair.key) {
                if !rewritten { pairs = Array(written[..<index]) }
                rewritten = true
                merges.append((position, pair.key, pair.value))
                // Negative positions mark the merge key itself, which never becomes a pair.
                keys.insert(resolved, index: -merges.count)
                continue
            }
            keys.insert(resolved, index: index)
            if rewritten { pairs.append(pair) }
        }
        guard rewritten else { return written }
        guard !merges.isEmpty else { return pairs }
        return applyMerges(merges, to: pairs, keys: keys)
    }

    private mutating func applyMerges(
        _ merges: [(position: Int, key: Node, value: Node)], to pairs: [Node.Pair], keys: KeyIndex
    ) -> [Node.Pair] {
        var keys = keys
        var result: [Node.Pair] = []
        var next = 0
        for merge in merges {
            result.append(contentsOf: pairs[next..<merge.position])
            next = merge.position
            for source in mergeSources(merge.value, mergedAt: merge.key.range) {
                for pair in source {
                    guard let resolved = pair.key.resolvedScalar else {
                        result.append(pair)
                        continue
                    }
                    if keys.index(of: resolved) != nil { continue }
                    keys.insert(resolved, index: Int.max)
                    result.append(pair)
                }
            }
        }
        result.append(contentsOf: pairs[next...])
        return result
    }

    /// The mappings a merge value names, in order; reports anything else. `key` is where the
    /// `<<` is written.
    private mutating func mergeSources(_ value: Node, mergedAt key: SourceRange) -> [[Node.Pair]] {
        switch value.content {
        case .mapping(let pairs):
            return [pairs]
        case .sequence(let items):
            // An alias (`<<: *list`) stands for a node anchored earlier: its items are not where
            // the mistake is, the merge is; it is told once, there.
            // (The alias's own range is where it is used; its items keep the anchor's places.)
            let aliased = items.contains { $0.range.start.offset < key.start.offset }
            let place = value.range.start.offset > key.start.offset ? value.range : key
            var sources: [[Node.Pair]] = []
            var reported = false
            for item in items {
                guard case .mapping(let pairs) = item.content else {
                    if !(aliased && reported) { report(YAMLMessages.invalidMerge(), at: aliased ? place : item.range) }
                    reported = true
                    mergeFailed = true
                    continue
                }
                sources.append(pairs)
            }
            return sources
        case .scalar:
            // An alias already reported (undefined, or inside its own anchor) stands for nothing.
            if !diagnostics.contains(where: { $0.range == value.range }) {
                report(YAMLMessages.invalidMerge(), at: value.range)
            }
            mergeFailed = true
            return []
        }
    }

    /// `newItem`: the key looks like the first of another list item written without its `- `.
    private mutating func reportDuplicate(_ key: Node, first: Node, newItem: Bool) {
        let name: String
        if case .scalar(let scalar) = key.content { name = scalar.value } else { name = "" }
        var notes = [DiagnosticNote(YAMLMessages.duplicateKeyFirst(name), at: first.range)]
        if newItem { notes.append(DiagnosticNote(YAMLMessages.missingItemDash, at: nil)) }
        report(YAMLMessages.duplicateKey(name), at: key.range, notes: notes)
    }

    /// Whether a repeated key lines up with the first key of a mapping that is a `- ` item of a
    /// block list: a rule copied under another one without its `- ` repeats all its keys.
    private func startsAnotherItem(_ key: Node, of pairs: [Node.Pair]) -> Bool {
        guard let firstKey = pairs.first?.key else { return false }
        let offset = firstKey.range.start.offset
        return positions.byte(at: offset - 1) == UInt8(ascii: " ")
            && positions.byte(at: offset - 2) == UInt8(ascii: "-")
            && key.range.start.column == firstKey.range.start.column
            && key.range.start.line > firstKey.range.start.line
    }

    /// A cheap check for the usual mapping: a few plain keys that can only be strings (they
    /// start with a letter and are not `null`, `true` or `false`), all different.
    private static func hasDistinctSimpleKeys(_ pairs: [Node.Pair]) -> Bool {
        guard pairs.count <= 16 else { return false }
        for (index, pair) in pairs.enumerated() {
            guard pair.key.tag == nil, case .scalar(let scalar) = pair.key.content,
                scalar.style == .plain, let first = scalar.value.utf8.first
            else { return false }
            switch first {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                switch first {
                case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
                    UInt8(ascii: "f"), UInt8(ascii: "F"):
                    switch scalar.value {
                    case "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE":
                        return false
                    default: break
                    }
                default: break
                }
            default:
                return false
            }
            for earlier in pairs[..<index] {
                if case .scalar(let other) = earlier.key.content, other.value.utf8.elementsEqual(scalar.value.utf8) {
                    return false
                }
            }
        }
        return true
    }

    private static func isMergeKey(_ key: Node) -> Bool {
        guard key.tag == nil, case .scalar(let scalar) = key.content else { return false }
        return scalar.style == .plain && scalar.value == "<<"
    }
}
