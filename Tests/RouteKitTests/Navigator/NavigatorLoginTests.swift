import RouteKit
import Testing

private typealias F = NavFixture

/// SPEC §6 rule 3: login, user-addressed routes, logout.
@Suite struct NavigatorLoginTests {
    @Test func aScreenRequiringLoginWaitsForItThenPerforms() {
        var nav = NavigatorStore()
        nav.send(.notification(F.myMessages(), .background),
                 expecting: [.clearBadge, F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages()))
        }
        nav.send(.loginSucceeded(user: "u1"),
                 expecting: [.dismissLogin, F.select("me"), F.pushMyMessages],
                 outcome: .performed) {
            $0.user = "u1"
            $0.phase = .idle
            $0.ui.selectedTab = "me"
            $0.ui.stacks["me"] = [ScreenInstance(screen: "my_messages")]
            $0.gatedScreens = [Navigator.ScreenPlace(tab: "me", position: 0): "u1"]
        }
    }

    @Test func aLoginGatedModalWaitsForLoginToo() {
        var nav = NavigatorStore()
        nav.send(.notification(F.settings(), .inactive),
                 expecting: [.clearBadge, F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.settings()))
        }
        nav.send(.loginSucceeded(user: "u1"), expecting: [
            .dismissLogin, .present(screen: "settings", params: [:], embedInNavigation: false),
        ], outcome: .performed) {
            $0.user = "u1"
            $0.phase = .idle
            $0.ui.modals = [ScreenInstance(screen: "settings")]
            $0.gatedScreens = [Navigator.ScreenPlace(tab: nil, position: 0): "u1"]
        }
    }

    @Test func aUserRouteAsksForThatUserAndPerformsForThem() {
        var nav = NavigatorStore()
        nav.send(.notification(F.inbox("u1"), .background),
                 expecting: [.clearBadge, F.login(expecting: "u1")], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.inbox("u1")))
        }
        nav.send(.loginSucceeded(user: "u1"),
                 expecting: [.dismissLogin, F.select("me"), F.pushInbox("u1")],
                 outcome: .performed) {
            $0.user = "u1"
            $0.phase = .idle
            $0.ui.selectedTab = "me"
            $0.ui.stacks["me"] = [ScreenInstance(screen: "user_inbox", params: ["uid": "u1"])]
            $0.gatedScreens = [Navigator.ScreenPlace(tab: "me", position: 0): "u1"]
        }
    }

    @Test func theWrongUserLogsInButTheRouteIsRejected() {
        var nav = NavigatorStore()
        nav.send(.notification(F.inbox("u1"), .background),
                 expecting: [.clearBadge, F.login(expecting: "u1")], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.inbox("u1")))
        }
        nav.send(.loginSucceeded(user: "u2"), expecting: [.dismissLogin],
                 outcome: .rejectedUserMismatch) {
            $0.user = "u2"
            $0.phase = .idle
        }
    }

    @Test func loginCancelledDismissesTheLoginAndDropsTheRoute() {
        var nav = NavigatorStore()
        nav.send(.notification(F.myMessages(uid: "u1"), .background),
                 expecting: [.clearBadge, F.login(expecting: "u1")], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages(uid: "u1")))
        }
        nav.send(.loginCancelled, expecting: [.dismissLogin], outcome: .dropped) {
            $0.phase = .idle
        }
        nav.send(.loginCancelled, expecting: [], outcome: .none)
    }

    @Test func theRightUserAlreadyLoggedInIsServedAtOnce() {
        var nav = NavigatorStore(F.navigator(user: "u1"))
        nav.send(.notification(F.inbox("u1"), .background),
                 expecting: [.clearBadge, F.select("me"), F.pushInbox("u1")], outcome: .performed) {
            $0.ui.selectedTab = "me"
            $0.ui.stacks["me"] = [ScreenInstance(screen: "user_inbox", params: ["uid": "u1"])]
            $0.gatedScreens = [Navigator.ScreenPlace(tab: "me", position: 0): "u1"]
        }
    }

    @Test(arguments: [NavigatorEvent.AppState.active, .inactive, .background])
    func anotherUsersRouteIsRejectedWithNothingPerformed(_ appState: NavigatorEvent.AppState) {
        var nav = NavigatorStore(F.navigator(user: "u2"))
        nav.send(.notification(F.myMessages(uid: "u1"), appState), expecting: [.clearBadge],
                 outcome: .rejectedUserMismatch)
    }

    @Test func anAlertComesBeforeTheLogin() {
        var nav = NavigatorStore()
        nav.send(.notification(F.myMessages(fg: "alert"), .active),
                 expecting: [.clearBadge, F.alert("my_messages")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.myMessages(fg: "alert")))
        }
        nav.send(.alertConfirmed, expecting: [F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages(fg: "alert")))
        }
        nav.send(.loginSucceeded(user: "u1"),
                 expecting: [.dismissLogin, F.select("me"), F.pushMyMessages],
                 outcome: .performed) {
            $0.user = "u1"
            $0.phase = .idle
            $0.ui.selectedTab = "me"
            $0.ui.stacks["me"] = [ScreenInstance(screen: "my_messages")]
            $0.gatedScreens = [Navigator.ScreenPlace(tab: "me", position: 0): "u1"]
        }
    }

    @Test func aNewerLoginGatedRouteReplacesTheWaitingLogin() {
        var nav = NavigatorStore()
        nav.send(.notification(F.inbox("u1"), .background),
                 expecting: [.clearBadge, F.login(expecting: "u1")], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.inbox("u1")))
        }
        nav.send(.notification(F.inbox("u2"), .background),
                 expecting: [.clearBadge, .dismissLogin, F.login(expecting: "u2")],
                 outcome: .awaitingLogin) { $0.phase = .awaitingLogin(.of(F.inbox("u2"))) }
        nav.send(.loginSucceeded(user: "u2"),
                 expecting: [.dismissLogin, F.select("me"), F.pushInbox("u2")],
                 outcome: .performed) {
            $0.user = "u2"
            $0.phase = .idle
            $0.ui.selectedTab = "me"
            $0.ui.stacks["me"] = [ScreenInstance(screen: "user_inbox", params: ["uid": "u2"])]
            $0.gatedScreens = [Navigator.ScreenPlace(tab: "me", position: 0): "u2"]
        }
    }

    @Test func aNewerNavigationReplacesTheWaitingLogin() {
        var nav = NavigatorStore()
        nav.send(.notification(F.myMessages(), .background),
                 expecting: [.clearBadge, F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages()))
        }
        nav.send(.notification(F.detail(4), .inactive),
                 expecting: [.clearBadge, .dismissLogin, F.pushDetail(4)], outcome: .performed) {
            $0.phase = .idle
            $0.ui.stacks["home"] = [F.detailScreen(4)]
        }
        // Logging in later serves nothing: the route it was for was replaced.
        nav.send(.loginSucceeded(user: "u1"), expecting: [], outcome: .none) { $0.user = "u1" }
    }

    @Test func aNewerAlertReplacesTheWaitingLogin() {
        var nav = NavigatorStore()
        nav.send(.notification(F.myMessages(), .background),
                 expecting: [.clearBadge, F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages()))
        }
        nav.send(.notification(F.home(), .active),
                 expecting: [.clearBadge, .dismissLogin, F.alert("home")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.home()))
        }
    }

    @Test func anIgnoredOrUnmatchedNotificationLeavesTheWaitingLoginAlone() {
        var nav = NavigatorStore()
        nav.send(.notification(F.myMessages(), .background),
                 expecting: [.clearBadge, F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages()))
        }
        nav.send(.notification(F.home(fg: "ignore"), .active), expecting: [.clearBadge],
                 outcome: .ignored)
        nav.send(.notification(F.unmatched, .active), expecting: [.clearBadge], outcome: .unmatched)
        nav.send(.alertConfirmed, expecting: [], outcome: .none)
        nav.send(.alertCancelled, expecting: [], outcome: .none)
    }

    @Test func loggingInWithNothingWaitingJustRecordsTheUser() {
        var nav = NavigatorStore()
        nav.send(.loginSucceeded(user: "u1"), expecting: [], outcome: .none) { $0.user = "u1" }
        nav.send(.loginSucceeded(user: "u2"), expecting: [], outcome: .none) { $0.user = "u2" }
    }

    @Test func logoutForgetsTheUserAndLeavesTheUIAlone() {
        let inbox = ScreenInstance(screen: "user_inbox", params: ["uid": "u1"])
        let ui = UISnapshot(selectedTab: "me", stacks: ["me": [inbox]])
        var nav = NavigatorStore(F.navigator(ui: ui, user: "u1"))
        nav.send(.logout, expecting: [], outcome: .none) { $0.user = nil }
        nav.send(.notification(F.inbox("u1"), .background),
                 expecting: [.clearBadge, F.login(expecting: "u1")], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.inbox("u1")))
        }
    }

    @Test func aConfirmedAlertAfterLogoutAsksForLogin() {
        var nav = NavigatorStore(F.navigator(user: "u1"))
        nav.send(.notification(F.inbox("u1"), .active),
                 expecting: [.clearBadge, F.alert("user_inbox")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.inbox("u1")))
        }
        nav.send(.logout, expecting: [], outcome: .none) { $0.user = nil }
        nav.send(.alertConfirmed, expecting: [F.login(expecting: "u1")], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.inbox("u1")))
        }
    }

    @Test func aConfirmedAlertIsCheckedAgainstWhoeverLoggedInMeanwhile() {
        var nav = NavigatorStore()
        nav.send(.notification(F.inbox("u1"), .active),
                 expecting: [.clearBadge, F.alert("user_inbox")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.inbox("u1")))
        }
        nav.send(.loginSucceeded(user: "u2"), expecting: [], outcome: .none) { $0.user = "u2" }
        nav.send(.alertConfirmed, expecting: [], outcome: .rejectedUserMismatch) {
            $0.phase = .idle
        }
    }

    @Test func aTableWithoutALoginScreenDropsALoginGatedRoute() {
        var nav = NavigatorStore(F.navigator(loginScreen: nil))
        nav.send(.notification(F.myMessages(), .background), expecting: [.clearBadge],
                 outcome: .dropped)
    }
}
