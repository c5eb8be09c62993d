import RouteKit
import Testing

/// SPEC §8, hostile payloads: what `JSONReader` says about each (the exact error: code, message
/// and byte offset, or the value read), and where `RoutingProgram.decide` sends those that read,
/// with the normalization issues it reports. Never a crash, a hang or a silently wrong route.
@Suite struct HostilePayloadTests {
    /// Every reader case runs in under 1 ms in a debug build; 5 s is over 5000×, a hang check only.
    static let bound: Duration = .seconds(20)

    enum Read: Sendable, Equatable {
        /// `code: message at byte N`, as `routecheck eval` prints it after the code.
        case error(String)
        case value(JSONValue)
    }

    struct ReadCase: CustomStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expected: Read
        var description: String { name }

        init(_ name: String, _ text: String, _ expected: Read) {
            self.init(name, Array(text.utf8), expected)
        }

        init(_ name: String, _ bytes: [UInt8], _ expected: Read) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    static func string(_ count: Int) -> String { String(repeating: "x", count: count) }

    static let numbers: [ReadCase] = [
        ReadCase("1e400", #"{"type": 1e400}"#, .error("json-number-out-of-range: number out of range at byte 9")),
        ReadCase("-1e400", #"{"type": -1e400}"#, .error("json-number-out-of-range: number out of range at byte 9")),
        ReadCase("1e-400-underflows-to-zero", #"{"type": 1e-400}"#, .value(["type": .double(0)])),
        ReadCase("NaN", #"{"type": NaN}"#, .error("json-syntax: NaN and Infinity are not allowed at byte 9")),
        ReadCase("Infinity", #"{"type": Infinity}"#, .error("json-syntax: NaN and Infinity are not allowed at byte 9")),
        ReadCase("-Infinity", #"{"type": -Infinity}"#, .error("json-syntax: expected a digit after '-', found 'I' at byte 10")),
        // An integer past 64 bits is its nearest double (SPEC §4), never its digits in a string.
        ReadCase("integer-past-int64-exactly-a-double", #"{"type": 100000000000000000000}"#, .value(["type": .double(1e20)])),
        ReadCase("two-to-the-63", #"{"type": 9223372036854775808}"#, .value(["type": .double(0x1p63)])),
        ReadCase("two-to-the-64", #"{"type": -18446744073709551616}"#, .value(["type": .double(-0x1p64)])),
        ReadCase("integer-past-int64-not-a-double", #"{"type": 99999999999999999999}"#,
                 .value(["type": .double(1e20)])),
        ReadCase("int64-min-minus-one", #"{"type": -9223372036854775809}"#, .value(["type": .double(-0x1p63)])),
        ReadCase("integer-past-every-double", "{\"type\": 1\(String(repeating: "0", count: 309))}",
                 .error("json-number-out-of-range: number out of range at byte 9")),
        // Written as a double, a number is the nearest double, as JSON readers take it.
        ReadCase("double-past-int64", #"{"type": 99999999999999999999.0}"#, .value(["type": .double(1e20)])),
    ]

    static let strings: [ReadCase] = [
        ReadCase("lone-high-surrogate", #"{"uid": "\ud800"}"#, .error(#"json-syntax: lone surrogate '\uD800' is not allowed at byte 9"#)),
        ReadCase("lone-low-surrogate", #"{"uid": "\udc00"}"#, .error(#"json-syntax: lone surrogate '\uDC00' is not allowed at byte 9"#)),
        ReadCase("lone-surrogate-in-key", #"{"\ud800": 1}"#, .error(#"json-syntax: lone surrogate '\uD800' is not allowed at byte 2"#)),
        ReadCase("reversed-surrogate-pair", #"{"uid": "\ude00\ud83d"}"#, .error(#"json-syntax: lone surrogate '\uDE00' is not allowed at byte 9"#)),
        ReadCase("surrogate-pair-accepted", #"{"uid": "\ud83d\ude00"}"#, .value(["uid": "😀"])),
        ReadCase("raw-nul-in-string", [0x7B, 0x22, 0x61, 0x00, 0x22, 0x3A, 0x31, 0x7D],
                 .error("json-syntax: unescaped control character byte 0x00 in string at byte 3")),
        ReadCase("escaped-nul-in-value", #"{"uid": "a\u0000b"}"#, .value(["uid": "a\u{0}b"])),
        ReadCase("escaped-nul-in-key", #"{"ty\u0000pe": 3}"#, .value(["ty\u{0}pe": 3])),
        ReadCase("invalid-utf8", [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D],
                 .error("json-invalid-utf8: invalid UTF-8 byte sequence at byte 2")),
        ReadCase("utf8-bom", [0xEF, 0xBB, 0xBF] + Array(#"{"type": 3}"#.utf8),
                 .error("json-syntax: byte order mark is not allowed at byte 0")),
        ReadCase("utf16", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], .error("json-syntax: expected a value, found byte 0xFF at byte 0")),
        ReadCase("string-past-16-KiB", #"{"type": 3, "pad": ""# + string(17_000) + #""}"#,
                 .error("json-string-too-long: string longer than 16384 bytes at byte 19")),
    ]

    static let shapes: [ReadCase] = [
        // 1,000,000 '[': refused on size before a byte is parsed.
        ReadCase("million-deep-array", String(repeating: "[", count: 1_000_000),
                 .error("json-too-large: payload is larger than 65536 bytes at byte 65536")),
        // 60,000 '[' fit in 64 KiB and stop at depth 33.
        ReadCase("sixty-thousand-deep-array", String(repeating: "[", count: 60_000),
                 .error("json-too-deep: nesting deeper than 32 levels at byte 32")),
        ReadCase("deep-objects", String(repeating: #"{"a":"#, count: 10_000),
                 .error("json-too-deep: nesting deeper than 32 levels at byte 160")),
        ReadCase("70-KB-payload", #"{"type": 3, "pad": ""# + string(70_000) + #""}"#,
                 .error("json-too-large: payload is larger than 65536 bytes at byte 65536")),
        ReadCase("duplicate-key", #"{"type": 3, "type": 4}"#, .error("json-duplicate-key: duplicate key 'type' at byte 12")),
        ReadCase("empty", "", .error("json-syntax: unexpected end of input at byte 0")),
        ReadCase("whitespace-only", "  \r\n", .error("json-syntax: unexpected end of input at byte 4")),
        ReadCase("text-after-the-value", #"{"type": 3} x"#, .error("json-syntax: unexpected 'x' after the value at byte 12")),
        ReadCase("crlf-and-tabs-are-whitespace", "{\r\n\t\"type\":\t3\r\n}\r\n", .value(["type": 3])),
    ]

    static func read(_ bytes: [UInt8]) -> Read {
        do {
            return .value(try JSONReader.read(bytes))
        } catch {
            return .error("\(error.code): \(error.description)")
        }
    }

    static func check(_ c: ReadCase) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = read(c.bytes)
        let elapsed = clock.now - start
        #expect(result == c.expected)
        #expect(elapsed < bound, "took \(elapsed), bound \(bound)")
    }

    @Test(arguments: numbers) func hostileNumberIsRead(_ c: ReadCase) { Self.check(c) }
    @Test(arguments: strings) func hostileStringIsRead(_ c: ReadCase) { Self.check(c) }
    @Test(arguments: shapes) func hostileShapeIsRead(_ c: ReadCase) { Self.check(c) }

    // MARK: - Deciding

    /// `type: int`, `id: int`, `uid: string`; rule `a` pushes `detail` with `id`, rule `b` matches
    /// a `uid` of only a's with a pattern that is catastrophic for backtracking engines.
    static let program: RoutingProgram? = {
        let detail = Screen(name: "detail", show: .push, tab: "home",
                            params: [ScreenParam(name: "id", type: .int)])
        let a = Rule(name: "a", when: ExpressionSource("type == 3"), route: Route(action: Action(
            push: [ScreenStep(screen: "detail", params: [ParamBinding(name: "id", expression: ExpressionSource("id"))])])))
        let b = Rule(name: "b", when: ExpressionSource("uid.matches('^(a+)+$')"),
                     route: Route(action: Action(tab: "home")))
        let table = RouteTable(
            tabs: ["home"], screens: [detail],
            payloadFields: [PayloadField(path: "type", type: .int), PayloadField(path: "id", type: .int),
                            PayloadField(path: "uid", type: .string)],
            rules: [a, b])
        return TableChecker.check(table, sources: []).program
    }()

    struct DecideCase: CustomStringConvertible, Sendable {
        var name: String
        var payload: String
        /// The matched rule's name, or nil for unmatched.
        var rule: String?
        var issues: [String] = []
        var description: String { name }
    }

    static let aaa = String(repeating: "a", count: 10_000)

    static let decisions: [DecideCase] = [
        DecideCase(name: "plain", payload: #"{"type": 3, "id": 42}"#, rule: "a"),
        // A matched rule whose param cannot be computed falls through: never a screen without its id.
        DecideCase(name: "id-nested-empty-lists", payload: #"{"type": 3, "id": [[]]}"#, rule: nil,
                   issues: ["id: [[]] is not an int, treated as missing"]),
        DecideCase(name: "type-nested-empty-lists", payload: #"{"type": [[]], "id": 1}"#, rule: nil,
                   issues: ["type: [[]] is not an int, treated as missing"]),
        DecideCase(name: "type-object", payload: #"{"type": {}, "id": 1}"#, rule: nil,
                   issues: ["type: {} is not an int, treated as missing"]),
        DecideCase(name: "type-true", payload: #"{"type": true, "id": 1}"#, rule: nil,
                   issues: ["type: true is not an int, treated as missing"]),
        DecideCase(name: "type-null", payload: #"{"type": null, "id": 1}"#, rule: nil,
                   issues: ["type: null is not an int, treated as missing"]),
        DecideCase(name: "type-integral-double", payload: #"{"type": 3.0, "id": 1}"#, rule: "a"),
        DecideCase(name: "type-fraction", payload: #"{"type": 3.5, "id": 1}"#, rule: nil,
                   issues: ["type: 3.5 is not an int, treated as missing"]),
        DecideCase(name: "type-decimal-string", payload: #"{"type": "3", "id": "00042"}"#, rule: "a"),
        DecideCase(name: "type-string-with-space", payload: #"{"type": " 3", "id": 1}"#, rule: nil,
                   issues: [#"type: " 3" is not an int, treated as missing"#]),
        DecideCase(name: "type-string-with-plus", payload: #"{"type": "+3", "id": 1}"#, rule: nil,
                   issues: [#"type: "+3" is not an int, treated as missing"#]),
        DecideCase(name: "type-1e19", payload: #"{"type": 1e19, "id": 1}"#, rule: nil,
                   issues: ["type: 1e+19 is not an int, treated as missing"]),
        DecideCase(name: "type-int64-max-plus-one", payload: #"{"type": 9223372036854775808, "id": 1}"#, rule: nil,
                   issues: ["type: 9.223372036854776e+18 is not an int, treated as missing"]),
        // -2^63 written as a double is an integral double in the 64-bit range (SPEC §4), although
        // CEL's int() refuses it; one past it, written as an integer, is not.
        DecideCase(name: "id-int64-min-as-double", payload: #"{"type": 3, "id": -9223372036854775808.0}"#, rule: "a"),
        DecideCase(name: "id-int64-min-in-exponent-form", payload: #"{"type": 3, "id": -9.223372036854775808e18}"#,
                   rule: "a"),
        // Past 64 bits an integer is its nearest double (SPEC §4), here -2^63: Int64.min, as the
        // double written -9223372036854775808.0 is.
        DecideCase(name: "id-int64-min-minus-one", payload: #"{"type": 3, "id": -9223372036854775809}"#, rule: "a"),
        DecideCase(name: "id-int64-max-plus-one", payload: #"{"type": 3, "id": 9223372036854775808}"#, rule: nil,
                   issues: ["id: 9.223372036854776e+18 is not an int, treated as missing"]),
        DecideCase(name: "id-int64-min", payload: #"{"type": 3, "id": -9223372036854775808}"#, rule: "a"),
        DecideCase(name: "id-1e300", payload: #"{"type": 3, "id": 1e300}"#, rule: nil,
                   issues: ["id: 1e+300 is not an int, treated as missing"]),
        DecideCase(name: "id-decimal-string-past-int64", payload: #"{"type": 3, "id": "99999999999999999999"}"#, rule: nil,
                   issues: [#"id: "99999999999999999999" is not an int, treated as missing"#]),
        DecideCase(name: "nul-in-key", payload: #"{"ty\u0000pe": 3, "id": 1}"#, rule: nil),
        DecideCase(name: "nul-in-value", payload: #"{"uid": "a\u0000"}"#, rule: nil),
        DecideCase(name: "an-array", payload: "[[[]]]", rule: nil),
        DecideCase(name: "a-string", payload: #""type""#, rule: nil),
        // 10,000 a's and a '!' against '^(a+)+$': measured ~15 ms in a debug build.
        DecideCase(name: "backtracking-bait-fails", payload: #"{"uid": ""# + aaa + #"!"}"#, rule: nil),
        DecideCase(name: "backtracking-bait-matches", payload: #"{"uid": ""# + aaa + #""}"#, rule: "b"),
    ]

    @Test(arguments: decisions) func hostilePayloadIsDecided(_ c: DecideCase) throws {
        let program = try #require(Self.program)
        let payload = try JSONReader.read(c.payload)
        let clock = ContinuousClock()
        let start = clock.now
        let decision = program.decide(payload)
        let issues = program.normalizer.normalize(payload).issues.map(\.message)
        let elapsed = clock.now - start
        if let rule = c.rule {
            #expect(decision.source == .rule(name: rule, index: rule == "a" ? 0 : 1))
        } else {
            #expect(decision == .unmatched)
        }
        #expect(issues == c.issues)
        // Slowest case measured ~25 ms in a debug build; 5 s = 200×, a hang check only.
        #expect(elapsed < Self.bound, "took \(elapsed), bound \(Self.bound)")
    }
}
