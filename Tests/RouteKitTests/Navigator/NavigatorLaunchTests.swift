import RouteKit
import Testing

private typealias F = NavFixture

/// SPEC §6 rule 1: between `launch` and `ready` nothing is performed; and what `launch` resets.
@Suite struct NavigatorLaunchTests {
    @Test func startsReadyAtTheFirstTabWithNothingWaiting() {
        let navigator = F.navigator()
        #expect(navigator.state == Navigator.State(ui: UISnapshot(selectedTab: "home")))
        var nav = NavigatorStore(navigator)
        nav.send(.notification(F.detail(42), .background),
                 expecting: [.clearBadge, F.pushDetail(42)], outcome: .performed) {
            $0.ui.stacks["home"] = [F.detailScreen(42)]
        }
    }

    @Test func coldStartHoldsTheRouteUntilReadyThenHandlesItAsTapped() {
        var nav = NavigatorStore()
        nav.send(.launch(payload: F.detail(7), user: "u1"), expecting: [.clearBadge],
                 outcome: .deferred) {
            $0.user = "u1"
            $0.phase = .launching(held: .of(F.detail(7)))
        }
        nav.send(.ready, expecting: [F.pushDetail(7)], outcome: .performed) {
            $0.phase = .idle
            $0.ui.stacks["home"] = [F.detailScreen(7)]
        }
    }

    @Test(arguments: NavigatorEvent.AppState.allCases)
    func holdsEveryRoutedNotificationWhateverItsAppState(_ appState: NavigatorEvent.AppState) {
        var nav = NavigatorStore()
        nav.send(.launch(), expecting: [], outcome: .none) { $0.phase = .launching(held: nil) }
        nav.send(.notification(F.detail(1, fg: "ignore"), appState), expecting: [.clearBadge],
                 outcome: .deferred) { $0.phase = .launching(held: .of(F.detail(1, fg: "ignore"))) }
    }

    @Test func theLatestRoutedNotificationWinsAndAnUnmatchedOneLeavesItAlone() {
        var nav = NavigatorStore()
        nav.send(.launch(payload: F.detail(1)), expecting: [.clearBadge], outcome: .deferred) {
            $0.phase = .launching(held: .of(F.detail(1)))
        }
        nav.send(.notification(F.notice(5), .active), expecting: [.clearBadge],
                 outcome: .deferred) {
            $0.phase = .launching(held: .of(F.notice(5)))
        }
        nav.send(.notification(F.unmatched, .background), expecting: [.clearBadge],
                 outcome: .unmatched)
        nav.send(.notification(F.fallback, .inactive), expecting: [.clearBadge],
                 outcome: .deferred) {
            $0.phase = .launching(held: .of(F.fallback))
        }
        nav.send(.notification(F.detail(2), .background), expecting: [.clearBadge],
                 outcome: .deferred) { $0.phase = .launching(held: .of(F.detail(2))) }
        nav.send(.ready, expecting: [F.pushDetail(2)], outcome: .performed) {
            $0.phase = .idle
            $0.ui.stacks["home"] = [F.detailScreen(2)]
        }
    }

    @Test func aHeldForegroundRouteIsHandledAsTappedNotAlerted() {
        var nav = NavigatorStore()
        nav.send(.launch(), expecting: [], outcome: .none) { $0.phase = .launching(held: nil) }
        nav.send(.notification(F.detail(3, fg: "alert"), .active), expecting: [.clearBadge],
                 outcome: .deferred) { $0.phase = .launching(held: .of(F.detail(3, fg: "alert"))) }
        nav.send(.ready, expecting: [F.pushDetail(3)], outcome: .performed) {
            $0.phase = .idle
            $0.ui.stacks["home"] = [F.detailScreen(3)]
        }
    }

    @Test func launchWithAnUnmatchedPayloadHoldsNothing() {
        var nav = NavigatorStore()
        nav.send(.launch(payload: F.unmatched), expecting: [.clearBadge], outcome: .unmatched) {
            $0.phase = .launching(held: nil)
        }
        nav.send(.ready, expecting: [], outcome: .none) { $0.phase = .idle }
    }

    @Test func readyWithNothingHeldOrWithoutLaunchDecidesNothing() {
        var nav = NavigatorStore()
        nav.send(.ready, expecting: [], outcome: .none)
        nav.send(.launch(payload: nil, user: nil), expecting: [], outcome: .none) {
            $0.phase = .launching(held: nil)
        }
        nav.send(.ready, expecting: [], outcome: .none) { $0.phase = .idle }
        nav.send(.ready, expecting: [], outcome: .none)
    }

    @Test func launchStartsAfreshDroppingTheUIWhatWaitsAndTheUser() {
        let ui = UISnapshot(selectedTab: "me",
                            stacks: ["me": [ScreenInstance(screen: "my_messages")]],
                            modals: [F.noticeScreen()])
        var nav = NavigatorStore(F.navigator(ui: ui, user: "u1"))
        nav.send(.notification(F.home(), .active), expecting: [.clearBadge, F.alert("home")],
                 outcome: .alerted) { $0.phase = .alerting(.of(F.home())) }
        nav.send(.launch(payload: nil, user: "u2"), expecting: [], outcome: .none) {
            $0 = Navigator.State(ui: UISnapshot(selectedTab: "home"), user: "u2",
                                 phase: .launching(held: nil))
        }
        nav.send(.alertConfirmed, expecting: [], outcome: .none)
    }

    @Test func launchDropsAWaitingLoginAndARouteHeldByAnEarlierLaunch() {
        var nav = NavigatorStore()
        nav.send(.notification(F.myMessages(), .background),
                 expecting: [.clearBadge, F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages()))
        }
        nav.send(.launch(payload: F.detail(1)), expecting: [.clearBadge], outcome: .deferred) {
            $0.phase = .launching(held: .of(F.detail(1)))
        }
        nav.send(.launch(), expecting: [], outcome: .none) { $0.phase = .launching(held: nil) }
        nav.send(.loginSucceeded(user: "u1"), expecting: [], outcome: .none) { $0.user = "u1" }
        nav.send(.ready, expecting: [], outcome: .none) { $0.phase = .idle }
    }

    @Test func aHeldLoginGatedRouteAsksForLoginOnReady() {
        var nav = NavigatorStore()
        nav.send(.launch(payload: F.inbox("u1")), expecting: [.clearBadge], outcome: .deferred) {
            $0.phase = .launching(held: .of(F.inbox("u1")))
        }
        nav.send(.ready, expecting: [F.login(expecting: "u1")], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.inbox("u1")))
        }
    }

    @Test func aHeldRouteForAnotherUserIsRejectedOnReady() {
        var nav = NavigatorStore()
        nav.send(.launch(payload: F.inbox("u1"), user: "u2"), expecting: [.clearBadge],
                 outcome: .deferred) {
            $0.user = "u2"
            $0.phase = .launching(held: .of(F.inbox("u1")))
        }
        nav.send(.ready, expecting: [], outcome: .rejectedUserMismatch) { $0.phase = .idle }
    }

    @Test func uiStateWhileLaunchingIsRecordedAndStillWaitsForReady() {
        var nav = NavigatorStore()
        nav.send(.launch(payload: F.detail(1)), expecting: [.clearBadge], outcome: .deferred) {
            $0.phase = .launching(held: .of(F.detail(1)))
        }
        nav.send(.uiState(UISnapshot(selectedTab: "me")), expecting: [], outcome: .none) {
            $0.ui.selectedTab = "me"
        }
        nav.send(.ready, expecting: [F.select("home"), F.pushDetail(1)], outcome: .performed) {
            $0.phase = .idle
            $0.ui = UISnapshot(selectedTab: "home", stacks: ["home": [F.detailScreen(1)]])
        }
    }
}
