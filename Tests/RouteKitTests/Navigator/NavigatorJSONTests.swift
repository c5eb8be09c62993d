import Foundation
import RouteKit
import Testing

/// The JSON forms of SPEC §6: every event and command, both ways, through JSONValue and Codable.
@Suite struct NavigatorJSONTests {
    struct Form<Value: Sendable>: Sendable, CustomTestStringConvertible {
        var value: Value
        var json: String
        var testDescription: String { json }
    }

    static let events: [Form<NavigatorEvent>] = [
        Form(value: .launch(payload: ["type": 3, "id": 7], user: "u1"),
             json: #"{"event":"launch","payload":{"id":7,"type":3},"user":"u1"}"#),
        Form(value: .launch(), json: #"{"event":"launch","payload":null,"user":null}"#),
        Form(value: .ready, json: #"{"event":"ready"}"#),
        Form(value: .notification(["target": "notice", "aps": ["alert": "Hi", "badge": 1]],
                                  .active),
             json: #"{"app_state":"active","event":"notification","payload":{"aps":{"alert":"Hi","badge":1},"target":"notice"}}"#),
        Form(value: .notification(["type": "3"], .inactive),
             json: #"{"app_state":"inactive","event":"notification","payload":{"type":"3"}}"#),
        Form(value: .notification(["x": 1.5, "ok": true, "none": nil, "list": [1, "a"]],
                                  .background),
             json: #"{"app_state":"background","event":"notification","payload":{"list":[1,"a"],"none":null,"ok":true,"x":1.5}}"#),
        Form(value: .alertConfirmed, json: #"{"event":"alert_confirmed"}"#),
        Form(value: .alertCancelled, json: #"{"event":"alert_cancelled"}"#),
        Form(value: .loginSucceeded(user: "u1"), json: #"{"event":"login_succeeded","user":"u1"}"#),
        Form(value: .loginCancelled, json: #"{"event":"login_cancelled"}"#),
        Form(value: .logout, json: #"{"event":"logout"}"#),
        Form(value: .uiState(UISnapshot(
            selectedTab: "me",
            stacks: ["me": [ScreenInstance(screen: "my_messages")],
                     "home": [ScreenInstance(screen: "message_detail", params: ["id": 42])]],
            modals: [ScreenInstance(screen: "notice")])),
             json: #"{"event":"ui_state","modals":["notice"],"selected_tab":"me","stacks":{"home":[{"params":{"id":42},"screen":"message_detail"}],"me":["my_messages"]}}"#),
        Form(value: .uiState(UISnapshot(selectedTab: "home")),
             json: #"{"event":"ui_state","modals":[],"selected_tab":"home","stacks":{}}"#),
    ]

    static let commands: [Form<Navigator.Command>] = [
        Form(value: .selectTab("home", index: 0), json: #"{"cmd":"select_tab","index":0,"tab":"home"}"#),
        Form(value: .popToRoot(tab: "home"), json: #"{"cmd":"pop_to_root","tab":"home"}"#),
        Form(value: .push(tab: "home", screen: "message_detail", params: ["id": 42],
                          hidesBottomBar: true),
             json: #"{"cmd":"push","hides_bottom_bar":true,"params":{"id":42},"screen":"message_detail","tab":"home"}"#),
        Form(value: .present(screen: "notice", params: [:], embedInNavigation: true),
             json: #"{"cmd":"present","embed_in_navigation":true,"params":{},"screen":"notice"}"#),
        Form(value: .dismissModals, json: #"{"cmd":"dismiss_modals"}"#),
        Form(value: .reload(screen: "message_detail", params: ["id": 42]),
             json: #"{"cmd":"reload","params":{"id":42},"screen":"message_detail"}"#),
        Form(value: .showAlert(AlertText(title: "", message: "Hi \"you\"", confirm: "View",
                                         cancel: "Cancel")),
             json: #"{"cancel":"Cancel","cmd":"show_alert","confirm":"View","message":"Hi \"you\"","title":""}"#),
        Form(value: .dismissAlert, json: #"{"cmd":"dismiss_alert"}"#),
        Form(value: .presentLogin(screen: "login", expectedUser: "u1"),
             json: #"{"cmd":"present_login","expected_user":"u1","screen":"login"}"#),
        Form(value: .presentLogin(screen: "login", expectedUser: nil),
             json: #"{"cmd":"present_login","expected_user":null,"screen":"login"}"#),
        Form(value: .dismissLogin, json: #"{"cmd":"dismiss_login"}"#),
        Form(value: .clearBadge, json: #"{"cmd":"clear_badge"}"#),
    ]

    @Test(arguments: events)
    func eventsRoundTripThroughJSONValue(_ form: Form<NavigatorEvent>) throws {
        #expect(JSONWriter.write(form.value.jsonValue) == form.json)
        #expect(try NavigatorEvent(json: form.value.jsonValue) == form.value)
    }

    @Test(arguments: events)
    func eventsRoundTripThroughCodable(_ form: Form<NavigatorEvent>) throws {
        let decoded = try JSONDecoder().decode(NavigatorEvent.self, from: Data(form.json.utf8))
        #expect(decoded == form.value)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(form.value), as: UTF8.self) == form.json)
    }

    @Test(arguments: commands)
    func commandsRoundTripThroughJSONValue(_ form: Form<Navigator.Command>) throws {
        #expect(JSONWriter.write(form.value.jsonValue) == form.json)
        #expect(try Navigator.Command(json: form.value.jsonValue) == form.value)
    }

    @Test(arguments: commands)
    func commandsRoundTripThroughCodable(_ form: Form<Navigator.Command>) throws {
        let decoded = try JSONDecoder().decode(Navigator.Command.self, from: Data(form.json.utf8))
        #expect(decoded == form.value)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(form.value), as: UTF8.self) == form.json)
    }

    @Test func everyEventAndCommandNameHasAForm() {
        #expect(Set(Self.events.map(\.value.name)) == Set(NavigatorEvent.names))
        #expect(Set(Self.commands.map(\.value.name)) == Set(Navigator.Command.names))
    }

    @Test func outcomesAreTheirSnakeCaseStrings() throws {
        let names = Navigator.Outcome.allCases.map(\.rawValue)
        #expect(names == ["performed", "deferred", "alerted", "awaiting_login", "ignored",
                          "unmatched", "dropped", "rejected_user_mismatch", "none"])
        for outcome in Navigator.Outcome.allCases {
            #expect(try Navigator.Outcome(json: outcome.jsonValue) == outcome)
        }
    }

    @Test func stepsRoundTrip() throws {
        let step = Navigator.Step(outcome: .performed,
                                  commands: [.clearBadge, .selectTab("me", index: 3)])
        let json = #"{"commands":[{"cmd":"clear_badge"},{"cmd":"select_tab","index":3,"tab":"me"}],"outcome":"performed"}"#
        #expect(JSONWriter.write(step.jsonValue) == json)
        #expect(try Navigator.Step(json: step.jsonValue) == step)
        #expect(try JSONDecoder().decode(Navigator.Step.self, from: Data(json.utf8)) == step)
        #expect(try Navigator.Step(json: ["outcome": "none"]) == Navigator.Step(outcome: .none))
    }

    @Test func leftOutKeysTakeTheirDefaults() throws {
        #expect(try NavigatorEvent(json: ["event": "launch"]) == .launch())
        #expect(try NavigatorEvent(json: ["event": "launch", "payload": ["type": 3]])
            == .launch(payload: ["type": 3]))
        #expect(try NavigatorEvent(json: ["event": "notification", "payload": ["type": 3]])
            == .notification(["type": 3], .background))
        #expect(try NavigatorEvent(json: ["event": "ui_state", "selected_tab": "me",
                                          "stacks": ["me": ["my_messages"], "home": []]])
            == .uiState(UISnapshot(selectedTab: "me",
                                   stacks: ["me": [ScreenInstance(screen: "my_messages")]])))
        #expect(try Navigator.Command(json: ["cmd": "push", "tab": "home", "screen": "a"])
            == .push(tab: "home", screen: "a", params: [:], hidesBottomBar: false))
        #expect(try Navigator.Command(json: ["cmd": "present_login", "screen": "login"])
            == .presentLogin(screen: "login", expectedUser: nil))
        #expect(try Navigator.Command(json: ["cmd": "show_alert", "message": "Hi"])
            == .showAlert(AlertText(message: "Hi")))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var json: JSONValue
        var message: String
        /// Where the error says the problem is (`NavigatorJSONError.path`, `isKey`).
        var path: [String] = []
        var isKey = false
        var testDescription: String { message }
        var error: NavigatorJSONError { NavigatorJSONError(message, path: path, isKey: isKey) }
    }

    static let badEvents = [
        BadInput(json: ["event": "lanch"], message: "unknown event 'lanch'; did you mean 'launch'?", path: ["event"]),
        BadInput(json: ["event": "teleport"], message: "unknown event 'teleport'", path: ["event"]),
        BadInput(json: ["payload": [:]], message: "missing key 'event' in event"),
        BadInput(json: ["evnt": "ready"], message: "unknown key 'evnt' in event; did you mean 'event'?",
                 path: ["evnt"], isKey: true),
        BadInput(json: ["event": "notification", "paylod": [:]],
                 message: "unknown key 'paylod' in 'notification' event; did you mean 'payload'?",
                 path: ["paylod"], isKey: true),
        BadInput(json: ["event": 3], message: "'event' in event must be a string, found int", path: ["event"]),
        BadInput(json: ["ready"], message: "event must be an object, found array"),
        BadInput(json: ["event": "notification", "app_state": "active"],
                 message: "missing key 'payload' in 'notification' event"),
        BadInput(json: ["event": "notification", "payload": "type=3"],
                 message: "'payload' in 'notification' event must be an object, found string",
                 path: ["payload"]),
        BadInput(json: ["event": "notification", "payload": [:], "app_sate": "active"],
                 message: "unknown key 'app_sate' in 'notification' event; did you mean 'app_state'?",
                 path: ["app_sate"], isKey: true),
        BadInput(json: ["event": "notification", "payload": [:], "app_state": "foreground"],
                 message: "unknown app_state 'foreground' in 'notification' event; expected active, inactive or background",
                 path: ["app_state"]),
        BadInput(json: ["event": "notification", "payload": [:], "app_state": "activ"],
                 message: "unknown app_state 'activ' in 'notification' event; expected active, inactive or background; did you mean 'active'?",
                 path: ["app_state"]),
        // A payload is held to `PayloadLimits`, as if read from its JSON text.
        BadInput(json: ["event": "notification", "payload": ["type": 1, "x": .double(.infinity)]],
                 message: "'payload' in 'notification' event: number out of range: JSON has no inf",
                 path: ["payload", "x"]),
        BadInput(json: ["event": "launch", "payload": ["s": .string(String(repeating: "x", count: 16_385))]],
                 message: "'payload' in 'launch' event: string longer than 16384 bytes", path: ["payload", "s"]),
        BadInput(json: ["event": "notification", "payload": PayloadLimitsCheckTests.nested(33)],
                 message: "'payload' in 'notification' event: nesting deeper than 32 levels",
                 path: ["payload"] + Array(repeating: "a", count: 32)),
        BadInput(json: ["event": "login_succeeded"],
                 message: "missing key 'user' in 'login_succeeded' event"),
        BadInput(json: ["event": "login_succeeded", "user": 10086],
                 message: "'user' in 'login_succeeded' event must be a string, found int", path: ["user"]),
        BadInput(json: ["event": "launch", "user": 1],
                 message: "'user' in 'launch' event must be a string or null, found int", path: ["user"]),
        BadInput(json: ["event": "launch", "payload": [1]],
                 message: "'payload' in 'launch' event must be an object or null, found array",
                 path: ["payload"]),
        BadInput(json: ["event": "ready", "now": true], message: "unknown key 'now' in 'ready' event", path: ["now"], isKey: true),
        BadInput(json: ["event": "ui_state", "stacks": [:]],
                 message: "missing key 'selected_tab' in 'ui_state' event"),
        BadInput(json: ["event": "ui_state", "selected_tab": "me", "stacks": ["me": "my_messages"]],
                 message: "'stacks.me' in 'ui_state' event must be an array, found string",
                 path: ["stacks", "me"]),
        BadInput(json: ["event": "ui_state", "selected_tab": "me", "modals": [["params": [:]]]],
                 message: "missing key 'screen' in an entry of 'modals' in 'ui_state' event",
                 path: ["modals"]),
        BadInput(json: ["event": "ui_state", "selected_tab": "me", "modals": [3]],
                 message: "an entry of 'modals' in 'ui_state' event must be a screen name or {screen, params}, found int",
                 path: ["modals"]),
        BadInput(json: ["event": "ui_state", "selected_tab": "me", "stacks": ["me": [5]]],
                 message: "an entry of 'stacks.me' in 'ui_state' event must be a screen name or {screen, params}, found int",
                 path: ["stacks", "me"]),
        // A screen's params are held to `PayloadLimits` too: they are compared with a payload's.
        BadInput(json: ["event": "ui_state", "selected_tab": "me",
                        "modals": [["screen": "notice", "params": ["id": .double(.nan)]]]],
                 message: "'params' of an entry of 'modals' in 'ui_state' event: number out of range: JSON has no nan",
                 path: ["modals"]),
    ]

    @Test(arguments: badEvents)
    func badEventsSayWhatIsWrong(_ bad: BadInput) {
        #expect(throws: bad.error) { try NavigatorEvent(json: bad.json) }
    }

    static let badCommands = [
        BadInput(json: ["cmd": "pussh"], message: "unknown command 'pussh'; did you mean 'push'?", path: ["cmd"]),
        BadInput(json: ["cmd": "select_tab", "tab": "home"],
                 message: "missing key 'index' in 'select_tab' command"),
        BadInput(json: ["cmd": "select_tab", "tab": "home", "index": "0"],
                 message: "'index' in 'select_tab' command must be an integer, found string",
                 path: ["index"]),
        BadInput(json: ["cmd": "push", "tab": "home", "screen": "a", "hides_bottom_bar": "yes"],
                 message: "'hides_bottom_bar' in 'push' command must be a boolean, found string",
                 path: ["hides_bottom_bar"]),
        BadInput(json: ["cmd": "clear_badge", "count": 0],
                 message: "unknown key 'count' in 'clear_badge' command", path: ["count"], isKey: true),
    ]

    @Test(arguments: badCommands)
    func badCommandsSayWhatIsWrong(_ bad: BadInput) {
        #expect(throws: bad.error) { try Navigator.Command(json: bad.json) }
    }

    @Test func codableErrorsCarryTheSameMessage() {
        do {
            _ = try JSONDecoder().decode(NavigatorEvent.self, from: Data(#"{"event":"lanch"}"#.utf8))
            Issue.record("decoded an unknown event")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "unknown event 'lanch'; did you mean 'launch'?")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func badOutcomesSayWhatIsWrong() {
        #expect(throws: NavigatorJSONError("unknown outcome 'perfomed'; did you mean 'performed'?")) {
            try Navigator.Outcome(json: "perfomed")
        }
        #expect(throws: NavigatorJSONError("an outcome must be a string, found int")) {
            try Navigator.Outcome(json: 1)
        }
    }
}
