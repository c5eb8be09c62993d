import RouteKit
import Testing

struct JSONReaderTests {
    struct ValidCase: CustomTestStringConvertible, Sendable {
        var json: String
        var value: JSONValue
        var testDescription: String { json }
        init(_ json: String, _ value: JSONValue) {
            self.json = json
            self.value = value
        }
    }

    static let validCases: [ValidCase] = [
        .init("0", .int(0)), .init("-0", .int(0)), .init("42", .int(42)), .init("-7", .int(-7)),
        .init("9223372036854775807", .int(.max)), .init("-9223372036854775808", .int(.min)),
        // Integers beyond Int64 are the nearest double, as CEL's JSON conversion reads them
        // (SPEC §4), never their digits in a string.
        .init("9223372036854775808", .double(0x1p63)),
        .init("-9223372036854777856", .double(-0x1p63 - 2048)),
        .init("-9223372036854775809", .double(-0x1p63)),
        .init("12345678901234567891", .double(12_345_678_901_234_567_168)),
        .init("123456789012345678901234567890", .double(1.2345678901234568e29)),
        .init("123456789012345678901234567890.0", .double(1.2345678901234568e29)),
        .init("1000000000000000000000", .double(1e21)),
        .init("1" + String(repeating: "0", count: 308), .double(1e308)),
        // A fraction or an exponent makes a double, even when integral.
        .init("1.0", .double(1)), .init("1e2", .double(100)), .init("1E+2", .double(100)),
        .init("-1.5e-3", .double(-0.0015)), .init("0.1", .double(0.1)), .init("1e-400", .double(0)),
        .init("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
        .init("true", true), .init("false", false), .init("null", nil),
        .init(#""""#, ""), .init(#""abc""#, "abc"), .init(#""é😀""#, "é😀"),
        .init(#""a\"b\\c\/d""#, "a\"b\\c/d"), .init(#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
        .init(#""\u0041\u00e9\u20AC""#, "Aé€"), .init(#""\ud83d\ude00""#, "😀"), .init(#""\u0000""#, "\u{0}"),
        .init(#""long string with an escape at the end, past the first eight bytes\n""#,
              "long string with an escape at the end, past the first eight bytes\n"),
        .init("[]", []), .init("{}", [:]), .init("[1,[2,[3]]]", [1, [2, [3]]]),
        .init(#" { "a" : [ 1 , "x" , null ] , "b" : { } } "#, ["a": [1, "x", nil], "b": [:]]),
        .init("\t\r\n 1 \t\r\n", 1),
        // Common short strings come from a table; near misses and buffer ends must not confuse it.
        .init(#""aps""#, "aps"), .init(#""apt""#, "apt"), .init(#""a""#, "a"),
        .init(#"["aps","apt","subtitle","subtitlf","default","default","pageKey","pageKeys",""]"#,
              ["aps", "apt", "subtitle", "subtitlf", "default", "default", "pageKey", "pageKeys", ""]),
        .init(#"{"type":"type","id":"idé","uid":"\u0075id"}"#, ["type": "type", "id": "idé", "uid": "uid"]),
        .init(#"{"aps":{"alert":{"title":"Hi","body":"There"},"badge":1},"type":3,"uid":"10086"}"#,
              ["aps": ["alert": ["title": "Hi", "body": "There"], "badge": 1], "type": 3, "uid": "10086"]),
    ]

    @Test(arguments: validCases)
    func reads(_ c: ValidCase) throws {
        #expect(try JSONReader.read(c.json) == c.value)
        #expect(try JSONReader.read(Array(c.json.utf8)) == c.value)
    }

    struct InvalidCase: CustomTestStringConvertible, Sendable {
        var bytes: [UInt8]
        var code: String
        var message: String
        var offset: Int
        var testDescription: String { "\(String(decoding: bytes, as: UTF8.self)) -> \(message)" }
        init(_ json: String, _ code: String, _ message: String, _ offset: Int) {
            self.init(Array(json.utf8), code, message, offset)
        }
        init(_ bytes: [UInt8], _ code: String, _ message: String, _ offset: Int) {
            self.bytes = bytes
            self.code = code
            self.message = message
            self.offset = offset
        }
    }

    static let syntax = JSONReadError.syntax
    static let invalidCases: [InvalidCase] = [
        .init("", syntax, "unexpected end of input", 0),
        .init("   ", syntax, "unexpected end of input", 3),
        .init(#"{"type":1,"type":2}"#, JSONReadError.duplicateKey, "duplicate key 'type'", 10),
        .init(#"{"a":{"b":1,"c":2,"b":3}}"#, JSONReadError.duplicateKey, "duplicate key 'b'", 18),
        .init(#"{"a":1,"b":2,"b":3,"a":4}"#, JSONReadError.duplicateKey, "duplicate key 'b'", 13),
        .init(#"{"\u0061":1,"a":2}"#, JSONReadError.duplicateKey, "duplicate key 'a'", 12),
        .init("[1,2,]", syntax, "trailing comma is not allowed", 4),
        .init(#"{"a":1,}"#, syntax, "trailing comma is not allowed", 6),
        .init("[1 2]", syntax, "expected ',' or ']', found '2'", 3),
        .init(#"{"a":1 "b":2}"#, syntax, "expected ',' or '}', found '\"'", 7),
        .init(#"{"a" 1}"#, syntax, "expected ':' after key, found '1'", 5),
        .init("{a:1}", syntax, "expected a string key, found 'a'", 1),
        .init("{'a':1}", syntax, "expected a string key, found '''", 1),
        .init("['a']", syntax, "strings must use double quotes", 1),
        .init("[1] // note", syntax, "unexpected '/' after the value", 4),
        .init("/* c */ 1", syntax, "comments are not allowed", 0),
        .init("[NaN]", syntax, "NaN and Infinity are not allowed", 1),
        .init("-Infinity", syntax, "expected a digit after '-', found 'I'", 1),
        .init("+1", syntax, "numbers cannot start with '+'", 0),
        .init(".5", syntax, "numbers must start with a digit", 0),
        .init("01", syntax, "leading zeros are not allowed", 0),
        .init("-01", syntax, "leading zeros are not allowed", 0),
        .init("1.", syntax, "expected a digit after '.', found end of input", 2),
        .init("1.e5", syntax, "expected a digit after '.', found 'e'", 2),
        .init("1e", syntax, "expected a digit in the exponent, found end of input", 2),
        .init("1e+", syntax, "expected a digit in the exponent, found end of input", 3),
        .init("0x10", syntax, "unexpected 'x' after the value", 1),
        .init("1e400", JSONReadError.numberOutOfRange, "number out of range", 0),
        .init("[-1e400]", JSONReadError.numberOutOfRange, "number out of range", 1),
        // An integer is a double past 64 bits (SPEC §4): one past every double has no value.
        .init("1" + String(repeating: "0", count: 309), JSONReadError.numberOutOfRange, "number out of range", 0),
        .init("[-9" + String(repeating: "9", count: 400) + "]", JSONReadError.numberOutOfRange, "number out of range", 1),
        .init("tru", syntax, "expected a value, found 't'", 0),
        .init("nul", syntax, "expected a value, found 'n'", 0),
        .init("True", syntax, "expected a value, found 'T'", 0),
        .init("1 2", syntax, "unexpected '2' after the value", 2),
        .init("{} x", syntax, "unexpected 'x' after the value", 3),
        .init("[1", syntax, "unexpected end of input", 2),
        .init(#"{"a":1"#, syntax, "unexpected end of input", 6),
        .init(#"{"a":"#, syntax, "unexpected end of input", 5),
        .init(#""abc"#, syntax, "missing closing '\"'", 0),
        .init(#"["ab\"]"#, syntax, "missing closing '\"'", 1),
        .init("\"a\tb\"", syntax, "unescaped control character byte 0x09 in string", 2),
        .init("\"a\nb\"", syntax, "unescaped control character byte 0x0A in string", 2),
        .init(#""a\x""#, syntax, #"invalid escape '\x'"#, 2),
        .init(#""\u12""#, syntax, "invalid unicode escape", 1),
        .init(#""\uZZZZ""#, syntax, "invalid unicode escape", 1),
        .init(#""\ud800""#, syntax, #"lone surrogate '\uD800' is not allowed"#, 1),
        .init(#""x\udc00y""#, syntax, #"lone surrogate '\uDC00' is not allowed"#, 2),
        .init(#""\ud83d\u0041""#, syntax, #"lone surrogate '\uD83D' is not allowed"#, 1),
        .init(#""\ud83d""#, syntax, #"lone surrogate '\uD83D' is not allowed"#, 1),
        .init([0xEF, 0xBB, 0xBF, 0x31], syntax, "byte order mark is not allowed", 0),
        .init([0x22, 0xC3, 0x22], JSONReadError.invalidUTF8, "invalid UTF-8 byte sequence", 1),
        .init([0x22, 0x61, 0xFF, 0x22], JSONReadError.invalidUTF8, "invalid UTF-8 byte sequence", 2),
        .init([0x22, 0xC0, 0xAF, 0x22], JSONReadError.invalidUTF8, "invalid UTF-8 byte sequence", 1),
        .init([0x22, 0xED, 0xA0, 0x80, 0x22], JSONReadError.invalidUTF8, "invalid UTF-8 byte sequence", 1),
        .init([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], JSONReadError.invalidUTF8, "invalid UTF-8 byte sequence", 1),
        .init([0x22, 0xE2, 0x82, 0x22], JSONReadError.invalidUTF8, "invalid UTF-8 byte sequence", 1),
        .init([0xC3, 0xA9], syntax, "expected a value, found byte 0xC3", 0),
        .init([0x5B, 0x31, 0x5D, 0x00], syntax, "unexpected byte 0x00 after the value", 3),
    ]

    @Test(arguments: invalidCases)
    func rejects(_ c: InvalidCase) {
        let expected = JSONReadError(code: c.code, message: c.message, offset: c.offset)
        #expect(throws: expected) { try JSONReader.read(c.bytes) }
    }

    @Test func describesErrorsWithTheirOffset() {
        let error = JSONReadError(code: JSONReadError.duplicateKey, message: "duplicate key 'type'", offset: 17)
        #expect(error.description == "duplicate key 'type' at byte 17")
    }

    @Test func payloadSizeLimit() throws {
        let limit = PayloadLimits.maxBytes
        let atLimit = #""""# + String(repeating: " ", count: limit - 2)
        #expect(try JSONReader.read(atLimit) == "")
        let expected = JSONReadError(
            code: JSONReadError.tooLarge, message: "payload is larger than \(limit) bytes", offset: limit)
        #expect(throws: expected) { try JSONReader.read(atLimit + " ") }
    }

    @Test func depthLimit() throws {
        let limit = PayloadLimits.maxDepth
        let nested = { (n: Int) in String(repeating: "[", count: n) + String(repeating: "]", count: n) }
        #expect(throws: Never.self) { try JSONReader.read(nested(limit)) }
        let expected = JSONReadError(
            code: JSONReadError.tooDeep, message: "nesting deeper than \(limit) levels", offset: limit)
        #expect(throws: expected) { try JSONReader.read(nested(limit + 1)) }
        let objects = String(repeating: #"{"a":"#, count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        #expect(throws: JSONReadError(code: JSONReadError.tooDeep, message: expected.message, offset: 5 * limit)) {
            try JSONReader.read(objects)
        }
    }

    @Test func millionOpenBracketsAreRejectedFast() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let expected = JSONReadError(
                code: JSONReadError.tooLarge, message: "payload is larger than \(PayloadLimits.maxBytes) bytes",
                offset: PayloadLimits.maxBytes)
            #expect(throws: expected) { try JSONReader.read([UInt8](repeating: 0x5B, count: 1_000_000)) }
            // Within the size limit, depth stops it.
            #expect(throws: JSONReadError.self) {
                try JSONReader.read([UInt8](repeating: 0x5B, count: PayloadLimits.maxBytes))
            }
        }
        #expect(elapsed < .seconds(20), "a hang check, not a timing")
    }

    @Test(arguments: [false, true])
    func stringLengthLimit(escaped: Bool) throws {
        let limit = PayloadLimits.maxStringBytes
        // The limit counts decoded bytes: an escape counts as the bytes it stands for.
        let body = (escaped ? #"\u00e9"# : "é") + String(repeating: "a", count: limit - 2)
        #expect(try JSONReader.read("[\"\(body)\"]") == [.string("é" + String(repeating: "a", count: limit - 2))])
        let expected = JSONReadError(
            code: JSONReadError.stringTooLong, message: "string longer than \(limit) bytes", offset: 1)
        #expect(throws: expected) { try JSONReader.read("[\"\(body)a\"]") }
        #expect(throws: expected) { try JSONReader.read("{\"\(body)a\":1}") }
    }


    static func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
        let scalars: [Unicode.Scalar] = ["a", "Z", "\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "€", "😀", "\u{FFFF}", "/"]
        func text() -> String {
            var result = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                result.unicodeScalars.append(scalars.randomElement(using: &rng) ?? "a")
            }
            return result
        }
        switch Int.random(in: 0..<(depth < 4 ? 8 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .int(Int64.random(in: .min ... .max, using: &rng) >> Int64.random(in: 0...63, using: &rng))
        case 3:
            let magnitude = Double.random(in: 0..<1, using: &rng) * pow10(Int.random(in: -300...300, using: &rng))
            return .double(Bool.random(using: &rng) ? magnitude : -magnitude)
        case 4, 5: return .string(text())
        case 6:
            return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            var members = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &rng) { members[text()] = randomValue(&rng, depth: depth + 1) }
            return .object(members)
        }
    }

    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result = exponent < 0 ? result / 10 : result * 10 }
        return result
    }

    /// Whatever `JSONWriter` writes, `JSONReader` reads back as the same value.
    @Test func readsBackWhatTheWriterWrites() throws {
        for seed in UInt64(0)..<500 {
            var rng = SplitMix64(seed: seed)
            let value = Self.randomValue(&rng, depth: 0)
            let pretty = seed % 2 == 0
            let text = JSONWriter.write(value, pretty: pretty)
            let read = try JSONReader.read(text)
            #expect(read == value, "seed \(seed): \(text)")
            if read != value { break }
        }
    }

    /// Whitespace runs of every length from 0 to 20, of spaces alone and mixed with line breaks
    /// and tabs, between every two tokens: the reader counts leading spaces eight bytes at a time,
    /// so runs shorter than, equal to and longer than a word, and runs ending at the end of the
    /// text, all read as the compact form does.
    @Test func whitespaceRunsOfEveryLengthReadAsCompactJSON() throws {
        let tokens = ["{", #""a""#, ":", "[", "1", ",", "true", "]", ",", #""b""#, ":", "null", "}"]
        let expected = try JSONReader.read(tokens.joined())
        for length in 0...20 {
            for filler in [" ", " \n", "\t ", "\r\n  "] {
                let run = String(String(repeating: filler, count: length).prefix(length))
                let text = run + tokens.joined(separator: run) + run
                #expect(try JSONReader.read(text) == expected, "run \(length): \(text.debugDescription)")
            }
        }
    }

    /// Valid payloads with random bytes changed, dropped or cut off are read or rejected, never
    /// trapped on.
    @Test func mutatedPayloadsNeverTrap() {
        let original = Array(
            #"{"aps":{"alert":{"title":"Hi é😀","body":"a\"b\u00e9\ud83d\ude00"},"badge":1},"x":[1.5e3,-0,true,null]}"#.utf8)
        let interesting: [UInt8] = [
            0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x2D, 0x65, 0x00, 0x1F, 0x80, 0xC3, 0xED, 0xF4, 0xFF,
        ]
        var state: UInt64 = 1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            var bytes = original
            for _ in 0..<(1 + next(3)) {
                let position = next(bytes.count)
                switch next(3) {
                case 0: bytes[position] = interesting[next(interesting.count)]
                case 1: bytes.remove(at: position)
                default: bytes.removeSubrange(position...)
                }
                if bytes.isEmpty { break }
            }
            _ = try? JSONReader.read(bytes)
        }
    }
}
