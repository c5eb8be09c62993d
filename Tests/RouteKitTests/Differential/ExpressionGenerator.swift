import RouteKit

/// SplitMix64: a small, fast generator whose sequence is the same on every platform, so a seed
/// reproduces a case exactly.
struct SeededRandom {
    private var source: SplitMix64

    init(seed: UInt64) { source = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { source.next() }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(UInt64(1) << 53) < probability
    }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// One generated case: an expression and the payload it is evaluated against.
struct DifferentialCase: Sendable {
    let seed: UInt64
    let index: Int
    let expression: String
    let payload: JSONValue
}

/// Generates expressions of the predicate language's CEL subset (SPEC §4) over generated
/// payloads, mixing kinds at random so that errors (missing keys, no matching overload, overflow,
/// division by zero) are as common as values.
///
/// Not generated, because RouteKit differs from CEL there on purpose (docs/differential.md):
/// `has(name)` on a bare top-level name.
struct ExpressionGenerator {
    enum Kind: CaseIterable { case int, double, string, bool, null, list, map }

    var random: SeededRandom
    let seed: UInt64
    private var payload: [String: JSONValue] = [:]
    private var paths: [(text: String, value: JSONValue)] = []

    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed)
    }

    /// The next `count` cases.
    mutating func cases(_ count: Int) -> [DifferentialCase] {
        (0..<count).map { index in
            makePayload()
            let expression = expr(hint: random.pick(Kind.allCases + [.bool, .bool]), depth: 1 + random.below(4))
            return DifferentialCase(seed: seed, index: index, expression: expression, payload: .object(JSONObject(payload)))
        }
    }

    /// Hand-picked expressions for corners the random cases reach rarely; evaluated (seed 0)
    /// against `curatedPayload`.
    static let curated = [
        #"{"a": 1, "a": 2}"#, #"{"a": 1, "a": 2}.a"#, "-9223372036854775808", "- 9223372036854775808",
        "-(9223372036854775807) - 1", "9223372036854775808", "--1", "!!true", "-(-9223372036854775807 - 1)",
        "-9223372036854775807 - 1 - 1", "9223372036854775807 * 2", "-9223372036854775808 / -1",
        "-9223372036854775808 % -1", "7 % -3", "-7 / 2", "5 % 0", "5.0 / 0.0", "-5.0 / 0.0",
        "0.0 / 0.0 == 0.0 / 0.0", "1 == 1.0", "[1] == [1.0]", #"{"a": 1} == {"a": 1.0}"#, "1 in [1.0]",
        "1.0 in [1]", "2.5 in [2]", "[1, 2] < [3]", #""a" < "b""#, #""B" < "a""#, #""é" > "z""#, "false < true",
        "null == null", "null < null", "1 < 1.5", "9223372036854775807 < 9223372036854775808.0",
        "9223372036854775807 == 9223372036854775807.0", "-0.0 == 0.0", "1.0 / -0.0", #"size("e\u0301")"#,
        #""e\u0301".startsWith("e")"#, #""😀".size()"#, #"size({"a": 1, "b": 2})"#, "size([])", "size(null)",
        #""abc".contains("")"#, #""".endsWith("")"#, #""abc".matches("^[a-c]+$")"#, #"matches("ABC", "(?i)abc")"#,
        #""a\nb".matches("^b")"#, #""a\nb".matches("(?m)^b")"#, #""é".matches("^.$")"#, #""aaa".matches("a{2,}")"#,
        #""ab".matches("[")"#, #"int("9223372036854775807")"#, #"int("9223372036854775808")"#,
        #"int("-9223372036854775808")"#, #"int("+5")"#, #"int("1.5")"#, "int(-9223372036854775808.0)",
        "int(9223372036854774784.0)", "int(-0.9)", #"double("-0")"#, #"double("1e3")"#, #"double("inf")"#,
        #"double("0x1p3")"#, "double(9223372036854775807)", "string(1e6)", "string(123456.0)", "string(1e-4)",
        "string(1e-5)", "string(-0.0)", "string(100)", "string(1.5e300)", "string(0.1 + 0.2)",
        #""\x41\101\u00e9\U0001F600""#, #"'\''"#, #"r"\n""#, ##""""a"b""""##, #"'''x'''"#, "0x7fffffffffffffff",
        "0x8000000000000000", "-0x8000000000000000", "1e-400", ".5e1", "1.", "1.e5", "0.5e", "[1, 2,]",
        #"{"a": 1,}"#, "[1, 2][-1]", "[1, 2][1.0]", "[1, 2][1.5]", #"{"a": 1}["b"]"#, #"{1: "x"}[1.0]"#,
        #"{1: "x"}[true]"#, #"{true: 1}[true]"#, #"has({"a": 1}.a)"#, #"has({"a": 1}.b)"#, "has([1].a)",
        "has(m.a.b)", "has(m.k)", "m.k", "m.k.z", "l[3]", "l[0] + l[1]", "l + [4]", #"s + "!""#, "n + 1",
        "n * 1.0", "d + 1.0", "d == n", "n == d", "true ? 1 : zz", "false || true && false",
        "true || (1 / 0 == 1)", "(1 / 0 == 1) || true", "(1 / 0 == 1) && false", "false && (1 / 0 == 1)",
        "!(1 / 0 == 1)", "1 / 0 == 1 ? 1 : 2", "1 < 2 < 3", "1 == 1 == true", "2 in [1, 2] == true",
        #""a" in {"a": 1}"#, "1 in {1: 2}", "null in [null]", "[] in [[]]", "{} in [{}]", "x.y", "zz",
        ".a", "m.?a", "1 +", "(1", "a = 1",
        "'abc", #""\q""#, #""\u12""#, #""\400""#, #""\ud800""#, "t && n", "t || n", "!n", "-t", "-s",
    ]

    static let curatedPayload: JSONValue = .object([
        "m": .object(["k": .int(1), "a": .object(["b": .null])]), "l": .array([.int(1), .int(2), .double(2.5)]),
        "s": .string("hé"), "n": .int(3), "d": .double(3.0), "t": .bool(true),
    ])

    // MARK: Pools

    static let topLevelNames = ["a", "b", "c", "n", "s", "x", "y", "m", "l", "flag"]
    static let nestedKeys = ["a", "b", "k", "id", "x", "content-available", "é", "", "a b", "in_"]
    static let reserved: Set<String> = [
        "in", "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let",
        "loop", "package", "namespace", "return", "var", "void", "while", "true", "false", "null",
    ]
    static let ints: [Int64] = [
        0, 1, -1, 2, 3, 7, 10, 42, -5, 100, 255, 1 << 31, 1 << 53, Int64.max, Int64.min, Int64.max - 1,
        Int64.min + 1, 4_611_686_018_427_387_904, -3_037_000_500, 3_037_000_500,
    ]
    static let doubles: [Double] = [
        0.0, -0.0, 1.5, -2.5, 3.0, 0.1, 0.2, 1e300, -1e300, .leastNonzeroMagnitude, .leastNormalMagnitude / 3, 1e16, 9.223372036854775807e18,
        -9.223372036854775808e18, 3.14, 1e6, 123456.7, 4.5e-3, 1e-5, 1.7976931348623157e308, 0.5, 2.0,
    ]
    static let strings = [
        "", "a", "abc", "ABC", "héllo", "e\u{301}", "é", "😀", "日本語", "10", "-5", "3.5", "1e3", "0",
        "-0", "01", "9223372036854775808", "-9223372036854775808", "true", "a\"b", "it's", "line\nbreak",
        "tab\there", "back\\slash", "order-123", "notice", "a b", "ab", "b", "x", "\u{0}nul", "+1", " 1",
        "1.", ".5", "1_000", "0x10", "inf", "NaN", "Infinity", "1e400",
    ]
    /// Patterns RE2 and RouteKit both define, plus two invalid ones.
    static let patterns = [
        "^a", "b$", "[0-9]+", "^order-[0-9]+$", "a|b", "é", "^$", ".", "(ab)*c", "\\\\d", "[a-z]{2,3}",
        "^.$", "x?", "^[^a]*$", "\\\\.", "(", "[", "a{2}", "\\\\s", "[[:alpha:]]+", "(?i)abc", "^\\\\w+$",
    ]

    // MARK: Payloads

    private mutating func makePayload() {
        payload = [:]
        for _ in 0..<(1 + random.below(5)) {
            payload[random.pick(Self.topLevelNames)] = jsonValue(depth: 3)
        }
        paths = []
        for (key, value) in payload.sorted(by: { $0.key < $1.key }) { collectPaths(key, value, depth: 0) }
    }

    private mutating func jsonValue(depth: Int) -> JSONValue {
        let roll = random.below(depth > 0 ? 10 : 7)
        switch roll {
        case 0, 1: return .int(random.chance(0.6) ? random.pick(Self.ints) : Int64(random.below(21)) - 10)
        case 2: return .double(random.pick(Self.doubles))
        case 3, 4: return .string(random.pick(Self.strings))
        case 5: return .bool(random.chance(0.5))
        case 6: return .null
        case 7: return .array((0..<random.below(4)).map { _ in jsonValue(depth: depth - 1) })
        default:
            var members = JSONObject()
            for _ in 0..<random.below(4) { members[random.pick(Self.nestedKeys)] = jsonValue(depth: depth - 1) }
            return .object(members)
        }
    }

    private mutating func collectPaths(_ text: String, _ value: JSONValue, depth: Int) {
        paths.append((text, value))
        guard depth < 3 else { return }
        switch value {
        case .object(let members):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                collectPaths(text + Self.member(key), member, depth: depth + 1)
            }
        case .array(let items):
            for (i, item) in items.enumerated() { collectPaths("\(text)[\(i)]", item, depth: depth + 1) }
        default: break
        }
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !reserved.contains(key) else { return false }
        let letters = first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        return letters && key.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }

    /// `.key` when the key is a name, else `["key"]`.
    static func member(_ key: String) -> String {
        isIdentifier(key) ? "." + key : "[" + stringLiteral(key, style: 0) + "]"
    }

    static func kind(of value: JSONValue) -> Kind {
        switch value {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .array: .list
        case .object: .map
        }
    }

    // MARK: Literals

    static func stringLiteral(_ s: String, style: Int) -> String {
        var body = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": body += "\\\\"
            case "\"": body += "\\\""
            case "'": body += "\\'"
            case "\n": body += "\\n"
            case "\t": body += "\\t"
            case "\u{0}": body += "\\000"
            default:
                if style == 1, scalar.value >= 0x80, scalar.value <= 0xFFFF {
                    let hex = String(scalar.value, radix: 16)
                    body += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else if style == 2, scalar.value >= 0x80 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    body += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                } else {
                    body.unicodeScalars.append(scalar)
                }
            }
        }
        return style == 3 ? "'" + body + "'" : "\"" + body + "\""
    }

    private mutating func literal(_ kind: Kind, depth: Int) -> String {
        switch kind {
        case .int:
            if random.chance(0.1) { return random.pick(["0x1F", "-0x10", "-9223372036854775808", "0XFF"]) }
            return String(random.chance(0.6) ? random.pick(Self.ints) : Int64(random.below(21)) - 10)
        case .double:
            if random.chance(0.25) {
                return random.pick([".5", "1e3", "-2.3e-4", "1E2", "0.0", "-0.0", "1.0e-400", "2.", "1e309"])
            }
            return Self.doubleLiteral(random.pick(Self.doubles))
        case .string:
            if random.chance(0.12) {
                return random.pick([
                    #"r"\d+""#, #"'''a'b'''"#, #""""x"y""""#, #""\x41\101\a\b\f\v\?\`""#, #""\u00e9\U0001F600""#,
                    #"R'\n'"#, #""\377""#, #""\xff""#, #""\ud800""#, "\"a\\\nb\"",
                ])
            }
            return Self.stringLiteral(random.pick(Self.strings), style: random.below(4))
        case .bool: return random.chance(0.5) ? "true" : "false"
        case .null: return "null"
        case .list:
            let count = random.below(4)
            let element = random.pick(Kind.allCases)
            let items = (0..<count).map { _ in expr(hint: random.chance(0.7) ? element : random.pick(Kind.allCases), depth: depth - 1) }
            return "[" + items.joined(separator: ", ") + (count > 0 && random.chance(0.1) ? ",]" : "]")
        case .map:
            let count = random.below(4)
            let entries = (0..<count).map { _ in
                Self.stringLiteral(random.pick(Self.nestedKeys), style: 0) + ": "
                    + expr(hint: random.pick(Kind.allCases), depth: depth - 1)
            }
            return "{" + entries.joined(separator: ", ") + "}"
        }
    }

    static func doubleLiteral(_ d: Double) -> String {
        let text = d.description
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    // MARK: Expressions

    /// An expression that usually has kind `hint` and now and then anything else.
    mutating func expr(hint: Kind, depth: Int) -> String {
        let kind = random.chance(0.15) ? random.pick(Kind.allCases) : hint
        if depth <= 0 || random.chance(0.2) { return leaf(kind, depth: depth) }
        let text: String
        switch kind {
        case .bool: text = boolExpr(depth: depth)
        case .int: text = intExpr(depth: depth)
        case .double: text = arithmetic(.double, depth: depth)
        case .string: text = stringExpr(depth: depth)
        case .list, .map, .null: text = containerExpr(kind, depth: depth)
        }
        return random.chance(0.8) ? "(" + text + ")" : text
    }

    private mutating func leaf(_ kind: Kind, depth: Int) -> String {
        if random.chance(0.55), let path = variable(kind) { return path }
        return literal(kind, depth: min(depth, 1))
    }

    /// A payload path, of kind `kind` when there is one, sometimes missing a key.
    private mutating func variable(_ kind: Kind) -> String? {
        if random.chance(0.1) {
            return random.pick(Self.topLevelNames.filter { payload[$0] == nil } + ["zz"])
        }
        if paths.isEmpty { return nil }
        let matching = paths.filter { Self.kind(of: $0.value) == kind }
        var path = random.chance(0.8) && !matching.isEmpty ? random.pick(matching).text : random.pick(paths).text
        if random.chance(0.1) { path += random.chance(0.5) ? Self.member(random.pick(Self.nestedKeys)) : "[\(random.below(4))]" }
        return path
    }

    private mutating func receiver(_ kind: Kind, depth: Int) -> String {
        let text = expr(hint: kind, depth: depth)
        if text.hasPrefix("(") || text.hasPrefix("[") || text.hasPrefix("{") || text.hasPrefix("\"") { return text }
        if Self.isIdentifier(String(text.prefix { $0 != "." && $0 != "[" })) { return text }
        return "(" + text + ")"
    }

    private mutating func boolExpr(depth: Int) -> String {
        let d = depth - 1
        switch random.below(14) {
        case 0, 1:
            let kind = random.pick(Kind.allCases)
            return expr(hint: kind, depth: d) + " " + random.pick(["==", "!="]) + " "
                + expr(hint: random.chance(0.7) ? kind : random.pick(Kind.allCases), depth: d)
        case 2, 3:
            let kind = random.pick([Kind.int, .double, .string, .bool, .int, .double])
            return expr(hint: kind, depth: d) + " " + random.pick(["<", "<=", ">", ">="]) + " "
                + expr(hint: random.chance(0.6) ? kind : random.pick([.int, .double, .string]), depth: d)
        case 4, 5:
            return expr(hint: .bool, depth: d) + " " + random.pick(["&&", "||"]) + " " + expr(hint: .bool, depth: d)
        case 6: return "!" + expr(hint: .bool, depth: d)
        case 7:
            let container = random.chance(0.5) ? Kind.list : .map
            return expr(hint: random.pick(Kind.allCases), depth: d) + " in " + expr(hint: container, depth: d)
        case 8: return hasExpr(depth: d)
        case 9:
            let method = random.pick(["startsWith", "endsWith", "contains"])
            return receiver(.string, depth: d) + "." + method + "(" + expr(hint: .string, depth: d) + ")"
        case 10:
            let pattern = random.chance(0.85) ? "\"" + random.pick(Self.patterns) + "\"" : expr(hint: .string, depth: d)
            return random.chance(0.7)
                ? receiver(.string, depth: d) + ".matches(" + pattern + ")"
                : "matches(" + expr(hint: .string, depth: d) + ", " + pattern + ")"
        case 11: return conditional(.bool, depth: d)
        case 12:
            // Chained comparisons group left to right, and usually fail.
            return expr(hint: .int, depth: d) + " < " + expr(hint: .int, depth: d) + " < " + expr(hint: .int, depth: d)
        default:
            return expr(hint: .bool, depth: d) + " " + random.pick(["&&", "||"]) + " "
                + expr(hint: .bool, depth: d) + " " + random.pick(["&&", "||"]) + " " + expr(hint: .bool, depth: d)
        }
    }

    private mutating func hasExpr(depth: Int) -> String {
        let base: String
        let maps = paths.filter { Self.kind(of: $0.value) == .map }
        if random.chance(0.2) || paths.isEmpty {
            base = random.chance(0.5) ? "(" + literal(.map, depth: 1) + ")" : random.pick(Self.topLevelNames)
        } else if !maps.isEmpty, random.chance(0.8) {
            base = random.pick(maps).text
        } else {
            base = random.pick(paths).text
        }
        let keys = Self.nestedKeys.filter(Self.isIdentifier) + ["zz"]
        return "has(" + base + "." + random.pick(keys) + ")"
    }

    private mutating func conditional(_ kind: Kind, depth: Int) -> String {
        expr(hint: .bool, depth: depth) + " ? " + expr(hint: kind, depth: depth) + " : "
            + expr(hint: random.chance(0.8) ? kind : random.pick(Kind.allCases), depth: depth)
    }

    private mutating func intExpr(depth: Int) -> String {
        let d = depth - 1
        switch random.below(8) {
        case 0, 1, 2: return arithmetic(.int, depth: depth)
        case 3:
            let kind = random.pick([Kind.string, .list, .map, .string, .int])
            return random.chance(0.5) ? "size(" + expr(hint: kind, depth: d) + ")" : receiver(kind, depth: d) + ".size()"
        case 4: return "int(" + expr(hint: random.pick([Kind.double, .string, .int, .bool]), depth: d) + ")"
        case 5: return "-" + expr(hint: .int, depth: d)
        case 6: return conditional(.int, depth: d)
        default: return indexExpr(depth: d)
        }
    }

    private mutating func arithmetic(_ kind: Kind, depth: Int) -> String {
        let d = depth - 1
        if kind == .double, random.chance(0.25) {
            return random.chance(0.5)
                ? "double(" + expr(hint: random.pick([Kind.int, .string, .double, .null]), depth: d) + ")"
                : conditional(.double, depth: d)
        }
        let operators = kind == .int ? ["+", "-", "*", "/", "%"] : ["+", "-", "*", "/"]
        let right = random.chance(0.75) ? kind : random.pick(Kind.allCases)
        return expr(hint: kind, depth: d) + " " + random.pick(operators) + " " + expr(hint: right, depth: d)
    }

    private mutating func stringExpr(depth: Int) -> String {
        let d = depth - 1
        switch random.below(5) {
        case 0, 1: return expr(hint: .string, depth: d) + " + " + expr(hint: random.chance(0.8) ? .string : .int, depth: d)
        case 2: return "string(" + expr(hint: random.pick([Kind.int, .double, .bool, .string, .null]), depth: d) + ")"
        case 3: return conditional(.string, depth: d)
        default: return indexExpr(depth: d)
        }
    }

    private mutating func indexExpr(depth: Int) -> String {
        if random.chance(0.5) {
            let index = random.chance(0.8) ? String(random.below(4) - (random.chance(0.1) ? 1 : 0)) : expr(hint: .int, depth: depth)
            return receiver(.list, depth: depth) + "[" + index + "]"
        }
        let key = random.chance(0.8) ? Self.stringLiteral(random.pick(Self.nestedKeys), style: 0) : expr(hint: .string, depth: depth)
        return receiver(.map, depth: depth) + "[" + key + "]"
    }

    private mutating func containerExpr(_ kind: Kind, depth: Int) -> String {
        let d = depth - 1
        switch random.below(4) {
        case 0 where kind == .list: return expr(hint: .list, depth: d) + " + " + expr(hint: .list, depth: d)
        case 1: return conditional(kind, depth: d)
        case 2: return indexExpr(depth: d)
        default: return literal(kind, depth: depth)
        }
    }
}

/// JSON text for a payload, with every double written so that it reads back as a double
/// (`3.0`, not `3`) and every int as an int.
enum DifferentialJSON {
    static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += ExpressionGenerator.doubleLiteral(d)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                write(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, member)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out += ", " }
                writeString(key, into: &out)
                out += ": "
                write(member, into: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }
}
