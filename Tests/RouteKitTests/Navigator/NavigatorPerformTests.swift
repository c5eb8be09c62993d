import RouteKit
import Testing

private typealias F = NavFixture

/// SPEC §6 rules 4 to 6: how a route is performed, `clear_badge`, `ui_state`.
@Suite struct NavigatorPerformTests {
    @Test func modalsAreDismissedBeforeAnActionThatTouchesATab() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "me",
                                                            modals: [F.noticeScreen()])))
        nav.send(.notification(F.detail(42), .background),
                 expecting: [.clearBadge, .dismissModals, F.select("home"), F.pushDetail(42)],
                 outcome: .performed) {
            $0.ui = UISnapshot(selectedTab: "home", stacks: ["home": [F.detailScreen(42)]])
        }
    }

    @Test func aTabOnlyActionDismissesModalsAndSelectsTheTab() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "home",
                                                            modals: [F.noticeScreen()])))
        nav.send(.notification(F.discover(), .background),
                 expecting: [.clearBadge, .dismissModals, F.select("discover")],
                 outcome: .performed) {
            $0.ui = UISnapshot(selectedTab: "discover")
        }
    }

    @Test func aRouteToTheTabAlreadyShownAtItsRootEmitsNothingButIsPerformed() {
        var nav = NavigatorStore()
        nav.send(.notification(F.home(), .background), expecting: [.clearBadge],
                 outcome: .performed)
    }

    @Test func presentGoesOnTopOfAnyModalAlreadyUp() {
        let settings = ScreenInstance(screen: "settings")
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "me", modals: [settings])))
        nav.send(.notification(F.notice(3), .background),
                 expecting: [.clearBadge, F.presentNotice(3)], outcome: .performed) {
            $0.ui.modals.append(F.noticeScreen(3))
        }
    }

    @Test func popToRootOnlyWhenTheStackIsDeeperThanItsRoot() {
        var nav = NavigatorStore()
        nav.send(.notification(F.detail(1), .background),
                 expecting: [.clearBadge, F.pushDetail(1)], outcome: .performed) {
            $0.ui.stacks["home"] = [F.detailScreen(1)]
        }
        nav.send(.notification(F.detail(2), .background),
                 expecting: [.clearBadge, .popToRoot(tab: "home"), F.pushDetail(2)],
                 outcome: .performed) { $0.ui.stacks["home"] = [F.detailScreen(2)] }
    }

    @Test func aBackStackIsPushedInOrder() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "me")))
        nav.send(.notification(F.backStack(), .background),
                 expecting: [.clearBadge, F.select("home"), F.pushDetail(1), F.pushDetail(2)],
                 outcome: .performed) {
            $0.ui = UISnapshot(selectedTab: "home",
                               stacks: ["home": [F.detailScreen(1), F.detailScreen(2)]])
        }
    }

    /// `push: [thread, message_detail]` where only the detail declares a tab (home): the whole
    /// back stack goes onto home after one `select_tab`, and home is the stack popped, so Back
    /// from the detail leads to the thread (found by an audit: the thread went onto the selected
    /// tab and that tab was popped).
    @Test func aBackStackGoesOntoTheFirstTabOneOfItsScreensDeclares() {
        let old = ScreenInstance(screen: "thread", params: ["id": 1])
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(
            selectedTab: "me", stacks: ["me": [old], "home": [F.detailScreen(9)]])))
        nav.send(.notification(F.payload("thread-then-detail"), .background), expecting: [
            .clearBadge, F.select("home"), .popToRoot(tab: "home"),
            .push(tab: "home", screen: "thread", params: ["id": 7], hidesBottomBar: false),
            F.pushDetail(1),
        ], outcome: .performed) {
            $0.ui = UISnapshot(selectedTab: "home", stacks: [
                "me": [old], "home": [ScreenInstance(screen: "thread", params: ["id": 7]), F.detailScreen(1)],
            ])
        }
    }

    @Test func aScreenWithoutADeclaredTabGoesOntoTheActionsTabElseTheSelectedOne() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "discover")))
        let thread1 = ScreenInstance(screen: "thread", params: ["id": 1])
        let thread2 = ScreenInstance(screen: "thread", params: ["id": 2])
        nav.send(.notification(F.thread(1), .background), expecting: [
            .clearBadge,
            .push(tab: "discover", screen: "thread", params: ["id": 1], hidesBottomBar: false),
        ], outcome: .performed) { $0.ui.stacks["discover"] = [thread1] }
        nav.send(.notification(F.thread(2, tab: "messages"), .background), expecting: [
            .clearBadge, F.select("messages"),
            .push(tab: "messages", screen: "thread", params: ["id": 2], hidesBottomBar: false),
        ], outcome: .performed) {
            $0.ui.selectedTab = "messages"
            $0.ui.stacks["messages"] = [thread2]
        }
    }

    @Test func aPushedTargetOnTopWithTheSameParamsIsReloadedNeverPushedTwice() {
        let ui = UISnapshot(selectedTab: "me",
                            stacks: ["home": [F.detailScreen(7), F.detailScreen(42)]],
                            modals: [F.noticeScreen()])
        var nav = NavigatorStore(F.navigator(ui: ui))
        nav.send(.notification(F.detail(42), .background), expecting: [
            .clearBadge, .dismissModals, F.select("home"),
            .reload(screen: "message_detail", params: ["id": 42]),
        ], outcome: .performed) {
            $0.ui.modals = []
            $0.ui.selectedTab = "home"
        }
        nav.send(.notification(F.detail(42), .background),
                 expecting: [.clearBadge, .reload(screen: "message_detail", params: ["id": 42])],
                 outcome: .performed)
    }

    @Test func paramsAreComparedAfterNormalization() {
        // The app reports the id as a string; the payload has it as a string too.
        let reported = UISnapshot(selectedTab: "home",
                                  stacks: ["home": [ScreenInstance(screen: "message_detail",
                                                                   params: ["id": "42"])]])
        var nav = NavigatorStore()
        nav.send(.uiState(reported), expecting: [], outcome: .none) {
            $0.ui.stacks["home"] = [F.detailScreen(42)]
        }
        nav.send(.notification(F.detail("42"), .background),
                 expecting: [.clearBadge, .reload(screen: "message_detail", params: ["id": 42])],
                 outcome: .performed)
    }

    @Test func anAnyParamComparesNumbersByValue() {
        // An app reporting its UI through JSONSerialization may send 1.0 for the 1 it was given.
        let shown = ScreenInstance(screen: "card", params: ["o": .double(1)])
        var nav = NavigatorStore(Navigator(decider: AnyParamDecider(), ui: UISnapshot(selectedTab: "home",
                                                                                     modals: [shown])))
        nav.send(.notification(["o": 1], .background),
                 expecting: [.reload(screen: "card", params: ["o": 1])], outcome: .performed)
        nav.send(.notification(["o": [1, ["k": 2]]], .background),
                 expecting: [.present(screen: "card", params: ["o": [1, ["k": 2]]], embedInNavigation: false)],
                 outcome: .performed) { $0.ui.modals.append(ScreenInstance(screen: "card", params: ["o": [1, ["k": 2]]])) }
        nav.send(.notification(["o": [1.0, ["k": 2.0]]], .background),
                 expecting: [.reload(screen: "card", params: ["o": [1.0, ["k": 2.0]]])], outcome: .performed)
        nav.send(.notification(["o": "1"], .background),
                 expecting: [.present(screen: "card", params: ["o": "1"], embedInNavigation: false)],
                 outcome: .performed) { $0.ui.modals.append(ScreenInstance(screen: "card", params: ["o": "1"])) }
    }

    /// A string param compares code point by code point: "e\u{301}" shown is not the "\u{E9}"
    /// asked for, so the screen is shown again rather than reloaded (found by an audit).
    @Test func aStringParamThatOnlyLooksTheSameIsNotReloaded() {
        let shown = ScreenInstance(screen: "card", params: ["o": "e\u{301}"])
        var nav = NavigatorStore(Navigator(decider: AnyParamDecider(), ui: UISnapshot(selectedTab: "home",
                                                                                     modals: [shown])))
        nav.send(.notification(["o": "\u{E9}"], .background),
                 expecting: [.present(screen: "card", params: ["o": "\u{E9}"], embedInNavigation: false)],
                 outcome: .performed) { $0.ui.modals.append(ScreenInstance(screen: "card", params: ["o": "\u{E9}"])) }
        nav.send(.notification(["o": "\u{E9}"], .background),
                 expecting: [.reload(screen: "card", params: ["o": "\u{E9}"])], outcome: .performed)
    }

    @Test func aParamThatDoesNotNormalizeIsKeptAndComparesUnequal() {
        let reported = UISnapshot(selectedTab: "home",
                                  stacks: ["home": [ScreenInstance(screen: "message_detail",
                                                                   params: ["id": "x42"])]])
        var nav = NavigatorStore(F.navigator(ui: reported))
        #expect(nav.state.ui == reported)
        nav.send(.notification(F.detail(42), .background),
                 expecting: [.clearBadge, .popToRoot(tab: "home"), F.pushDetail(42)],
                 outcome: .performed) { $0.ui.stacks["home"] = [F.detailScreen(42)] }
    }

    @Test func aTargetOnTopWithOtherParamsIsPushed() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "home",
                                                            stacks: ["home": [F.detailScreen(1)]])))
        nav.send(.notification(F.detail(2), .background),
                 expecting: [.clearBadge, .popToRoot(tab: "home"), F.pushDetail(2)],
                 outcome: .performed) { $0.ui.stacks["home"] = [F.detailScreen(2)] }
    }

    @Test func aTargetBelowTheTopIsNotReloaded() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(
            selectedTab: "home", stacks: ["home": [F.detailScreen(42), F.detailScreen(1)]])))
        nav.send(.notification(F.detail(42), .background),
                 expecting: [.clearBadge, .popToRoot(tab: "home"), F.pushDetail(42)],
                 outcome: .performed) { $0.ui.stacks["home"] = [F.detailScreen(42)] }
    }

    @Test func aModalTargetOnTopWithTheSameParamsIsOnlyReloaded() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(
            selectedTab: "me", stacks: ["me": [ScreenInstance(screen: "my_messages")]],
            modals: [ScreenInstance(screen: "settings"), F.noticeScreen(5)])))
        nav.send(.notification(F.notice(5), .background),
                 expecting: [.clearBadge, .reload(screen: "notice", params: ["id": 5])],
                 outcome: .performed)
        nav.send(.notification(F.notice(6), .background),
                 expecting: [.clearBadge, F.presentNotice(6)], outcome: .performed) {
            $0.ui.modals.append(F.noticeScreen(6))
        }
    }

    @Test func aModalUnderTheTopIsNotReloaded() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(
            selectedTab: "home", modals: [F.noticeScreen(5), ScreenInstance(screen: "settings")])))
        nav.send(.notification(F.notice(5), .background),
                 expecting: [.clearBadge, F.presentNotice(5)], outcome: .performed) {
            $0.ui.modals.append(F.noticeScreen(5))
        }
    }

    @Test func ifVisiblePushShowsTheTargetAgain() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "home",
                                                            stacks: ["home": [F.detailScreen(42)]],
                                                            modals: [F.noticeScreen()])))
        nav.send(.notification(F.notice(1, iv: "push"), .background),
                 expecting: [.clearBadge, F.presentNotice(1)], outcome: .performed) {
            $0.ui.modals.append(F.noticeScreen(1))
        }
        nav.send(.notification(F.detail(42, iv: "push"), .background), expecting: [
            .clearBadge, .dismissModals, .popToRoot(tab: "home"), F.pushDetail(42),
        ], outcome: .performed) { $0.ui.modals = [] }
    }

    @Test func withoutClearBadgeNoEventClearsTheBadge() {
        var nav = NavigatorStore(F.navigator(clearBadge: false))
        nav.send(.notification(F.unmatched, .active), expecting: [], outcome: .unmatched)
        nav.send(.notification(F.discover(), .background), expecting: [F.select("discover")],
                 outcome: .performed) { $0.ui.selectedTab = "discover" }
        nav.send(.launch(payload: F.detail(1)), expecting: [], outcome: .deferred) {
            $0.ui.selectedTab = "home"
            $0.phase = .launching(held: .of(F.detail(1)))
        }
    }

    @Test(arguments: [
        NavigatorEvent.notification(NavFixture.unmatched, .active),
        .notification(NavFixture.discover(fg: "ignore"), .active),
        .notification(NavFixture.discover(), .active),
        .notification(NavFixture.discover(), .inactive),
        .notification(NavFixture.myMessages(), .background),
        .notification(NavFixture.inbox("u1"), .background),
        .launch(payload: NavFixture.unmatched),
        .launch(payload: NavFixture.discover(), user: "u2"),
    ])
    func clearBadgeComesFirstForEveryNotificationAndLaunchWithAPayload(_ event: NavigatorEvent) {
        var navigator = F.navigator(user: "u2")
        #expect(navigator.send(event).commands.first == .clearBadge)
    }

    @Test(arguments: [NavigatorEvent.launch(), .ready, .logout, .alertConfirmed,
                      .uiState(UISnapshot(selectedTab: "me"))])
    func eventsWithoutAPayloadNeverClearTheBadge(_ event: NavigatorEvent) {
        var navigator = F.navigator()
        #expect(!navigator.send(event).commands.contains(.clearBadge))
    }

    @Test func uiStateIsAFullSnapshotStoredNormalized() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "home",
                                                            stacks: ["home": [F.detailScreen(1)]])))
        let reported = UISnapshot(
            selectedTab: "me",
            stacks: ["me": [ScreenInstance(screen: "my_messages")], "home": []],
            modals: [ScreenInstance(screen: "notice", params: ["id": 3.0])])
        nav.send(.uiState(reported), expecting: [], outcome: .none) {
            $0.ui = UISnapshot(selectedTab: "me",
                               stacks: ["me": [ScreenInstance(screen: "my_messages")]],
                               modals: [F.noticeScreen(3)])
        }
    }

    @Test func initNormalizesTheStartingUI() {
        let reported = ScreenInstance(screen: "message_detail", params: ["id": "9"])
        let navigator = F.navigator(ui: UISnapshot(selectedTab: "home",
                                                   stacks: ["home": [reported]]))
        #expect(navigator.state.ui.stack(of: "home") == [F.detailScreen(9)])
    }
}

/// Presents `card`, whose one param `o` is declared `any`, with the payload's `o`.
private struct AnyParamDecider: RouteDecider {
    let table = RouteTable(tabs: ["home"],
                           screens: [Screen(name: "card", show: .present, params: [ScreenParam(name: "o", type: .any)])],
                           rules: [])

    func decide(_ payload: JSONValue) -> Decision {
        let card = ScreenInstance(screen: "card", params: ["o": payload["o"] ?? .null])
        return Decision(source: .rule(name: "card", index: 0), action: ResolvedAction(present: card))
    }
}
