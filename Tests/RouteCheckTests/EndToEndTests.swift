import Foundation
import Testing

/// Runs the built `routecheck` binary (see `runRouteCheck`).
@Suite struct EndToEndTests {
    static let validTable = """
        version: 1
        tabs: [home, me]
        screens:
          message_detail: {show: push, tab: home, params: {id: int}}
        payload:
          type: int
          id: int
        routes:
          - name: message-detail
            when: type == 3
            push: message_detail
            params: {id: id}

        """

    @Test func help() throws {
        let dir = try TemporaryDirectory()
        let run = try runRouteCheck(["--help"], in: dir.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("OVERVIEW: "))
        #expect(run.stdout.contains("  validate "))
        let validate = try runRouteCheck(["validate", "--help"], in: dir.url)
        #expect(validate.status == 0)
        #expect(validate.stdout.contains("USAGE: routecheck validate [--strict] [--format text|json|github]"))
    }

    @Test func version() throws {
        let dir = try TemporaryDirectory()
        #expect(try runRouteCheck(["--version"], in: dir.url) == RouteCheckRun(stdout: "0.1.0\n", stderr: "", status: 0))
    }

    @Test func unknownCommand() throws {
        let dir = try TemporaryDirectory()
        let run = try runRouteCheck(["valiate", "x"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "", stderr: """
            Error: unknown command 'valiate'; did you mean 'validate'?
            Usage: routecheck <command> [options]
            See 'routecheck --help'

            """, status: 2))
    }

    @Test func missingPath() throws {
        let dir = try TemporaryDirectory()
        let run = try runRouteCheck(["validate", "routes/missing.yaml"], in: dir.url)
        #expect(run == RouteCheckRun(
            stdout: "",
            stderr: "Error: cannot read 'routes/missing.yaml': no such file or directory\n",
            status: 2))
    }

    @Test func badFormatValue() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", Self.validTable)
        let run = try runRouteCheck(["validate", "--format", "yaml", "app.yaml"], in: dir.url)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Error: invalid value 'yaml' for option '--format'"))
    }

    @Test func validateCleanFile() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/app.yaml", Self.validTable)
        let run = try runRouteCheck(["validate", "routes/app.yaml"], in: dir.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("1 table, "))
        #expect(run.stdout.hasSuffix(": 0 errors, 0 warnings\n"))
        #expect(!run.stdout.contains("\u{1B}"))
    }

    @Test func validateJSONAndGitHub() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/app.yaml", Self.validTable)
        let json = try runRouteCheck(["validate", "--format=json", "routes"], in: dir.url)
        #expect(json.status == 0, "\(json)")
        #expect(json.stdout.hasPrefix(#"{"diagnostics":[],"summary":{"tables":1,"files":1,"#))
        #expect(json.stdout.hasSuffix(",\"errors\":0,\"warnings\":0}}\n"))
        let github = try runRouteCheck(["validate", "--format", "github", "routes"], in: dir.url)
        #expect(github.status == 0, "\(github)")
        #expect(github.stdout.hasPrefix("1 table, "))
    }

    @Test func oneMissingTableAmongOthersStillChecksTheRest() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", Self.validTable)
        let run = try runRouteCheck(["validate", "app.yaml", "gone"], in: dir.url)
        #expect(run.status == 2)
        #expect(run.stderr == "Error: cannot read 'gone': no such file or directory\n")
        // Counted as an error in every format's summary, as in JSON's.
        #expect(run.stdout == "1 table, 1 file, 1 rule: 1 error, 0 warnings\n")
        // A CI reading the machine forms learns of the missing table too: an error in the JSON
        // object (counted in its summary), and an error annotation.
        let json = try runRouteCheck(["validate", "--format", "json", "gone"], in: dir.url)
        #expect(json == RouteCheckRun(
            stdout: #"{"diagnostics":[{"file":"gone","line":1,"column":1,"end_line":1,"end_column":1,"severity":"error","code":"unreadable-table","message":"cannot read 'gone': no such file or directory","fix_it":null,"notes":[]}],"summary":{"tables":0,"files":0,"rules":0,"errors":1,"warnings":0}}"# + "\n",
            stderr: "Error: cannot read 'gone': no such file or directory\n", status: 2))
        let both = try runRouteCheck(["validate", "--format", "json", "app.yaml", "gone"], in: dir.url)
        #expect(both.stdout.contains(#""code":"unreadable-table""#))
        #expect(both.stdout.hasSuffix(#""summary":{"tables":1,"files":1,"rules":1,"errors":1,"warnings":0}}"# + "\n"))
        #expect(both.status == 2)
        let github = try runRouteCheck(["validate", "--format", "github", "app.yaml", "gone"], in: dir.url)
        #expect(github.stdout == "::error::cannot read 'gone': no such file or directory\n1 table, 1 file, 1 rule: 1 error, 0 warnings\n")
        #expect(github.status == 2)
    }

    /// A route file whose name is not valid UTF-8 (here the byte 0xFF) cannot be opened by name
    /// from Swift; the error says why instead of blaming permissions.
    @Test func routeFileNamedInInvalidUTF8IsReportedAsSuch() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/.keep", "")
        let path = Array(dir.url.appendingPathComponent("routes").path.utf8) + [UInt8(ascii: "/"), 0xFF]
            + Array(".yaml".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let expected = "the name is not valid UTF-8 (shown with \u{FFFD}), which cannot be opened; rename the file"
        let listed = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(listed.status == 2)
        #expect(listed.stderr == "Error: cannot read 'routes/\u{FFFD}.yaml': \(expected)\n", "\(listed)")
        let named = try runRouteCheck(["validate", "routes/\u{FFFD}.yaml"], in: dir.url)
        #expect(named.stderr == "Error: cannot read 'routes/\u{FFFD}.yaml': \(expected)\n", "\(named)")
    }
}
