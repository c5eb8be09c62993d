/// Derives payloads that route to a rule from its predicate, when the predicate is simple:
/// `field == literal`, `field in [literals]`, `has(field)`, `true`, joined by `&&` and `||`.
/// Fields the route's params and login user read get a sample value of their declared type.
///
/// Every candidate is decided by the program and kept only when this very rule wins, so an
/// example never lies about first-match order; a rule whose predicate is not simple gets none.
///
/// ```swift
/// PayloadExamples.derive(for: rule, in: program) // [{"type": "3", "id": 42}, {"type": 3, "id": 42}]
/// ```
enum PayloadExamples {
    /// A field path and the value a candidate payload gives it.
    typealias Assignment = [(path: [String], value: JSONValue)]

    /// How many alternatives of a disjunction are tried.
    static let maxAlternatives = 4

    static func derive(for rule: CheckedRule, in program: RoutingProgram) -> [JSONValue] {
        let types = program.table.fieldTypes
        var extra: Assignment = []
        for path in RuleAnnotation.routeFields(rule.route) {
            if let type = types[CodePointKey(path)], let value = sample(type) {
                extra.append((components(path), value))
            }
        }
        for alternative in assignments(rule.when.expr, types: types) {
            var candidate: JSONValue = [:]
            var consistent = true
            for (path, value) in alternative where !set(&candidate, path, value) { consistent = false }
            guard consistent else { continue }
            for (path, value) in extra where lookup(candidate, path[...]) == nil {
                _ = set(&candidate, path, value)
            }
            guard routes(candidate, to: rule, in: program) else { continue }
            var examples = [candidate]
            let variant = otherForm(of: candidate, types: types, prefix: [])
            if variant != candidate, routes(variant, to: rule, in: program) { examples.append(variant) }
            return examples
        }
        return []
    }

    private static func routes(_ payload: JSONValue, to rule: CheckedRule, in program: RoutingProgram)
        -> Bool
    {
        program.decide(payload).source == .rule(name: rule.rule.name, index: rule.index)
    }

    /// Alternative sets of field values that make `expr` true (at most `maxAlternatives`).
    static func assignments(_ expr: Expr, types: [CodePointKey: FieldType]) -> [Assignment] {
        switch expr.kind {
        case .literal(.bool(true)):
            return [[]]
        case .presence(let argument):
            guard let path = path(argument) else { return [] }
            let type = types[CodePointKey(path.joined(separator: "."))] ?? .any
            return sample(type).map { [[(path, $0)]] } ?? []
        case .binary(.equal, let left, let right):
            if let path = path(left), let value = literal(right) { return [[(path, value)]] }
            if let path = path(right), let value = literal(left) { return [[(path, value)]] }
            return []
        case .binary(.in, let left, let right):
            guard let path = path(left), case .list(let elements) = right.kind else { return [] }
            return elements.prefix(maxAlternatives).compactMap { literal($0).map { [(path, $0)] } }
        case .binary(.and, let left, let right):
            var result: [Assignment] = []
            for first in assignments(left, types: types) {
                for second in assignments(right, types: types) where result.count < maxAlternatives {
                    result.append(first + second)
                }
            }
            return result
        case .binary(.or, let left, let right):
            let either = assignments(left, types: types) + assignments(right, types: types)
            return Array(either.prefix(maxAlternatives))
        default:
            return []
        }
    }

    /// The payload path an expression names: `type`, `aps.badge`, `aps["content-available"]`.
    private static func path(_ expr: Expr) -> [String]? {
        switch expr.kind {
        case .identifier(let name): return [name]
        case .select(let operand, let field): return path(operand).map { $0 + [field] }
        case .index(let operand, let key):
            guard case .literal(.string(let name)) = key.kind else { return nil }
            return path(operand).map { $0 + [name] }
        default: return nil
        }
    }

    private static func literal(_ expr: Expr) -> JSONValue? {
        switch expr.kind {
        case .literal(.null): return .null
        case .literal(.bool(let flag)): return .bool(flag)
        case .literal(.int(let number)): return .int(number)
        case .literal(.double(let number)): return number.isFinite ? .double(number) : nil
        case .literal(.string(let text)): return .string(text)
        case .unary(.negate, let operand):
            switch operand.kind {
            case .literal(.int(let number)) where number != .min: return .int(-number)
            case .literal(.double(let number)) where number.isFinite: return .double(-number)
            default: return nil
            }
        default: return nil
        }
    }

    /// A value of `type` for a field a route reads: 42, 1.5, "example", true.
    private static func sample(_ type: FieldType) -> JSONValue? {
        switch type {
        case .int: 42
        case .double: 1.5
        case .string, .any: "example"
        case .bool: true
        case .list: []
        }
    }

    /// The payload with declared `int` fields as decimal strings and declared `string` fields
    /// holding integer text as numbers: the other form backends send (`{"type": 3}`).
    private static func otherForm(of value: JSONValue, types: [CodePointKey: FieldType], prefix: [String])
        -> JSONValue
    {
        guard case .object(let members) = value else { return value }
        var result = JSONObject(minimumCapacity: members.count)
        for (key, member) in members {
            let path = prefix + [key]
            switch (types[CodePointKey(path.joined(separator: "."))], member) {
            case (.int?, .int(let number)):
                result[key] = .string(String(number))
            case (.string?, .string(let text)):
                // Only canonical integer text: "007" would come back as "7".
                if let number = Int64(text), String(number) == text {
                    result[key] = .int(number)
                } else {
                    result[key] = member
                }
            default:
                result[key] = otherForm(of: member, types: types, prefix: path)
            }
        }
        return .object(result)
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    private static func lookup(_ value: JSONValue, _ path: ArraySlice<String>) -> JSONValue? {
        guard let first = path.first else { return value }
        guard let member = value[first] else { return nil }
        return lookup(member, path.dropFirst())
    }

    /// Sets `path` to `value`, creating objects on the way; false when the path runs through a
    /// value that is not an object or already holds a different value.
    private static func set(_ target: inout JSONValue, _ path: [String], _ value: JSONValue) -> Bool {
        guard let first = path.first else {
            if target == [:] || target == value {
                target = value
                return true
            }
            return false
        }
        guard case .object(var members) = target else { return false }
        var member = members[first] ?? [:]
        guard set(&member, Array(path.dropFirst()), value) else { return false }
        members[first] = member
        target = .object(members)
        return true
    }
}
