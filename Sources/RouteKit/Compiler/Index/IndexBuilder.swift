/// Builds the indexes of a `CompiledTable`: picks one key atom per rule and files each rule
/// under the values its atom accepts.
///
/// Choosing the key: among a rule's atoms, the one on the field that the most rules can be keyed
/// on (so a payload needs few lookups), then the one accepting the fewest values (the most
/// selective), then the first written.
///
/// ```swift
/// let builder = IndexBuilder(program: program, slots: PayloadSlots(fields: program.table.fieldTypes))
/// builder.fields.map(\.name) // ["type", "target"]
/// ```
struct IndexBuilder {
    /// Every posting list back to back; see `CompiledTable`.
    private(set) var postings: [Int] = []
    private(set) var fields: [FieldIndex] = []
    private(set) var always = PostingRange(start: 0, end: 0)
    /// The dotted key field of each rule, by position; nil for rules without a key atom.
    private(set) var keyFields: [String?] = []
    /// The position of each rule's key atom among its conjuncts; nil for rules without one.
    private(set) var keyConjuncts: [Int?] = []

    init(program: RoutingProgram, slots: PayloadSlots) {
        var declared: [[String]: FieldType] = [:]
        for (path, type) in program.normalizer.fields {
            let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            declared[components] = type
        }
        let atoms = program.rules.map { KeyAtomFinder.atoms(in: $0.when.expr, declared: declared) }

        var usage: [[String]: Int] = [:]
        for ruleAtoms in atoms {
            for path in Set(ruleAtoms.map(\.path)) { usage[path, default: 0] += 1 }
        }

        var filed: [[String]: [IndexKey: [Int]]] = [:]
        var rulesPerField: [[String]: Int] = [:]
        var alwaysRules: [Int] = []
        for (position, ruleAtoms) in atoms.enumerated() {
            guard let atom = Self.choose(ruleAtoms, usage: usage) else {
                alwaysRules.append(position)
                keyFields.append(nil)
                keyConjuncts.append(nil)
                continue
            }
            keyFields.append(atom.path.joined(separator: "."))
            keyConjuncts.append(atom.conjunct)
            rulesPerField[atom.path, default: 0] += 1
            // An atom with no keys is never true: the rule is filed nowhere and never tried.
            for key in atom.keys { filed[atom.path, default: [:]][key, default: []].append(position) }
        }

        let order = filed.keys.sorted {
            let (a, b) = (rulesPerField[$0] ?? 0, rulesPerField[$1] ?? 0)
            return a != b ? a > b : $0.lexicographicallyPrecedes($1)
        }
        for path in order {
            var index: [IndexKey: PostingRange] = [:]
            for (key, rules) in filed[path] ?? [:] {
                // Positions were appended in ascending order, so each list is already sorted.
                index[key] = append(rules)
            }
            // Key atoms are on declared fields only, and every declared field has a slot.
            guard let slot = slots.slot(of: path) else { preconditionFailure("key field \(path) has no slot") }
            fields.append(FieldIndex(name: path.joined(separator: "."), path: path, slot: slot, postings: KeyPostings(index)))
        }
        always = append(alwaysRules)
    }

    private mutating func append(_ rules: [Int]) -> PostingRange {
        let start = postings.count
        postings.append(contentsOf: rules)
        return PostingRange(start: start, end: postings.count)
    }

    private static func choose(_ atoms: [KeyAtom], usage: [[String]: Int]) -> KeyAtom? {
        var best: KeyAtom?
        for atom in atoms {
            guard let current = best else {
                best = atom
                continue
            }
            let (used, bestUsed) = (usage[atom.path] ?? 0, usage[current.path] ?? 0)
            if used > bestUsed || (used == bestUsed && atom.keys.count < current.keys.count) {
                best = atom
            }
        }
        return best
    }
}
