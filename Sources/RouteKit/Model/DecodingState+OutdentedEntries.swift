/// Which keys, written after an empty `key:` in its column, were meant inside it.
enum OutdentedEntryKeys {
    /// Keys among these: `alert:` takes `title`, `message`, `confirm` and `cancel`.
    case among([String])
    /// Any name but these (the keys of the mapping the empty key is in) and close misspellings
    /// of them: `params:` takes param names, but `rotues:` after `payload:` stays a misspelling.
    case besides([String])
}

extension DecodingState {
    /// `node` (a mapping) with the entries of its empty keys moved into them. YAML reads
    ///
    /// ```yaml
    /// screens:
    /// detail: {show: push}
    /// ```
    ///
    /// as an empty `screens` and a top-level key `detail`: an error for the empty key, one per
    /// entry ("unknown key"), then more for what they declare ("unknown screen"). One error at
    /// the empty key says to indent them instead, and the table is checked as if they were.
    /// `keysOf` says which keys may be empty sections and what they take (nil: none);
    /// `describe` names one in messages ("'alert'", "screen 'detail'"); `readAs` says what the
    /// entries were read as, one and many ("a top-level key", "top-level keys").
    mutating func withOutdentedEntriesMoved(
        _ node: Node, readAs: @autoclosure () -> (one: String, many: String), describe: (String) -> String,
        keysOf: (String) -> OutdentedEntryKeys?
    ) -> Node {
        // Every rule and screen passes through here: most have no empty key, and are kept as
        // they are, with no copy and no message text made.
        guard case .mapping(let pairs) = node.content, Self.anyEmptyPlainValue(pairs, keysOf: keysOf)
        else { return node }
        var result: [Node.Pair] = []
        var index = 0
        while index < pairs.count {
            var pair = pairs[index]
            index += 1
            guard Self.isEmptyPlain(pair.value), let section = Self.keyText(pair.key), let takes = keysOf(section)
            else {
                result.append(pair)
                continue
            }
            var entries: [Node.Pair] = []
            // In a block mapping, in the column of the empty key (a flow mapping has no columns).
            while index < pairs.count, pairs[index].key.range.start.column == pair.key.range.start.column,
                pairs[index].key.range.start.line > pair.key.range.start.line,
                isOutdentedEntry(pairs[index].key, takes)
            {
                entries.append(pairs[index])
                index += 1
            }
            if let first = entries.first, let last = entries.last {
                decoder.report(ModelMessages.outdentedEntries(
                    of: describe(section), keys: entries.compactMap { Self.keyText($0.key) }, readAs: readAs(), at: pair.value.range,
                    firstEntry: first.key.range))
                let range = SourceRange(file: first.key.range.file, start: first.key.range.start,
                                        end: last.value.range.end)
                pair.value = Node(.mapping(entries), range: range)
            }
            result.append(pair)
        }
        return Node(.mapping(result), tag: node.tag, range: node.range)
    }

    /// Whether a pair of `pairs` has an empty plain value and a key `keysOf` takes entries for.
    /// The pairs are read in place: `contains(where:)` would copy each pair (two nodes).
    private static func anyEmptyPlainValue(_ pairs: [Node.Pair], keysOf: (String) -> OutdentedEntryKeys?) -> Bool {
        pairs.withUnsafeBufferPointer { pairs in
            pairs.indices.contains { isEmptyPlain(pairs[$0].value) && keyText(pairs[$0].key).flatMap(keysOf) != nil }
        }
    }

    private static func isEmptyPlain(_ node: Node) -> Bool {
        guard node.tag == nil, case .scalar(let value) = node.content else { return false }
        return value.style == .plain && value.value.isEmpty
    }

    private static func keyText(_ key: Node) -> String? {
        if case .scalar(let scalar) = key.content { scalar.value } else { nil }
    }

    private static func has(_ pairs: [Node.Pair], _ key: String) -> Bool {
        pairs.contains { keyText($0.key) == key }
    }

    private mutating func isOutdentedEntry(_ key: Node, _ takes: OutdentedEntryKeys) -> Bool {
        guard let name = Self.keyText(key) else { return false }
        switch takes {
        case .among(let keys):
            return keys.contains(name)
        case .besides(let keys):
            return !keys.contains(name) && decoder.suggestion(for: name, among: keys) == nil
        }
    }

    /// The top level, for `screens:`, `payload:` or `defaults:` left empty.
    mutating func withOutdentedSectionEntriesMoved(_ root: Node) -> Node {
        withOutdentedEntriesMoved(root, readAs: ("a top-level key", "top-level keys"), describe: { "'\($0)'" }) { key in
            switch key {
            case "screens", "payload": .besides(TableDecoder.topLevelKeys)
            case "defaults": .among(Self.defaultsKeys)
            default: nil
            }
        }
    }

    /// The screens, with a screen's key written one level too far left moved into the screen
    /// above it:
    ///
    /// ```yaml
    /// screens:
    ///   detail:
    ///     show: push
    ///   params: {id: int}    # meant inside 'detail'
    /// ```
    ///
    /// would be a screen named `params` ("missing 'show'"), and every rule giving `detail` its
    /// `id` an error. It is taken for a misplaced key when it is a screen's key whose value is
    /// not a screen (a scalar such as `push`, or for `params` a mapping without `show`) and the
    /// screen above does not have that key; one error says to indent it. (A screen may be named
    /// `login`: `login: {show: present}` stays a screen.)
    mutating func withStrayScreenKeysMoved(_ node: Node) -> Node {
        guard case .mapping(let pairs) = node.content,
            pairs.contains(where: { Self.screenKey(of: $0) != nil })
        else { return node }
        var result: [Node.Pair] = []
        for pair in pairs {
            guard let last = result.last, let key = Self.screenKey(of: pair), let screen = Self.keyText(last.key),
                case .mapping(var fields) = last.value.content, !Self.has(fields, key)
            else {
                result.append(pair)
                continue
            }
            decoder.report(ModelMessages.strayScreenKey(key, screen: screen, at: pair.key.range))
            // A screen of that name, if one is declared too, was dropped as a duplicate key.
            screensWithErrors.insert(CodePointKey(key))
            fields.append(pair)
            result[result.count - 1].value = Node(.mapping(fields), tag: last.value.tag, range: last.value.range)
        }
        return Node(.mapping(result), tag: node.tag, range: node.range)
    }

    /// The screen's key `pair` is, when its value is no screen (a scalar, or for `params` a
    /// mapping without `show`); nil otherwise.
    private static func screenKey(of pair: Node.Pair) -> String? {
        guard let key = keyText(pair.key), screenKeys.contains(key) else { return nil }
        switch pair.value.content {
        case .scalar: return key
        case .mapping(let pairs): return key == "params" && !has(pairs, "show") ? key : nil
        case .sequence: return nil
        }
    }

    /// A rule's or the fallback's keys (`keys`), for `alert:`, `login:` or `params:` left empty.
    mutating func withOutdentedRouteEntriesMoved(_ node: Node, keys: [String], of what: String) -> Node {
        withOutdentedEntriesMoved(node, readAs: ("a key of \(what)", "keys of \(what)"), describe: { "'\($0)'" }) { key in
            switch key {
            case "alert": .among(Self.alertKeys)
            case "login": .among(["user"])
            case "params": .besides(keys)
            default: nil
            }
        }
    }
}
