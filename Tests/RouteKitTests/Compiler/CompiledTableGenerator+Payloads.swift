import RouteKit

/// Payloads for the differential test: values drawn from the same pools as the predicates' literals
/// so rules match often, in every form normalization accepts or rejects (int as integer, integral
/// double, numeric string, other string; numbers for string fields; NaN and infinities), with
/// fields missing, parents that are not objects, and now and then a payload that is not an object.
extension CompiledTableGenerator {
    mutating func payload() -> JSONValue {
        if random.chance(0.01) { return random.pick([.array([.int(3)]), .string("type"), .null]) }
        var members: [String: JSONValue] = [:]
        func maybe(_ key: String, _ p: Double, _ value: () -> JSONValue) {
            if random.chance(p) { members[key] = value() }
        }
        maybe("type", 0.85) { intValue() }
        maybe("kind", 0.6) { intValue() }
        maybe("id", 0.6) { intValue() }
        maybe("target", 0.8) { stringValue() }
        maybe("uid", 0.6) { stringValue() }
        maybe("score", 0.6) { doubleValue() }
        maybe("flag", 0.6) { boolValue() }
        maybe("aps", 0.7) { aps() }
        maybe("data", 0.5) {
            random.chance(0.8) ? .object(random.chance(0.8) ? ["cat": stringValue()] : [:]) : .array([])
        }
        maybe("tags", 0.4) {
            .array((0..<random.below(3)).map { _ in random.chance(0.9) ? stringValue() : .bool(true) })
        }
        maybe("extra", 0.4) { anyValue() }
        maybe("meta", 0.3) { random.chance(0.7) ? .object(["level": intValue()]) : stringValue() }
        maybe("ghost", 0.3) { anyValue() }
        return .object(JSONObject(members))
    }

    private mutating func intValue() -> JSONValue {
        let n = random.pick(Self.ints)
        switch random.below(12) {
        case 0, 1, 2, 3, 4: return .int(n)
        case 5: return .double(Double(n))
        case 6: return .string(String(n))
        case 7: return .string(random.pick(["007", "-0", "+3", " 3", "abc", "3.0", "9223372036854775808"]))
        case 8: return .double(random.pick([2.5, -0.0, .nan, .infinity, 1e19]))
        case 9: return .int(random.pick([Int64.max, Int64.min, 100]))
        default: return random.pick([.bool(true), .null, .array([.int(n)]), .object(["a": .int(n)])])
        }
    }

    private mutating func stringValue() -> JSONValue {
        switch random.below(10) {
        case 0..<6: return .string(random.pick(Self.strings))
        case 6: return .int(random.pick(Self.ints))
        case 7: return .double(random.pick([3.0, 0.5, 42.0, -0.0, 1e300]))
        case 8: return .string(random.pick(["Notice", "chat ", "\u{E9}\u{301}", "noticed", "cat"]))
        default: return random.pick([.bool(false), .null, .array([])])
        }
    }

    private mutating func doubleValue() -> JSONValue {
        switch random.below(8) {
        case 0..<3: return .double(random.pick(Self.doubles))
        case 3: return .int(random.pick(Self.ints))
        case 4: return .double(random.pick([.nan, .infinity, -.infinity, 0.1]))
        case 5: return .string(random.pick(["1.5", "3", "1e2", "2.50", "abc", "NaN", ".5", "-0"]))
        default: return random.pick([.bool(true), .null, .double(Double(random.pick(Self.ints)))])
        }
    }

    private mutating func boolValue() -> JSONValue {
        random.pick([.bool(true), .bool(false), .bool(true), "true", "false", "yes", .int(1), .null])
    }

    private mutating func aps() -> JSONValue {
        if random.chance(0.15) { return random.pick([.string("hello"), .int(3), .array([])]) }
        var members = JSONObject()
        if random.chance(0.7) { members["badge"] = intValue() }
        if random.chance(0.7) {
            members["alert"] = random.chance(0.5) ? .string("Hi") : .object(["body": "Body", "title": "T"])
        }
        return .object(members)
    }

    private mutating func anyValue() -> JSONValue {
        switch random.below(6) {
        case 0: return .string(random.pick(Self.strings))
        case 1: return .int(random.pick(Self.ints))
        case 2: return .object(["k": .int(1)])
        case 3: return .array([.string("chat")])
        case 4: return .null
        default: return .string("root")
        }
    }
}
