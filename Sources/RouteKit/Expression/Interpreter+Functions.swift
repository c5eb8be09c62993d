extension Interpreter {
    mutating func call(_ name: String, target: Expr?, arguments: [Expr]) -> Value {
        var operands: [Value] = []
        operands.reserveCapacity(arguments.count + 1)
        if let target { operands.append(evaluate(target)) }
        for argument in arguments { operands.append(evaluate(argument)) }
        if let error = operands.first(where: \.isError) { return error }
        let isMethod = target != nil
        switch (name, isMethod, operands.count) {
        case ("size", _, 1): return Self.size(operands[0])
        case ("startsWith", true, 2), ("endsWith", true, 2), ("contains", true, 2):
            guard case .string(let s) = operands[0], case .string(let t) = operands[1] else {
                return .error(Self.noFunction(name, operands))
            }
            return .bool(Self.stringTest(name, Array(s.unicodeScalars), Array(t.unicodeScalars)))
        case ("matches", _, 2):
            guard case .string(let text) = operands[0], case .string(let pattern) = operands[1] else {
                return .error(Self.noFunction(name, operands))
            }
            if let compiled = patterns[pattern] { return .bool(compiled.matches(text)) }
            do {
                return .bool(try RE2Pattern(pattern).matches(text))
            } catch {
                return .error("invalid pattern: \(error.message) at offset \(error.offset)")
            }
        case ("int", false, 1): return Self.toInt(operands[0])
        case ("double", false, 1): return Self.toDouble(operands[0])
        case ("string", false, 1): return Self.toString(operands[0])
        default: return .error(Self.noFunction(name, operands))
        }
    }

    static func noFunction(_ name: String, _ operands: [Value]) -> String {
        let kinds = operands.map { "'\($0.kindName)'" }.joined(separator: " and ")
        return operands.isEmpty
            ? "no function '\(name)' without arguments"
            : "function '\(name)' cannot be applied to \(kinds)"
    }

    static func size(_ value: Value) -> Value {
        switch value {
        case .string(let s): .int(Int64(s.unicodeScalars.count))
        case .list(let items): .int(Int64(items.count))
        case .map(let map): .int(Int64(map.count))
        default: .error(noFunction("size", [value]))
        }
    }

    /// `startsWith`, `endsWith` and `contains` on Unicode scalars, as CEL compares strings.
    static func stringTest(_ name: String, _ s: [Unicode.Scalar], _ t: [Unicode.Scalar]) -> Bool {
        switch name {
        case "startsWith": return s.starts(with: t)
        case "endsWith": return s.count >= t.count && s[(s.count - t.count)...].elementsEqual(t)
        default:
            guard t.count <= s.count else { return false }
            if t.isEmpty { return true }
            for start in 0...(s.count - t.count) where s[start] == t[0] {
                if s[start..<(start + t.count)].elementsEqual(t) { return true }
            }
            return false
        }
    }

    static func toInt(_ value: Value) -> Value {
        switch value {
        case .int: return value
        case .double(let d):
            // CEL truncates toward zero and refuses values whose truncation is not below 2^63
            // in magnitude (both ends excluded, as cel-go does).
            guard d.isFinite, d > -9.223372036854775808e18, d < 9.223372036854775808e18 else {
                return .error("double \(Value.literal(d)) is out of the int range")
            }
            return .int(Int64(d.rounded(.towardZero)))
        case .string(let s):
            guard let i = Int64(s) else { return .error("cannot convert \(value) to int") }
            return .int(i)
        default:
            return .error(noFunction("int", [value]))
        }
    }

    static func toDouble(_ value: Value) -> Value {
        switch value {
        case .double: return value
        case .int(let i): return .double(Double(i))
        case .string(let s):
            guard let d = Double(s) else { return .error("cannot convert \(value) to double") }
            return .double(d)
        default:
            return .error(noFunction("double", [value]))
        }
    }

    static func toString(_ value: Value) -> Value {
        switch value {
        case .string: return value
        case .int(let i): return .string(String(i))
        case .double(let d): return .string(Value.celString(d))
        case .bool(let b): return .string(b ? "true" : "false")
        default: return .error(noFunction("string", [value]))
        }
    }
}
