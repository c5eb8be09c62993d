import RouteKit
import Testing

@Suite struct MachineRendererTests {
    let source = MarkedSource("routes/app/messages.yaml", "#\n    push: ⟨mesage_detail⟩\n")

    var diagnostic: Diagnostic {
        Diagnostic(.error, "unknown-screen",
                   "unknown screen 'mesage_detail'; did you mean 'message_detail'?",
                   at: source.range)
    }

    @Test func jsonHasTheSpecKeys() {
        let summary = DiagnosticSummary(tables: 1, files: 4, rules: 12, errors: 1, warnings: 0)
        #expect(JSONDiagnosticRenderer.render([diagnostic], summary: summary) == """
            {"diagnostics":[{"file":"routes/app/messages.yaml","line":2,"column":11,"end_line":2,\
            "end_column":24,"severity":"error","code":"unknown-screen","message":"unknown screen \
            'mesage_detail'; did you mean 'message_detail'?","fix_it":null,"notes":[]}],\
            "summary":{"tables":1,"files":4,"rules":12,"errors":1,"warnings":0}}
            """)
    }

    @Test func jsonCarriesNotesFixItAndSuppressed() {
        var withExtras = diagnostic
        withExtras.severity = .warning
        withExtras.message = "a \"quoted\"\nmessage"
        withExtras.notes = [DiagnosticNote("declared here", at: source.range), DiagnosticNote("bare")]
        withExtras.fixIt = FixIt(replacement: "message_detail")
        let summary = DiagnosticSummary(
            tables: 1, files: 1, rules: 0, errors: 0, warnings: 101, suppressed: 1)
        #expect(JSONDiagnosticRenderer.render([withExtras], summary: summary) == """
            {"diagnostics":[{"file":"routes/app/messages.yaml","line":2,"column":11,"end_line":2,\
            "end_column":24,"severity":"warning","code":"unknown-screen",\
            "message":"a \\"quoted\\"\\nmessage","fix_it":{"replacement":"message_detail"},\
            "notes":[{"file":"routes/app/messages.yaml","line":2,"column":11,"message":"declared here"},\
            {"message":"bare"}]}],"summary":{"tables":1,"files":1,"rules":0,"errors":0,"warnings":101,\
            "suppressed":1}}
            """)
    }

    @Test func githubAnnotationIsSpecsForm() {
        #expect(GitHubAnnotationRenderer.render(diagnostic) == """
            ::error file=routes/app/messages.yaml,line=2,col=11::\
            unknown screen 'mesage_detail'; did you mean 'message_detail'?

            """)
    }

    @Test func githubEscapesDataAndPropertiesAndPutsNotesOnLinesOfTheirOwn() {
        let range = SourceRange(
            file: "a,b:c%.yaml", start: SourcePosition(line: 1, column: 2, offset: 1),
            end: SourcePosition(line: 3, column: 1, offset: 9))
        let first = SourceRange(file: "b.yaml", at: SourcePosition(line: 4, column: 3, offset: 20))
        let warning = Diagnostic(.warning, "odd:code", "100% wrong\r\nreally, truly: yes", at: range,
                                 notes: [DiagnosticNote("see here"), DiagnosticNote("first here", at: first)])
        #expect(GitHubAnnotationRenderer.render(warning) == """
            ::warning file=a%2Cb%3Ac%25.yaml,line=1,col=2::100%25 wrong%0D%0Areally, truly: yes
            ::notice file=a%2Cb%3Ac%25.yaml,line=1,col=2::see here (warning: 100%25 wrong%0D%0Areally, truly: yes)
            ::notice file=b.yaml,line=4,col=3::first here (warning: 100%25 wrong%0D%0Areally, truly: yes)

            """)
        let note = Diagnostic(.note, "", "fyi", at: .wholeFile("x.yaml"))
        #expect(GitHubAnnotationRenderer.render(note) == "::notice file=x.yaml,line=1,col=1::fyi\n")
    }

    @Test func escapingHelpers() {
        #expect(GitHubAnnotationRenderer.escapeData("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f")
        // A NUL or an escape code in a quoted name cannot reach the log as itself.
        #expect(GitHubAnnotationRenderer.escapeData("a\u{0}b\u{1B}[31mred\tc") == "a\u{FFFD}b\u{FFFD}[31mred\tc")
        #expect(GitHubAnnotationRenderer.escapeProperty("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf")
    }
}
