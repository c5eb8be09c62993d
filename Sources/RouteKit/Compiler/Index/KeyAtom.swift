/// A test in a rule's top-level conjunction that can hold only when a declared scalar field has
/// one of a known set of values: `type == 3`, `3 == type`, `target in ["a", "b"]`, or a bare
/// `flag` (true only when the field is `true`).
///
/// A rule whose key atom is not true cannot match: `&&` is true only when both sides are exactly
/// `true`, so one false, error or non-bool conjunct makes the whole predicate fail. Atoms under
/// `||`, `!` or `? :` decide nothing on their own and are never keys.
///
/// ```swift
/// // when: type in [1, 2.0] && has(uid), with `type` in slot 3
/// KeyAtom(slot: 3, keys: 0..<2, conjunct: 0) // keys [.int(1), .int(2)] in `KeyAtoms.keys`
/// ```
struct KeyAtom: Sendable {
    /// The slot of the field (`PayloadSlots`), which stands for its path.
    var slot: Int
    /// Where the values for which the atom can be true are in `KeyAtoms.keys`, without
    /// duplicates; empty when it never can.
    var keys: Range<Int>
    /// The atom's position among its predicate's conjuncts (`KeyAtomFinder.forEachConjunct`).
    var conjunct: Int
}

/// The key atoms of a table's rules, back to back: one array of atoms and one of keys for the
/// whole table, rather than an array per rule and per atom (a 10,000-rule table would allocate
/// and free some 20,000 of them on every load).
///
/// ```swift
/// var atoms = KeyAtoms(rules: 1)
/// atoms.append(atomsIn: rule.when.expr, slots: slots) // rule 0
/// atoms.atoms(ofRule: 0).map { atoms.keys[$0.keys] }  // [[.string("3")]] for `type == "3"`
/// ```
struct KeyAtoms {
    private(set) var atoms: [KeyAtom] = []
    private(set) var keys: [IndexKey] = []
    /// The range in `atoms` of each rule's, by rule position.
    private var atomsOfRules: [Range<Int>] = []

    init(rules: Int) {
        atoms.reserveCapacity(rules)
        keys.reserveCapacity(rules)
        atomsOfRules.reserveCapacity(rules)
    }

    var ruleCount: Int { atomsOfRules.count }

    /// The key atoms of rule `position`, in source order.
    func atoms(ofRule position: Int) -> ArraySlice<KeyAtom> { atoms[atomsOfRules[position]] }

    /// Adds the next rule's atoms: those of `expr`'s top-level conjunction, in source order.
    ///
    /// Only declared fields of a scalar type qualify, because normalization leaves them either
    /// absent or holding a value of that type, never `null`, a list or an object.
    mutating func append(atomsIn expr: Expr, slots: PayloadSlots) {
        let start = atoms.count
        var position = 0
        KeyAtomFinder.forEachConjunct(of: expr) { conjunct in
            defer { position += 1 }
            let keysStart = keys.count
            guard let slot = KeyAtomFinder.appendKeys(of: conjunct, slots: slots, to: &keys) else {
                keys.removeSubrange(keysStart...)
                return
            }
            atoms.append(KeyAtom(slot: slot, keys: keysStart..<keys.count, conjunct: position))
        }
        atomsOfRules.append(start..<atoms.count)
    }
}

/// Finds the key atoms of a predicate.
///
/// ```swift
/// KeyAtomFinder.forEachConjunct(of: rule.when.expr) { print($0) } // `a`, then `b`, for `a && b`
/// ```
enum KeyAtomFinder {
    /// Calls `body` on the operands of nested `&&`, left to right; on the expression itself
    /// when it is not one. (Recursion is bounded by the expression depth limit.)
    static func forEachConjunct(of expr: Expr, _ body: (Expr) -> Void) {
        if case .binary(.and, let lhs, let rhs) = expr.kind {
            forEachConjunct(of: lhs, body)
            forEachConjunct(of: rhs, body)
        } else {
            body(expr)
        }
    }

    /// Appends the keys of `expr` to `keys` when it is a key atom, and returns its field's slot;
    /// nil when it is not one (then anything appended is the caller's to remove).
    static func appendKeys(of expr: Expr, slots: PayloadSlots, to keys: inout [IndexKey]) -> Int? {
        switch expr.kind {
        case .binary(.equal, let lhs, let rhs):
            if let slot = scalarSlot(lhs, slots), let value = constant(rhs) {
                return appendKeys(equalTo: value, slots.type(ofSlot: slot), to: &keys) ? slot : nil
            }
            if let slot = scalarSlot(rhs, slots), let value = constant(lhs) {
                return appendKeys(equalTo: value, slots.type(ofSlot: slot), to: &keys) ? slot : nil
            }
            return nil
        case .binary(.in, let lhs, let rhs):
            guard let slot = scalarSlot(lhs, slots), let value = constant(rhs) else { return nil }
            return appendKeys(containedIn: value, slots.type(ofSlot: slot), to: &keys) ? slot : nil
        case .identifier, .select, .index:
            // A bare field is a true conjunct only when its value is the bool `true`.
            guard let slot = scalarSlot(expr, slots) else { return nil }
            keys.append(.bool(true))
            return slot
        default:
            return nil
        }
    }

    /// The key a value of a field declared `type` has when it equals `value`; `.some(nil)` when
    /// no value of the field can, and nil when the values that do have no one key.
    ///
    /// CEL compares an int with a double by converting the int to a double, which rounds beyond
    /// 2^53: a double field equals the int literal `v` when it holds `Double(v)`, and an int field
    /// equals a double literal of magnitude 2^53 to 2^63 for every int that rounds to it (such an
    /// atom is not a key; the rule is tried on every payload instead).
    private static func key(_ value: Value, forFieldOf type: FieldType) -> IndexKey?? {
        switch (type, value) {
        case (.int, .double(let d)) where d.magnitude >= 0x1p53 && d.magnitude <= 0x1p63:
            return nil
        case (.double, .int(let i)):
            return .some(IndexKey(Value.double(Double(i))))
        default:
            return .some(IndexKey(value))
        }
    }

    /// Appends the keys a scalar field value may have for `field == value` to be true; false
    /// when they are not a set of keys (`key(_:forFieldOf:)`).
    private static func appendKeys(equalTo value: Value, _ type: FieldType, to keys: inout [IndexKey]) -> Bool {
        // An error makes `==` an error; null, lists and maps never equal a scalar; NaN equals
        // nothing. In all those cases the atom is never true: it has no keys.
        guard let key = key(value, forFieldOf: type) else { return false }
        if let key { keys.append(key) }
        return true
    }

    /// Appends the keys a scalar field value may have for `field in value` to be true, each
    /// once; false when they are not a set of keys.
    private static func appendKeys(containedIn value: Value, _ type: FieldType, to keys: inout [IndexKey]) -> Bool {
        let start = keys.count
        // Most lists are short: they are searched for a duplicate; a long one is hashed.
        var seen: Set<IndexKey>?
        func add(_ key: IndexKey?) {
            guard let key else { return }
            if seen == nil, keys.count - start >= shortKeyList {
                seen = Set(keys[start...])
            }
            if seen != nil {
                if seen!.insert(key).inserted { keys.append(key) }
            } else if !keys[start...].contains(key) {
                keys.append(key)
            }
        }
        switch value {
        case .list(let items):
            // Element by element with `==`: only scalar elements can equal a scalar.
            for item in items {
                guard let key = key(item, forFieldOf: type) else { return false }
                add(key)
            }
        case .map(let map):
            // Key membership, exact (`MapKey`): an int, bool or string key; a double finds an
            // equal int key.
            for key in map.keys { add(IndexKey(key.value)) }
        default:
            // `in` over anything else is an error, never true.
            break
        }
        return true
    }

    /// The most keys an `in` list's keys are searched for a duplicate one by one before a set
    /// is built (searching a few is cheaper than hashing them).
    private static let shortKeyList = 16

    /// The slot of a field expression naming a declared scalar field, or nil.
    private static func scalarSlot(_ expr: Expr, _ slots: PayloadSlots) -> Int? {
        guard let slot = slots.slot(of: expr) else { return nil }
        switch slots.type(ofSlot: slot) {
        case .int, .double, .string, .bool: return slot
        case .any, .list: return nil
        }
    }

    /// `name`, `a.b`, `a["b"]`: the payload path an expression reads, as the interpreter walks it.
    static func path(of expr: Expr) -> [String]? {
        switch expr.kind {
        case .identifier(let name): return [name]
        case .select(let operand, let field): return path(of: operand).map { $0 + [field] }
        case .index(let operand, let index):
            guard case .literal(.string(let key)) = index.kind else { return nil }
            return path(of: operand).map { $0 + [key] }
        default: return nil
        }
    }

    /// The value of an expression that reads nothing from the payload, such as `3`, `-2.5`,
    /// `[1, 2]` or `{"a": 1}`; nil when it may depend on the payload or calls a function.
    static func constant(_ expr: Expr) -> Value? {
        // Most keys are written as literals: no interpreter is needed for those.
        if case .literal(let literal) = expr.kind { return Value(literal: literal) }
        guard isClosed(expr) else { return nil }
        return ExpressionInterpreter.evaluate(expr, payload: .object([:]))
    }

    private static func isClosed(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .identifier, .presence, .call: return false
        default: return !expr.kind.containsChild { !isClosed($0) }
        }
    }
}
