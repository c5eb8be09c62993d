import RouteKit
import Testing

@Suite struct TextRendererTests {
    let message = "unknown screen 'mesage_detail'; did you mean 'message_detail'?"

    func render(_ source: MarkedSource, colored: Bool = false, notes: [DiagnosticNote] = [],
                fixIt: FixIt? = nil, severity: Severity = .error) -> String {
        let diagnostic = Diagnostic(severity, "unknown-screen", message, at: source.range,
                                    notes: notes, fixIt: fixIt)
        return TextDiagnosticRenderer(files: [source.file], colored: colored).render(diagnostic)
    }

    @Test func rendersTheSpecExample() {
        let lines = Array(repeating: "#\n", count: 11).joined()
        let source = MarkedSource("routes/app/messages.yaml", lines + "    push: ⟨mesage_detail⟩\n")
        #expect(render(source) == """
            routes/app/messages.yaml:12:11: error: unknown screen 'mesage_detail'; did you mean 'message_detail'? [unknown-screen]
                push: mesage_detail
                      ^~~~~~~~~~~~~

            """)
    }

    @Test func keepsTabsInTheCaretLine() {
        let source = MarkedSource("a.yaml", "\tpush:\t⟨mesage_detail⟩\n")
        #expect(render(source) == "a.yaml:1:8: error: \(message) [unknown-screen]\n"
            + "\tpush:\tmesage_detail\n"
            + "\t     \t^~~~~~~~~~~~~\n")
    }

    @Test func countsColumnsInScalarsAndWidensCJKAndEmoji() {
        let source = MarkedSource("a.yaml", "title: \"é消息😀\" ⟨pus⟩h\n")
        #expect(render(source) == "a.yaml:1:15: error: \(message) [unknown-screen]\n"
            + "title: \"é消息😀\" push\n"
            + "                 ^~~\n")
    }

    @Test func underlinesWideCharactersWithTheirWidth() {
        let source = MarkedSource("a.yaml", "t: ⟨消息⟩\n")
        #expect(render(source) == "a.yaml:1:4: error: \(message) [unknown-screen]\n"
            + "t: 消息\n"
            + "   ^~~~\n")
    }

    @Test func combiningMarksTakeNoCell() {
        let source = MarkedSource("a.yaml", "e\u{301}: ⟨x⟩\n")
        #expect(render(source).hasSuffix("\ne\u{301}: x\n   ^\n"))
    }

    @Test func emptyRangeGetsOneCaretAndEndOfLineIsReachable() {
        let empty = MarkedSource("a.yaml", "key: ⟨⟩value\n")
        #expect(render(empty).hasSuffix("\nkey: value\n     ^\n"))
        let atEnd = MarkedSource("a.yaml", "key:⟨⟩\n")
        #expect(render(atEnd).hasSuffix("\nkey:\n    ^\n"))
    }

    @Test func multiLineRangeUnderlinesToTheEndOfTheFirstLine() {
        let source = MarkedSource("a.yaml", "a: ⟨[1,\n  2]⟩\n")
        #expect(render(source).hasSuffix("\na: [1,\n   ^~~\n"))
    }

    @Test func controlCharactersInTheSourceAreNotEchoed() {
        let source = MarkedSource("a.yaml", "a: \u{1B}[31m⟨x⟩\n")
        #expect(render(source).hasSuffix("\na: \u{FFFD}[31mx\n        ^\n"))
    }

    @Test func unknownFileOrLineRendersTheHeaderOnly() {
        let source = MarkedSource("a.yaml", "a: ⟨x⟩\n")
        let diagnostic = Diagnostic(.warning, "w", "a warning", at: source.range)
        #expect(TextDiagnosticRenderer(files: []).render(diagnostic)
            == "a.yaml:1:4: warning: a warning [w]\n")
    }

    @Test func rendersNotesAndFixIt() {
        let source = MarkedSource("a.yaml", "screens:\n  ⟨message_detail⟩: {}\n")
        let use = MarkedSource("b.yaml", "push: ⟨message_detail⟩\n")
        let diagnostic = Diagnostic(
            .error, "duplicate-screen", "screen 'message_detail' is declared twice; rename or remove one of them", at: use.range,
            notes: [DiagnosticNote("first declared here", at: source.range),
                    DiagnosticNote("screens are declared once per table")],
            fixIt: FixIt(replacement: "message_list"))
        let text = TextDiagnosticRenderer(files: [source.file, use.file]).render(diagnostic)
        #expect(text == """
            b.yaml:1:7: error: screen 'message_detail' is declared twice; rename or remove one of them [duplicate-screen]
            push: message_detail
                  ^~~~~~~~~~~~~~
                fix-it: replace with 'message_list'
            a.yaml:2:3: note: first declared here
              message_detail: {}
              ^~~~~~~~~~~~~~
                note: screens are declared once per table

            """)
    }

    @Test func colorsOnlyWhenAsked() {
        let source = MarkedSource("a.yaml", "push: ⟨ab⟩\n")
        let plain = render(source, severity: .warning)
        #expect(!plain.contains("\u{1B}"))
        let colored = render(source, colored: true, severity: .warning)
        #expect(colored == "\u{1B}[1ma.yaml:1:7:\u{1B}[0m \u{1B}[1m\u{1B}[35mwarning:\u{1B}[0m "
            + "\u{1B}[1m\(message)\u{1B}[0m [unknown-screen]\n"
            + "push: ab\n"
            + "\u{1B}[1m\u{1B}[32m      ^~\u{1B}[0m\n")
    }

    @Test(arguments: [
        (DiagnosticSummary(tables: 1, files: 4, rules: 12, errors: 0, warnings: 1),
         "1 table, 4 files, 12 rules: 0 errors, 1 warning"),
        (DiagnosticSummary(tables: 2, files: 1, rules: 1, errors: 1, warnings: 0),
         "2 tables, 1 file, 1 rule: 1 error, 0 warnings"),
        (DiagnosticSummary(tables: 0, files: 0, rules: 0, errors: 3, warnings: 2),
         "0 tables, 0 files, 0 rules: 3 errors, 2 warnings"),
    ])
    func summaryLine(_ summary: DiagnosticSummary, _ expected: String) {
        #expect(summary.line == expected)
    }
}
