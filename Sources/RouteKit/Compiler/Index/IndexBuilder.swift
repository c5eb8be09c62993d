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
        // Through a buffer, read in place: reading the array would copy each rule (a dozen references).
        var atoms = KeyAtoms(rules: program.rules.count)
        program.rules.withUnsafeBufferPointer { rules in
            for rule in rules.indices { atoms.append(atomsIn: rules[rule].when.expr, slots: slots) }
        }
        // Each field's dotted name, joined once rather than for every rule keyed on it.
        let names = slots.slots.map { $0.components.joined(separator: ".") }

        // Fields are slots here: counting and filing by number hashes no paths.
        var usage = [Int](repeating: 0, count: slots.count)
        for rule in 0..<atoms.ruleCount {
            let ruleAtoms = atoms.atoms(ofRule: rule)
            for position in ruleAtoms.indices
            where !ruleAtoms[..<position].contains(where: { $0.slot == ruleAtoms[position].slot }) {
                usage[ruleAtoms[position].slot] += 1
            }
        }

        // Each distinct (field, value) gets a number as it is first seen; the rules under it are
        // counted, then laid out back to back in one pass (no list per key, no rehashing).
        var numbering = KeyNumbering(usage: usage)
        var rulesPerField = [Int](repeating: 0, count: slots.count)
        // The numbers of each keyed rule's keys, back to back, by rule position.
        var keyNumbers: [Int] = []
        var keyNumbersOfRule: [Range<Int>] = []
        var alwaysRules: [Int] = []
        keyFields.reserveCapacity(atoms.ruleCount)
        keyConjuncts.reserveCapacity(atoms.ruleCount)
        keyNumbersOfRule.reserveCapacity(atoms.ruleCount)
        for position in 0..<atoms.ruleCount {
            let start = keyNumbers.count
            defer { keyNumbersOfRule.append(start..<keyNumbers.count) }
            guard let atom = Self.choose(atoms.atoms(ofRule: position), usage: usage) else {
                alwaysRules.append(position)
                keyFields.append(nil)
                keyConjuncts.append(nil)
                continue
            }
            keyFields.append(names[atom.slot])
            keyConjuncts.append(atom.conjunct)
            rulesPerField[atom.slot] += 1
            // An atom with no keys is never true: the rule is filed nowhere and never tried.
            for key in atoms.keys[atom.keys] { keyNumbers.append(numbering.count(key, slot: atom.slot)) }
        }

        // Slots are numbered in path order, so ties in use keep the paths' order.
        let keysOfSlot = numbering.keysOfSlot
        let order = keysOfSlot.indices.filter { !keysOfSlot[$0].isEmpty }.sorted {
            rulesPerField[$0] != rulesPerField[$1] ? rulesPerField[$0] > rulesPerField[$1] : $0 < $1
        }
        var ranges = [PostingRange](repeating: PostingRange(start: 0, end: 0), count: numbering.keys.count)
        var next = 0
        for slot in order {
            for number in keysOfSlot[slot] {
                ranges[number] = PostingRange(start: next, end: next + numbering.rulesUnder[number])
                next += numbering.rulesUnder[number]
            }
            fields.append(FieldIndex(
                name: names[slot], path: slots.slots[slot].components, slot: slot,
                postings: KeyPostings(keysOfSlot[slot].map { (numbering.keys[$0], ranges[$0]) })))
        }
        // Filled in rule order, so that each run is ascending.
        var filled = ranges.map(\.start)
        postings = [Int](repeating: 0, count: next)
        for (position, ruleKeys) in keyNumbersOfRule.enumerated() {
            for number in keyNumbers[ruleKeys] {
                postings[filled[number]] = position
                filled[number] += 1
            }
        }
        always = append(alwaysRules)
    }

    private mutating func append(_ rules: [Int]) -> PostingRange {
        let start = postings.count
        postings.append(contentsOf: rules)
        return PostingRange(start: start, end: postings.count)
    }

    private static func choose(_ atoms: ArraySlice<KeyAtom>, usage: [Int]) -> KeyAtom? {
        var best: KeyAtom?
        for atom in atoms {
            guard let current = best else {
                best = atom
                continue
            }
            let (used, bestUsed) = (usage[atom.slot], usage[current.slot])
            if used > bestUsed || (used == bestUsed && atom.keys.count < current.keys.count) {
                best = atom
            }
        }
        return best
    }
}

/// Numbers each distinct (field slot, key) as it is first seen and counts the rules filed under it.
private struct KeyNumbering {
    private var numbers: [[IndexKey: Int]]
    /// The keys by number.
    private(set) var keys: [IndexKey] = []
    /// The rules filed under each key, by number.
    private(set) var rulesUnder: [Int] = []
    /// The numbers of each slot's keys, in the order first seen.
    private(set) var keysOfSlot: [[Int]]

    /// `usage`: per slot, how many rules could be keyed on it (a size hint).
    init(usage: [Int]) {
        numbers = usage.map { [IndexKey: Int](minimumCapacity: $0) }
        keysOfSlot = [[Int]](repeating: [], count: usage.count)
    }

    /// Counts one more rule under `key` of `slot`; its number.
    mutating func count(_ key: IndexKey, slot: Int) -> Int {
        // One hash of the key, found or inserted (most keys are new, a value per rule): passed
        // inout, the defaulted subscript stores the next number when the key is missing.
        let number = Self.read(&numbers[slot][key, default: keys.count])
        if number < keys.count {
            rulesUnder[number] += 1
            return number
        }
        keys.append(key)
        rulesUnder.append(1)
        keysOfSlot[slot].append(number)
        return number
    }

    private static func read(_ stored: inout Int) -> Int { stored }
}
