import Foundation
import Testing

/// Keeps the examples of the format documentation honest: every ```yaml block of
/// `docs/format.md` and `docs/guide.md` that starts with a `yaml-language-server` modeline is a
/// complete file, and the built `routecheck` must accept it.
///
/// - a block with `$schema=../schemas/routes.schema.json` is a route table on its own:
///   `routecheck validate --strict` must report no error and no warning;
/// - a block with `$schema=../schemas/tests.schema.json` is a test file for the example app's
///   table: `routecheck test routes/ FILE` must pass.
///
/// Blocks without a modeline are fragments and are not checked.
@Suite struct DocsExamplesTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let documents = ["docs/format.md", "docs/guide.md"]

    enum Kind { case routes, tests }

    struct Example: CustomStringConvertible {
        var document: String
        var line: Int  // 1-based line of the opening fence
        var kind: Kind
        var text: String

        var description: String { "\(document):\(line)" }
    }

    /// The ```yaml blocks of `markdown` that start with a modeline, dedented by their fence's
    /// indentation (blocks may sit inside list items).
    static func examples(in markdown: String, document: String) -> [Example] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [Example] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent).trimmingCharacters(in: .whitespaces)
            guard trimmed == "```yaml" else {
                index += 1
                continue
            }
            let fenceLine = index + 1
            var body: [String] = []
            index += 1
            while index < lines.count,
                lines[index].trimmingCharacters(in: .whitespaces) != "```"
            {
                let text = lines[index]
                let removable = min(indent, text.prefix { $0 == " " }.count)
                body.append(String(text.dropFirst(removable)))
                index += 1
            }
            index += 1  // the closing fence
            guard let first = body.first, first.hasPrefix("# yaml-language-server:") else { continue }
            let kind: Kind
            if first.contains("routes.schema.json") {
                kind = .routes
            } else if first.contains("tests.schema.json") {
                kind = .tests
            } else {
                continue
            }
            result.append(
                Example(
                    document: document, line: fenceLine, kind: kind,
                    text: body.joined(separator: "\n") + "\n"))
        }
        return result
    }

    static func allExamples() throws -> [Example] {
        try documents.flatMap { document in
            let url = repositoryRoot.appendingPathComponent(document)
            return examples(in: try String(contentsOf: url, encoding: .utf8), document: document)
        }
    }

    @Test func extractionFindsIndentedBlocksAndSkipsFragments() {
        let markdown = """
            ```yaml
            version: 1
            ```
            - item:

              ```yaml
              # yaml-language-server: $schema=../schemas/routes.schema.json
              version: 1
                tabs: [home]
              ```
            ```yaml
            # yaml-language-server: $schema=../schemas/tests.schema.json
            cases: []
            ```
            """
        let found = Self.examples(in: markdown, document: "x.md")
        #expect(found.count == 2)
        #expect(found.first?.line == 6)
        #expect(found.first?.kind == .routes)
        #expect(
            found.first?.text
                == "# yaml-language-server: $schema=../schemas/routes.schema.json\nversion: 1\n  tabs: [home]\n")
        #expect(found.last?.kind == .tests)
    }

    @Test func theDocsHaveCompleteExamples() throws {
        let examples = try Self.allExamples()
        #expect(examples.filter { $0.kind == .routes }.count >= 3, "route examples found: \(examples)")
        #expect(examples.filter { $0.kind == .tests }.count >= 2, "test examples found: \(examples)")
    }

    @Test func everyRouteExampleValidatesStrictly() throws {
        for example in try Self.allExamples() where example.kind == .routes {
            let dir = try TemporaryDirectory()
            try dir.write("example.yaml", example.text)
            let run = try runRouteCheck(["validate", "--strict", "example.yaml"], in: dir.url)
            #expect(
                run.status == 0 && run.stdout.hasSuffix(": 0 errors, 0 warnings\n"),
                "\(example) is not a valid route file:\n\(run)")
        }
    }

    @Test func everyTestExamplePassesAgainstTheExampleTable() throws {
        let table = Self.repositoryRoot.appendingPathComponent("routes").path
        for example in try Self.allExamples() where example.kind == .tests {
            let dir = try TemporaryDirectory()
            try dir.write("example.test.yaml", example.text)
            let run = try runRouteCheck(["test", "--color", "never", table, "example.test.yaml"], in: dir.url)
            #expect(
                run.status == 0 && run.stdout.hasSuffix(" 0 failed\n"),
                "\(example) does not pass against routes/:\n\(run)")
        }
    }
}
