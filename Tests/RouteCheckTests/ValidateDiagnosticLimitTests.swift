import Foundation
import Testing

/// `DiagnosticCap.maxShown` (100): at the limit every diagnostic is shown; past
/// it the rest are counted in the summary and announced on one line (a notice on GitHub).
@Suite struct ValidateDiagnosticLimitTests {
    /// A table whose every rule names an unknown tab: one error per rule.
    static func table(errors: Int) -> String {
        "version: 1\ntabs: [home]\nroutes:\n"
            + (0..<errors).map { "  - {name: r\($0), when: 'true', tab: hom}\n" }.joined()
    }

    static func run(errors: Int, format: String) throws -> RouteCheckRun {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", table(errors: errors))
        return try runRouteCheck(["validate", "--format", format, "t.yaml"], in: dir.url)
    }

    @Test func atTheLimitEveryDiagnosticIsShown() throws {
        let text = try Self.run(errors: 100, format: "text")
        #expect(text.status == 1)
        #expect(text.stdout.components(separatedBy: "[unknown-tab]").count - 1 == 100)
        #expect(!text.stdout.contains("not shown"))
        #expect(text.stdout.hasSuffix("1 table, 1 file, 100 rules: 100 errors, 0 warnings\n"), "\(text)")
        let json = try Self.run(errors: 100, format: "json")
        #expect(json.stdout.hasSuffix(#""summary":{"tables":1,"files":1,"rules":100,"errors":100,"warnings":0}}"# + "\n"), "\(json)")
    }

    @Test func pastTheLimitTheRestAreCountedAndAnnounced() throws {
        let text = try Self.run(errors: 101, format: "text")
        #expect(text.status == 1)
        #expect(text.stdout.components(separatedBy: "[unknown-tab]").count - 1 == 100)
        #expect(text.stdout.hasSuffix("""
            note: 1 more diagnostic in 't.yaml' not shown; at most 100 are shown per table
            1 table, 1 file, 101 rules: 101 errors, 0 warnings

            """), "\(text)")
        let json = try Self.run(errors: 101, format: "json")
        #expect(json.stdout.components(separatedBy: #""code":"unknown-tab""#).count - 1 == 100)
        #expect(json.stdout.hasSuffix(#""summary":{"tables":1,"files":1,"rules":101,"errors":101,"warnings":0,"suppressed":1}}"# + "\n"), "\(json)")
        let github = try Self.run(errors: 101, format: "github")
        #expect(github.stdout.components(separatedBy: "::error file=t.yaml,").count - 1 == 100)
        #expect(github.stdout.hasSuffix("""
            ::notice::1 more diagnostic in 't.yaml' not shown; at most 100 are shown per table
            1 table, 1 file, 101 rules: 101 errors, 0 warnings

            """), "\(github)")
    }
}
