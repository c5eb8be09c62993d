#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// A directory table reads every route file under it, links followed, in byte order of the files'
/// relative paths; what it cannot read stops the command (exit 2) instead of leaving rules out.
@Suite struct DirectoryTableTests {
    static let header = """
        version: 1
        tabs: [home, me]
        payload: {type: int}

        """

    static func rule(_ name: String, type: Int = 1) -> String {
        "routes:\n  - {name: \(name), when: type == \(type), tab: me}\n"
    }

    /// `base/app.yaml` declares the table; its one rule matches `type == 1`.
    private func table(_ base: String = "routes") throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.write("\(base)/app.yaml", Self.header + Self.rule("own", type: 1))
        return dir
    }

    private func link(_ dir: TemporaryDirectory, _ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent(path).path, withDestinationPath: destination)
    }

    /// The first rule `table` gives a `type` payload, by `eval --payloads`.
    private func firstMatch(_ table: String, type: Int, in dir: TemporaryDirectory) throws -> String {
        try dir.write("p.jsonl", "{\"type\":\(type)}\n")
        let run = try runRouteCheck(["eval", table, "--payloads", "p.jsonl"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test func aTableReachedThroughALinkToItsFolderIsRead() throws {
        let dir = try table("real")
        try link(dir, "routes", to: "real")
        for path in ["routes", "routes/", "routes//"] {
            let run = try runRouteCheck(["validate", path], in: dir.url)
            #expect(run == RouteCheckRun(stdout: "1 table, 1 file, 1 rule: 0 errors, 0 warnings\n", stderr: "", status: 0),
                    "\(path)")
        }
    }

    @Test func aLinkedFolderInsideATableAddsItsRules() throws {
        let dir = try table()
        try dir.write("shared/more.yaml", Self.rule("shared", type: 7))
        try link(dir, "routes/linked", to: "../shared")
        #expect(try firstMatch("routes", type: 7, in: dir) == "{\"rule\":\"shared\",\"index\":1}\n")
    }

    @Test func aLinkBackToAFolderBeingReadDoesNotReadItAgain() throws {
        let dir = try table()
        try dir.write("routes/sub/more.yaml", Self.rule("sub", type: 2))
        try link(dir, "routes/sub/up", to: "..")
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "1 table, 2 files, 2 rules: 0 errors, 0 warnings\n", stderr: "", status: 0))
    }

    /// Each level links twice to the next: walked link by link, the last folder would be read
    /// 2²⁴ times. Each folder is read once, through the first link in byte order.
    // The limit catches a hang, not slowness: it also counts the time the test waits for a thread
    // while the whole suite runs in parallel (on a 2-core CI machine every test took ~140 s).
    @Test(.timeLimit(.minutes(10))) func foldersLinkedManyTimesAreReadOnce() throws {
        let dir = try table()
        let levels = 24
        for level in 0..<levels {
            try dir.write("shared/\(level)/r.yaml", Self.rule("r\(level)", type: 100 + level))
            let from = level == 0 ? "routes" : "shared/\(level - 1)"
            try link(dir, from + "/a", to: dir.url.appendingPathComponent("shared/\(level)").path)
            try link(dir, from + "/b", to: dir.url.appendingPathComponent("shared/\(level)").path)
        }
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "1 table, \(levels + 1) files, \(levels + 1) rules: 0 errors, 0 warnings\n",
                                     stderr: "", status: 0))
        // Read through routes/a/a/…: the deepest file, routes/a/…/a/r.yaml, sorts first.
        #expect(try firstMatch("routes", type: 100 + levels - 1, in: dir)
            == "{\"rule\":\"r\(levels - 1)\",\"index\":0}\n")
    }

    @Test func aFolderNamedLikeARouteFileIsAFolder() throws {
        let dir = try table()
        try dir.write("routes/extra.yml/more.yaml", Self.rule("inner", type: 3))
        #expect(try firstMatch("routes", type: 3, in: dir) == "{\"rule\":\"inner\",\"index\":1}\n")
    }

    @Test func filesAreReadInByteOrderOfTheirRelativePaths() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/0.yaml", Self.header)
        // "e\u{301}" (a decomposed é) starts with the byte of "e", so it comes before "f", as
        // `LC_ALL=C ls` and git list it; "B" comes before "a", and "10" before "9".
        let names = ["f.yaml", "e\u{301}.yaml", "a.yaml", "B.yaml", "9.yaml", "10.yaml", "a/z.yaml", "a-b.yaml"]
        for (type, name) in names.enumerated() { try dir.write("routes/" + name, Self.rule("r\(type)", type: type)) }
        try dir.write("p.jsonl", names.indices.map { "{\"type\":\($0)}\n" }.joined())
        let run = try runRouteCheck(["eval", "routes", "--payloads", "p.jsonl"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        // Where each file's rule is in table order: 10, 9, B, a-b, a.yaml, a/z, é, f.
        let expected = [7, 6, 4, 2, 1, 0, 5, 3]
        #expect(run.stdout == zip(names.indices, expected).map { "{\"rule\":\"r\($0)\",\"index\":\($1)}\n" }.joined())
    }

    @Test func aRouteFileNamedInUpperCaseIsReportedNotRead() throws {
        let dir = try table()
        try dir.write("routes/Legacy.YAML", Self.rule("legacy", type: 4))
        try dir.write("routes/notes.TXT", "not a table")
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: """
            routes/Legacy.YAML:1:1: warning: 'Legacy.YAML' is not read: route files end in '.yaml' or '.yml', in lower case; rename it to read its rules [ignored-file]
            1 table, 1 file, 1 rule: 0 errors, 1 warning

            """, stderr: "", status: 0))
        #expect(try runRouteCheck(["validate", "--strict", "routes"], in: dir.url).status == 1)
    }

    @Test func aBrokenLinkNamedLikeARouteFileStopsTheCommand() throws {
        let dir = try table()
        try link(dir, "routes/gone.yaml", to: "moved.yaml")
        try link(dir, "routes/gone-folder", to: "nowhere")
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(
            stdout: "", stderr: "Error: cannot read 'routes/gone.yaml': broken symbolic link: its target 'moved.yaml' does not exist\n",
            status: 2))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("routes/gone.yaml"))
        try link(dir, "routes/loop.yaml", to: "loop.yaml")
        let loop = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(loop.stderr == "Error: cannot read 'routes/loop.yaml': symbolic link loop: the links lead back to themselves\n")
        #expect(loop.status == 2)
    }

    @Test func aPipeNamedLikeARouteFileStopsTheCommandInsteadOfWaiting() throws {
        let dir = try table()
        #expect(mkfifo(dir.url.appendingPathComponent("routes/pipe.yaml").path, 0o600) == 0)
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(
            stdout: "", stderr: "Error: cannot read 'routes/pipe.yaml': not a regular file (a pipe, a socket or a device)\n",
            status: 2))
    }

    /// Root lists any folder, so this runs only as another user.
    @Test(.enabled(if: geteuid() != 0)) func aFolderThatCannotBeListedStopsTheCommand() throws {
        let dir = try table()
        let locked = try dir.write("routes/rules/more.yaml", Self.rule("locked")).deletingLastPathComponent()
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(
            stdout: "", stderr: "Error: cannot read 'routes/rules': the directory cannot be listed (permission denied?)\n",
            status: 2))
    }

    /// One file of a split table, checked alone, lacks `tabs`: that is said once, with a pointer
    /// to the folder, and the tabs its rules name are not also "unknown".
    @Test func oneFileOfASplitTableCheckedAlonePointsAtItsFolder() throws {
        let dir = try table()
        try dir.write("routes/more.yaml", Self.rule("more", type: 2))
        let run = try runRouteCheck(["validate", "routes/more.yaml"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: """
            routes/more.yaml:1:1: error: missing required key 'tabs' in the route table [missing-key]
            routes:
            ^
                note: if this file is one part of a table split over several files, check the folder: 'routes/'
            routes/more.yaml:1:1: error: missing required key 'version' in the route table [missing-key]
            routes:
            ^
            routes/more.yaml:2:24: warning: undeclared payload field 'type'; declare it under 'payload' to have it checked [undeclared-field]
              - {name: more, when: type == 2, tab: me}
                                   ^~~~
            1 table, 1 file, 1 rule: 2 errors, 1 warning

            """, stderr: "", status: 1))
    }

    /// A folder of files with nothing in them yet is one error, at the first file, not a
    /// missing key per section; an empty file beside a real table adds nothing.
    @Test func aFolderOfEmptyFilesIsOneError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/a.yaml", "")
        try dir.write("routes/b.yaml", "# rules go here\n")
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: """
            routes/a.yaml:1:1: error: every file of the route table is empty; a table starts with 'version: 1' and its tabs, e.g. 'tabs: [home, me]' [missing-key]

            ^
            1 table, 2 files, 0 rules: 1 error, 0 warnings

            """, stderr: "", status: 1))

        let full = try table()
        try full.write("routes/empty.yaml", "")
        let beside = try runRouteCheck(["validate", "routes"], in: full.url)
        #expect(beside == RouteCheckRun(stdout: "1 table, 2 files, 1 rule: 0 errors, 0 warnings\n", stderr: "", status: 0))
    }

    /// A file of the table that YAML cannot read may have declared anything: its error is the only
    /// one, not an "unknown screen" at every use of a screen it declared, nor "undeclared field"
    /// and "no login_screen" for the payload and login screen it held.
    @Test func aFileThatCannotBeReadDrawsOnlyItsOwnError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/app.yaml", "version: 1\ntabs: [home, me]\n")
        try dir.write("routes/screens.yaml", """
            login_screen: login
            payload: {type: int}
            screens:
              login: {show: present}
            detail: {show: push, login: required}
              list: {show: push}

            """)
        try dir.write("routes/rules.yaml", "routes:\n  - {name: a, when: type == 1, push: [list, detail], login: required}\n")
        let run = try runRouteCheck(["validate", "routes", "--format", "json"], in: dir.url)
        #expect(run.status == 1)
        let codes = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(codes["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { "\($0["file"] ?? ""):\($0["line"] ?? ""): \($0["code"] ?? "")" }
            == ["routes/screens.yaml:6: yaml-syntax"])
    }

    @Test func aTestFileIsNotATable() throws {
        let dir = try table()
        try dir.write("routes/app.test.yaml", "cases: []\n")
        let run = try runRouteCheck(["validate", "routes/app.test.yaml"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "", stderr: """
            Error: cannot read 'routes/app.test.yaml': it is a test file (*.test.yaml), not a route table; \
            run it with 'routecheck test TABLE routes/app.test.yaml'

            """, status: 2))
    }
}
