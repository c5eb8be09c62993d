@testable import RouteKit
import RouteKitYAML
import Testing

/// Issue 42's examples: keys, declared paths, map literals and route-file names compare by code
/// points (SPEC §3, §4) in the reference interpreter, the compiled table deciding a value, and
/// the compiled table deciding JSON bytes alike.
@Suite struct CodePointPolicyTests {
    static func load(_ yaml: String) -> CheckedTable {
        TableLoader.load(path: "t.yaml", bytes: Array(yaml.utf8), size: nil)
    }

    /// The rule each decision path picks for `json`, after checking they agree.
    static func rule(_ program: RoutingProgram, _ json: String) throws -> String? {
        let value = try JSONReader.read(json)
        let compiled = CompiledTable(program)
        let byInterpreter = program.decide(value).ruleName
        let byIndex = compiled.decide(value).ruleName
        var bytes = Array(json.utf8)
        let fromBytes = try bytes.withUnsafeMutableBytes { try compiled.decide(json: UnsafeRawBufferPointer($0)) }
        #expect(byIndex == byInterpreter, "\(json)")
        #expect(fromBytes.ruleName == byInterpreter, "\(json)")
        return byInterpreter
    }

    static let header = """
        version: 1
        tabs: [home]
        screens:
          detail: {show: push, tab: home}

        """

    /// `m["\u00e9"]` reads the key written with U+00E9 only, as cel-cpp does.
    @Test func literalKeyLookupsCompareCodePoints() throws {
        let checked = Self.load(Self.header + """
            payload: {m: any}
            routes:
              - {name: nfc, when: 'm["\\u00e9"] == 1', push: detail}
              - {name: nfd-in, when: '"e\\u0301" in m', push: detail}
            """)
        let program = try #require(checked.program, "\(checked.diagnostics)")
        #expect(try Self.rule(program, #"{"m": {"e\u0301": 1}}"#) == "nfd-in")
        #expect(try Self.rule(program, #"{"m": {"\u00e9": 1}}"#) == "nfc")
        #expect(try Self.rule(program, #"{"m": {"\u00e9": 2, "e\u0301": 1}}"#) == "nfd-in")
        let explained = program.explain(try JSONReader.read(#"{"m": {"e\u0301": 1}}"#))
        #expect(explained.decision.ruleName == "nfd-in")
    }

    /// `--explain` names the key that looks like a missing one, in a map of up to
    /// `maxLookalikeKeys` keys; past it the error is the plain one.
    @Test(arguments: [Interpreter<NoTrace>.maxLookalikeKeys, Interpreter<NoTrace>.maxLookalikeKeys + 1])
    func explainNamesALookalikeKey(keys: Int) throws {
        let checked = Self.load(Self.header + """
            payload: {m: any}
            routes:
              - {name: nfc, when: 'm["\\u00e9"] == 1', push: detail}
            """)
        let program = try #require(checked.program, "\(checked.diagnostics)")
        var members: JSONObject = ["e\u{301}": 1]
        while members.count < keys { members["pad\(members.count)"] = 0 }
        let attempt = try #require(program.explain(["m": .object(members)]).attempts.first)
        let plain = "no such key '\u{E9}'"
        let note = "; '\u{E9}' here is U+00E9 LATIN SMALL LETTER E WITH ACUTE, the key 'e\u{301}' is "
            + "U+0065 U+0301: they look alike, but keys compare by code points"
        let expected = keys <= Interpreter<NoTrace>.maxLookalikeKeys ? plain + note : plain
        guard case .error(let message) = attempt.result else {
            Issue.record("expected an error, found \(attempt.result)")
            return
        }
        #expect(message == expected)
        // Deciding (no explanation) gives the plain error and the same decision.
        #expect(program.decide(["m": .object(members)]).ruleName == nil)
    }

    /// A declared field `d.\u00e9: int` is not filled from the key written `e\u0301`.
    @Test func declaredPathsCompareCodePoints() throws {
        let checked = Self.load(Self.header + """
            payload:
              d: {"\\u00e9": int}
            routes:
              - {name: declared, when: 'd["\\u00e9"] == 3', push: detail}
              - {name: other, when: 'd["e\\u0301"] == "3"', push: detail}
            """)
        let program = try #require(checked.program, "\(checked.diagnostics)")
        // The undeclared spelling is not type-checked against the declared one's int.
        #expect(!checked.diagnostics.contains { $0.code.rawValue == "type-mismatch" })
        #expect(checked.diagnostics.contains { $0.code.rawValue == "undeclared-field" })
        #expect(try Self.rule(program, #"{"d": {"e\u0301": "3"}}"#) == "other")
        #expect(try Self.rule(program, #"{"d": {"\u00e9": "3"}}"#) == "declared")
        let (normalized, _) = PayloadNormalizer(fields: program.table.fieldTypes)
            .normalize(try JSONReader.read(#"{"d": {"e\u0301": "3", "\u00e9": "4"}}"#))
        #expect(normalized == ["d": ["e\u{301}": "3", "\u{E9}": 4]])
    }

    /// Both spellings declared are two fields, not a duplicate declaration.
    @Test func equivalentPathsAreTwoFields() throws {
        let checked = Self.load(Self.header + """
            payload:
              d: {"\\u00e9": int, "e\\u0301": string}
            routes:
              - {name: a, when: 'd["\\u00e9"] == 3 && d["e\\u0301"] == "3"', push: detail}
            """)
        let program = try #require(checked.program, "\(checked.diagnostics)")
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        #expect(program.table.fieldTypes.count == 2)
        #expect(try Self.rule(program, #"{"d": {"e\u0301": 3, "\u00e9": "3"}}"#) == "a")
    }

    /// A map literal with both spellings is a map of two entries, not a duplicate key.
    @Test func mapLiteralsKeepBothSpellings() throws {
        let checked = Self.load(Self.header + """
            payload: {k: string}
            routes:
              - {name: two, when: 'size({"e\\u0301": 1, "\\u00e9": 2}) == 2 && {"\\u212a": 1, "K": 2}[k] == 1', push: detail}
            """)
        let program = try #require(checked.program, "\(checked.diagnostics)")
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        #expect(try Self.rule(program, #"{"k": "\u212a"}"#) == "two")
        #expect(try Self.rule(program, #"{"k": "K"}"#) == nil)
        let duplicate = Self.load(Self.header + """
            routes:
              - {name: dup, when: '{"\\u00e9": 1, "é": 2}.size() == 2', push: detail}
            """)
        #expect(duplicate.diagnostics.map(\.code.rawValue) == ["duplicate-key"])
    }

    /// A payload object with both spellings is valid (SPEC §8 duplicate keys are the same code
    /// points), and a map of two.
    @Test func payloadWithBothSpellingsIsAMapOfTwo() throws {
        let checked = Self.load(Self.header + """
            payload: {m: any}
            routes:
              - {name: two, when: 'size(m) == 2', push: detail}
            """)
        let program = try #require(checked.program)
        #expect(try Self.rule(program, #"{"m": {"\u00e9": 1, "e\u0301": 2}}"#) == "two")
        #expect(try Self.rule(program, #"{"m": {"K": 1, "\u212a": 2}}"#) == "two")
    }

    /// A name in a route file is what its bytes say: the Kelvin sign is not the tab `K`, and a
    /// screen, tab, rule or param may be declared in both spellings.
    @Test func routeFileNamesCompareCodePoints() throws {
        let unknown = Self.load("""
            version: 1
            tabs: [K]
            screens:
              detail: {show: push, tab: "\\u212A"}
            routes:
              - {name: a, when: 'true', tab: "\\u212A"}
            """)
        #expect(unknown.diagnostics.map(\.code.rawValue) == ["unknown-tab", "unknown-tab"])
        let both = Self.load("""
            version: 1
            tabs: [K, "\\u212A"]
            screens:
              "caf\\u00e9": {show: push, tab: K, params: {"\\u00e9": int, "e\\u0301": int}}
              "cafe\\u0301": {show: push, tab: "\\u212A"}
            payload: {n: int}
            routes:
              - name: "r\\u00e9"
                when: n == 1
                push: "caf\\u00e9"
                params: {"\\u00e9": n, "e\\u0301": n + 1}
              - {name: "re\\u0301", when: n == 2, push: "cafe\\u0301"}
            """)
        let program = try #require(both.program, "\(both.diagnostics)")
        #expect(program.table.tabs == ["K", "\u{212A}"])
        #expect(program.table.tabIndex(of: "\u{212A}") == 1)
        #expect(program.table.screens.count == 2)
        let first = program.decide(["n": 1])
        #expect(first.ruleName?.utf8.elementsEqual("r\u{E9}".utf8) == true)
        #expect(first.action?.push.last?.screen.utf8.elementsEqual("caf\u{E9}".utf8) == true)
        let second = program.decide(["n": 2])
        #expect(second.ruleName?.utf8.elementsEqual("re\u{301}".utf8) == true)
        #expect(second.action?.push.last?.screen.utf8.elementsEqual("cafe\u{301}".utf8) == true)
        #expect(CompiledTable(program).decide(["n": 2]).ruleName?.utf8.elementsEqual("re\u{301}".utf8) == true)
    }

    /// YAML mappings: both spellings are two keys; the same code points twice is a duplicate.
    @Test func yamlKeysCompareCodePoints() {
        let distinct = Self.load(Self.header + """
            payload: {"\\u00e9": int, "e\\u0301": int, K: int, "\\u212A": int}
            routes:
              - {name: a, when: 'true', push: detail}
            """)
        #expect(!distinct.diagnostics.contains { $0.code.rawValue == "duplicate-key" }, "\(distinct.diagnostics)")
        #expect(distinct.table?.payloadFields.count == 4)
        let repeated = Self.load(Self.header + """
            payload: {"\\u00e9": int, "é": int}
            routes:
              - {name: a, when: 'true', push: detail}
            """)
        #expect(repeated.diagnostics.map(\.code.rawValue) == ["duplicate-key"])
    }
}
