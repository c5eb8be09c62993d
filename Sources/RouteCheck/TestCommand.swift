import Foundation
import RouteKit
import RouteKitYAML

/// `routecheck test TABLE [CASES...] [--coverage]`: runs golden cases and event scenarios
/// (SPEC §7) against a table and reports each as `PASS name` or `FAIL name`.
///
/// ```
/// $ routecheck test routes/
/// PASS type 3 opens the message detail
/// FAIL cold start waits for the UI
///   routes/launch.test.yaml:9:5: scenario 'cold start waits for the UI'
///   event 2 of 2 (routes/launch.test.yaml:12:9): {"event":"ready"}
///     outcome: "performed"
///     expected commands:
///         {"cmd":"select_tab","tab":"home"}
///       > {"cmd":"push","screen":"message_detail"}
///     actual commands:
///         {"cmd":"select_tab","index":0,"tab":"home"}
///       > {"cmd":"pop_to_root","tab":"home"}
///         {"cmd":"push","hides_bottom_bar":true,"params":{"id":7},"screen":"message_detail","tab":"home"}
/// 1 passed, 1 failed
/// ```
struct TestCommand: Command {
    static let configuration = CommandConfiguration(
        name: "test",
        abstract: "Run golden cases and event scenarios against a route table",
        discussion: """
            Runs the test files of TABLE: every *.test.yaml / *.test.yml file under a directory
            table, in lexical order of their relative paths; for a single-file table app.yaml
            (or a compiled app.json), app.test.yaml and app.test.yml beside it; or the CASES
            files when given. A table without test files runs nothing and says so on stderr. A test file has 'cases' (one notification each, sent to
            a fresh navigator started with the case's user and UI; 'expect' checks the deciding
            rule, the outcome and the commands) and 'scenarios' (a list of events and one
            expected {outcome, commands} per event); see schemas/tests.schema.json. An expected
            command matches when every key it lists equals the actual command's; the lists must
            have the same length and order, except that a clear_badge the table sends first
            (defaults.clear_badge: true) is only compared when the expected commands list one.

            Prints PASS or FAIL and the name of each case and scenario; a failure shows where it
            is and the expected and actual outcome, rule and commands, one JSON line per
            command, '>' marking the first that differs. A malformed test file is reported with
            its positions and counts as one failure; a malformed case or scenario fails alone.
            The last line is 'N passed, N failed'. With --coverage, the rules that no
            notification or launch of any case or scenario was decided by are listed before it.
            """,
        options: [
            .flag("coverage", help: "List the rules no case or scenario exercised"),
            .key,
            .color,
        ],
        arguments: [
            .table(),
            ArgumentSpec("CASES", arity: .zeroOrMore,
                         help: "Test files to run instead of the table's own"),
        ],
        exitStatuses: [
            (0, "Every case and scenario passed"),
            (1, "A case or scenario failed, a test file is malformed, or the table has errors"),
            (2, "Usage error, or the table or a test file could not be read"),
        ])

    var table: String
    var cases: [String]
    var coverage: Bool
    var color: ColorMode
    /// Public key files a signed TABLE must verify with (`--key`).
    var keys: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        table = try arguments.positional(0, name: "TABLE")
        cases = Array(arguments.positionals.dropFirst())
        coverage = arguments.flag("coverage")
        keys = arguments.values(of: "key")
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let console = context.console
        let colored = context.colors(.output, mode: color)
        let program: RoutingProgram
        do {
            program = try ProgramLoader.load(table, context: context, stream: .output, color: color, keys: keys)
        } catch .exit(.findings) {
            // A table that does not load fails as one test, as a malformed test file does, and
            // the report still ends with its summary line.
            console.out("0 passed, 1 failed\n")
            return .findings
        }
        let decider = CompiledTable(program)
        let routeTable = decider.table

        let paths = try testFiles()
        for path in paths { try InputPath.checkReadable(path) }
        if paths.isEmpty {
            console.err("note: '\(table)' has no test files (\(Self.testFilesLookedFor(table))); nothing to run\n")
        }

        var passed = 0
        var failed = 0
        var exercised: Set<String> = []
        for path in paths {
            let bytes = try InputPath.readBytes(path, atMost: YAMLLimits.maxFileSize)
            let file = TestFileDecoder.decode(path: path, bytes: bytes, table: routeTable)
            let renderer = TextDiagnosticRenderer(files: [file.source], colored: colored)
            let report = TestReport(colored: colored) { item in
                Self.render(item.problems, of: path, per: "case or scenario", with: renderer)
            }
            if file.isMalformed {
                console.out(report.fail(path))
                console.out(Self.render(file.diagnostics, of: path, per: "test file", with: renderer))
                failed += 1
                continue
            }
            if file.items.isEmpty {
                // Not a failure (a file may be started before its cases), but not silence either:
                // "0 passed, 0 failed" alone reads as if the file's cases ran.
                console.err("note: '\(path)' has no cases or scenarios; nothing in it ran\n")
            }
            for item in file.items {
                let result = TestFileRunner.run(item, decider: decider)
                exercised.formUnion(result.exercised)
                console.out(report.render(result))
                if result.passed { passed += 1 } else { failed += 1 }
            }
        }
        if coverage { console.out(coverageReport(routeTable, exercised: exercised)) }
        console.out("\(passed) passed, \(failed) failed\n")
        return failed > 0 ? .findings : .success
    }

    /// `diagnostics` sorted and capped, as `validate` prints a table's.
    private static func render(
        _ diagnostics: [Diagnostic], of path: String, per unit: String, with renderer: TextDiagnosticRenderer
    ) -> String {
        DiagnosticCap(diagnostics.sorted(by: Diagnostic.sortsBefore), in: path, per: unit).rendered(with: renderer)
    }

    /// The test files a table without any would have: `*.test.yaml` under a directory,
    /// `app.test.yaml` beside a file `app.yaml`.
    private static func testFilesLookedFor(_ table: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: table, isDirectory: &isDirectory), isDirectory.boolValue {
            return "*.test.yaml"
        }
        return TableLoader.testFileNames(beside: table).joined(separator: " or ") + " beside it"
    }

    /// The CASES given, or the table's `*.test.yaml` files.
    private func testFiles() throws(CLIError) -> [String] {
        if !cases.isEmpty { return cases }
        do throws(TableLoadError) {
            return try TableLoader.testFiles(at: table)
        } catch {
            throw .io(error.description)
        }
    }

    /// `coverage: …` and the rules no item exercised, in table order, with their places.
    private func coverageReport(_ table: RouteTable, exercised: Set<String>) -> String {
        let missed = table.rules.filter { !exercised.contains($0.name) }
        let count = table.rules.count
        guard !missed.isEmpty else {
            return "coverage: all \(DiagnosticSummary.counted(count, "rule")) exercised\n"
        }
        var output = "coverage: \(count - missed.count) of \(DiagnosticSummary.counted(count, "rule")) "
            + "exercised; not exercised:\n"
        for rule in missed {
            output += "  \(rule.name)"
            if let range = rule.range { output += " (\(TextDiagnosticRenderer.location(range)))" }
            output += "\n"
        }
        return output
    }
}
