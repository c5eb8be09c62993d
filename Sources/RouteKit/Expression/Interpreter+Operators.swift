extension Interpreter {
    static func select(_ operand: Value, _ field: String) -> Value {
        switch operand {
        case .map(let map):
            return map[.string(field)] ?? .error(missingKey(.string(field), in: map))
        case .error:
            return operand
        default:
            return .error(noField(field, operand))
        }
    }

    static func index(_ operand: Value, _ index: Value) -> Value {
        switch (operand, index) {
        case (.error, _): return operand
        case (_, .error): return index
        case (.list(let items), _):
            let position: Int64
            switch index {
            case .int(let i): position = i
            case .double(let d):
                guard let i = Int64(exactly: d) else { return .error("invalid list index \(index)") }
                position = i
            default: return .error(noOverload("[]", [operand, index]))
            }
            guard position >= 0, position < items.count else {
                return .error("index \(position) out of range for a list of size \(items.count)")
            }
            return items[Int(position)]
        case (.map(let map), _):
            guard let key = MapKey(index) else { return .error(noOverload("[]", [operand, index])) }
            return map[key] ?? .error(missingKey(key, in: map))
        default:
            return .error(noOverload("[]", [operand, index]))
        }
    }

    static func unary(_ op: UnaryOperator, _ operand: Value) -> Value {
        switch (op, operand) {
        case (_, .error): return operand
        case (.not, .bool(let b)): return .bool(!b)
        case (.negate, .int(let i)):
            let (result, overflow) = Int64(0).subtractingReportingOverflow(i)
            return overflow ? .error("integer overflow") : .int(result)
        case (.negate, .double(let d)): return .double(-d)
        default: return .error(noOverload(op.spelling, [operand]))
        }
    }

    static func binary(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) -> Value {
        if lhs.isError { return lhs }
        if rhs.isError { return rhs }
        switch op {
        case .equal: return .bool(equals(lhs, rhs))
        case .notEqual: return .bool(!equals(lhs, rhs))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = compare(lhs, rhs) else { return .error(noOverload(op.spelling, [lhs, rhs])) }
            switch (op, order) {
            // NaN is unordered: every ordering comparison with it is false.
            case (_, .unordered): return .bool(false)
            case (.less, _): return .bool(order == .less)
            case (.lessOrEqual, _): return .bool(order != .greater)
            case (.greater, _): return .bool(order == .greater)
            default: return .bool(order != .less)
            }
        case .in:
            switch rhs {
            case .list(let items): return .bool(items.contains { equals(lhs, $0) })
            case .map(let map):
                if let key = MapKey(lhs) { return .bool(map[key] != nil) }
                // A non-integral double can equal no key; anything else cannot be a key at all.
                if case .double = lhs { return .bool(false) }
                return .error(noOverload("in", [lhs, rhs]))
            default: return .error(noOverload("in", [lhs, rhs]))
            }
        case .add, .subtract, .multiply, .divide, .remainder:
            return arithmetic(op, lhs, rhs)
        case .and, .or:
            // Evaluated with absorption by the caller; here both sides are known.
            guard case .bool(let a) = lhs, case .bool(let b) = rhs else {
                return .error(noOverload(op.spelling, [lhs, rhs]))
            }
            return .bool(op == .and ? a && b : a || b)
        }
    }

    /// CEL's heterogeneous equality: different kinds are unequal, except numbers, which compare
    /// by exact value across int and double; lists and maps compare deeply; strings by scalars.
    static func equals(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return compare(a, b) == .equal
        case (.string(let a), .string(let b)): return a.hasSameScalars(as: b)
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equals($0, $1) }
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let other = b[key], equals(value, other) else { return false }
            }
            return true
        default: return false
        }
    }

    enum Order { case less, equal, greater, unordered }

    /// The order of two values; nil when their kinds cannot be ordered.
    static func compare(_ lhs: Value, _ rhs: Value) -> Order? {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a < b ? .less : a == b ? .equal : .greater
        case (.double(let a), .double(let b)):
            if a.isNaN || b.isNaN { return .unordered }
            return a < b ? .less : a == b ? .equal : .greater
        case (.int(let a), .double(let b)): return compare(a, b)
        case (.double(let a), .int(let b)):
            switch compare(b, a) {
            case .less: return .greater
            case .greater: return .less
            case let order: return order
            }
        case (.bool(let a), .bool(let b)): return a == b ? .equal : (!a ? .less : .greater)
        case (.string(let a), .string(let b)):
            // Code point order, as CEL defines it; Swift's `<` would normalize first.
            var left = a.unicodeScalars.makeIterator()
            var right = b.unicodeScalars.makeIterator()
            while true {
                switch (left.next(), right.next()) {
                case (nil, nil): return .equal
                case (nil, _): return .less
                case (_, nil): return .greater
                case (let x?, let y?) where x != y: return x.value < y.value ? .less : .greater
                default: continue
                }
            }
        default: return nil
        }
    }

    /// Compares an int with a double as CEL implementations do: the int converted to a double.
    /// Near 2^63 that rounds (`9223372036854775807 < 9223372036854775808.0` is false); CEL's
    /// conformance tests (`not_lt_dyn_int_big_lossy_double`) pin this behaviour.
    static func compare(_ a: Int64, _ b: Double) -> Order {
        if b.isNaN { return .unordered }
        let x = Double(a)
        return x < b ? .less : x == b ? .equal : .greater
    }

    static func arithmetic(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) -> Value {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            let result: (partialValue: Int64, overflow: Bool)
            switch op {
            case .add: result = a.addingReportingOverflow(b)
            case .subtract: result = a.subtractingReportingOverflow(b)
            case .multiply: result = a.multipliedReportingOverflow(by: b)
            case .divide:
                if b == 0 { return .error("division by zero") }
                result = a.dividedReportingOverflow(by: b)
            default:
                if b == 0 { return .error("modulus by zero") }
                result = a.remainderReportingOverflow(dividingBy: b)
            }
            return result.overflow ? .error("integer overflow") : .int(result.partialValue)
        case (.double(let a), .double(let b)):
            switch op {
            case .add: return .double(a + b)
            case .subtract: return .double(a - b)
            case .multiply: return .double(a * b)
            case .divide: return .double(a / b)
            default: return .error(noOverload(op.spelling, [lhs, rhs]))
            }
        case (.string(let a), .string(let b)) where op == .add:
            return .string(a + b)
        case (.list(let a), .list(let b)) where op == .add:
            return .list(a + b)
        default:
            return .error(noOverload(op.spelling, [lhs, rhs]))
        }
    }
}
