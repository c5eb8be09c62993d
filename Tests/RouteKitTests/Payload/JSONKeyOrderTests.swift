import RouteKit
import Testing

/// `JSONWriter` with SPEC's key order writes SPEC's JSON forms exactly as SPEC prints them.
@Suite struct JSONKeyOrderTests {
    @Test func specPushCommandAsSPECPrintsIt() {
        let push = Navigator.Command.push(tab: "home", screen: "message_detail", params: ["id": 42],
                                          hidesBottomBar: true)
        #expect(JSONWriter.write(push.jsonValue, keyOrder: .spec)
            == #"{"cmd":"push","tab":"home","screen":"message_detail","params":{"id":42},"hides_bottom_bar":true}"#)
        #expect(JSONWriter.write(push.jsonValue)
            == #"{"cmd":"push","hides_bottom_bar":true,"params":{"id":42},"screen":"message_detail","tab":"home"}"#)
    }

    @Test func sharedKeysKeepOneOrderAcrossKinds() {
        let alert: JSONValue = ["cmd": "show_alert", "cancel": "C", "confirm": "V", "message": "M", "title": "T"]
        #expect(JSONWriter.write(alert, keyOrder: .spec)
            == #"{"cmd":"show_alert","title":"T","message":"M","confirm":"V","cancel":"C"}"#)
        let diagnostic: JSONValue = ["message": "m", "code": "c", "severity": "error", "file": "f", "line": 1,
                                     "column": 2, "end_line": 1, "end_column": 3, "notes": [], "fix_it": nil]
        #expect(JSONWriter.write(diagnostic, keyOrder: .spec)
            == #"{"file":"f","line":1,"column":2,"end_line":1,"end_column":3,"severity":"error","code":"c","message":"m","fix_it":null,"notes":[]}"#)
        let line: JSONValue = ["index": 0, "rule": "a"]
        #expect(JSONWriter.write(line, keyOrder: .spec) == #"{"rule":"a","index":0}"#)
    }

    /// Events as SPEC §6 writes them: `event` first, then its fields.
    @Test func eventsAsSPECPrintsThem() throws {
        let notification = NavigatorEvent.notification(["type": 3], .active)
        #expect(JSONWriter.write(notification.jsonValue, keyOrder: .spec)
            == #"{"event":"notification","payload":{"type":3},"app_state":"active"}"#)
        let launch = NavigatorEvent.launch(payload: ["type": 3], user: "u1")
        #expect(JSONWriter.write(launch.jsonValue, keyOrder: .spec)
            == #"{"event":"launch","payload":{"type":3},"user":"u1"}"#)
        let moved: JSONValue = ["event": "ui_state", "modals": [], "stacks": ["me": ["inbox"]], "selected_tab": "me"]
        #expect(JSONWriter.write(moved, keyOrder: .spec)
            == #"{"event":"ui_state","selected_tab":"me","stacks":{"me":["inbox"]},"modals":[]}"#)
        let login: JSONValue = ["user": nil, "required": false]
        #expect(JSONWriter.write(login, keyOrder: .spec) == #"{"required":false,"user":null}"#)
    }

    @Test func keysNotListedFollowInByteOrder() {
        let order = JSONKeyOrder(leading: ["z", "y"])
        let value: JSONValue = ["b": 1, "y": 2, "a": 3, "z": 4, "B": 5]
        #expect(JSONWriter.write(value, keyOrder: order) == #"{"z":4,"y":2,"B":5,"a":3,"b":1}"#)
        #expect(JSONWriter.write(["k": ["y": 1, "x": 2]], pretty: true, keyOrder: order) == """
            {
              "k": {
                "y": 1,
                "x": 2
              }
            }
            """)
    }
}
