/// The reference interpreter: evaluates a syntax tree with CEL semantics, node by node.
///
/// Errors are values (`Value.error`) that flow upwards; `&&`, `||` and `? :` may absorb them.
struct Interpreter<Recorder: EvaluationRecorder> {
    let payload: JSONValue
    let patterns: [String: RE2Pattern]
    var recorder: Recorder

    mutating func evaluate(_ expr: Expr) -> Value {
        let value = evaluateNode(expr)
        recorder.record(expr, value)
        return value
    }

    private mutating func evaluateNode(_ expr: Expr) -> Value {
        switch expr.kind {
        case .literal(let literal):
            return Value(literal: literal)
        case .identifier(let name):
            guard let member = payload[name] else { return .error(Self.noSuchKey(name)) }
            return Value(json: member)
        case .select(let operand, let field):
            // Reading straight from the payload avoids converting whole objects on the way down.
            if !Recorder.isRecording, let base = json(operand), case .object(let members) = base {
                guard let member = members[field] else { return .error(Self.noSuchKey(field)) }
                return Value(json: member)
            }
            return Self.select(evaluate(operand), field)
        case .index(let operand, let index):
            if !Recorder.isRecording, let member = json(expr) { return Value(json: member) }
            return Self.index(evaluate(operand), evaluate(index))
        case .presence(let argument):
            return presence(argument)
        case .call(let name, let target, let arguments):
            return call(name, target: target, arguments: arguments)
        case .unary(let op, let operand):
            return Self.unary(op, evaluate(operand))
        case .binary(.and, let lhs, let rhs):
            return logical(lhs, rhs, decisive: false)
        case .binary(.or, let lhs, let rhs):
            return logical(lhs, rhs, decisive: true)
        case .binary(let op, let lhs, let rhs):
            return Self.binary(op, evaluate(lhs), evaluate(rhs))
        case .conditional(let condition, let then, let otherwise):
            switch evaluate(condition) {
            case .bool(true): return evaluate(then)
            case .bool(false): return evaluate(otherwise)
            case .error(let message): return .error(message)
            case let other: return .error(Self.noOverload("? :", [other]))
            }
        case .list(let elements):
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                let value = evaluate(element)
                if value.isError { return value }
                values.append(value)
            }
            return .list(values)
        case .map(let entries):
            var map: [MapKey: Value] = [:]
            for entry in entries {
                let key = evaluate(entry.key)
                if key.isError { return key }
                let value = evaluate(entry.value)
                if value.isError { return value }
                guard let mapKey = MapKey(key), !Self.isDouble(key) else {
                    return .error("a value of type '\(key.kindName)' cannot be a map key")
                }
                guard map.updateValue(value, forKey: mapKey) == nil else {
                    return .error("duplicate map key \(key)")
                }
            }
            return .map(map)
        }
    }

    /// `&&` (`decisive` false) and `||` (`decisive` true): the decisive value on either side wins
    /// even over an error on the other, as in CEL; the left side is evaluated first.
    private mutating func logical(_ lhs: Expr, _ rhs: Expr, decisive: Bool) -> Value {
        let left = evaluate(lhs)
        if case .bool(decisive) = left { return left }
        let right = evaluate(rhs)
        if case .bool(decisive) = right { return right }
        if case .bool = left, case .bool = right { return .bool(!decisive) }
        if left.isError { return left }
        if right.isError { return right }
        return .error(Self.noOverload(decisive ? "||" : "&&", [left, right]))
    }

    private mutating func presence(_ argument: Expr) -> Value {
        switch argument.kind {
        case .identifier(let name):
            return .bool(payload[name] != nil)
        case .select(let operand, let field):
            if !Recorder.isRecording, let base = json(operand), case .object(let members) = base {
                return .bool(members[field] != nil)
            }
            switch evaluate(operand) {
            case .map(let map): return .bool(map[.string(field)] != nil)
            case .error(let message): return .error(message)
            case let other: return .error(Self.noField(field, other))
            }
        default:
            return .error("argument of 'has' must be a field selection")
        }
    }

    /// The payload value a path expression names, or nil when it is not a path or is missing.
    private func json(_ expr: Expr) -> JSONValue? {
        switch expr.kind {
        case .identifier(let name): return payload[name]
        case .select(let operand, let field): return json(operand)?[field]
        case .index(let operand, let index):
            switch (index.kind, json(operand)) {
            case (.literal(.string(let key)), .object(let members)?): return members[key]
            case (.literal(.int(let i)), .array(let items)?):
                guard i >= 0, i < items.count else { return Optional.none }
                return items[Int(i)]
            default: return nil
            }
        default: return nil
        }
    }

    static func isDouble(_ value: Value) -> Bool {
        if case .double = value { return true }
        return false
    }

    static func noSuchKey(_ key: String) -> String { "no such key '\(key)'" }

    /// `no such key`, and, while an explanation is recorded, the key of `map` that looks like
    /// it (canonically equivalent, other code points), since the two print alike: `no such key
    /// 'café'; 'café' here is U+0065 U+0301, the key 'café' is U+00E9 …`. Only a map of at most
    /// `maxLookalikeKeys` keys is searched, so a hostile map costs no more.
    static func missingKey(_ key: MapKey, in map: [MapKey: Value]) -> String {
        let message = noSuchKey(key)
        guard Recorder.isRecording, map.count <= maxLookalikeKeys, case .string(let name) = key else { return message }
        for case .string(let other) in map.keys {
            if let note = LookalikeName.note(name, declared: other, other: "the key", compared: "keys") {
                return message + "; " + note
            }
        }
        return message
    }

    /// The most keys a map may have for `missingKey(_:in:)` to look for one like a missing key.
    static var maxLookalikeKeys: Int { 256 }

    static func noSuchKey(_ key: MapKey) -> String {
        if case .string(let name) = key { return noSuchKey(name) }
        return "no such key \(key)"
    }

    static func noField(_ field: String, _ value: Value) -> String {
        "a value of type '\(value.kindName)' has no field '\(field)'"
    }

    static func noOverload(_ op: String, _ operands: [Value]) -> String {
        let kinds = operands.map { "'\($0.kindName)'" }.joined(separator: " and ")
        return "operator '\(op)' cannot be applied to \(kinds)"
    }
}
