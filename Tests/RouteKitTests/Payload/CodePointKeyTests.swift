import RouteKit
import Testing

/// Keys compare by code points (SPEC §4), never by Swift's canonical equivalence: `CodePointKey`,
/// `JSONObject`, `JSONValue`'s equality, and both JSON readers' duplicate checks.
@Suite struct CodePointKeyTests {
    /// Pairs Swift's `==` calls equal and JSON, CEL and backends keep apart: NFC and NFD, the
    /// singletons that are canonically another character, a Hangul syllable and its jamo.
    static let equivalentPairs: [(String, String)] = [
        ("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("\u{C5}", "\u{212B}"), (";", "\u{37E}"),
        ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"), ("caf\u{E9}", "cafe\u{301}"),
    ]

    @Test(arguments: equivalentPairs)
    func equivalentSpellingsAreDifferentKeys(_ pair: (String, String)) {
        let (a, b) = pair
        #expect(a == b)  // what Swift says
        #expect(CodePointKey(a) != CodePointKey(b))
        #expect(Set([CodePointKey(a), CodePointKey(b)]).count == 2)
        #expect(JSONValue.string(a) != .string(b))
        #expect(Set([JSONValue.string(a), .string(b)]).count == 2)

        var object = JSONObject()
        object[a] = 1
        #expect(object[b] == nil)
        object[b] = 2
        #expect(object.count == 2)
        #expect(object[a] == 1 && object[b] == 2)
        #expect(object.index(forKey: b).map { object[$0].value } == 2)
        #expect(object.keys.sorted() == [a, b].sorted())
        #expect(JSONValue.object(object) != .object([a: 2, b: 1]))
        #expect(JSONValue.object(object) == .object([b: 2, a: 1]))
    }

    @Test func codePointOrderIsUTF8ByteOrder() {
        let keys: [CodePointKey] = ["b", "\u{E9}", "B", "a", "e\u{301}", "\u{212A}", "K"]
        #expect(keys.sorted().map(\.string) == ["B", "K", "a", "b", "e\u{301}", "\u{E9}", "\u{212A}"])
        #expect(CodePointKey("x").description == "x")
    }

    /// `JSONObject` reads like the dictionary it replaces, and converts to and from one exactly
    /// when every key is ASCII.
    @Test func jsonObjectReadsLikeADictionary() {
        var object: JSONObject = ["type": 3, "aps": ["badge": 1]]
        #expect(object["type"] == 3)
        #expect(object.updateValue("x", forKey: "type") == 3)
        #expect(object.removeValue(forKey: "aps") == ["badge": 1])
        #expect(object.removeValue(forKey: "aps") == nil)
        #expect(object.count == 1 && !object.isEmpty)
        #expect(Array(object.values) == ["x"])
        #expect(object.mapValues { _ in .null } == ["type": nil])
        #expect(object.filter { $0.key != "type" }.isEmpty)
        var pairs: [String] = []
        for (key, value) in object { pairs.append("\(key)=\(value)") }
        #expect(pairs.count == 1)

        let ascii: [String: JSONValue] = ["id": 42, "uid": "u1"]
        #expect(JSONObject(ascii).dictionary == ascii)
        #expect(JSONObject(["a": 1, "a\u{300}": 2]).count == 2)
        // Canonically equivalent keys are one key of a Swift dictionary: one entry is left, with
        // the value of the key last in code point order ("\u{E9}" is C3 A9, after "e").
        let both: JSONObject = ["\u{E9}": 1, "e\u{301}": 2]
        #expect(both.dictionary.count == 1)
        #expect(both.dictionary["\u{E9}"] == 1)
        let unique = JSONObject([("a", 1), ("b", 2), ("a", 3)], uniquingKeysWith: { first, _ in first })
        #expect(unique == ["a": 1, "b": 2])
    }

    /// SPEC §4: an object holding both spellings is valid, to both readers; only a repeat of the
    /// same code points is a duplicate.
    @Test(arguments: equivalentPairs)
    func readersKeepBothSpellings(_ pair: (String, String)) throws {
        let text = #"{"m": {"\#(pair.0)": 1, "\#(pair.1)": 2}, "\#(pair.0)": 3, "\#(pair.1)": 4}"#
        let value = try JSONReader.read(text)
        #expect(value["m"]?[pair.0] == 1)
        #expect(value["m"]?[pair.1] == 2)
        #expect(value[pair.1] == 4)
        let kept = try PayloadReader(keeping: [pair.1]).read(Array(text.utf8))
        #expect(kept == [pair.1: 4])
        let escaped = #"{"\#(pair.0)": 1, "\#(Self.escaped(pair.0))": 2}"#
        #expect(throws: JSONReadError.self) { try JSONReader.read(escaped) }
        #expect(throws: JSONReadError.self) { try PayloadReader(keeping: []).read(Array(escaped.utf8)) }
    }

    @Test func duplicateKeyMessageNamesTheKey() {
        #expect(throws: JSONReadError.self) { try JSONReader.read(#"{"m": {"\u00e9": 1, "é": 2}}"#) }
        do {
            _ = try JSONReader.read(#"{"\u212a": 1, "K": 2, "\u212A": 3}"#)
            Issue.record("expected a duplicate key")
        } catch {
            #expect(error.message == "duplicate key '\u{212A}'")
            #expect(error.offset == 22)
        }
    }

    /// `"\uXXXX"` escapes for every scalar of `text`.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            scalar.value > 0xFFFF
                ? String(scalar) : "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
        }.joined()
    }
}
