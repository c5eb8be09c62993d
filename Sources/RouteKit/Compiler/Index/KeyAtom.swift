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
/// KeyAtom(slot: 3, keys: [.int(1), .int(2)], conjunct: 0)
/// ```
struct KeyAtom: Sendable {
    /// The slot of the field (`PayloadSlots`), which stands for its path.
    var slot: Int
    /// The values for which the atom can be true, without duplicates; empty when it never can.
    var keys: [IndexKey]
    /// The atom's position among its predicate's conjuncts (`KeyAtomFinder.forEachConjunct`).
    var conjunct: Int = 0
}

/// Finds the key atoms of a predicate.
///
/// ```swift
/// let atoms = KeyAtomFinder.atoms(in: rule.when.expr, slots: PayloadSlots(fields: ["type": .int]))
/// ```
enum KeyAtomFinder {
    /// The indexable atoms of `expr`'s top-level conjunction, in source order.
    ///
    /// Only declared fields of a scalar type qualify, because normalization leaves them either
    /// absent or holding a value of that type, never `null`, a list or an object.
    static func atoms(in expr: Expr, slots: PayloadSlots) -> [KeyAtom] {
        var found: [KeyAtom] = []
        var position = 0
        forEachConjunct(of: expr) { conjunct in
            if var atom = atom(conjunct, slots: slots) {
                atom.conjunct = position
                found.append(atom)
            }
            position += 1
        }
        return found
    }

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

    private static func atom(_ expr: Expr, slots: PayloadSlots) -> KeyAtom? {
        switch expr.kind {
        case .binary(.equal, let lhs, let rhs):
            if let slot = scalarSlot(lhs, slots), let value = constant(rhs) {
                return keys(equalTo: value, slots.type(ofSlot: slot)).map { KeyAtom(slot: slot, keys: $0) }
            }
            if let slot = scalarSlot(rhs, slots), let value = constant(lhs) {
                return keys(equalTo: value, slots.type(ofSlot: slot)).map { KeyAtom(slot: slot, keys: $0) }
            }
            return nil
        case .binary(.in, let lhs, let rhs):
            guard let slot = scalarSlot(lhs, slots), let value = constant(rhs) else { return nil }
            return keys(containedIn: value, slots.type(ofSlot: slot)).map { KeyAtom(slot: slot, keys: $0) }
        case .identifier, .select, .index:
            // A bare field is a true conjunct only when its value is the bool `true`.
            guard let slot = scalarSlot(expr, slots) else { return nil }
            return KeyAtom(slot: slot, keys: [.bool(true)])
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

    /// The keys a scalar field value may have for `field == value` to be true; nil when they
    /// are not a set of keys (`key(_:forFieldOf:)`).
    private static func keys(equalTo value: Value, _ type: FieldType) -> [IndexKey]? {
        // An error makes `==` an error; null, lists and maps never equal a scalar; NaN equals
        // nothing. In all those cases the atom is never true.
        guard let key = key(value, forFieldOf: type) else { return nil }
        return key.map { [$0] } ?? []
    }

    /// The keys a scalar field value may have for `field in value` to be true; nil when they
    /// are not a set of keys.
    private static func keys(containedIn value: Value, _ type: FieldType) -> [IndexKey]? {
        var keys: [IndexKey] = []
        var seen: Set<IndexKey> = []
        func add(_ key: IndexKey?) {
            if let key, seen.insert(key).inserted { keys.append(key) }
        }
        switch value {
        case .list(let items):
            // Element by element with `==`: only scalar elements can equal a scalar.
            for item in items {
                guard let key = key(item, forFieldOf: type) else { return nil }
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
        return keys
    }

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
