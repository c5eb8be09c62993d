import RouteKit

/// A small seeded generator (SplitMix64), so every table and payload can be rebuilt from its seed.
struct CompiledTableRandom {
    private var source: SplitMix64

    init(seed: UInt64) { source = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D) }

    mutating func next() -> UInt64 { source.next() }

    /// A number in `0..<n`.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// The predicate-language text the differential generator writes: literals from small pools (so
/// payloads hit them) and typed sub-expressions that always type-check.
extension CompiledTableGenerator {
    static let ints: [Int64] = [0, 1, 2, 3, -1, 7, 42]
    static let strings = ["notice", "chat", "3", "", "\u{E9}", "e\u{301}", "a\"b", "x"]
    static let doubles: [Double] = [0.5, 1.0, 2.5, -0.0, 3.0, 42.0, 1e300]

    /// A double-quoted literal, escaped scalar by scalar (a quote followed by a combining mark is
    /// one `Character` but still two scalars).
    static func stringLiteral(_ s: String) -> String {
        var text = String.UnicodeScalarView()
        text.append("\"")
        for scalar in s.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { text.append("\\") }
            text.append(scalar)
        }
        text.append("\"")
        return String(text)
    }

    static func doubleLiteral(_ d: Double) -> String {
        let text = d.description
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// A literal (or constant expression) that an int field may be compared with.
    mutating func numberLiteral() -> String {
        switch random.below(10) {
        case 0: return Self.doubleLiteral(Double(random.pick(Self.ints)))  // 3.0 == 3
        case 1: return Self.doubleLiteral(random.pick(Self.doubles))
        case 2: return random.pick(["(0.0 / 0.0)", "(1 + 2)", "-(3)", "9223372036854775807", "(1e300 * 1e300)"])
        default: return String(random.pick(Self.ints))
        }
    }

    mutating func literal(for type: FieldType) -> String {
        switch type {
        case .int: return numberLiteral()
        case .double: return random.chance(0.5) ? Self.doubleLiteral(random.pick(Self.doubles)) : numberLiteral()
        case .bool: return random.chance(0.5) ? "true" : "false"
        default: return Self.stringLiteral(random.pick(Self.strings))
        }
    }

    /// `field == literal`, `literal == field`, `field in [...]` or `field in {...}`: what the index keys on.
    mutating func keyAtom() -> String {
        let (path, type) = random.pick(Self.scalarFields)
        switch random.below(10) {
        case 0, 1, 2, 3: return "\(path) == \(literal(for: type))"
        case 4: return "\(literal(for: type)) == \(path)"
        case 5: return type == .bool ? path : "\(path) == \(literal(for: type))"
        case 6 where type != .double && type != .bool:
            let keys = (0...random.below(3)).map { _ in literal(for: type) }
                .filter { !$0.contains("/") && !$0.contains("*") && !$0.contains("+") && !$0.contains(".") }
            return "\(path) in {" + Set(keys).sorted().map { "\($0): 1" }.joined(separator: ", ") + "}"
        default:
            var items = (0..<random.below(4)).map { _ in literal(for: type) }
            // An element of another kind makes the list `list(dyn)`; alone it would not type-check.
            if !items.isEmpty, random.chance(0.15) { items.append(random.pick(["null", "[1]", "\"3\"", "3"])) }
            return "\(path) in [" + items.joined(separator: ", ") + "]"
        }
    }

    mutating func bool(_ depth: Int) -> String {
        if depth <= 0 || random.chance(0.25) {
            switch random.below(12) {
            case 0, 1, 2: return keyAtom()
            case 3: return random.pick(["has(uid)", "has(aps.badge)", "has(data.cat)", "has(ghost)", "has(extra)"])
            case 4: return random.pick(["true", "false", "flag"])
            case 5: return "\(string(0)).\(random.pick(["startsWith", "endsWith", "contains"]))(\(string(0)))"
            case 6: return random.pick([#"target.matches("^[a-z]+$")"#, #"matches(uid, "c.*t")"#, #"data.cat.matches("\\d")"#])
            case 7: return random.pick([#""chat" in tags"#, "size(tags) == 0", #"tags[0] == "x""#, #""k" in extra"#])
            case 8: return random.pick(["ghost == 3", #"extra == "notice""#, "ghost in [1, 2]", "extra.k == 1"])
            case 9: return "\(string(1)) \(random.pick(["==", "!=", "<", ">="])) \(string(0))"
            default: return "\(int(1)) \(random.pick(["==", "!=", "<", "<=", ">", ">="])) \(random.chance(0.3) ? double(0) : int(0))"
            }
        }
        switch random.below(9) {
        case 0, 1: return "(\(bool(depth - 1)) && \(bool(depth - 1)))"
        case 2, 3: return "(\(bool(depth - 1)) || \(bool(depth - 1)))"
        case 4: return "!(\(bool(depth - 1)))"
        case 5: return "(\(bool(depth - 1)) ? \(bool(depth - 1)) : \(bool(depth - 1)))"
        case 6: return "\(double(depth - 1)) \(random.pick(["==", "<", ">", "<="])) \(double(depth - 1))"
        case 7: return "size(\(string(depth - 1))) \(random.pick(["==", ">", "<"])) \(random.below(4))"
        default: return "\(int(depth - 1)) \(random.pick(["==", "!=", "<", ">="])) \(int(depth - 1))"
        }
    }

    mutating func int(_ depth: Int) -> String {
        if depth <= 0 || random.chance(0.3) {
            switch random.below(8) {
            case 0, 1: return String(random.pick(Self.ints))
            case 2: return random.pick(["type", "kind", "id", "aps.badge", #"aps["badge"]"#])
            case 3: return random.pick(["size(target)", "uid.size()", "size(tags)"])
            case 4: return random.pick(["int(target)", "int(score)", "int(uid)"])
            default: return random.pick(["type", "id"])
            }
        }
        switch random.below(6) {
        case 0: return "(\(int(depth - 1)) \(random.pick(["+", "-", "*", "/", "%"])) \(int(depth - 1)))"
        case 1: return "-\(int(depth - 1))"
        case 2: return "(\(bool(depth - 1)) ? \(int(depth - 1)) : \(int(depth - 1)))"
        case 3: return "int(\(random.chance(0.5) ? string(depth - 1) : double(depth - 1)))"
        default: return "(\(int(depth - 1)) \(random.pick(["+", "%", "/"])) \(int(depth - 1)))"
        }
    }

    mutating func double(_ depth: Int) -> String {
        if depth <= 0 || random.chance(0.3) {
            switch random.below(4) {
            case 0: return Self.doubleLiteral(random.pick(Self.doubles))
            case 1: return "score"
            default: return random.pick(["double(type)", "double(target)", "double(id)"])
            }
        }
        switch random.below(3) {
        case 0: return "(\(double(depth - 1)) \(random.pick(["+", "-", "*", "/"])) \(double(depth - 1)))"
        case 1: return "-\(double(depth - 1))"
        default: return "double(\(random.chance(0.5) ? int(depth - 1) : string(depth - 1)))"
        }
    }

    mutating func string(_ depth: Int) -> String {
        if depth <= 0 || random.chance(0.3) {
            switch random.below(4) {
            case 0: return Self.stringLiteral(random.pick(Self.strings))
            case 1: return random.pick(["target", "uid", "data.cat", #"data["cat"]"#])
            default: return random.pick(["target", "uid"])
            }
        }
        switch random.below(4) {
        case 0: return "(\(string(depth - 1)) + \(string(depth - 1)))"
        case 1: return "string(\(random.chance(0.5) ? int(depth - 1) : double(depth - 1)))"
        case 2: return "(\(bool(depth - 1)) ? \(string(depth - 1)) : \(string(depth - 1)))"
        default: return random.pick(["tags[0]", "string(flag)", "string(type)"])
        }
    }
}
