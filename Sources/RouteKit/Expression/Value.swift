/// A run-time value of the predicate language, following CEL's value model.
///
/// Errors are values too: a missing field or a failed operation yields `.error`, which `&&` and `||`
/// may absorb and which never matches a predicate.
///
/// ```swift
/// let (checked, _) = ExpressionChecker.compile("size(aps.alert)", in: env)
/// checked?.evaluate(payload: ["aps": ["alert": "Hi"]]) // .int(2)
/// checked?.evaluate(payload: [:])                       // .error("no such key 'aps'")
/// ```
public enum Value: Sendable {
    /// `null`, as from JSON `null` or the literal.
    case null
    /// A boolean.
    case bool(Bool)
    /// A 64-bit signed integer; JSON integers that fit in 64 bits read as one.
    case int(Int64)
    /// A 64-bit floating-point number; infinite after a double division by zero.
    case double(Double)
    /// A string; functions count and compare its Unicode scalars.
    case string(String)
    /// A list, in order.
    case list([Value])
    /// A map; a JSON object's keys are strings, a map literal's may also be ints or bools.
    case map([MapKey: Value])
    /// An error, with its reason as `--explain` shows it (`no such key 'uid'`); never matches.
    case error(String)

    /// The value of a JSON document: integers become `int`, every other number `double`.
    ///
    /// ```swift
    /// Value(json: ["id": 42]) // .map([.string("id"): .int(42)])
    /// ```
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .array(let items): self = .list(items.map(Value.init(json:)))
        case .object(let members):
            var map: [MapKey: Value] = [:]
            map.reserveCapacity(members.count)
            for (key, member) in members { map[.string(key)] = Value(json: member) }
            self = .map(map)
        }
    }

    /// The value of a literal as written in an expression.
    ///
    /// ```swift
    /// Value(literal: .int(3)) // .int(3)
    /// ```
    public init(literal: Literal) {
        switch literal {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        }
    }

    /// The JSON form of the value, or nil when it has none (an error, a NaN or an infinity, or a
    /// map key that is not a string, somewhere inside).
    ///
    /// ```swift
    /// Value.list([.int(1), .string("a")]).json // [1, "a"]
    /// ```
    public var json: JSONValue? {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return d.isFinite ? .double(d) : nil
        case .string(let s): return .string(s)
        case .error: return nil
        case .list(let items):
            var result: [JSONValue] = []
            result.reserveCapacity(items.count)
            for item in items {
                guard let converted = item.json else { return nil }
                result.append(converted)
            }
            return .array(result)
        case .map(let entries):
            var result = JSONObject(minimumCapacity: entries.count)
            for (key, entry) in entries {
                guard case .string(let name) = key, let converted = entry.json else { return nil }
                result[name] = converted
            }
            return .object(result)
        }
    }

    /// Whether this is an error value.
    public var isError: Bool {
        if case .error = self { return true }
        return false
    }

    /// The name of the value's kind, as CEL spells its type: `int`, `string`, `list`, ...
    public var kindName: String {
        switch self {
        case .null: "null_type"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .list: "list"
        case .map: "map"
        case .error: "error"
        }
    }
}

/// A key of a map value: CEL allows int, bool and string keys.
///
/// Strings are equal when their Unicode scalars are, as in CEL (Swift's own `String` equality
/// would also equate canonically equivalent spellings).
///
/// ```swift
/// let key: MapKey = .string("uid")
/// ```
public enum MapKey: Sendable, Hashable, CustomStringConvertible {
    /// An int key; an integral double finds it too.
    case int(Int64)
    /// A bool key.
    case bool(Bool)
    /// A string key, compared by Unicode scalars.
    case string(String)

    /// The key for a value, or nil when the value cannot be a key. An integral double finds the
    /// equal int key, as CEL's heterogeneous equality requires.
    ///
    /// ```swift
    /// MapKey(.double(2.0)) // .int(2)
    /// MapKey(.double(2.5)) // nil
    /// ```
    public init?(_ value: Value) {
        switch value {
        case .int(let i): self = .int(i)
        case .bool(let b): self = .bool(b)
        case .string(let s): self = .string(s)
        case .double(let d):
            guard let i = Int64(exactly: d) else { return nil }
            self = .int(i)
        default: return nil
        }
    }

    /// The key as a `Value` of the same kind.
    public var value: Value {
        switch self {
        case .int(let i): .int(i)
        case .bool(let b): .bool(b)
        case .string(let s): .string(s)
        }
    }

    /// Keys are equal when of the same kind and value; strings compare their Unicode scalars.
    public static func == (lhs: MapKey, rhs: MapKey) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a.hasSameScalars(as: b)
        default: false
        }
    }

    /// Hashes consistently with `==`: a string by its Unicode scalars.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let i):
            hasher.combine(0)
            hasher.combine(i)
        case .bool(let b):
            hasher.combine(1)
            hasher.combine(b)
        case .string(let s):
            hasher.combine(2)
            s.hashScalars(into: &hasher)
        }
    }

    public var description: String { value.description }
}
