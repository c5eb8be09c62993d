import Foundation
import Testing

/// `DiagnosticCap.maxShown` (100) beyond `validate`: the commands that load a table print at
/// most 100 of a broken table's diagnostics, and `test` at most 100 of a malformed test file's,
/// each with the note that counts the rest.
@Suite struct DiagnosticCapTests {
    /// A test file with one unknown top-level key per line: one diagnostic each.
    static func testFile(problems: Int) -> String {
        (0..<problems).map { "x\($0): 1\n" }.joined()
    }

    static let validTable = "version: 1\ntabs: [home]\nroutes:\n  - {name: a, when: 'true', tab: home}\n"

    @Test(arguments: [100, 101]) func evalShowsAtMost100OfABrokenTablesErrors(_ errors: Int) throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", ValidateDiagnosticLimitTests.table(errors: errors))
        let run = try runRouteCheck(["eval", "t.yaml", "--payload", "{}"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stderr.components(separatedBy: "[unknown-tab]").count - 1 == 100)
        let note = "note: 1 more diagnostic in 't.yaml' not shown; at most 100 are shown per table\n"
        #expect(run.stderr.hasSuffix((errors > 100 ? note : "") + """
            1 table, 1 file, \(errors) rules: \(errors) errors, 0 warnings
            Error: the table 't.yaml' has the errors shown above; fix them first

            """), "\(run)")
    }

    @Test(arguments: [100, 101]) func testShowsAtMost100OfAMalformedTestFilesProblems(_ problems: Int) throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", Self.validTable)
        try dir.write("t.test.yaml", Self.testFile(problems: problems))
        let run = try runRouteCheck(["test", "t.yaml"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stdout.components(separatedBy: "[unknown-key]").count - 1 == 100)
        let note = "note: 1 more diagnostic in 't.test.yaml' not shown; at most 100 are shown per test file\n"
        #expect(run.stdout.hasSuffix((problems > 100 ? note : "") + "0 passed, 1 failed\n"), "\(run)")
        #expect(run.stdout.contains("not shown") == (problems > 100))
    }
}
