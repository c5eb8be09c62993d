import RouteKit
import RouteKitYAML
import Testing

/// `PayloadReader` against `JSONReader`, and `CompiledTable.decide(json:)` against
/// `decide(JSONReader.read)`: the same value restricted to the kept keys, or the same error (code,
/// message, offset), on hand-picked hostile payloads and on seeded random ones, valid and mutated.
@Suite struct PayloadReaderTests {
    typealias SeededGenerator = SplitMix64

    /// Sets of kept keys: the example table's, none, and some with escaped or non-ASCII twins
    /// (`"K"` and the Kelvin sign are equal `String`s, and different keys: keys compare by code
    /// points).
    static let keepSets: [Set<String>] = [
        ["aps", "id", "pageKey", "target", "type", "uid"], [], ["a", "b", "K", "é", "a b"], ["\u{212A}", "e\u{301}"],
    ]

    /// Payloads where skipping differs most from building: duplicates in skipped objects (plain,
    /// escaped, canonically equal, past the linear limit), limits inside skipped values.
    static let handPicked: [String] = {
        let many = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        let long = String(repeating: "x", count: 16_384)
        return [
            #"{"type":1,"skip":{"a":1,"a":2}}"#, #"{"skip":{"a":1,"\u0061":2}}"#,
            #"{"skip":{"K":1,"\u212A":2}}"#, #"{"skip":{"K":1,"K":2}}"#, #"{"skip":{"é":1,"e\u0301":2}}"#,
            #"{"type":1,"\u0074ype":2}"#, #"{"K":1,"\u212A":2}"#, #"{"é":1,"é":2,"type":1}"#,
            "{\(many),\"k3\":0}", "{\"s\":{\(many),\"k39\":0}}", "{\"s\":{\(many),\"\\u006b7\":0}}",
            "{\"s\":{\(many),\"k\\u0037\":0,\"x\":[1,{\"k1\":1,\"k1\":2}]}}",
            #"{"a":1,"a":{"b":[1,2,}}"#, #"{"s":{"a":[1,2,]}}"#, #"{"s":{"a":1,}}"#, #"{"s":{"a" 1}}"#,
            #"{"s":"\uD800"}"#, #"{"s":"\uDC00x"}"#, #"{"s":"\ud83d\ude00"}"#, #"{"s":"\x"}"#, #"{"s":"\u12G4"}"#,
            #"{"s":1e400,"type":1}"#, #"{"s":-1e400}"#, #"{"s":1e-400}"#, #"{"s":01}"#, #"{"s":-}"#, #"{"s":1.}"#,
            #"{"s":tru}"#, #"{"s":nul}"#, #"{"s":NaN}"#, #"{"s"://"#, "{\"s\":\"a\u{1}\"}",
            "{\"s\":\(deep)}", "{\"type\":\(deep)}", "{\"s\":\"\(long)\"}", "{\"s\":\"\(long)x\"}",
            "{\"s\":\"\\n\(long)\"}", "{\"\(long)x\":1}", "{\"type\":\"\(long)x\"}",
            #"{"type":3} x"#, #" {"type":3} "#, "\u{FEFF}{}", "", "  ", "[1,{\"a\":1,\"a\":2}]", "\"x\"", "{}",
            #"{"aps":{"alert":{"body":"Hi"},"badge":"2"},"type":"3","id":"42","uid":10086,"z":[{"q":null}]}"#,
        ]
    }()

    @Test func handPickedPayloads() {
        for text in Self.handPicked {
            for keep in Self.keepSets { Self.expectSame(Array(text.utf8), keep: keep) }
            Self.expectSame(Array(text.utf8) + [0xFF], keep: Self.keepSets[0])
        }
    }

    @Test func invalidUTF8InSkippedValues() {
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] {
            let bytes = Array(#"{"s":["x",""#.utf8) + bad + Array(#""],"type":1}"#.utf8)
            Self.expectSame(bytes, keep: Self.keepSets[0])
            let key = Array(#"{"s":{""#.utf8) + bad + Array(#"":1}}"#.utf8)
            Self.expectSame(key, keep: Self.keepSets[0])
        }
        Self.expectSame([UInt8](repeating: 0x20, count: PayloadLimits.maxBytes + 1), keep: [])
    }

    /// 4,000 random payloads, each read valid and after one to three mutations, under every keep set.
    @Test func randomPayloadsMatchJSONReader() {
        var rng = SeededGenerator(seed: 0x5EED_0004)
        var counts = (valid: 0, invalid: 0)
        for _ in 0..<4_000 {
            var bytes = Array(Self.randomPayload(&rng).utf8)
            for round in 0...Int.random(in: 1...3, using: &rng) {
                if round > 0 { Self.mutate(&bytes, &rng) }
                for keep in Self.keepSets {
                    guard Self.expectSame(bytes, keep: keep) else { return }
                }
                if (try? JSONReader.read(bytes)) == nil { counts.invalid += 1 } else { counts.valid += 1 }
            }
        }
        // Both outcomes must be well represented for the comparison to mean something.
        #expect(counts.valid > 3_000)
        #expect(counts.invalid > 3_000)
    }

    /// `routes/` at the repository root, three levels above this file's directory.
    static let routesPath: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return (components + ["routes"]).joined(separator: "/")
    }()

    /// Duplicate keys of a filtered or skipped object are found by comparing raw bytes up to 16
    /// keys (`ObjectKeys.linearLimit`) and through a hash set past it, as `JSONReader` finds them.
    @Test(arguments: [15, 16, 17, 48])
    func duplicateKeysAroundTheLinearLimit(keys: Int) {
        let members = (0..<keys).map { #""k\#($0)":\#($0)"# }
        for extra in ["", #","k0":1"#, #","k\#(keys - 1)":1"#, #","\u006b\#(keys / 2)":1"#] {
            let object = "{" + members.joined(separator: ",") + extra + "}"
            Self.expectSame(Array(object.utf8), keep: ["k0", "type"])
            Self.expectSame(Array(#"{"type":1,"skip":\#(object)}"#.utf8), keep: ["type"])
        }
    }

    /// The example table decides every payload from bytes exactly as from `JSONReader`'s value.
    @Test func decideFromBytesMatchesDecideFromValue() throws {
        let program = try #require(try TableLoader.load(path: Self.routesPath).program)
        let compiled = CompiledTable(program)
        #expect(program.payloadRoots.isSuperset(of: ["aps", "type", "target", "uid", "id", "pageKey"]))
        var rng = SeededGenerator(seed: 0xDEC1_DE04)
        var routed = 0
        for serial in 0..<3_000 {
            var bytes = Array(Self.randomPayload(&rng).utf8)
            if serial % 3 == 2 { Self.mutate(&bytes, &rng) }
            let expected = Self.expectSameDecision(compiled, bytes)
            if case .success(let decision) = expected, decision.routes { routed += 1 }
        }
        #expect(routed > 500)
        for text in Self.handPicked {
            Self.expectSameDecision(compiled, Array(text.utf8))
        }
    }

    /// Decides from bytes and from `JSONReader`'s value; returns the latter.
    @discardableResult
    static func expectSameDecision(_ compiled: CompiledTable, _ bytes: [UInt8]) -> Result<Decision, JSONReadError> {
        let expected = Result { () throws(JSONReadError) in compiled.decide(try JSONReader.read(bytes)) }
        let actual = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONReadError) in try compiled.decide(json: buffer) }
        }
        #expect(actual == expected, "\(String(decoding: bytes, as: UTF8.self).prefix(300))")
        return expected
    }

    /// Compares the two readers on one input; false (after recording the failure) when they differ.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], keep: Set<String>) -> Bool {
        let reader = PayloadReader(keeping: keep)
        let expected = Result { () throws(JSONReadError) in restricted(try JSONReader.read(bytes), to: keep) }
        let actual = Result { () throws(JSONReadError) in try reader.read(bytes) }
        #expect(actual == expected, "keeping \(keep.sorted()): \(String(decoding: bytes, as: UTF8.self).prefix(300))")
        return actual == expected
    }

    static func restricted(_ value: JSONValue, to keep: Set<String>) -> JSONValue {
        guard case .object(let members) = value else { return value }
        let kept = Set(keep.map { CodePointKey($0) })
        return .object(members.filter { kept.contains(CodePointKey($0.key)) })
    }

    // MARK: Generating payloads

    /// Keys: the example table's fields, their escaped and canonically equal spellings, others.
    static let keys = [
        "aps", "type", "target", "id", "uid", "pageKey", "alert", "badge", "body", "a", "b", "K", "é",
        #"\u0074ype"#, #"\u212A"#, #"e\u0301"#, #"\u00e9"#, "a b", "trace", "sent_at", "k1", "k2", "k3",
    ]
    static let strings = [
        "3", "4", "0", "1", "2", "commentpass", "notice", "session", "news", "10086", "42", "",
        #"a\"b\\c\/d"#, #"\n\t\u0000"#, "é😀", #"\ud83d\ude00"#, "Alex replied to your comment on a trip",
    ]
    static let numbers = ["0", "-0", "3", "42", "10086", "-7", "1.5", "3.0", "1e2", "-1.25E-3", "9223372036854775808"]

    static func randomPayload(_ rng: inout SeededGenerator) -> String {
        var members: [String] = []
        for _ in 0..<Int.random(in: 0...7, using: &rng) {
            // Mostly distinct top-level keys, so that most valid payloads stay valid.
            let key = keys[Int.random(in: 0..<6, using: &rng) + (Int.random(in: 0..<4, using: &rng) == 0 ? 6 : 0)]
            members.append("\"\(key)\":\(randomValue(&rng, depth: 1))")
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { members.append(#""uid":"10086""#) }
        var seen = Set<String>()
        let unique = members.filter { seen.insert(String($0.prefix { $0 != ":" })).inserted }
        let chosen = Int.random(in: 0..<10, using: &rng) == 0 ? members : unique
        return "{" + chosen.joined(separator: Bool.random(using: &rng) ? "," : " , ") + "}"
    }

    static func randomValue(_ rng: inout SeededGenerator, depth: Int) -> String {
        switch Int.random(in: 0..<(depth < 5 ? 10 : 7), using: &rng) {
        case 0: return ["null", "true", "false"][Int.random(in: 0..<3, using: &rng)]
        case 1, 2: return numbers[Int.random(in: 0..<numbers.count, using: &rng)]
        case 3...6: return "\"\(strings[Int.random(in: 0..<strings.count, using: &rng)])\""
        case 7: return "[" + (0..<Int.random(in: 0...3, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) }
            .joined(separator: ",") + "]"
        default:
            // Objects repeat a key now and then, in the same or another spelling.
            let count = Int.random(in: 0...(Int.random(in: 0..<8, using: &rng) == 0 ? 20 : 4), using: &rng)
            let members = (0..<count).map { _ in
                "\"\(keys[Int.random(in: 0..<keys.count, using: &rng)])\":\(randomValue(&rng, depth: depth + 1))"
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    /// One corruption: truncation, a byte replaced, removed or inserted, a duplicated member, a
    /// trailing comma, a bad escape.
    static func mutate(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) {
        guard !bytes.isEmpty else { return }
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        let interesting: [UInt8] = Array("\"\\,:{}[]0-e.tn ".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xFF]
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: bytes.removeSubrange(at...)
        case 1: bytes[at] = interesting[Int.random(in: 0..<interesting.count, using: &rng)]
        case 2: bytes.remove(at: at)
        case 3: bytes.insert(interesting[Int.random(in: 0..<interesting.count, using: &rng)], at: at)
        case 4:
            // Duplicate a member: copy `"key":value` starting at some quote to after a comma.
            guard let quote = bytes[at...].firstIndex(of: UInt8(ascii: "\"")),
                let end = bytes[quote...].firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") })
            else { return }
            bytes.insert(contentsOf: bytes[quote..<end] + [UInt8(ascii: ",")], at: quote)
        case 5:
            if let close = bytes[at...].firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") }) {
                bytes.insert(UInt8(ascii: ","), at: close)
            }
        default:
            let escapes = [#"\x"#, #"\uD800"#, #"\uDC00"#, #"\u12"#, #"\ud83d\u0041"#, #"\"#]
            if let quote = bytes[at...].firstIndex(of: UInt8(ascii: "\"")) {
                bytes.insert(contentsOf: Array(escapes[Int.random(in: 0..<escapes.count, using: &rng)].utf8), at: quote + 1)
            }
        }
    }
}
