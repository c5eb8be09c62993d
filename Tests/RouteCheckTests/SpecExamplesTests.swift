import Foundation
import Testing

/// SPEC's own examples, copied verbatim into `Tests/Fixtures/spec-examples`: the §3 table
/// (`app.yaml`) and the §7 test file (`app.test.yaml`, beside the single-file table it tests).
///
/// §3's table has `clear_badge: true`, so by §6.5 every notification and every launch with a
/// payload starts with `clear_badge`; §7's example lists none. The test runner reconciles them:
/// an expected list that names no `clear_badge` is compared after the actual leading one.
@Suite struct SpecExamplesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/spec-examples")

    @Test func theTableValidates() throws {
        let run = try runRouteCheck(["validate", "app.yaml"], in: Self.fixtures)
        #expect(run == RouteCheckRun(stdout: "1 table, 1 file, 4 rules: 0 errors, 0 warnings\n",
                                     stderr: "", status: 0))
    }

    @Test func theTestExamplePassesAgainstTheTableExample() throws {
        let run = try runRouteCheck(["test", "app.yaml"], in: Self.fixtures)
        #expect(run == RouteCheckRun(
            stdout: "PASS type 3 opens the message detail\nPASS cold start waits for the UI\n2 passed, 0 failed\n",
            stderr: "", status: 0))
    }

    /// The table does send `clear_badge` first, as `simulate` shows.
    @Test func theTableClearsTheBadgeFirst() throws {
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "-"], in: Self.fixtures,
                                    input: #"[{"event": "notification", "payload": {"type": 3, "id": 42}}]"#)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"outcome":"performed","commands":[{"cmd":"clear_badge"},"#), "\(run)")
    }

    /// Listing `clear_badge` checks it like any other command: its place and that it is there.
    @Test func aListedClearBadgeIsCompared() throws {
        let dir = try TemporaryDirectory()
        try dir.write("checks.test.yaml", """
            cases:
              - name: listed first
                payload: {type: 3, id: 42}
                expect:
                  commands: [{cmd: clear_badge}, {cmd: push, screen: message_detail}]
              - name: listed in the wrong place
                payload: {type: 3, id: 42}
                expect:
                  commands: [{cmd: push, screen: message_detail}, {cmd: clear_badge}]
              - name: unlisted, then a wrong screen
                payload: {type: 3, id: 42}
                expect:
                  commands: [{cmd: push, screen: notice}]
            scenarios:
              - name: unlisted on a deferred launch
                events: [{event: launch, payload: {type: 3, id: 7}}]
                expect: [{outcome: deferred, commands: []}]
              - name: listed on a deferred launch
                events: [{event: launch, payload: {type: 3, id: 7}}]
                expect: [{outcome: deferred, commands: [{cmd: clear_badge}]}]

            """)
        let table = Self.fixtures.appendingPathComponent("app.yaml").path
        let run = try runRouteCheck(["test", table, "checks.test.yaml"], in: dir.url)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") } == [
            "PASS listed first", "FAIL listed in the wrong place", "FAIL unlisted, then a wrong screen",
            "PASS unlisted on a deferred launch", "PASS listed on a deferred launch",
        ], "\(run)")
        // The '>' marks the first difference in each list: after the unlisted clear_badge in the
        // actual commands.
        #expect(run.stdout.contains("""
              expected commands:
                > {"cmd":"push","screen":"notice"}
              actual commands:
                  {"cmd":"clear_badge"}
                > {"cmd":"push","tab":"home","screen":"message_detail","params":{"id":42},"hides_bottom_bar":true}
            """), "\(run)")
        #expect(lines.last(where: { !$0.isEmpty }) == "3 passed, 2 failed")
    }
}
