import RouteKit
import RouteKitYAML
import Testing

/// Alert texts' `{path}` placeholders are checked against the declared payload fields.
@Suite struct AlertPlaceholderTests {
    static func table(defaults: String, rule: String = "") -> String {
        """
        version: 1
        tabs: [home]
        screens:
          detail: {show: push, tab: home}
        payload: {type: int, aps.badge: int, extra: any}
        defaults:
          alert: \(defaults)
        routes:
          - name: a
            when: type == 1
            push: detail
        \(rule)
        """
    }

    func warnings(_ yaml: String) throws -> [String] {
        try loadTable(yaml: yaml).diagnostics.map(\.rendered)
    }

    @Test func aMisspelledFieldIsAWarningWithTheDeclaredName() throws {
        let found = try warnings(Self.table(defaults: #"{title: "Type {tpye}", message: "{aps.alert}"}"#))
        #expect(found == [
            "7:24: undeclared-field: alert placeholder '{tpye}' names an undeclared payload field and renders as nothing unless the payload has it; did you mean 'type'?",
        ])
    }

    @Test func aRuleAlertIsCheckedToo() throws {
        let rule = "    alert: {message: \"{aps.bdge} new\"}"
        let found = try warnings(Self.table(defaults: "{title: \"\"}", rule: rule))
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("12:23: undeclared-field: alert placeholder '{aps.bdge}'") == true, "\(found)")
        #expect(found.first?.hasSuffix("did you mean 'aps.badge'?") == true, "\(found)")
    }

    /// Mustache's and Jinja's `{{name}}` would show a stray `}`: one warning, at both pairs of braces.
    @Test func doubleBracesAreAWarningWithOnePair() throws {
        let found = try warnings(Self.table(defaults: #"{title: "Hi {{type}}!", message: "{{ aps.badge }}", confirm: "{{x}"}"#))
        #expect(found == [
            "7:22: double-braced-placeholder: alert placeholder '{{type}}' is in double braces, so it shows nothing and then a stray '}'; placeholders take one pair of braces: write '{type}'",
            "7:44: double-braced-placeholder: alert placeholder '{{aps.badge}}' is in double braces, so it shows nothing and then a stray '}'; placeholders take one pair of braces: write '{aps.badge}'",
        ])
        let table = try loadTable(yaml: Self.table(defaults: #"{title: "Hi {{type}}!"}"#))
        let range = try #require(table.diagnostics.first?.range)
        #expect((range.start.column, range.end.column) == (22, 30))
    }

    @Test func aFieldInsideAScalarNeverRenders() throws {
        let found = try warnings(Self.table(defaults: #"{title: "{type.name}"}"#))
        #expect(found == [
            "7:19: type-mismatch: alert placeholder '{type.name}' always renders as nothing: 'type' is declared 'int', which has no fields",
        ])
    }

    /// The warning underlines the placeholder, braces included, in plain and quoted texts and after
    /// multi-byte characters; a text with an escape is underlined whole, since its width in the
    /// file is not its value's.
    @Test func theWarningUnderlinesThePlaceholder() throws {
        let yaml = Self.table(defaults: """

                title: "Héllo {tpye}"
                message: Ça {tpye} là
                confirm: "\\t{tpye}"
            """)
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        /// "line:column-column/offset-offset" of `text` on line `number` (1-based).
        func place(of text: String, line number: Int) -> String {
            let line = lines[number - 1]
            let lineStart = lines.prefix(number - 1).reduce(0) { $0 + $1.utf8.count + 1 }
            let found = line.range(of: text)!
            let column = line.unicodeScalars.distance(from: line.startIndex, to: found.lowerBound) + 1
            let offset = lineStart + line.utf8.distance(from: line.startIndex, to: found.lowerBound)
            return "\(number):\(column)-\(column + text.unicodeScalars.count)/\(offset)-\(offset + text.utf8.count)"
        }
        let ranges = try loadTable(yaml: yaml).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column)-\($0.range.end.column)/"
                + "\($0.range.start.offset)-\($0.range.end.offset)"
        }
        #expect(ranges == [place(of: "{tpye}", line: 8), place(of: "{tpye}", line: 9),
                           place(of: #""\t{tpye}""#, line: 10)], "\(yaml)")
    }

    /// Declared fields, objects, fields inside `any`, and undeclared paths like nothing declared
    /// (SPEC's own `{aps.alert}`) draw nothing.
    @Test func quietForWhatCanRender() throws {
        let found = try warnings(Self.table(
            defaults: #"{title: "{type} {aps} {aps.badge} {extra.deep.path}", message: "{aps.alert} {title}"}"#))
        #expect(found == [])
    }

    /// Numbers render as a `string` field reads them: a whole double as integer text.
    @Test func numbersRenderAsTheirText() throws {
        let yaml = """
            version: 1
            tabs: [home]
            screens:
              detail: {show: push, tab: home}
            payload: {score: double, type: int}
            routes:
              - name: a
                when: type == 1
                push: detail
                alert: {message: "{score} / {type} / {other}"}

            """
        let program = try #require(try loadTable(yaml: yaml).program)
        let cases: [(JSONValue, String)] = [
            (["type": 1, "score": 2, "other": 3.0], "2 / 1 / 3"),
            (["type": 1, "score": 2.5, "other": 1e-7], "2.5 / 1 / 1e-07"),
            (["type": 1.0, "score": "-0", "other": 1e20], "0 / 1 / 100000000000000000000"),
        ]
        for (payload, message) in cases {
            #expect(program.decide(payload).alert.message == message, "\(payload)")
            #expect(CompiledTable(program).decide(payload).alert.message == message, "\(payload)")
        }
    }
}

