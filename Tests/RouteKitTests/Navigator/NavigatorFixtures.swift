import RouteKit

/// The SPEC §3 example table, by hand, plus a few screens the example lacks: a push without a
/// declared tab (`thread`), a user-addressed screen whose params name the user (`user_inbox`) and
/// a login-gated modal (`settings`); `notice` takes an `id` so that a reload can compare params.
enum NavFixture {
    static func table(clearBadge: Bool = true, loginScreen: String? = "login") -> RouteTable {
        RouteTable(
            tabs: ["home", "discover", "messages", "me"],
            loginScreen: loginScreen,
            screens: [
                Screen(name: "message_detail", show: .push, tab: "home",
                       params: [ScreenParam(name: "id", type: .int)], hidesBottomBar: true),
                Screen(name: "notice", show: .present,
                       params: [ScreenParam(name: "id", type: .int)], embedInNavigation: true),
                Screen(name: "my_messages", show: .push, tab: "me", loginRequired: true),
                Screen(name: "login", show: .present),
                Screen(name: "thread", show: .push, params: [ScreenParam(name: "id", type: .int)]),
                Screen(name: "user_inbox", show: .push, tab: "me",
                       params: [ScreenParam(name: "uid", type: .string)]),
                Screen(name: "settings", show: .present, loginRequired: true),
            ],
            defaults: Defaults(clearBadge: clearBadge),
            rules: [])
    }

    static func navigator(clearBadge: Bool = true, loginScreen: String? = "login",
                          ui: UISnapshot? = nil, user: String? = nil) -> Navigator {
        let decider = FakeDecider(table: table(clearBadge: clearBadge, loginScreen: loginScreen))
        return Navigator(decider: decider, ui: ui, user: user)
    }

    // Payloads the fake decider understands; `fg` and `iv` override the route's policies.

    static func home(fg: String? = nil) -> JSONValue { payload("home", fg: fg) }
    static func detail(_ id: JSONValue, fg: String? = nil, iv: String? = nil) -> JSONValue {
        payload("detail", ["id": id], fg: fg, iv: iv)
    }
    static func notice(_ id: Int64 = 1, fg: String? = nil, iv: String? = nil) -> JSONValue {
        payload("notice", ["id": .int(id)], fg: fg, iv: iv)
    }
    /// `my_messages`: login required by the screen; `{user: uid}` when `uid` is given.
    static func myMessages(uid: String? = nil, fg: String? = nil) -> JSONValue {
        payload("my_messages", uid.map { ["uid": .string($0)] } ?? [:], fg: fg)
    }
    static func inbox(_ uid: String, fg: String? = nil) -> JSONValue {
        payload("user_inbox", ["uid": .string(uid)], fg: fg)
    }
    static func thread(_ id: Int64, tab: String? = nil) -> JSONValue {
        var extra: [String: JSONValue] = ["id": .int(id)]
        if let tab { extra["tab"] = .string(tab) }
        return payload("thread", extra)
    }
    static func backStack() -> JSONValue { payload("backstack") }
    static func settings(fg: String? = nil) -> JSONValue { payload("settings", fg: fg) }
    static func discover(fg: String? = nil) -> JSONValue { payload("discover", fg: fg) }
    static let fallback: JSONValue = ["route": "anything", "fallback": true]
    static let unmatched: JSONValue = ["route": "nowhere"]

    static func payload(_ route: String, _ extra: [String: JSONValue] = [:], fg: String? = nil,
                        iv: String? = nil) -> JSONValue {
        var members = extra
        members["route"] = .string(route)
        members["aps"] = ["alert": .string("about \(route)")]
        if let fg { members["fg"] = .string(fg) }
        if let iv { members["iv"] = .string(iv) }
        return .object(JSONObject(members))
    }

    // Commands and screens, spelled once.

    static func select(_ tab: String) -> Navigator.Command {
        .selectTab(tab, index: table().tabIndex(of: tab) ?? -1)
    }
    static func pushDetail(_ id: Int64) -> Navigator.Command {
        .push(tab: "home", screen: "message_detail", params: ["id": .int(id)], hidesBottomBar: true)
    }
    static func presentNotice(_ id: Int64 = 1) -> Navigator.Command {
        .present(screen: "notice", params: ["id": .int(id)], embedInNavigation: true)
    }
    static let pushMyMessages = Navigator.Command.push(
        tab: "me", screen: "my_messages", params: [:], hidesBottomBar: false)
    static func pushInbox(_ uid: String) -> Navigator.Command {
        .push(tab: "me", screen: "user_inbox", params: ["uid": .string(uid)], hidesBottomBar: false)
    }
    static func alert(_ route: String) -> Navigator.Command {
        .showAlert(AlertText(title: "", message: "about \(route)", confirm: "View",
                             cancel: "Cancel"))
    }
    static func login(expecting user: String? = nil) -> Navigator.Command {
        .presentLogin(screen: "login", expectedUser: user)
    }

    static func detailScreen(_ id: Int64) -> ScreenInstance {
        ScreenInstance(screen: "message_detail", params: ["id": .int(id)])
    }
    static func noticeScreen(_ id: Int64 = 1) -> ScreenInstance {
        ScreenInstance(screen: "notice", params: ["id": .int(id)])
    }
}

/// Maps the fixture payloads straight to decisions, the way a compiled table would for rules
/// written to match them; `route` picks the rule.
struct FakeDecider: RouteDecider {
    let table: RouteTable

    func decide(_ payload: JSONValue) -> Decision {
        guard case .string(let route) = payload["route"] else { return .unmatched }
        var action = ResolvedAction()
        var login = LoginRequirement.none
        var foreground = ForegroundPolicy.alert
        switch route {
        case "home":
            action.tab = "home"
        case "discover":
            action.tab = "discover"
        case "detail":
            // A param that does not normalize makes the rule fail, as SPEC §3 says.
            guard let id = payload["id"], let normal = Self.int(id) else { return .unmatched }
            let detail = ScreenInstance(screen: "message_detail", params: ["id": normal])
            action = ResolvedAction(tab: "home", popToRoot: true, push: [detail])
        case "notice":
            action.present = ScreenInstance(screen: "notice", params: ["id": payload["id"] ?? 1])
            foreground = .navigate
        case "my_messages":
            action.push = [ScreenInstance(screen: "my_messages")]
            if case .string(let uid) = payload["uid"] { login = .user(uid) }
        case "user_inbox":
            guard case .string(let uid) = payload["uid"] else { return .unmatched }
            action.push = [ScreenInstance(screen: "user_inbox", params: ["uid": .string(uid)])]
            login = .user(uid)
        case "thread":
            if case .string(let tab) = payload["tab"] { action.tab = tab }
            action.push = [ScreenInstance(screen: "thread", params: ["id": payload["id"] ?? 0])]
        case "backstack":
            action = ResolvedAction(tab: "home", popToRoot: true, push: [
                ScreenInstance(screen: "message_detail", params: ["id": 1]),
                ScreenInstance(screen: "message_detail", params: ["id": 2]),
            ])
        case "thread-then-detail":
            // `thread` declares no tab, `message_detail` is on home; no `tab` in the rule.
            action = ResolvedAction(popToRoot: true, push: [
                ScreenInstance(screen: "thread", params: ["id": 7]),
                ScreenInstance(screen: "message_detail", params: ["id": 1]),
            ])
        case "settings":
            action.present = ScreenInstance(screen: "settings")
        default:
            guard payload["fallback"] == true else { return .unmatched }
            return Decision(source: .fallback, action: ResolvedAction(tab: "home"),
                            foreground: .navigate, alert: Self.alert(payload))
        }
        if case .string(let name) = payload["fg"], let policy = ForegroundPolicy(rawValue: name) {
            foreground = policy
        }
        var ifVisible = IfVisiblePolicy.reload
        if case .string(let name) = payload["iv"], let policy = IfVisiblePolicy(rawValue: name) {
            ifVisible = policy
        }
        return Decision(source: .rule(name: route, index: 0), action: action, login: login,
                        foreground: foreground, ifVisible: ifVisible, alert: Self.alert(payload))
    }

    private static func alert(_ payload: JSONValue) -> AlertText {
        guard case .string(let text) = payload["aps"]?["alert"] else { return AlertText() }
        return AlertText(message: text)
    }

    private static func int(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .int: value
        case .string(let text): Int64(text).map(JSONValue.int)
        default: nil
        }
    }
}
