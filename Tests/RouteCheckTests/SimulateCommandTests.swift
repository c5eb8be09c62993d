import Foundation
import Testing

/// `routecheck simulate`, through the built binary (see `runRouteCheck`).
@Suite struct SimulateCommandTests {
    /// A small table: no clear_badge, a tab route, a modal route and a login-gated one.
    static let table = """
        version: 1
        tabs: [home, me]
        login_screen: login
        screens:
          message_detail: {show: push, tab: home, params: {id: int}, hides_bottom_bar: true}
          notice: {show: present, embed_in_navigation: true}
          inbox: {show: push, tab: me}
          login: {show: present}
        payload:
          type: int
          id: int
          target: string
          uid: string
        routes:
          - name: message-detail
            when: type == 3
            push: message_detail
            params: {id: id}
          - name: notice
            when: target == "notice"
            present: notice
            foreground: navigate
          - name: inbox
            when: has(uid)
            push: inbox
            login: {user: uid}

        """

    static let pushDetail7 = #"{"cmd":"push","tab":"home","screen":"message_detail","params":{"id":7},"hides_bottom_bar":true}"#
    static let presentNotice = #"{"cmd":"present","screen":"notice","params":{},"embed_in_navigation":true}"#

    /// The lines the events of `eventsYAML` / `eventsJSON` give from the starting UI.
    static let expectedLines = [
        #"{"outcome":"deferred","commands":[]}"#,
        #"{"outcome":"performed","commands":[\#(pushDetail7)]}"#,
        #"{"outcome":"performed","commands":[\#(presentNotice)]}"#,
        #"{"outcome":"unmatched","commands":[]}"#,
        #"{"outcome":"awaiting_login","commands":[{"cmd":"present_login","screen":"login","expected_user":"u1"}]}"#,
        #"{"outcome":"dropped","commands":[{"cmd":"dismiss_login"}]}"#,
    ]

    static let eventsYAML = """
        - {event: launch, payload: {type: 3, id: 7}}
        - event: ready
        - {event: notification, payload: {target: notice}, app_state: active}
        - {event: notification, payload: {type: 99}}
        - {event: notification, payload: {uid: u1}, app_state: inactive}
        - {event: login_cancelled}

        """

    static let eventsJSON = """
        [
          {"event": "launch", "payload": {"type": 3, "id": 7}},
          {"event": "ready"},
          {"event": "notification", "payload": {"target": "notice"}, "app_state": "active"},
          {"event": "notification", "payload": {"type": 99}},
          {"event": "notification", "payload": {"uid": "u1"}, "app_state": "inactive"},
          {"event": "login_cancelled"}
        ]

        """

    /// A fresh directory holding `table` as `app.yaml`; other suites' CLI tests start from it too.
    static func directory() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", table)
        return dir
    }

    private func directory() throws -> TemporaryDirectory { try Self.directory() }

    @Test func yamlEvents() throws {
        let dir = try directory()
        try dir.write("events.yaml", Self.eventsYAML)
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.yaml"], in: dir.url)
        #expect(run == RouteCheckRun(
            stdout: Self.expectedLines.joined(separator: "\n") + "\n", stderr: "", status: 0))
    }

    @Test func jsonEvents() throws {
        let dir = try directory()
        try dir.write("events.json", Self.eventsJSON)
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.json"], in: dir.url)
        #expect(run == RouteCheckRun(
            stdout: Self.expectedLines.joined(separator: "\n") + "\n", stderr: "", status: 0))
    }

    @Test(arguments: [eventsYAML, eventsJSON]) func eventsFromStandardInput(_ events: String) throws {
        let dir = try directory()
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "-"], in: dir.url, input: events)
        #expect(run == RouteCheckRun(
            stdout: Self.expectedLines.joined(separator: "\n") + "\n", stderr: "", status: 0))
    }

    /// Python's `json.dumps` escapes an emoji as a surrogate pair, which libyaml refuses: a JSON
    /// array on standard input or in a `.yaml` file is read as JSON.
    @Test func jsonWithSurrogatePairsFromAnySource() throws {
        let dir = try directory()
        let events = #"[{"event": "notification", "payload": {"target": "notice", "aps": {"alert": "\ud83c\udf89 Sale"}}, "app_state": "active"}]"#
        let expected = RouteCheckRun(stdout: #"{"outcome":"performed","commands":[\#(Self.presentNotice)]}"# + "\n",
                                     stderr: "", status: 0)
        let piped = try runRouteCheck(["simulate", "app.yaml", "--events", "-"], in: dir.url, input: events)
        #expect(piped == expected)
        try dir.write("events.yaml", events)
        #expect(try runRouteCheck(["simulate", "app.yaml", "--events", "events.yaml"], in: dir.url) == expected)
        // A bad event in such a list is still reported by its number.
        try dir.write("bad.yaml", #"[{"event": "ready", "note": "\ud83c\udf89"}]"#)
        let bad = try runRouteCheck(["simulate", "app.yaml", "--events", "bad.yaml"], in: dir.url)
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("event 1: "), "\(bad)")
    }

    @Test func emptyLists() throws {
        let dir = try directory()
        try dir.write("events.json", "[]")
        try dir.write("events.yaml", "[]\n")
        for file in ["events.json", "events.yaml"] {
            let run = try runRouteCheck(["simulate", "app.yaml", "--events", file], in: dir.url)
            #expect(run == RouteCheckRun(stdout: "", stderr: "", status: 0))
        }
    }

    @Test func badEventInYAMLIsReportedWithItsNumberAndPlace() throws {
        let dir = try directory()
        try dir.write("events.yaml", """
            - {event: launch}
            - {event: ready}
            - {event: lanch}
            - {event: notification, app_state: active}
            - {event: notification, payload: {type: 3}, app_state: backgrond}
            - {event: ui_state, stacks: {home: [{scren: message_detail}]}}

            """)
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.yaml"], in: dir.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout == "", "nothing runs when an event is bad")
        #expect(run.stderr.contains(
            "events.yaml:3:11: error: event 3: unknown event 'lanch'; did you mean 'launch'? [bad-event]"),
            "\(run)")
        #expect(run.stderr.contains(
            "events.yaml:4:3: error: event 4: missing key 'payload' in 'notification' event"),
            "\(run)")
        // The underline is on the bad value or key; inside a list entry, on the list.
        #expect(run.stderr.contains("events.yaml:5:56: error: event 5: unknown app_state 'backgrond'"), "\(run)")
        #expect(run.stderr.contains("""
            events.yaml:6:36: error: event 6: unknown key 'scren' in an entry of 'stacks.home' in 'ui_state' event; \
            did you mean 'screen'? [bad-event]
            """), "\(run)")
    }

    @Test func badEventInJSONIsReportedWithItsNumber() throws {
        let dir = try directory()
        try dir.write("events.json", #"[{"event": "ready"}, {"event": "lanch"}]"#)
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.json"], in: dir.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout == "")
        #expect(run.stderr.contains("event 2: unknown event 'lanch'; did you mean 'launch'?"), "\(run)")
    }

    @Test func malformedEventFiles() throws {
        let dir = try directory()
        try dir.write("trailing.json", "[{\"event\": \"ready\"},]")
        try dir.write("object.json", #"{"event": "ready"}"#)
        try dir.write("bad.yaml", "- {event: ready\n")
        try dir.write("map.yaml", "event: ready\n")
        try dir.write("empty.yaml", "")
        try dir.write("comments.yaml", "# events to come\n")
        try dir.write("null.yaml", "~\n")
        try dir.write("lines.jsonl", "{\"event\": \"launch\", \"payload\": null}\n{\"event\": \"ready\"}\n")
        try dir.write("yaml.json", "- {event: launch}\n- {event: ready}\n")
        for (file, message) in [
            ("trailing.json", "trailing.json:1:"), ("object.json", "expected an array of events"),
            ("bad.yaml", "bad.yaml:"), ("map.yaml", "expected a list of events, found a mapping"),
            ("empty.yaml", "empty.yaml: error: expected a list of events, found an empty file; write [] for none"),
            ("comments.yaml", "expected a list of events, found an empty file"),
            ("null.yaml", "null.yaml:1:1: error: expected a list of events, found null; write [] for none"),
            ("lines.jsonl", "one event per line (JSON Lines) is not read"),
            ("yaml.json", "yaml.json: error: this file is read as JSON because its name ends in '.json', "
                + "but it looks like a YAML list; name it '.yaml' to have it read as YAML"),
        ] {
            let run = try runRouteCheck(["simulate", "app.yaml", "--events", file], in: dir.url)
            #expect(run.status == 2, "\(file): \(run)")
            #expect(run.stdout == "")
            #expect(run.stderr.contains(message), "\(file): \(run)")
        }
    }

    @Test func anEmptyListRunsNoEvents() throws {
        let dir = try directory()
        try dir.write("none.yaml", "[]\n")
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "none.yaml"], in: dir.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "")
    }

    @Test func startingUIAndUser() throws {
        let dir = try directory()
        try dir.write("events.yaml", """
            - {event: notification, payload: {type: 3, id: 7}}
            - {event: notification, payload: {uid: u1}}

            """)
        let ui = #"{"selected_tab": "me", "modals": ["notice"]}"#
        let expected = [
            #"{"outcome":"performed","commands":[{"cmd":"dismiss_modals"},{"cmd":"select_tab","tab":"home","index":0},\#(Self.pushDetail7)]}"#,
            #"{"outcome":"performed","commands":[{"cmd":"select_tab","tab":"me","index":1},{"cmd":"push","tab":"me","screen":"inbox","params":{},"hides_bottom_bar":false}]}"#,
        ].joined(separator: "\n") + "\n"
        let inline = try runRouteCheck(
            ["simulate", "app.yaml", "--events", "events.yaml", "--ui", ui, "--user", "u1"], in: dir.url)
        #expect(inline == RouteCheckRun(stdout: expected, stderr: "", status: 0))

        try dir.write("ui.json", ui)
        let fromFile = try runRouteCheck(
            ["simulate", "app.yaml", "--events", "events.yaml", "--ui", "@ui.json", "--user", "u1"],
            in: dir.url)
        #expect(fromFile == inline)

        let otherUser = try runRouteCheck(
            ["simulate", "app.yaml", "--events", "events.yaml", "--user", "u2"], in: dir.url)
        #expect(otherUser.stdout.hasSuffix(#"{"outcome":"rejected_user_mismatch","commands":[]}"# + "\n"),
                "\(otherUser)")
    }

    @Test func badUIIsAUsageError() throws {
        let dir = try directory()
        try dir.write("events.yaml", "[]\n")
        let run = try runRouteCheck(
            ["simulate", "app.yaml", "--events", "events.yaml", "--ui", #"{"selected": "me"}"#],
            in: dir.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("unknown key 'selected'"), "\(run)")
        let missing = try runRouteCheck(
            ["simulate", "app.yaml", "--events", "events.yaml", "--ui", "@nope.json"], in: dir.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read 'nope.json'"), "\(missing)")
    }

    @Test func usageAndIOErrors() throws {
        let dir = try directory()
        let noEvents = try runRouteCheck(["simulate", "app.yaml"], in: dir.url)
        #expect(noEvents.status == 2)
        #expect(noEvents.stderr.contains("missing option '--events FILE'"), "\(noEvents)")
        let missingFile = try runRouteCheck(
            ["simulate", "app.yaml", "--events", "nope.yaml"], in: dir.url)
        #expect(missingFile == RouteCheckRun(
            stdout: "", stderr: "Error: cannot read 'nope.yaml': no such file or directory\n",
            status: 2))
        try dir.write("events.yaml", "[]\n")
        let missingTable = try runRouteCheck(
            ["simulate", "nope.yaml", "--events", "events.yaml"], in: dir.url)
        #expect(missingTable.status == 2)
    }

    @Test func tableWithErrorsPrintsItsDiagnostics() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", """
            version: 1
            tabs: [home]
            screens:
              detail: {show: push, tab: home}
            routes:
              - name: detail
                when: "true"
                push: detial

            """)
        try dir.write("events.yaml", "- {event: ready}\n")
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.yaml"], in: dir.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout == "")
        #expect(run.stderr.contains("app.yaml:8:11: error: "), "\(run)")
        #expect(run.stderr.contains("did you mean 'detail'?"), "\(run)")
    }
}
