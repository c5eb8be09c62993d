import Foundation
import RouteKit
import Testing

/// Events and test files hold payloads; each payload is held to `PayloadLimits` and to JSON's
/// finite numbers whichever way it was written (a `.json` file, YAML, standard input), while a
/// file of many events is not held to the size of one payload. Expected commands in test files
/// are checked as the commands' JSON forms say.
@Suite struct HandWrittenInputLimitsTests {
    private func directory() throws -> TemporaryDirectory { try SimulateCommandTests.directory() }

    private static func notification(_ payload: String) -> String {
        #"{"event":"notification","payload":\#(payload),"app_state":"background"}"#
    }

    @Test func aJSONEventFileLargerThanOnePayloadRuns() throws {
        let dir = try directory()
        let event = Self.notification(#"{"type":3,"id":7,"pad":"\#(String(repeating: "x", count: 100))"}"#)
        let events = "[" + Array(repeating: event, count: 800).joined(separator: ",\n") + "]"
        #expect(events.utf8.count > PayloadLimits.maxBytes)
        try dir.write("events.json", events)
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.json"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 800)
    }

    @Test func aPayloadAsDeepAsTheLimitRunsInAJSONFile() throws {
        let dir = try directory()
        let deepest = String(repeating: #"{"a":"#, count: PayloadLimits.maxDepth - 1) + "1"
            + String(repeating: "}", count: PayloadLimits.maxDepth - 1)
        let payload = #"{"type":3,"id":7,"deep":\#(deepest)}"#
        try dir.write("at.json", "[" + Self.notification(payload) + "]")
        let at = try runRouteCheck(["simulate", "app.yaml", "--events", "at.json"], in: dir.url)
        #expect(at.stdout == #"{"outcome":"performed","commands":[\#(SimulateCommandTests.pushDetail7)]}"# + "\n")
        let past = #"{"type":3,"id":7,"deep":{"b":\#(deepest)}}"#
        try dir.write("past.json", "[" + Self.notification(past) + "]")
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "past.json"], in: dir.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: event 1: 'payload' in 'notification' event: nesting deeper than 32 levels [bad-event]"),
                "\(run.stderr)")
    }

    /// A `--payloads` line of blanks longer than a payload may be is a payload past the limit, not
    /// a blank line skipped without an output line; nor is a first line with a byte order mark cut
    /// into something that reads. Just under the limit, a line of blanks is skipped.
    @Test func aLineOfBlanksPastThePayloadLimitIsRefused() throws {
        let dir = try directory()
        let limit = PayloadLimits.maxBytes
        try dir.write("past.jsonl", String(repeating: " ", count: limit + 10) + "{}\n{}\n")
        try dir.write("marked.jsonl", "\u{FEFF}{}" + String(repeating: " ", count: limit + 10) + "\n")
        try dir.write("under.jsonl", String(repeating: " ", count: limit) + "\n{}\n")
        for file in ["past.jsonl", "marked.jsonl"] {
            let run = try runRouteCheck(["eval", "app.yaml", "--payloads", file], in: dir.url)
            #expect(run.status == 1, "\(file): \(run)")
            #expect(run.stdout.hasPrefix(#"{"error":"#) && run.stdout.contains("larger than \(limit) bytes"), "\(file): \(run)")
        }
        let under = try runRouteCheck(["eval", "app.yaml", "--payloads", "under.jsonl"], in: dir.url)
        #expect(under.status == 0 && under.stdout.split(separator: "\n").count == 1, "\(under)")
    }

    @Test func payloadLimitsHoldOnEveryPath() throws {
        let dir = try directory()
        let long = String(repeating: "x", count: PayloadLimits.maxStringBytes + 1)
        let events = "[" + Self.notification(#"{"type":3,"id":7,"s":"\#(long)"}"#) + "]"
        let message = "error: event 1: 'payload' in 'notification' event: string longer than 16384 bytes [bad-event]"
        try dir.write("events.json", events)
        try dir.write("events.yaml", events)
        for (file, input) in [("events.json", nil), ("events.yaml", nil), ("-", events)] {
            let run = try runRouteCheck(["simulate", "app.yaml", "--events", file], in: dir.url, input: input)
            #expect(run.status == 2 && run.stdout.isEmpty, "\(file)")
            #expect(run.stderr.contains(message), "\(file): \(run.stderr)")
        }
    }

    @Test func nonFiniteYAMLNumbersInAPayloadAreBadEvents() throws {
        let dir = try directory()
        try dir.write("events.yaml", """
            - {event: notification, payload: {type: 3, id: .inf}}
            - {event: launch, payload: {type: 3, id: 7, x: [1, .nan]}}

            """)
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.yaml"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "", stderr: """
            events.yaml:1:48: error: event 1: 'payload' in 'notification' event: number out of range: JSON has no inf [bad-event]
            - {event: notification, payload: {type: 3, id: .inf}}
                                                           ^~~~
            events.yaml:2:48: error: event 2: 'payload' in 'launch' event: number out of range: JSON has no nan [bad-event]
            - {event: launch, payload: {type: 3, id: 7, x: [1, .nan]}}
                                                           ^~~~~~~~~

            """, status: 2))
    }

    @Test func aParamThatOverflowsToInfinityIsNotPerformed() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", """
            version: 1
            tabs: [home]
            payload: {type: int, x: double}
            screens: {d: {show: push, tab: home, params: {x: double}}}
            routes:
              - {name: big, when: type == 1, push: d, params: {x: x * 1e308}}
              - {name: any, when: "true", tab: home}

            """)
        for table in ["app.yaml", "app.json"] {
            if table == "app.json" {
                #expect(try runRouteCheck(["compile", "app.yaml", "-o", "app.json"], in: dir.url).status == 0)
            }
            let run = try runRouteCheck(["eval", table, "--payload", #"{"type":1,"x":10}"#, "--explain"], in: dir.url)
            #expect(run.stdout.contains(
                #"#0 big: matched, but cannot be performed: param 'x' of screen 'd' cannot be computed: x * 1e308 → double("Infinity") has no JSON form"#),
                "\(table): \(run.stdout)")
            #expect(run.stdout.contains("rule: any (#1)"), "\(table)")
        }
    }

    @Test func hiddenFilesAreNotPartOfADirectoryTable() throws {
        let dir = try directory()
        try dir.write("routes/app.yaml", SimulateCommandTests.table)
        try dir.write("routes/.git/config.yaml", "garbage: [")
        try dir.write("routes/.app.yaml", "garbage: [")
        // An editor's lock: a dangling symbolic link.
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("routes/.#app.yaml").path,
            withDestinationPath: "user@host.1234:1700000000")
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "1 table, 1 file, 3 rules: 0 errors, 0 warnings\n", stderr: "", status: 0))
    }
}
