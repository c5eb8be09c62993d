import Foundation
import Testing

/// `routecheck compile` through the built binary, and `eval` on what it writes.
@Suite struct CompileCommandTests {
    /// The repository root, found from this file even when it is reached through a symlink.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A temporary directory holding a copy of the example table's route files in `routes/`.
    static func exampleTable() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let source = repositoryRoot.appendingPathComponent("routes")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path).sorted()
        where name.hasSuffix(".yaml") && !name.hasSuffix(".test.yaml") {
            let text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            try dir.write("routes/\(name)", text)
        }
        return dir
    }

    static func files(in dir: TemporaryDirectory, _ subdirectory: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: dir.url.appendingPathComponent(subdirectory).path
        ).sorted()
    }

    static func contents(_ dir: TemporaryDirectory, _ path: String) throws -> Data {
        try Data(contentsOf: dir.url.appendingPathComponent(path))
    }

    static let payloads = [
        #"{"type": 3, "id": 42, "aps": {"alert": "New reply"}}"#,
        #"{"type": "4", "id": "9"}"#,
        #"{"type": "commentpass"}"#,
        #"{"uid": 10086, "aps": {"alert": {"body": "Hi"}}}"#,
        #"{"target": "notice"}"#,
        #"{"pageKey": "session"}"#,
        #"{"type": 3, "id": "abc"}"#,
        #"{"type": 99}"#,
        #"{}"#,
    ]

    @Test func compiledTableEvaluatesLikeTheYAML() throws {
        let dir = try Self.exampleTable()
        let compile = try runRouteCheck(["compile", "routes/", "-o", "compiled.json"], in: dir.url)
        #expect(compile == RouteCheckRun(stdout: "", stderr: "", status: 0), "\(compile)")
        for payload in Self.payloads {
            for extra in [[], ["--format", "json"], ["--explain"], ["--explain", "--format", "json"]] {
                let fromYAML = try runRouteCheck(["eval", "routes/", "--payload", payload] + extra,
                                                 in: dir.url)
                let fromCompiled = try runRouteCheck(
                    ["eval", "compiled.json", "--payload", payload] + extra, in: dir.url)
                #expect(fromCompiled == fromYAML, "\(payload) \(extra)")
                #expect(fromYAML.status == 0)
            }
        }
        try dir.write("batch.jsonl", Self.payloads.joined(separator: "\n") + "\nnot json\n")
        let batchYAML = try runRouteCheck(["eval", "routes", "--payloads", "batch.jsonl"], in: dir.url)
        let batchCompiled = try runRouteCheck(["eval", "compiled.json", "--payloads", "batch.jsonl"],
                                              in: dir.url)
        #expect(batchCompiled == batchYAML)
        #expect(batchYAML.stdout.split(separator: "\n").count == Self.payloads.count + 1)
    }

    @Test func outputIsDeterministicAndStandardOutputMatches() throws {
        let dir = try Self.exampleTable()
        let first = try runRouteCheck(["compile", "routes", "-o", "first.json"], in: dir.url)
        let second = try runRouteCheck(["compile", "routes", "--output", "second.json"], in: dir.url)
        let stdout = try runRouteCheck(["compile", "routes", "-o", "-"], in: dir.url)
        #expect([first.status, second.status, stdout.status] == [0, 0, 0])
        let bytes = try Self.contents(dir, "first.json")
        #expect(try Self.contents(dir, "second.json") == bytes)
        #expect(Data(stdout.stdout.utf8) == bytes)
        #expect(stdout.stdout.hasPrefix("{\n  \"defaults\": {"))
        #expect(stdout.stdout.contains(#""format": "routekit-compiled""#))
        // Files are stored relative to the table, so the path's spelling changes nothing.
        #expect(stdout.stdout.contains(#""file": "messages.yaml""#))
        for spelling in ["./routes/", dir.url.appendingPathComponent("routes").path] {
            let respelled = try runRouteCheck(["compile", spelling, "-o", "-"], in: dir.url)
            #expect(respelled.status == 0 && Data(respelled.stdout.utf8) == bytes, "\(spelling)")
        }
        // A compiled table compiles to itself, and a sniffed one (no .json) loads too.
        try dir.write("table.compiled", stdout.stdout)
        let again = try runRouteCheck(["compile", "table.compiled", "-o", "-"], in: dir.url)
        #expect(again == RouteCheckRun(stdout: stdout.stdout, stderr: "", status: 0))
    }

    @Test(arguments: ["routes/tabs.yaml", "./routes/../routes/app.yaml", "routes/link.yaml"])
    func refusesToOverwriteAnInputFile(_ output: String) throws {
        let dir = try Self.exampleTable()
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("routes/link.yaml").path,
            withDestinationPath: "screens.yaml")
        let before = try Self.files(in: dir, "routes")
        let original = try Self.contents(dir, output)
        let run = try runRouteCheck(["compile", "routes", "-o", output], in: dir.url)
        #expect(run == RouteCheckRun(
            stdout: "",
            stderr: "Error: refusing to write '\(output)': it is an input file of the table 'routes'\n",
            status: 2))
        #expect(try Self.contents(dir, output) == original)
        #expect(try Self.files(in: dir, "routes") == before)
    }

    /// A `.yaml` output inside a directory table would be read as one of its route files by the
    /// next load, and break it; a `.json` one there, or a `.yaml` one elsewhere, is written.
    @Test(arguments: ["routes/compiled.yaml", "routes/sub/compiled.yml", "./routes/../routes/c.yaml"])
    func refusesToAddARouteFileToTheTable(_ output: String) throws {
        let dir = try Self.exampleTable()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("routes/sub"),
                                                withIntermediateDirectories: true)
        let before = try Self.files(in: dir, "routes")
        let run = try runRouteCheck(["compile", "routes", "-o", output], in: dir.url)
        #expect(run == RouteCheckRun(
            stdout: "",
            stderr: "Error: refusing to write '\(output)': inside the table's directory 'routes' it would be "
                + "read as one of its route files; write it elsewhere, or name it '.json'\n",
            status: 2))
        #expect(try Self.files(in: dir, "routes") == before)
        for allowed in ["routes/compiled.json", "compiled.yaml"] {
            #expect(try runRouteCheck(["compile", "routes", "-o", allowed], in: dir.url).status == 0, "\(allowed)")
        }
    }

    @Test func refusesToOverwriteTheCompiledInput() throws {
        let dir = try Self.exampleTable()
        #expect(try runRouteCheck(["compile", "routes", "-o", "c.json"], in: dir.url).status == 0)
        let run = try runRouteCheck(["compile", "c.json", "-o", "c.json"], in: dir.url)
        #expect(run.status == 2)
        #expect(run.stderr == "Error: refusing to write 'c.json': it is an input file of the table 'c.json'\n")
    }

    @Test func brokenTableWritesNothing() throws {
        let dir = try Self.exampleTable()
        try dir.write("routes/zz-broken.yaml", """
            routes:
              - name: broken
                when: type == "9"
                push: mesage_detail

            """)
        try dir.write("keep.json", "old\n")
        for output in ["new.json", "keep.json"] {
            let run = try runRouteCheck(["compile", "routes", "-o", output], in: dir.url)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr.contains(
                "routes/zz-broken.yaml:4:11: error: unknown screen 'mesage_detail'; did you mean 'message_detail'? [unknown-screen]"))
            #expect(run.stderr.contains("1 table, 6 files, 10 rules: 1 error, 0 warnings\n"))
            #expect(run.stderr.hasSuffix("Error: the table 'routes' has errors; nothing written\n"))
        }
        #expect(try Self.files(in: dir) == ["keep.json", "routes"])
        #expect(try Self.contents(dir, "keep.json") == Data("old\n".utf8))
    }

    @Test func compilesTextsLongerThanAPayloadString() throws {
        // Past `PayloadLimits.maxStringBytes`: what validate accepts compiles and loads back.
        let dir = try TemporaryDirectory()
        let title = String(repeating: "x", count: 20_000)
        try dir.write("app.yaml", """
            version: 1
            tabs: [home]
            defaults: {alert: {title: "\(title)"}}
            routes:
              - {name: home, when: "true", tab: home}

            """)
        let run = try runRouteCheck(["compile", "app.yaml", "-o", "app.json"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "", stderr: "", status: 0))
        let eval = try runRouteCheck(["eval", "app.json", "--payload", "{}"], in: dir.url)
        #expect(eval.status == 0 && eval.stdout.contains(#"alert: title "\#(title)""#), "\(eval.stderr)")
    }

    @Test func writesAtomicallyWithoutLeavingTemporaryFiles() throws {
        let dir = try Self.exampleTable()
        try dir.write("out/compiled.json", "previous contents\n")
        let run = try runRouteCheck(["compile", "routes", "-o", "out/compiled.json"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "", stderr: "", status: 0))
        #expect(try Self.files(in: dir, "out") == ["compiled.json"])
        let written = try Self.contents(dir, "out/compiled.json")
        #expect(written.starts(with: Data("{\n".utf8)))
        #expect(written.last == UInt8(ascii: "\n"))

        // A directory that does not exist: an I/O error, nothing left behind.
        let missing = try runRouteCheck(["compile", "routes", "-o", "nowhere/compiled.json"], in: dir.url)
        #expect(missing.status == 2)
        #expect(missing.stderr == "Error: cannot write 'nowhere/compiled.json': the folder 'nowhere' does not exist\n")
        // A directory as the output: the rename fails and the temporary file is removed.
        let onDirectory = try runRouteCheck(["compile", "routes", "-o", "out"], in: dir.url)
        #expect(onDirectory.status == 2)
        #expect(onDirectory.stderr.hasPrefix("Error: cannot write 'out': "))
        #expect(try Self.files(in: dir) == ["out", "routes"])
        #expect(try Self.files(in: dir, "out") == ["compiled.json"])
    }

    @Test func usageErrors() throws {
        let dir = try Self.exampleTable()
        let noOutput = try runRouteCheck(["compile", "routes"], in: dir.url)
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.hasPrefix(
            "Error: give the output file with -o FILE (or -o - for standard output)\n"))
        let noTable = try runRouteCheck(["compile", "missing/", "-o", "x.json"], in: dir.url)
        #expect(noTable == RouteCheckRun(
            stdout: "", stderr: "Error: cannot read 'missing/': no such file or directory\n", status: 2))
        #expect(try Self.files(in: dir) == ["routes"])
    }

    @Test func validateLoadsACompiledTable() throws {
        let dir = try Self.exampleTable()
        let compiled = try runRouteCheck(["compile", "routes", "-o", "-"], in: dir.url).stdout
        try dir.write("good.json", compiled)
        try dir.write("newer.json", compiled.replacingOccurrences(
            of: #""format_version": 2"#, with: #""format_version": 3"#))
        let good = try runRouteCheck(["validate", "good.json"], in: dir.url)
        #expect(good == RouteCheckRun(stdout: "1 table, 1 file, 9 rules: 0 errors, 0 warnings\n",
                                      stderr: "", status: 0))
        let newer = try runRouteCheck(["validate", "newer.json"], in: dir.url)
        #expect(newer.status == 1)
        #expect(newer.stdout == "newer.json:1:1: error: the compiled table does not load: compiled "
            + "table format 3 is newer than this RouteKit (reads 1 to 2); rebuild it with a matching "
            + "routecheck [invalid-compiled-table]\n1 table, 1 file, 0 rules: 1 error, 0 warnings\n",
            "\(newer)")
    }

    @Test func evalRefusesABadCompiledTable() throws {
        let dir = try Self.exampleTable()
        let compiled = try runRouteCheck(["compile", "routes", "-o", "-"], in: dir.url).stdout
        try dir.write("newer.json", compiled.replacingOccurrences(
            of: #""format_version": 2"#, with: #""format_version": 3"#))
        try dir.write("broken.json", compiled.replacingOccurrences(
            of: #""screen": "message_detail""#, with: #""screen": 7"#))
        try dir.write("bad.json", compiled.replacingOccurrences(
            of: #""when": "type == \"3\"""#, with: #""when": "type == 3""#))
        try dir.write("yaml.json", "version: 1\n")
        let payload = #"{"type": 3, "id": 42}"#
        let expected = [
            "newer.json": "compiled table format 3 is newer than this RouteKit (reads 1 to 2); rebuild it with a matching routecheck",
            "broken.json": "rules[0].route.push[0].screen: expected a string",
            "bad.json": "rules[0].when: ",
            "yaml.json": "not a compiled table: invalid JSON: expected a value, found 'v' at line 1, column 1",
        ]
        for (file, message) in expected {
            let run = try runRouteCheck(["eval", file, "--payload", payload], in: dir.url)
            #expect(run.status == 1, "\(file)")
            #expect(run.stdout == "")
            #expect(run.stderr.hasPrefix("Error: cannot load the compiled table '\(file)': \(message)"),
                    "\(run.stderr)")
        }
    }
}
