/// Reads typed values out of nodes, collecting a diagnostic for every value of the wrong shape.
///
/// Each accessor returns nil after reporting, so callers go on and every problem of a file is
/// found in one run rather than only the first.
struct NodeDecoder {
    var diagnostics: [Diagnostic] = []
    /// Shared by every "did you mean" of the table.
    private var hints = Suggestion.Budget()

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// The name among `known` that `name` is likely a misspelling of, within the table's budget.
    mutating func suggestion(for name: String, among known: some Collection<String>) -> String? {
        Suggestion.closest(to: name, in: known, budget: &hints)
    }

    /// The declared payload path or object that `path` is likely a misspelling of, within the
    /// same budget.
    mutating func suggestion(forPath path: String, in environment: ExpressionEnvironment) -> String? {
        environment.suggestion(for: path, hints: &hints)
    }

    /// The pairs of a mapping, keyed by their scalar text, after reporting unknown keys.
    mutating func mapping(_ node: Node, _ what: @autoclosure () -> String, allowed: [String]) -> Mapping? {
        guard case .mapping(let pairs) = node.content else {
            report(ModelMessages.notAMapping(what(), found: node.kindDescription, at: node.range))
            return nil
        }
        var mapping = Mapping(pairs: pairs)
        for position in pairs.indices {
            // The key's text, read in place: binding the key node first would copy it.
            guard case .scalar(let scalar) = pairs[position].key.content else {
                let key = pairs[position].key
                report(ModelMessages.wrongType(expected: "a name", for: "a key in \(what())",
                                               found: key.kindDescription, at: key.range))
                continue
            }
            let length = scalar.value.utf8.count
            // Lengths first: unequal strings compare slowly, and most allowed keys are not this one.
            // (Allowed keys are lowercase ASCII, which no string of another length equals.)
            guard allowed.isEmpty || allowed.contains(where: { $0.utf8.count == length && $0 == scalar.value }) else {
                // `id:` beside a `name:` is not the name.
                let hint = suggestion(for: scalar.value, among: allowed)
                    ?? KeySynonyms.meaning(of: scalar.value, among: allowed).flatMap { meant in
                        pairs.contains { if case .scalar(let key) = $0.key.content { key.value == meant } else { false } }
                            ? nil : meant
                    }
                // `action: {push: detail}`: keys of this mapping written one level too deep.
                let nested = hint == nil ? Self.allowedKeys(of: pairs[position].value, among: allowed) : nil
                report(ModelMessages.unknownKey(scalar.value, in: what(), hint: hint, nested: nested,
                                                allowed: allowed, at: pairs[position].key.range))
                if let hint { mapping.misspelled.append(hint) }
                // `{tab:<U+00A0>home}` is one key, which stands for `tab`: it is not also missing.
                if let colon = scalar.value.firstIndex(of: ":"), InvisibleCharacter.first(in: scalar.value) != nil,
                    allowed.contains(String(scalar.value[..<colon]))
                {
                    mapping.misspelled.append(String(scalar.value[..<colon]))
                }
                // They are reported here, so not also missing (`missing-action`).
                if let nested { mapping.misspelled.append(contentsOf: nested) }
                continue
            }
            mapping.append(scalar.value, at: position)
        }
        return mapping
    }

    /// The keys of `node` when it is a mapping whose keys are all among `allowed`, else nil.
    private static func allowedKeys(of node: Node, among allowed: [String]) -> [String]? {
        guard case .mapping(let pairs) = node.content, !pairs.isEmpty, !allowed.isEmpty else { return nil }
        var keys: [String] = []
        for pair in pairs {
            guard case .scalar(let key) = pair.key.content, allowed.contains(key.value) else { return nil }
            keys.append(key.value)
        }
        return keys
    }

    /// A name: a string scalar. Numbers, booleans and null are reported.
    /// `oneOfWords`: the name must be one of a fixed set of words (`foreground`, `login`), none
    /// of them a YAML 1.1 boolean, so a word such as `off` draws its "invalid value" error
    /// alone: the YAML 1.1 warning's fix-it (quoting it) would leave it just as invalid.
    mutating func name(_ node: Node, _ what: @autoclosure () -> String, oneOfWords: Bool = false) -> String? {
        guard case .scalar(let scalar) = node.content,
            case .string(let text)? = node.resolvedScalar
        else {
            report(ModelMessages.wrongType(expected: "a name", for: what(),
                                           found: node.kindDescription, at: node.range))
            return nil
        }
        if node.isYAML11Boolean, !oneOfWords { report(ModelMessages.yaml11BooleanName(text, at: node.range)) }
        _ = scalar
        guard !text.isEmpty else {
            // `key: !tag` is a tag with an empty value: the reader has reported the tag, and the
            // emptiness is only its consequence.
            if !node.hasCustomTag { report(ModelMessages.emptyName(what(), at: node.range)) }
            return nil
        }
        return text
    }

    /// A field or param type: a name (`int`, or `"[int]"` quoted), or a YAML sequence of exactly
    /// one type, so that `tags: [string]` reads as SPEC writes list types (`[[int]]` nests). Nil,
    /// with the problem reported at the node it is about, when it is not a type.
    mutating func fieldType(_ node: Node, _ what: @autoclosure () -> String) -> FieldType? {
        guard case .sequence(let items) = node.content else {
            guard let spelling = name(node, what()) else { return nil }
            guard let type = FieldType(parsing: spelling) else {
                report(FieldType.nestsTooDeep(spelling)
                       ? ModelMessages.typeNestsTooDeep(at: node.range) : ModelMessages.unknownType(spelling, at: node.range))
                return nil
            }
            return type
        }
        guard items.count == 1 else {
            report(ModelMessages.wrongType(expected: "a list type of one element type, such as [string],",
                                           for: what(), found: "a list of \(items.count) items", at: node.range))
            return nil
        }
        guard let element = fieldType(items[0], what()) else { return nil }
        guard element.listNesting < FieldType.maxListNesting else {
            report(ModelMessages.typeNestsTooDeep(at: node.range))
            return nil
        }
        return .list(element)
    }

    /// Free text, such as alert titles: any string scalar; numbers keep their written form.
    mutating func text(_ node: Node, _ what: @autoclosure () -> String) -> String? {
        guard case .scalar(let scalar) = node.content else {
            var wrongType = ModelMessages.wrongType(expected: "a string", for: what(),
                                                    found: node.kindDescription, at: node.range)
            // `message: {aps.alert}` is a placeholder YAML reads as a flow mapping.
            if case .mapping(let pairs) = node.content, pairs.count == 1,
                case .scalar(let key) = pairs[0].key.content, case .null? = pairs[0].value.resolvedScalar
            {
                wrongType.message += "; for a placeholder, put the text in quotes: \"{\(key.value)}\""
            }
            report(wrongType)
            return nil
        }
        // `title:`, `title: ~` and `title: null` are one YAML null: the empty text, as the
        // editor schema says.
        if case .null? = node.resolvedScalar, scalar.style == .plain { return "" }
        return scalar.value
    }

    mutating func bool(_ node: Node, _ what: @autoclosure () -> String) -> Bool? {
        if case .bool(let flag)? = node.resolvedScalar { return flag }
        // Plain or quoted (`"yes"` is as much a string as `yes`); a tag says what was meant.
        if case .scalar(let scalar) = node.content, node.tag == nil, let meant = Node.yaml11Boolean(scalar.value) {
            report(ModelMessages.booleanWord(scalar.value, meant: meant, at: node.range))
            // What it was meant as, so that nothing is reported again for the value.
            return meant
        }
        report(ModelMessages.wrongType(expected: "true or false", for: what(),
                                       found: node.kindDescription, at: node.range))
        return nil
    }

    /// One of a fixed set of words, such as `alert | navigate | ignore`.
    mutating func choice<T: RawRepresentable & CaseIterable>(
        _ node: Node, key: String, as type: T.Type
    ) -> T? where T.RawValue == String {
        guard let word = name(node, "'\(key)'", oneOfWords: true) else { return nil }
        if let value = T(rawValue: word) { return value }
        report(ModelMessages.invalidValue(word, for: key, expected: T.allCases.map(\.rawValue),
                                          at: node.range))
        return nil
    }

    /// An expression in the predicate language, kept as source text with its position.
    mutating func expression(_ node: Node, _ what: @autoclosure () -> String) -> ExpressionSource? {
        guard case .scalar(let scalar) = node.content,
            !(scalar.style == .plain && scalar.value.isEmpty)
        else {
            report(ModelMessages.wrongType(expected: "an expression", for: what(),
                                           found: node.kindDescription, at: node.range))
            return nil
        }
        return ExpressionSource(scalar.value, range: node.range, style: scalar.style)
    }

    /// A list; a single item stands for a list of one when `singleAllowed`.
    mutating func list(_ node: Node, _ what: @autoclosure () -> String) -> [Node]? {
        guard case .sequence(let items) = node.content else {
            var diagnostic = ModelMessages.wrongType(expected: "a list", for: what(),
                                                     found: node.kindDescription, at: node.range)
            // `tabs: home, me`: the items are there, without the brackets that make a list.
            if case .scalar(let scalar) = node.content, scalar.style == .plain, node.tag == nil,
               scalar.value.contains(",")
            {
                let list = "[" + scalar.value + "]"
                diagnostic.message += "; write the items in brackets: \(list)"
                diagnostic.fixIt = FixIt(replacement: list)
            }
            report(diagnostic)
            return nil
        }
        return items
    }

}

/// The pairs of a mapping node in order, with lookup by key.
///
/// Keeps the node's pairs as they are (one array, shared) and the positions of the accepted
/// ones: looking a key up copies only the value found, which matters on tables of thousands of
/// rules, each a mapping looked up a dozen times.
struct Mapping {
    /// An accepted key and where its pair is in `pairs`.
    private struct Key {
        var text: String
        var position: Int
        /// The key's length and first byte: a lookup compares whole keys only where these agree
        /// (the decoder asks each rule for a dozen keys it mostly does not have, and unequal
        /// strings compare slowly). Exact for the format's keys, lowercase ASCII and `_`: no other
        /// string is canonically equal to one of them (see `sameKey`), so equal keys have equal
        /// bytes.
        var fingerprint: Int
    }

    private let pairs: [Node.Pair]
    /// The accepted keys, in order: one array, one allocation per mapping.
    private var keys: [Key] = []
    /// Allowed keys that unknown keys of the mapping were reported as likely misspellings of
    /// ("did you mean 'when'?"): such a key is not also reported missing.
    var misspelled: [String] = []

    init(pairs: [Node.Pair]) {
        self.pairs = pairs
        keys.reserveCapacity(pairs.count)
    }

    mutating func append(_ key: String, at position: Int) {
        keys.append(Key(text: key, position: position, fingerprint: Self.fingerprint(key)))
    }

    private static func fingerprint(_ key: String) -> Int {
        // The iterator reads a small string's first byte in place; `utf8.first` went through
        // the collection's indices and cost twice as much, on a dozen keys a rule.
        var bytes = key.utf8.makeIterator()
        return key.utf8.count << 8 | Int(bytes.next() ?? 0)
    }

    /// Where the pair of `key` is in `pairs`, if the key was accepted.
    private func position(of key: String) -> Int? {
        let fingerprint = Self.fingerprint(key)
        for entry in keys where entry.fingerprint == fingerprint && entry.text == key {
            return entry.position
        }
        return nil
    }

    /// The accepted pairs in order, with their keys' text.
    var entries: some Sequence<(key: String, pair: Node.Pair)> {
        keys.lazy.map { [pairs] key in (key.text, pairs[key.position]) }
    }

    subscript(key: String) -> Node? {
        position(of: key).map { pairs[$0].value }
    }

    func keyRange(_ key: String) -> SourceRange? {
        position(of: key).map { pairs[$0].key.range }
    }

    func has(_ key: String) -> Bool { position(of: key) != nil }

    /// Whether `key` is missing only as a misspelling already reported: `wehn:` for `when:`.
    func isMisspelled(_ key: String) -> Bool { misspelled.contains(key) }
}
