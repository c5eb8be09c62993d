import RouteKit
import Testing

private typealias F = NavFixture

/// `Navigator.replaceDecider(_:)` (issue 45): a route held for `ready`, an alert up and a login
/// waiting keep the decision they were made with, and that table's screens and login screen;
/// the next notification uses the new table.
@Suite struct NavigatorHotSwapTests {
    /// The fixture's table with its screens moved about: `message_detail` on `me` without hiding
    /// the bottom bar, `notice` not embedded, no login needed for `my_messages`, and another
    /// login screen.
    static func movedTable() -> RouteTable {
        var table = F.table()
        table.screens = table.screens.map { screen in
            var screen = screen
            switch screen.name {
            case "message_detail":
                screen.tab = "me"
                screen.hidesBottomBar = false
            case "notice": screen.embedInNavigation = false
            case "my_messages": screen.loginRequired = false
            default: break
            }
            return screen
        } + [Screen(name: "signin", show: .present)]
        table.loginScreen = "signin"
        return table
    }

    /// A decider over `movedTable()` that sends every routed payload to the notice instead.
    struct NoticeDecider: RouteDecider {
        let table = NavigatorHotSwapTests.movedTable()
        func decide(_ payload: JSONValue) -> Decision {
            let decision = FakeDecider(table: table).decide(payload)
            guard decision.routes else { return decision }
            return Decision(source: .rule(name: "notice-now", index: 9),
                            action: ResolvedAction(present: ScreenInstance(screen: "notice", params: ["id": 9])),
                            foreground: .navigate)
        }
    }

    @Test func aRouteHeldForReadyKeepsItsDecisionAndTable() {
        var nav = NavigatorStore()
        nav.send(.launch(payload: F.detail(7), user: nil), expecting: [.clearBadge], outcome: .deferred) {
            $0.phase = .launching(held: .of(F.detail(7)))
        }
        nav.replaceDecider(NoticeDecider())
        // As decided before the swap: pushed on home, hiding the bottom bar.
        nav.send(.ready, expecting: [F.pushDetail(7)], outcome: .performed) {
            $0.phase = .idle
            $0.ui.stacks["home"] = [F.detailScreen(7)]
        }
        // The next notification: the new table's decision.
        nav.send(.notification(F.detail(8), .background),
                 expecting: [.clearBadge, .present(screen: "notice", params: ["id": 9], embedInNavigation: false)],
                 outcome: .performed) {
            $0.ui.modals = [ScreenInstance(screen: "notice", params: ["id": 9])]
        }
    }

    @Test func anAlertUpKeepsItsDecisionAndTable() {
        var nav = NavigatorStore()
        nav.send(.notification(F.detail(3), .active), expecting: [.clearBadge, F.alert("detail")],
                 outcome: .alerted) { $0.phase = .alerting(.of(F.detail(3))) }
        nav.replaceDecider(FakeDecider(table: Self.movedTable()))
        nav.send(.alertConfirmed, expecting: [F.pushDetail(3)], outcome: .performed) {
            $0.phase = .idle
            $0.ui.stacks["home"] = [F.detailScreen(3)]
        }
        // Decided by the moved table: message_detail is on `me` now.
        nav.send(.notification(F.detail(4), .background),
                 expecting: [.clearBadge, F.select("me"),
                             .push(tab: "me", screen: "message_detail", params: ["id": 4], hidesBottomBar: false)],
                 outcome: .performed) {
            $0.ui.selectedTab = "me"
            $0.ui.stacks["me"] = [F.detailScreen(4)]
        }
    }

    @Test func aLoginWaitingKeepsItsDecisionAndTable() {
        var nav = NavigatorStore()
        nav.send(.notification(F.myMessages(), .background),
                 expecting: [.clearBadge, F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages()))
        }
        // The new table needs no login for my_messages and presents another login screen: the
        // waiting route still counts as gated, so the screen is recorded as shown to u1.
        nav.replaceDecider(FakeDecider(table: Self.movedTable()))
        nav.send(.loginSucceeded(user: "u1"),
                 expecting: [.dismissLogin, F.select("me"), F.pushMyMessages], outcome: .performed) {
            $0.user = "u1"
            $0.phase = .idle
            $0.ui.selectedTab = "me"
            $0.ui.stacks["me"] = [ScreenInstance(screen: "my_messages")]
            $0.gatedScreens = [Navigator.ScreenPlace(tab: "me", position: 0): "u1"]
        }
        nav.send(.logout, expecting: [], outcome: .none) { $0.user = nil }
        // Under the new table a settings route needs login: its login screen is "signin".
        nav.send(.notification(F.settings(), .background),
                 expecting: [.clearBadge, .presentLogin(screen: "signin", expectedUser: nil)],
                 outcome: .awaitingLogin) { $0.phase = .awaitingLogin(.of(F.settings())) }
    }

    @Test func aLaunchAfterASwapUsesTheNewTable() {
        var nav = NavigatorStore()
        var table = F.table(clearBadge: false)
        table.tabs = ["me", "home", "discover", "messages"]
        nav.replaceDecider(FakeDecider(table: table))
        nav.send(.launch(payload: F.home(), user: nil), expecting: [], outcome: .deferred) {
            $0.ui = UISnapshot(selectedTab: "me")
            $0.phase = .launching(held: .of(F.home()))
        }
        nav.send(.ready, expecting: [.selectTab("home", index: 1)], outcome: .performed) {
            $0.phase = .idle
            $0.ui.selectedTab = "home"
        }
    }
}
