import RouteKit
import Testing

/// A long source line is shown as a window of at most 160 scalars around the range, 40 of them
/// before it, with `…` where the line is cut.
@Suite struct TextRendererLongLineTests {
    func excerpt(_ source: MarkedSource) -> [Substring] {
        let diagnostic = Diagnostic(.error, "e", "m", at: source.range)
        let lines = TextDiagnosticRenderer(files: [source.file]).render(diagnostic)
            .split(separator: "\n", omittingEmptySubsequences: false)
        return Array(lines.dropFirst().prefix(2))
    }

    func run(_ character: Character, _ count: Int) -> String {
        String(repeating: character, count: count)
    }

    @Test func aLineOfExactlyTheWindowIsShownWhole() {
        let source = MarkedSource("a.yaml", run("x", 149) + "⟨a⟩" + run("y", 10) + "\n")
        #expect(excerpt(source) == [Substring(run("x", 149) + "a" + run("y", 10)),
                                    Substring(run(" ", 149) + "^")])
    }

    @Test func oneScalarPastTheWindowCutsTheEnd() {
        let source = MarkedSource("a.yaml", "⟨a⟩" + run("y", 160) + "\n")
        #expect(excerpt(source) == [Substring("a" + run("y", 159) + "…"), "^"])
    }

    @Test func aRangeInTheMiddleOfAHugeLineIsWindowedOnBothSides() {
        let source = MarkedSource("a.yaml", run("x", 500) + "⟨abc⟩" + run("y", 100_000) + "\n")
        #expect(excerpt(source) == [Substring("…" + run("x", 40) + "abc" + run("y", 117) + "…"),
                                    Substring(" " + run(" ", 40) + "^~~")])
    }

    @Test func aRangeRunningPastTheLineIsUnderlinedToTheWindowsEnd() {
        let source = MarkedSource("a.yaml", run("x", 500) + "⟨abc" + run("y", 1000) + "\nz⟩\n")
        #expect(excerpt(source) == [Substring("…" + run("x", 40) + "abc" + run("y", 117) + "…"),
                                    Substring(" " + run(" ", 40) + "^" + run("~", 119))])
    }

    @Test func theEndOfALongLineIsReachable() {
        let source = MarkedSource("a.yaml", run("x", 300) + "⟨⟩\n")
        #expect(excerpt(source) == [Substring("…" + run("x", 40)),
                                    Substring(" " + run(" ", 40) + "^")])
    }

    @Test func wideCharactersCountAsOneColumnOfTheWindow() {
        let source = MarkedSource("a.yaml", run("消", 500) + "⟨a⟩" + run("息", 500) + "\n")
        #expect(excerpt(source) == [Substring("…" + run("消", 40) + "a" + run("息", 119) + "…"),
                                    Substring(" " + run(" ", 80) + "^")])
    }

    /// Rendering reads only the window of a line, so a diagnostic per key of a one-line file of
    /// megabytes renders at once: it used to decode the whole line for each, then count the
    /// line's scalars up to the column (`routecheck test` on 6,000 failing cases written on one
    /// line of 377 KB took 2.5 s in a release build).
    // The limit catches a hang, not slowness: it also counts the time the test waits for a thread
    // while the whole suite runs in parallel (on a 2-core CI machine every test took ~140 s).
    @Test(.timeLimit(.minutes(10))) func manyDiagnosticsOnAHugeLineRenderQuickly() {
        let file = SourceFile(path: "a.yaml", text: run("é", 200_000) + "\n")
        let diagnostics = (0..<5_000).map { index in
            let position = SourcePosition(line: 1, column: 1 + index * 39, offset: index * 78)
            return Diagnostic(.error, "e", "m", at: SourceRange(file: "a.yaml", at: position))
        }
        let carets = TextDiagnosticRenderer(files: [file]).render(diagnostics)
            .split(separator: "\n").filter { $0.last == "^" }
        #expect(carets.count == 5_000)
        #expect(carets.allSatisfy { $0.count <= 42 })
    }

    @Test func aColumnPastAHugeLinesEndShowsItsEnd() {
        let file = SourceFile(path: "a.yaml", text: run("x", 1_000) + "\n")
        let position = SourcePosition(line: 1, column: 5_000, offset: 1_000)
        let diagnostic = Diagnostic(.error, "e", "m", at: SourceRange(file: "a.yaml", at: position))
        let lines = TextDiagnosticRenderer(files: [file]).render(diagnostic).split(separator: "\n")
        #expect(lines.dropFirst() == [Substring("…" + run("x", 40)), Substring(run(" ", 41) + "^")])
    }

    @Test func aColumnPastAShortLinesEndShowsTheWholeLine() {
        let file = SourceFile(path: "a.yaml", text: run("x", 150) + "\n")
        let position = SourcePosition(line: 1, column: 5_000, offset: 150)
        let diagnostic = Diagnostic(.error, "e", "m", at: SourceRange(file: "a.yaml", at: position))
        let lines = TextDiagnosticRenderer(files: [file]).render(diagnostic).split(separator: "\n")
        #expect(lines.dropFirst() == [Substring(run("x", 150)), Substring(run(" ", 150) + "^")])
    }

    /// The window found from the file's checkpoints is the one counting from the line's start
    /// finds, for every column of a line that mixes one- to four-byte scalars across many
    /// 1,024-byte checkpoints, after a first line that shifts them.
    @Test func everyColumnsWindowMatchesCounting() {
        let line = Array(String(repeating: "aé€😀", count: 400).unicodeScalars)
        let file = SourceFile(path: "a.yaml", text: "ü😀\n" + String(String.UnicodeScalarView(line)) + "\nend")
        let lineStart = "ü😀\n".utf8.count
        let renderer = TextDiagnosticRenderer(files: [file])
        for column in 1...(line.count + 1) {
            let offset = lineStart + line[..<(column - 1)].reduce(0) { $0 + String($1).utf8.count }
            let position = SourcePosition(line: 2, column: column, offset: offset)
            let shown = renderer.render(Diagnostic(.error, "e", "m", at: SourceRange(file: "a.yaml", at: position)))
                .split(separator: "\n")[1]
            let first = max(0, column - 1 - 40)
            let end = min(line.count, first + 160)
            let expected = (first > 0 ? "…" : "") + String(String.UnicodeScalarView(line[first..<end]))
                + (end < line.count ? "…" : "")
            #expect(shown == Substring(expected), "column \(column)")
        }
    }
}
