import Foundation
import Testing

@testable import RouteCheck

/// Expected commands in test files are checked as the commands' JSON forms say — each key's kind,
/// the table's tabs and screens, params in the screen's declared types — so a typo is a
/// positioned error instead of a failure whose expected and actual lines look alike.
@Suite struct TestFileExpectationTests {
    private func test(_ cases: String, table: String = SimulateCommandTests.table) throws -> RouteCheckRun {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", table)
        try dir.write("app.test.yaml", cases)
        return try runRouteCheck(["test", "app.yaml"], in: dir.url)
    }

    @Test func everyCommandKeyHasAKindOfValue() {
        for (command, keys) in ExpectedCommand.keys {
            for key in keys { #expect(ExpectedCommand.valueKinds[key] != nil, "\(command).\(key)") }
        }
    }

    @Test func aTabIndexMustBeTheTables() throws {
        let run = try test("""
            cases:
              - name: index
                payload: {type: 3, id: 7}
                ui: {selected_tab: me}
                expect: {commands: [{cmd: select_tab, index: 2}, {cmd: push}]}

            """)
        #expect(run.stdout.contains(
            "app.test.yaml:5:50: error: tab index 2 is out of range; the table has 2 tabs (0-1) [tab-index-out-of-range]"),
            "\(run.stdout)")
    }

    @Test func paramsAreComparedInTheScreensTypes() throws {
        let run = try test("""
            cases:
              - name: id as text
                payload: {type: 3, id: 7}
                expect: {commands: [{cmd: push, screen: message_detail, params: {id: "7"}}]}

            """)
        #expect(run == RouteCheckRun(stdout: "PASS id as text\n1 passed, 0 failed\n", stderr: "", status: 0))
    }

    @Test func keysOfTheWrongKindAreErrors() throws {
        let run = try test("""
            cases:
              - name: kinds
                payload: {type: 3, id: 7}
                expect:
                  commands:
                    - {cmd: select_tab, tab: home, index: '0'}
                    - {cmd: push, screen: message_detail, hides_bottom_bar: yes}
                    - {cmd: present_login, expected_user: 10086}
                    - {cmd: push, tab: 0}
                    - {cmd: select_tab, tab: 9}

            """)
        #expect(run.status == 1)
        #expect(run.stdout == """
            FAIL kinds
            app.test.yaml:6:47: error: expected an integer for 'index' of a 'select_tab' command, found the string '0' [wrong-type]
                    - {cmd: select_tab, tab: home, index: '0'}
                                                          ^~~
            app.test.yaml:7:65: error: expected a boolean, found the string 'yes'; write true [boolean-word]
                    - {cmd: push, screen: message_detail, hides_bottom_bar: yes}
                                                                            ^~~
                fix-it: replace with 'true'
            app.test.yaml:8:47: error: expected a string or null for 'expected_user' of a 'present_login' command, found the number 10086; write "10086" in quotes for a string [wrong-type]
                    - {cmd: present_login, expected_user: 10086}
                                                          ^~~~~
            app.test.yaml:9:28: error: expected a string for 'tab' of a 'push' command, found the number 0; 'tab' takes a tab's name: write 'home' for tab 0 [wrong-type]
                    - {cmd: push, tab: 0}
                                       ^
            app.test.yaml:10:34: error: expected a string for 'tab' of a 'select_tab' command, found the number 9; 'tab' takes a tab's name, and there is no tab 9: the table has 2 tabs [wrong-type]
                    - {cmd: select_tab, tab: 9}
                                             ^
            0 passed, 1 failed

            """)
    }

    @Test func tabsScreensAndParamsMustBeTheTables() throws {
        let run = try test("""
            cases:
              - name: names
                payload: {type: 3, id: 7}
                expect:
                  commands:
                    - {cmd: select_tab, tab: hme}
                    - {cmd: push, screen: mesage_detail}
                    - {cmd: push, screen: message_detail, params: {idd: 7}}
                    - {cmd: push, screen: message_detail, params: {id: seven}}
                    - {cmd: present, screen: notice, params: {id: 7}}

            """)
        #expect(run.stdout == """
            FAIL names
            app.test.yaml:6:34: error: unknown tab 'hme'; did you mean 'home'? [unknown-tab]
                    - {cmd: select_tab, tab: hme}
                                             ^~~
                fix-it: replace with 'home'
            app.test.yaml:7:31: error: unknown screen 'mesage_detail'; did you mean 'message_detail'? [unknown-screen]
                    - {cmd: push, screen: mesage_detail}
                                          ^~~~~~~~~~~~~
                fix-it: replace with 'message_detail'
            app.test.yaml:8:56: error: unknown param 'idd' of screen 'message_detail'; did you mean 'id'? [unknown-param]
                    - {cmd: push, screen: message_detail, params: {idd: 7}}
                                                                   ^~~
                fix-it: replace with 'id'
            app.test.yaml:9:60: error: expected int for param 'id' of screen 'message_detail', found the string 'seven' [wrong-type]
                    - {cmd: push, screen: message_detail, params: {id: seven}}
                                                                       ^~~~~
            app.test.yaml:10:51: error: screen 'notice' has no params; expect {} or leave 'params' out [unknown-param]
                    - {cmd: present, screen: notice, params: {id: 7}}
                                                              ^~
            0 passed, 1 failed

            """)
    }

    @Test func aCasePayloadIsHeldToPayloadLimits() throws {
        let run = try test("""
            cases:
              - name: infinite id
                payload: {type: 3, id: -.inf}
                app_state: foreground
                expect: {rule: null}

            """)
        #expect(run.stdout == """
            FAIL infinite id
            app.test.yaml:3:28: error: 'payload': number out of range: JSON has no -inf [bad-event]
                payload: {type: 3, id: -.inf}
                                       ^~~~~
            app.test.yaml:4:16: error: unknown app_state 'foreground'; expected one of 'active', 'inactive', 'background' [unknown-app-state]
                app_state: foreground
                           ^~~~~~~~~~
            0 passed, 1 failed

            """)
    }

    @Test func aMissingOrExtraExpectationPointsAtWhereItIsMissing() throws {
        let run = try test("""
            scenarios:
              - name: extra
                events: [{event: ready}]
                expect: [{outcome: none}, {outcome: none}]
              - name: missing
                events: [{event: ready}, {event: logout}]
                expect: [{outcome: none}]

            """)
        #expect(run.stdout.contains(
            "app.test.yaml:4:31: error: 'expect' has 2 entries for 1 event; give one per event [expect-count]"),
            "\(run.stdout)")
        #expect(run.stdout.contains(
            "app.test.yaml:6:30: error: 'expect' has 1 entry for 2 events; give one per event [expect-count]"),
            "\(run.stdout)")
    }

    /// `expect: {}` would pass whatever happens; a scenario's `{}` entry (no check for that
    /// event) stays allowed.
    @Test func aCaseThatExpectsNothingIsAnError() throws {
        let run = try test("""
            cases:
              - name: nothing
                payload: {type: 3}
                expect: {}
            scenarios:
              - name: any first event
                events: [{event: ready}, {event: logout}]
                expect: [{}, {outcome: none}]

            """)
        #expect(run.stdout.contains(
            "app.test.yaml:4:13: error: 'expect' checks nothing; give 'rule', 'outcome' or 'commands' [missing-key]"),
            "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"), "\(run.stdout)")
        #expect(run.status == 1)
    }

    @Test func aTableWithErrorsFailsAsOneTestAndStillEndsWithTheSummary() throws {
        let run = try test("cases: []\n", table: "version: 1\ntabs: [home]\nroutes:\n  - {name: a, when: \"type ==\", tab: home}\n")
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("""
            Error: the table 'app.yaml' has the errors shown above; fix them first
            0 passed, 1 failed

            """), "\(run.stdout)")
    }
}
