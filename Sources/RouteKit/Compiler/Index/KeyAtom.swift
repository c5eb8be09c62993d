/// A test in a rule's top-level conjunction that can hold only when a declared scalar field has
/// one of a known set of values: `type == 3`, `3 == type`, `target in ["a", "b"]`, or a bare
/// `flag` (true only when the field is `true`).
///
/// A rule whose key atom is not true cannot match: `&&` is true only when both sides are exactly
/// `true`, so one false, error or non-bool conjunct makes the whole predicate fail. Atoms under
/// `||`, `!` or `? :` decide nothing on their own and are never keys.
///
/// ```swift
/// // when: type in [1, 2.0] && has(uid)
/// KeyAtom(path: ["type"], keys: [.int(1), .int(2)], conjunct: 0)
/// ```
struct KeyAtom: Sendable {
    /// The field's path components, as the expression names it (`aps.badge` is `["aps", "badge"]`).
    var path: [String]
    /// The values for which the atom can be true, without duplicates; empty when it never can.
    var keys: [IndexKey]
    /// The atom's position in `KeyAtomFinder.conjuncts(of:)` of its predicate.
    var conjunct: Int = 0
}

/// Finds the key atoms of a predicate.
///
/// ```swift
/// let atoms = KeyAtomFinder.atoms(in: rule.when.expr, declared: [["type"]: .int])
/// ```
enum KeyAtomFinder {
    /// The indexable atoms of `expr`'s top-level conjunction, in source order.
    ///
    /// `declared` maps a declared field's path components to its type; only fields of a scalar
    /// type qualify, because normalization leaves them either absent or holding a value of that
    /// type, never `null`, a list or an object.
    static func atoms(in expr: Expr, declared: [[String]: FieldType]) -> [KeyAtom] {
        var found: [KeyAtom] = []
        for (position, conjunct) in conjuncts(of: expr).enumerated() {
            if var atom = atom(conjunct, declared: declared) {
                atom.conjunct = position
                found.append(atom)
            }
        }
        return found
    }

    /// The operands of nested `&&`, left to right; the expression itself when it is not one.
    static func conjuncts(of expr: Expr) -> [Expr] {
        var result: [Expr] = []
        var pending = [expr]
        while let next = pending.popLast() {
            if case .binary(.and, let lhs, let rhs) = next.kind {
                pending.append(rhs)
                pending.append(lhs)
            } else {
                result.append(next)
            }
        }
        return result
    }

    private static func atom(_ expr: Expr, declared: [[String]: FieldType]) -> KeyAtom? {
        switch expr.kind {
        case .binary(.equal, let lhs, let rhs):
            if let path = scalarPath(lhs, declared), let value = constant(rhs) {
                return KeyAtom(path: path, keys: keys(equalTo: value))
            }
            if let path = scalarPath(rhs, declared), let value = constant(lhs) {
                return KeyAtom(path: path, keys: keys(equalTo: value))
            }
            return nil
        case .binary(.in, let lhs, let rhs):
            guard let path = scalarPath(lhs, declared), let value = constant(rhs) else { return nil }
            return KeyAtom(path: path, keys: keys(containedIn: value))
        case .identifier, .select, .index:
            // A bare field is a true conjunct only when its value is the bool `true`.
            guard let path = scalarPath(expr, declared) else { return nil }
            return KeyAtom(path: path, keys: [.bool(true)])
        default:
            return nil
        }
    }

    /// The keys a scalar field value may have for `field == value` to be true.
    private static func keys(equalTo value: Value) -> [IndexKey] {
        // An error makes `==` an error; null, lists and maps never equal a scalar; NaN equals
        // nothing. In all those cases the atom is never true.
        IndexKey(value).map { [$0] } ?? []
    }

    /// The keys a scalar field value may have for `field in value` to be true.
    private static func keys(containedIn value: Value) -> [IndexKey] {
        var keys: [IndexKey] = []
        var seen: Set<IndexKey> = []
        func add(_ key: IndexKey?) {
            if let key, seen.insert(key).inserted { keys.append(key) }
        }
        switch value {
        case .list(let items):
            // Element by element with `==`: only scalar elements can equal a scalar.
            for item in items { add(IndexKey(item)) }
        case .map(let map):
            // Key membership: an int, bool or string key; a double finds an equal int key.
            for key in map.keys { add(IndexKey(key.value)) }
        default:
            // `in` over anything else is an error, never true.
            break
        }
        return keys
    }

    /// The path components of a field expression naming a declared scalar field, or nil.
    private static func scalarPath(_ expr: Expr, _ declared: [[String]: FieldType]) -> [String]? {
        guard let path = path(of: expr), let type = declared[path] else { return nil }
        switch type {
        case .int, .double, .string, .bool: return path
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
