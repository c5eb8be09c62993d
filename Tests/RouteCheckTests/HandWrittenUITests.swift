import Foundation
import RouteKit
import Testing

/// UI snapshots and users written by hand — `ui_state` events, `--ui`, `--user`, a test file's
/// `ui:` and `user:` — are read against the table: `selected_tab` defaults to the first tab, an
/// undeclared tab is an error with a suggestion, and an empty user id is refused.
@Suite struct HandWrittenUITests {
    private func directory() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", SimulateCommandTests.table)
        return dir
    }

    private func simulate(_ events: String, _ extra: [String] = []) throws -> RouteCheckRun {
        let dir = try directory()
        try dir.write("events.yaml", events)
        return try runRouteCheck(["simulate", "app.yaml", "--events", "events.yaml"] + extra, in: dir.url)
    }

    /// The test-file schema says `selected_tab` defaults to the first tab in an event too.
    @Test func uiStateEventWithoutSelectedTabIsAtTheFirstTab() throws {
        let run = try simulate("""
            - {event: ui_state, selected_tab: me}
            - {event: ui_state, stacks: {home: [message_detail]}}
            - {event: notification, payload: {type: 3, id: 7}}

            """)
        // Back on home, whose top is the same screen with other params: a push, no select_tab.
        #expect(run == RouteCheckRun(stdout: """
            {"outcome":"none","commands":[]}
            {"outcome":"none","commands":[]}
            {"outcome":"performed","commands":[\(SimulateCommandTests.pushDetail7)]}

            """, stderr: "", status: 0))
    }

    @Test func unknownTabInAUIStateEventIsABadEvent() throws {
        let run = try simulate("""
            - {event: ready}
            - {event: ui_state, selected_tab: mee}
            - {event: ui_state, selected_tab: me, stacks: {hom: []}}
            - {event: ui_state, selected_tab: settings}

            """)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout == "", "nothing runs when an event is bad")
        #expect(run.stderr.contains("""
            events.yaml:2:35: error: event 2: unknown tab 'mee' in 'selected_tab' of 'ui_state' event; \
            did you mean 'me'? [bad-event]
            """), "\(run)")
        // An empty stack changes nothing, but its tab is still a typo.
        #expect(run.stderr.contains(
            "event 3: unknown tab 'hom' in 'stacks' of 'ui_state' event; did you mean 'home'?"), "\(run)")
        #expect(run.stderr.contains(
            "event 4: unknown tab 'settings' in 'selected_tab' of 'ui_state' event; the table's tabs are home, me"),
            "\(run)")
    }

    /// Screens are not checked: an app has screens no route opens, and the user may be on one.
    @Test func unknownScreenInAStackIsAccepted() throws {
        let run = try simulate("- {event: ui_state, selected_tab: me, stacks: {me: [settings]}}\n")
        #expect(run == RouteCheckRun(stdout: #"{"outcome":"none","commands":[]}"# + "\n", stderr: "", status: 0))
    }

    @Test func unknownTabInTheStartingUIIsAUsageError() throws {
        let run = try simulate("[]\n", ["--ui", #"{"selected_tab": "mee"}"#])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains(
            "invalid UI in --ui: unknown tab 'mee' in 'selected_tab' of UI snapshot; did you mean 'me'?"), "\(run)")
        let stacks = try simulate("[]\n", ["--ui", #"{"stacks": {"hom": ["message_detail"]}}"#])
        #expect(stacks.status == 2, "\(stacks)")
        #expect(stacks.stderr.contains("unknown tab 'hom' in 'stacks' of UI snapshot"), "\(stacks)")
    }

    /// A starting UI file that is not JSON says where, by line and column, as `eval` does for a
    /// payload file.
    @Test func malformedStartingUIFileNamesLineAndColumn() throws {
        let dir = try directory()
        try dir.write("events.yaml", "[]\n")
        try dir.write("ui.json", "{\n  \"selected_tab\": \"me\",,\n}\n")
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.yaml", "--ui", "@ui.json"], in: dir.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix(
            "Error: invalid UI in 'ui.json': expected a string key, found ',' at line 2, column 24\n"), "\(run)")
        let inline = try simulate("[]\n", ["--ui", #"{"selected_tab": "me",}"#])
        #expect(inline.stderr.hasPrefix(
            "Error: invalid UI in --ui: trailing comma is not allowed at line 1, column 22\n"), "\(inline)")
    }

    @Test func emptyUserIsRefused() throws {
        let launch = try simulate("- {event: launch, user: \"\"}\n")
        #expect(launch.status == 2, "\(launch)")
        #expect(launch.stderr.contains(
            "event 1: 'user' in 'launch' event is empty; a user id has at least one character (null or no 'user' for nobody)"),
            "\(launch)")
        let login = try simulate("- {event: login_succeeded, user: ''}\n")
        #expect(login.status == 2, "\(login)")
        #expect(login.stderr.contains("event 1: 'user' in 'login_succeeded' event is empty"), "\(login)")
        let option = try simulate("[]\n", ["--user", ""])
        #expect(option.status == 2, "\(option)")
        #expect(option.stderr.contains("'--user' is empty; leave it out for nobody logged in"), "\(option)")
        // null and a missing user are nobody, as before.
        let nobody = try simulate("- {event: launch, user: null}\n- {event: launch}\n")
        #expect(nobody.status == 0, "\(nobody)")
    }

    @Test func libraryEventsRefuseAnEmptyUser() {
        #expect(throws: NavigatorJSONError(
            "'user' in 'launch' event is empty; a user id has at least one character (null or no 'user' for nobody)",
            path: ["user"])) { try NavigatorEvent(json: ["event": "launch", "user": ""]) }
        #expect(throws: NavigatorJSONError(
            "'user' in 'login_succeeded' event is empty; a user id has at least one character",
            path: ["user"])) { try NavigatorEvent(json: ["event": "login_succeeded", "user": ""]) }
        #expect((try? NavigatorEvent(json: ["event": "launch", "user": "u1"])) == .launch(payload: nil, user: "u1"))
    }

    @Test func testFilesCheckTabsAndUsers() throws {
        let dir = try directory()
        try dir.write("app.test.yaml", """
            cases:
              - name: a typo in ui
                payload: {type: 3, id: 7}
                ui: {selected_tab: mee}
                expect: {outcome: performed}
              - name: an empty user
                payload: {type: 3, id: 7}
                user: ""
                expect: {outcome: performed}
            scenarios:
              - name: a typo in an event
                events:
                  - {event: ui_state, stacks: {hom: [message_detail]}}
                expect:
                  - {outcome: none, commands: []}

            """)
        let run = try runRouteCheck(["test", "app.yaml", "app.test.yaml"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        let output = run.stdout + run.stderr
        #expect(output.contains("app.test.yaml:4:24: error: unknown tab 'mee' in 'selected_tab' of UI snapshot; did you mean 'me'? [bad-ui]"),
                "\(run)")
        #expect(output.contains("app.test.yaml:8:11: error: 'user' is empty; leave it out for nobody logged in [empty-name]"),
                "\(run)")
        #expect(output.contains("app.test.yaml:13:36: error: unknown tab 'hom' in 'stacks' of 'ui_state' event; did you mean 'home'? [bad-event]"),
                "\(run)")
    }
}
