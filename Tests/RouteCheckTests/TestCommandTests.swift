import Foundation
import Testing

/// `routecheck test`, through the built binary (see `runRouteCheck`).
@Suite struct TestCommandTests {
    static let passing = """
        # yaml-language-server: $schema=../schemas/tests.schema.json
        cases:
          - name: type 3 opens the detail
            payload: {type: "3", id: 42}
            ui: {selected_tab: me}
            expect:
              rule: message-detail
              outcome: performed
              commands:
                - {cmd: select_tab, tab: home}
                - {cmd: push, screen: message_detail, params: {id: 42}}
          - name: unknown type
            payload: {type: 9}
            expect: {rule: null, outcome: unmatched, commands: []}
        scenarios:
          - name: cold start waits for the UI
            events:
              - {event: launch, payload: {type: 3, id: 7}}
              - {event: ready}
            expect:
              - {outcome: deferred, commands: []}
              - {outcome: performed, commands: [{cmd: push, screen: message_detail}]}

        """

    private func directory(tests: [String: String] = ["app.test.yaml": passing])
        throws -> TemporaryDirectory
    {
        let dir = try TemporaryDirectory()
        try dir.write("routes/app.yaml", SimulateCommandTests.table)
        for (name, text) in tests { try dir.write("routes/\(name)", text) }
        return dir
    }

    @Test func allPass() throws {
        let dir = try directory()
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: """
            PASS type 3 opens the detail
            PASS unknown type
            PASS cold start waits for the UI
            3 passed, 0 failed

            """, stderr: "", status: 0))
    }

    /// A line break or an escape sequence in a name is shown as U+FFFD, as in diagnostics: it
    /// cannot forge a `PASS` line or color the output (an audit found both printed raw).
    @Test func controlCharactersInANameCannotForgeALineOrDriveTheTerminal() throws {
        let dir = try directory(tests: ["app.test.yaml": """
            cases:
              - {name: "one\\nPASS forged", payload: {}, expect: {outcome: performed}}
              - {name: "two\\e[32mgreen", payload: {}, expect: {outcome: unmatched}}

            """])
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "FAIL one\u{FFFD}PASS forged", "\(run)")
        #expect(lines.contains { $0.hasSuffix("case 'one\u{FFFD}PASS forged'") }, "\(run)")
        #expect(lines.contains("PASS two\u{FFFD}[32mgreen"), "\(run)")
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(lines.suffix(2) == ["1 passed, 1 failed", ""])
    }

    /// `target: on` in a payload is the string "on" (YAML 1.2, SPEC §3): a case that fails
    /// for it says so under the failure, at the word; a passing case prints nothing more.
    @Test func aFailingCaseNotesTheYAML11WordsInItsPayload() throws {
        let dir = try directory(tests: ["app.test.yaml": """
            cases:
              - {name: meant a boolean, payload: {target: on, id: no}, expect: {rule: notice}}
              - {name: a string is fine, payload: {target: off}, expect: {outcome: unmatched}}

            """])
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        let notes = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  note: ") }
        #expect(notes == [
            #"  note: routes/app.test.yaml:2:47: 'on' is the string "on": only true and false are booleans in YAML 1.2; write true if a boolean is meant"#,
            #"  note: routes/app.test.yaml:2:55: 'no' is the string "no": only true and false are booleans in YAML 1.2; write false if a boolean is meant"#,
        ], "\(run)")
        #expect(run.stdout.hasSuffix("PASS a string is fine\n1 passed, 1 failed\n"))
    }

    /// At most `TestReport.maxHints` (5) such notes under one item; past it, a count of the rest.
    @Test(arguments: [5, 6]) func yaml11WordNotesStopAtTheirLimit(words: Int) throws {
        let payload = (0..<words).map { "f\($0): on" }.joined(separator: ", ")
        let dir = try directory(tests: ["app.test.yaml": "cases:\n  - {name: c, payload: {\(payload)}, expect: {rule: notice}}\n"])
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        let notes = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  note: ") }
        #expect(notes.count == min(words, 5) + (words > 5 ? 1 : 0), "\(run)")
        #expect((notes.last == "  note: and 1 more such word in its payloads") == (words > 5))
    }

    @Test func filesRunInLexicalOrderIncludingSubdirectories() throws {
        let dir = try directory(tests: [
            "b.test.yaml": "cases: [{name: b, payload: {}, expect: {outcome: unmatched}}]\n",
            "a/z.test.yml": "cases: [{name: a/z, payload: {}, expect: {outcome: unmatched}}]\n",
            "c.test.yaml": "scenarios: [{name: c, events: [], expect: []}]\n",
            "empty.test.yaml": "# nothing yet\n",
        ])
        let run = try runRouteCheck(["test", "routes/"], in: dir.url)
        #expect(run.stdout == "PASS a/z\nPASS b\nPASS c\n3 passed, 0 failed\n", "\(run)")
        // A file with nothing in it yet is not a failure, but is said on stderr.
        #expect(run.stderr == "note: 'routes/empty.test.yaml' has no cases or scenarios; nothing in it ran\n")
        #expect(run.status == 0)
    }

    @Test func failingCaseShowsTheDifference() throws {
        let dir = try directory(tests: ["app.test.yaml": """
            cases:
              - name: passes
                payload: {type: 3, id: 1}
                expect: {outcome: performed}
              - name: wrong tab
                payload: {type: 3, id: 42}
                ui: {selected_tab: me}
                expect:
                  rule: notice
                  outcome: performed
                  commands:
                    - {cmd: select_tab, tab: home}
                    - {cmd: push, screen: message_detail, params: {id: 43}}

            """])
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout == """
            PASS passes
            FAIL wrong tab
              routes/app.test.yaml:5:5: case 'wrong tab'
              rule: expected "notice", actual "message-detail"
              outcome: "performed"
              expected commands:
                  {"cmd":"select_tab","tab":"home"}
                > {"cmd":"push","screen":"message_detail","params":{"id":43}}
              actual commands:
                  {"cmd":"select_tab","tab":"home","index":0}
                > {"cmd":"push","tab":"home","screen":"message_detail","params":{"id":42},"hides_bottom_bar":true}
            1 passed, 1 failed

            """, "\(run)")
    }

    @Test func aRuleOnlyMismatchStillShowsTheCommands() throws {
        let dir = try directory(tests: ["app.test.yaml": """
            cases:
              - name: wrong rule
                payload: {type: 3, id: 42}
                expect: {rule: notice}

            """])
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout == """
            FAIL wrong rule
              routes/app.test.yaml:2:5: case 'wrong rule'
              rule: expected "notice", actual "message-detail"
              outcome: "performed"
              actual commands:
                  {"cmd":"push","tab":"home","screen":"message_detail","params":{"id":42},"hides_bottom_bar":true}
            0 passed, 1 failed

            """, "\(run)")
    }

    @Test func failingScenarioNamesTheEvent() throws {
        let dir = try directory(tests: ["app.test.yaml": """
            scenarios:
              - name: cold start
                events:
                  - {event: launch, payload: {type: 3, id: 7}}
                  - {event: ready}
                expect:
                  - {outcome: deferred, commands: []}
                  - {outcome: ignored, commands: []}

            """])
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("""
            FAIL cold start
              routes/app.test.yaml:2:5: scenario 'cold start'
              event 2 of 2 (routes/app.test.yaml:5:9): {"event":"ready"}
                outcome: expected "ignored", actual "performed"
                expected commands:
                  > (no more commands)
                actual commands:
                  > {"cmd":"push","tab":"home","screen":"message_detail","params":{"id":7},"hides_bottom_bar":true}
            0 passed, 1 failed

            """), "\(run)")
    }

    @Test func malformedTestFileIsAPositionedFailure() throws {
        let dir = try directory(tests: [
            "a.test.yaml": "cases:\n  - name: x\n    payload: {type: 3\n",
            "b.test.yaml": """
                cases:
                  - name: typo
                    payload: {type: 3, id: 1}
                    expect: {outcome: performd}
                  - name: fine
                    payload: {type: 3, id: 1}
                    expect: {outcome: performed}
                scenarios:
                  - name: bad event
                    events: [{event: lanch}]
                    expect: [{outcome: none}]
                casses: []

                """,
            "c.test.yaml": """
                cases:
                  - name: typo
                    payload: {type: 3, id: 1}
                    expect: {outcome: performd}
                  - name: fine
                    payload: {type: 3, id: 1}
                    expect: {outcome: performed, commands: [{cmd: push, scren: message_detail}]}
                scenarios:
                  - name: bad event
                    events: [{event: lanch}]
                    expect: [{outcome: none}, {outcome: none}]

                """,
        ])
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        // A file that does not parse, or has an unknown top-level key, is one failure.
        #expect(run.stdout.contains("FAIL routes/a.test.yaml\nroutes/a.test.yaml:"), "\(run)")
        #expect(run.stdout.contains("FAIL routes/b.test.yaml\nroutes/b.test.yaml:12:1: error: "
            + "unknown key 'casses' in the test file; did you mean 'cases'? [unknown-key]"), "\(run)")
        // A malformed case or scenario fails alone, with its problems.
        #expect(run.stdout.contains("""
            FAIL typo
            routes/c.test.yaml:4:23: error: unknown outcome 'performd'; did you mean 'performed'? [unknown-outcome]
            """), "\(run)")
        #expect(run.stdout.contains(
            "routes/c.test.yaml:7:57: error: unknown key 'scren' in a 'push' command; "
                + "did you mean 'screen'? [unknown-key]"), "\(run)")
        #expect(run.stdout.contains("""
            FAIL bad event
            routes/c.test.yaml:10:22: error: unknown event 'lanch'; did you mean 'launch'? [bad-event]
            """), "\(run)")
        #expect(run.stdout.contains("'expect' has 2 entries for 1 event; give one per event"), "\(run)")
        #expect(run.stdout.hasSuffix("\n0 passed, 5 failed\n"), "\(run)")
    }

    @Test func aMisspelledRequiredKeyOfACaseIsReportedOnce() throws {
        let dir = try directory(tests: [
            "m.test.yaml": """
                cases:
                  - nmae: one
                    paylod: {type: 3, id: 1}
                    expct: {outcome: performed}
                scenarios:
                  - name: two
                    evnts: [{event: ready}]
                    expect: [{outcome: none}]

                """,
        ])
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        #expect(!run.stdout.contains("missing required key"), "\(run)")
        for (key, meant) in [("nmae", "name"), ("paylod", "payload"), ("expct", "expect"), ("evnts", "events")] {
            #expect(run.stdout.contains("unknown key '\(key)' in a "), "\(key) \(run)")
            #expect(run.stdout.contains("did you mean '\(meant)'? [unknown-key]"), "\(key) \(run)")
        }
        #expect(run.stdout.hasSuffix("\n0 passed, 2 failed\n"), "\(run)")
    }

    @Test func coverageListsRulesNoCaseExercised() throws {
        let dir = try directory()
        let run = try runRouteCheck(["test", "routes", "--coverage"], in: dir.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("""
            coverage: 1 of 3 rules exercised; not exercised:
              notice (routes/app.yaml:19:5)
              inbox (routes/app.yaml:23:5)
            3 passed, 0 failed

            """), "\(run)")
    }

    @Test func coverageCountsScenarioNotificationsAndLaunches() throws {
        let dir = try directory(tests: ["app.test.yaml": """
            scenarios:
              - name: all three
                events:
                  - {event: launch, payload: {target: notice}}
                  - {event: notification, payload: {uid: u1}}
                  - {event: notification, payload: {type: 3, id: 1}, app_state: active}
                expect: [{}, {}, {}]

            """])
        let run = try runRouteCheck(["test", "routes", "--coverage"], in: dir.url)
        #expect(run.stdout == "PASS all three\ncoverage: all 3 rules exercised\n1 passed, 0 failed\n",
                "\(run)")
    }

    /// `app.test.yaml` and `app.test.yml` beside a single-file table `app.yaml` are its test files,
    /// as they are beside its compiled form `app.json`; other test files there are not.
    @Test func singleFileTableRunsTheTestFilesNamedAfterIt() throws {
        let dir = try directory()
        try dir.write("app.yaml", SimulateCommandTests.table)
        try dir.write("app.test.yaml", """
            cases: [{name: from yaml, payload: {target: notice}, expect: {rule: notice}}]

            """)
        try dir.write("app.test.yml", """
            cases: [{name: from yml, payload: {target: notice}, expect: {rule: message-detail}}]

            """)
        try dir.write("other.test.yaml", "cases: [{name: other, payload: {}, expect: {rule: null}}]\n")
        let run = try runRouteCheck(["test", "app.yaml"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("PASS from yaml\nFAIL from yml\n"), "\(run)")
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"), "\(run)")
        #expect(!run.stdout.contains("other"))
        _ = try runRouteCheck(["compile", "app.yaml", "-o", "app.json"], in: dir.url)
        let compiled = try runRouteCheck(["test", "app.json"], in: dir.url)
        #expect(compiled.stdout.hasSuffix("1 passed, 1 failed\n"), "\(compiled)")
        let absolute = try runRouteCheck(["test", dir.url.appendingPathComponent("app.yaml").path], in: dir.url)
        #expect(absolute.stdout.hasSuffix("1 passed, 1 failed\n"), "\(absolute)")
        // A directory with a test file's name is not a test file.
        try dir.write("solo.yaml", SimulateCommandTests.table)
        try dir.write("solo.test.yaml/inner.yaml", "cases: []\n")
        let solo = try runRouteCheck(["test", "solo.yaml"], in: dir.url)
        #expect(solo.stdout == "0 passed, 0 failed\n" && solo.status == 0, "\(solo)")
    }

    @Test func casesGivenOnTheCommandLine() throws {
        let dir = try directory()
        try dir.write("app.yaml", SimulateCommandTests.table)
        try dir.write("extra/one.yaml", """
            cases: [{name: only this, payload: {target: notice}, expect: {rule: notice}}]

            """)
        // A single-file table without an app.test.yaml beside it has no test files; it says so.
        let none = try runRouteCheck(["test", "app.yaml"], in: dir.url)
        #expect(none == RouteCheckRun(
            stdout: "0 passed, 0 failed\n",
            stderr: "note: 'app.yaml' has no test files (app.test.yaml or app.test.yml beside it); nothing to run\n",
            status: 0))
        // CASES replace a directory table's own test files.
        let given = try runRouteCheck(["test", "routes", "extra/one.yaml"], in: dir.url)
        #expect(given == RouteCheckRun(
            stdout: "PASS only this\n1 passed, 0 failed\n", stderr: "", status: 0))
        let missing = try runRouteCheck(["test", "app.yaml", "extra/nope.yaml"], in: dir.url)
        #expect(missing == RouteCheckRun(
            stdout: "", stderr: "Error: cannot read 'extra/nope.yaml': no such file or directory\n",
            status: 2))
    }

    @Test func tableWithErrors() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/app.yaml", "version: 1\ntabs: [home]\nroutes: [{name: x}]\n")
        try dir.write("routes/app.test.yaml", Self.passing)
        let run = try runRouteCheck(["test", "routes"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("routes/app.yaml:3:"), "\(run)")
        #expect(!run.stdout.contains("PASS"))
        let missing = try runRouteCheck(["test", "nope"], in: dir.url)
        #expect(missing.status == 2)
    }

    @Test func colorOnlyWhenAsked() throws {
        let dir = try directory()
        let plain = try runRouteCheck(["test", "routes"], in: dir.url)
        #expect(!plain.stdout.contains("\u{1B}["))
        let colored = try runRouteCheck(["test", "routes", "--color", "always"], in: dir.url)
        #expect(colored.stdout.contains("\u{1B}[32mPASS\u{1B}[0m type 3 opens the detail"), "\(colored)")
        #expect(colored.stdout.hasSuffix("3 passed, 0 failed\n"))
    }

    /// The example app's own test files (routes/*.test.yaml) pass against routes/.
    @Test func exampleRoutesPass() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let run = try runRouteCheck(["test", "routes/", "--coverage"], in: root)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("coverage: all "), "\(run)")
        #expect(run.stdout.hasSuffix(" passed, 0 failed\n"), "\(run)")
        #expect(!run.stdout.contains("FAIL"), "\(run)")
    }
}
