/// A rule's predicate compiled against `PayloadSlots`: comparisons, `in` and `has` on declared
/// fields read their slot; `&&`, `||` and `!` combine three-valued results; anything else is
/// handed to the reference interpreter. The result is the interpreter's, reduced to what
/// matching needs: exactly `true`, exactly `false`, or anything else.
///
/// ```swift
/// // when: type == "3" && (has(uid) || aps.badge > 0)
/// // .and(.compare(type == "3"), .or(.present(uid), .compare(aps.badge > 0)))
/// ```
indirect enum SlotPredicate: Sendable {
    /// `&&` and `||`: `decisive` is the value that settles the result from either side.
    case logical(SlotPredicate, SlotPredicate, decisive: Bool)
    case not(SlotPredicate)
    /// `slot op constant`, or `constant op slot` when `slotOnLeft` is false.
    case compare(slot: Int, BinaryOperator, constant: Value, slotOnLeft: Bool)
    /// `slot == "text"` (or `!=` when `negated`): the commonest test, compared without building
    /// interpreter values when the slot holds a string.
    case stringEquality(slot: Int, String, negated: Bool)
    /// An ordering or equality of a slot with an int constant, compared directly when the slot
    /// holds an int.
    case intComparison(slot: Int, BinaryOperator, Int64, slotOnLeft: Bool)
    /// `has(name)` on a declared top-level field.
    case present(slot: Int)
    case interpreted(Expr)
    /// No test left: the rule's only conjunct was its key atom, already known true.
    case holds

    /// The three values `&&`, `||` and `!` distinguish; `other` is an error or a non-bool.
    enum Truth {
        case `true`, `false`, other
    }

    init(_ expr: Expr, slots: PayloadSlots) {
        switch expr.kind {
        case .binary(.and, let lhs, let rhs):
            self = .logical(SlotPredicate(lhs, slots: slots), SlotPredicate(rhs, slots: slots), decisive: false)
        case .binary(.or, let lhs, let rhs):
            self = .logical(SlotPredicate(lhs, slots: slots), SlotPredicate(rhs, slots: slots), decisive: true)
        case .unary(.not, let operand):
            self = .not(SlotPredicate(operand, slots: slots))
        case .binary(let op, let lhs, let rhs) where Self.comparisons.contains(op):
            if let slot = Self.slot(lhs, slots), let constant = KeyAtomFinder.constant(rhs) {
                self = Self.comparison(slot: slot, op, constant: constant, slotOnLeft: true)
            } else if let slot = Self.slot(rhs, slots), let constant = KeyAtomFinder.constant(lhs) {
                self = Self.comparison(slot: slot, op, constant: constant, slotOnLeft: false)
            } else {
                self = .interpreted(expr)
            }
        case .presence(let argument):
            // `has(a.b)` is an error, not false, when `a` is missing: only top-level names are slots.
            if case .identifier = argument.kind, let slot = slots.slot(of: argument) {
                self = .present(slot: slot)
            } else {
                self = .interpreted(expr)
            }
        default:
            self = .interpreted(expr)
        }
    }

    /// The predicate of a rule reached through its key atom: the other conjuncts only. The atom
    /// is exactly `true` for every payload the index offers the rule, and in a conjunction a
    /// `true` operand leaves the result to the others, whatever their order.
    init(_ expr: Expr, droppingConjunct dropped: Int, slots: PayloadSlots) {
        var result: SlotPredicate?
        var position = 0
        KeyAtomFinder.forEachConjunct(of: expr) { conjunct in
            defer { position += 1 }
            guard position != dropped else { return }
            let next = SlotPredicate(conjunct, slots: slots)
            result = result.map { .logical($0, next, decisive: false) } ?? next
        }
        self = result ?? .holds
    }

    private static func comparison(slot: Int, _ op: BinaryOperator, constant: Value, slotOnLeft: Bool) -> Self {
        switch (op, constant) {
        case (.equal, .string(let text)): .stringEquality(slot: slot, text, negated: false)
        case (.notEqual, .string(let text)): .stringEquality(slot: slot, text, negated: true)
        case (.equal, .int(let number)), (.notEqual, .int(let number)), (.less, .int(let number)),
            (.lessOrEqual, .int(let number)), (.greater, .int(let number)), (.greaterOrEqual, .int(let number)):
            .intComparison(slot: slot, op, number, slotOnLeft: slotOnLeft)
        default: .compare(slot: slot, op, constant: constant, slotOnLeft: slotOnLeft)
        }
    }

    private static let comparisons: Set<BinaryOperator> = [
        .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .in,
    ]

    private static func slot(_ expr: Expr, _ slots: PayloadSlots) -> Int? {
        slots.slot(of: expr)
    }

    /// Whether the predicate holds for the payload of `context`, as `CheckedExpression.matches`.
    func matches(_ context: inout DecisionContext, patterns: [String: RE2Pattern]) -> Bool {
        evaluate(&context, patterns: patterns) == .true
    }

    private func evaluate(_ context: inout DecisionContext, patterns: [String: RE2Pattern]) -> Truth {
        switch self {
        case .logical(let lhs, let rhs, let decisive):
            // As the interpreter: the decisive value on either side wins over an error.
            let decided: Truth = decisive ? .true : .false
            let left = lhs.evaluate(&context, patterns: patterns)
            if left == decided { return decided }
            let right = rhs.evaluate(&context, patterns: patterns)
            if right == decided { return decided }
            return left == .other || right == .other ? .other : (decisive ? .false : .true)
        case .not(let operand):
            switch operand.evaluate(&context, patterns: patterns) {
            case .true: return .false
            case .false: return .true
            case .other: return .other
            }
        case .compare(let slot, let op, let constant, let slotOnLeft):
            // A missing field is an error, and an error operand makes any comparison an error.
            guard let json = context.slot(slot) else { return .other }
            return Self.interpreted(json, op, constant, slotOnLeft: slotOnLeft)
        case .stringEquality(let slot, let text, let negated):
            guard let json = context.slot(slot) else { return .other }
            guard case .string(let value) = json else {
                return Self.interpreted(json, negated ? .notEqual : .equal, .string(text), slotOnLeft: true)
            }
            return value.hasSameScalars(as: text) != negated ? .true : .false
        case .intComparison(let slot, let op, let number, let slotOnLeft):
            guard let json = context.slot(slot) else { return .other }
            guard case .int(let value) = json else {
                return Self.interpreted(json, op, .int(number), slotOnLeft: slotOnLeft)
            }
            return Self.truth(of: op, slotOnLeft ? value : number, slotOnLeft ? number : value)
        case .present(let slot):
            return context.slot(slot) == nil ? .false : .true
        case .interpreted(let expr):
            return Self.truth(context.interpret(expr, patterns: patterns))
        case .holds:
            return .true
        }
    }

    /// The interpreter's result for `slot op constant` (or `constant op slot`).
    private static func interpreted(_ json: JSONValue, _ op: BinaryOperator, _ constant: Value,
                                    slotOnLeft: Bool) -> Truth
    {
        let value = Value(json: json)
        return truth(slotOnLeft
            ? Interpreter<NoTrace>.binary(op, value, constant)
            : Interpreter<NoTrace>.binary(op, constant, value))
    }

    /// `lhs op rhs` for two ints, as the interpreter orders them.
    private static func truth(of op: BinaryOperator, _ lhs: Int64, _ rhs: Int64) -> Truth {
        let holds = switch op {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        default: lhs >= rhs
        }
        return holds ? .true : .false
    }

    private static func truth(_ value: Value) -> Truth {
        switch value {
        case .bool(true): .true
        case .bool(false): .false
        default: .other
        }
    }
}
