import Foundation
import Testing

/// Keeps the diagnostics the docs show honest: the example app's table is copied with the
/// mistakes a document describes, and the built `routecheck` must print exactly what the
/// document shows after its `$ routecheck …` line.
@Suite struct DocsDiagnosticOutputTests {
    /// A mistake: in the example table's `file`, `written` in place of `correct`.
    struct Mistake {
        var file: String
        var correct: String
        var written: String
    }

    /// The two mistakes of docs/ci.md's failing pull request.
    static let ciMistakes = [
        Mistake(file: "messages.yaml", correct: #"when: type == "3""#, written: "when: type == 3"),
        Mistake(file: "notices.yaml", correct: #"when: pageKey == "session""#, written: #"when: pagekey == "session""#),
    ]

    /// The five mistakes of docs/guide.md §5 (a misspelled key twice).
    static let guideMistakes = ciMistakes + [
        Mistake(file: "messages.yaml", correct: "push: message_detail", written: "push: mesage_detail"),
        Mistake(file: "notices.yaml", correct: "foreground: ignore\n", written: "foreground: ignored\n"),
        Mistake(file: "screens.yaml", correct: "hides_bottom_bar: true", written: "hides_bottombar: true"),
    ]

    /// A copy of the example app's route files, in `routes/`, with `mistakes` made.
    static func brokenTable(_ mistakes: [Mistake]) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let source = DocsExamplesTests.repositoryRoot.appendingPathComponent("routes")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path)
        where name.hasSuffix(".yaml") && !name.hasSuffix(".test.yaml") {
            var text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            for mistake in mistakes where mistake.file == name {
                #expect(text.contains(mistake.correct), "routes/\(name) no longer has \(mistake.correct)")
                text = text.replacingOccurrences(of: mistake.correct, with: mistake.written)
            }
            try dir.write("routes/\(name)", text)
        }
        return dir
    }

    /// The lines a document shows after `$ command` in the same fenced block, up to the fence
    /// or the next `$ ` line.
    static func shownOutput(of command: String, in document: String) throws -> String {
        let text = try String(contentsOf: DocsExamplesTests.repositoryRoot.appendingPathComponent(document),
                              encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "$ " + command[...]) else { return "" }
        let output = lines[(start + 1)...].prefix { !$0.hasPrefix("```") && !$0.hasPrefix("$ ") }
        return output.map { $0 + "\n" }.joined()
    }

    /// The README's tour of the format with its two typos, as `broken.yaml`: what it shows
    /// after `$ routecheck validate broken.yaml`.
    @Test func theReadmeShowsWhatValidatePrintsForItsBrokenTour() throws {
        let readme = try String(contentsOf: DocsExamplesTests.repositoryRoot.appendingPathComponent("README.md"),
                                encoding: .utf8)
        let tour = try #require(DocsExamplesTests.examples(in: readme, document: "README.md").first)
        #expect(tour.text.contains("hides_bottom_bar: true") && tour.text.contains("push: message_detail"))
        let broken = tour.text.replacingOccurrences(of: "hides_bottom_bar: true", with: "hides_bottombar: true")
            .replacingOccurrences(of: "push: message_detail", with: "push: mesage_detail")
        let dir = try TemporaryDirectory()
        try dir.write("broken.yaml", broken)
        let run = try runRouteCheck(["validate", "broken.yaml"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout + run.stderr == (try Self.shownOutput(of: "routecheck validate broken.yaml", in: "README.md")))
    }

    @Test(arguments: [
        ("docs/guide.md", ["validate", "routes/"], guideMistakes),
        ("docs/ci.md", ["validate", "--strict", "--format", "github", "routes/"], ciMistakes),
        ("docs/ci.md", ["validate", "--strict", "routes/"], ciMistakes),
        ("docs/ci.md", ["validate", "--format", "json", "routes/"], ciMistakes),
    ])
    func theDocumentShowsWhatValidatePrints(document: String, arguments: [String], mistakes: [Mistake]) throws {
        let shown = try Self.shownOutput(of: "routecheck " + arguments.joined(separator: " "), in: document)
        #expect(!shown.isEmpty, "\(document) has no '$ routecheck \(arguments.joined(separator: " "))' example")
        let dir = try Self.brokenTable(mistakes)
        let run = try runRouteCheck(arguments, in: dir.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout + run.stderr == shown, "\(document): \(arguments.joined(separator: " "))")
    }
}
