import RouteKit
import Testing

private typealias F = NavFixture

/// SPEC §6 rule 2: app states, foreground policies, alert answers and newer notifications.
@Suite struct NavigatorForegroundTests {
    struct PolicyCase: Sendable, CustomTestStringConvertible {
        var appState: NavigatorEvent.AppState
        var policy: String
        var testDescription: String { "\(appState) with foreground: \(policy)" }
    }

    static let tappedCases = [NavigatorEvent.AppState.inactive, .background].flatMap { state in
        ["alert", "navigate", "ignore"].map { PolicyCase(appState: state, policy: $0) }
    }

    @Test(arguments: tappedCases)
    func aTappedNotificationIsPerformedWhateverThePolicy(_ c: PolicyCase) {
        var nav = NavigatorStore()
        nav.send(.notification(F.discover(fg: c.policy), c.appState),
                 expecting: [.clearBadge, F.select("discover")], outcome: .performed) {
            $0.ui.selectedTab = "discover"
        }
    }

    @Test func activeWithIgnoreDoesNothing() {
        var nav = NavigatorStore()
        nav.send(.notification(F.discover(fg: "ignore"), .active), expecting: [.clearBadge],
                 outcome: .ignored)
    }

    @Test func activeWithNavigatePerforms() {
        var nav = NavigatorStore()
        nav.send(.notification(F.discover(fg: "navigate"), .active),
                 expecting: [.clearBadge, F.select("discover")], outcome: .performed) {
            $0.ui.selectedTab = "discover"
        }
    }

    @Test func activeWithAlertPerformsOnConfirmWithoutDismissingTheAnsweredAlert() {
        var nav = NavigatorStore()
        nav.send(.notification(F.discover(), .active),
                 expecting: [.clearBadge, F.alert("discover")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.discover()))
        }
        nav.send(.alertConfirmed, expecting: [F.select("discover")], outcome: .performed) {
            $0.phase = .idle
            $0.ui.selectedTab = "discover"
        }
    }

    @Test func alertCancelledDropsTheRoute() {
        var nav = NavigatorStore()
        nav.send(.notification(F.discover(), .active),
                 expecting: [.clearBadge, F.alert("discover")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.discover()))
        }
        nav.send(.alertCancelled, expecting: [], outcome: .dropped) { $0.phase = .idle }
        nav.send(.alertConfirmed, expecting: [], outcome: .none)
    }

    @Test func theAlertShowsTheDecisionsTexts() {
        var nav = NavigatorStore()
        let payload: JSONValue = ["route": "home", "aps": ["alert": "New message"]]
        nav.send(.notification(payload, .active), expecting: [
            .clearBadge,
            .showAlert(AlertText(title: "", message: "New message", confirm: "View",
                                 cancel: "Cancel")),
        ], outcome: .alerted) { $0.phase = .alerting(.of(payload)) }
    }

    @Test(arguments: [NavigatorEvent.alertConfirmed, .alertCancelled, .loginCancelled])
    func anAnswerWithNothingWaitingDecidesNothing(_ event: NavigatorEvent) {
        var nav = NavigatorStore()
        nav.send(event, expecting: [], outcome: .none)
    }

    @Test func aNewerAlertReplacesAWaitingAlert() {
        var nav = NavigatorStore()
        nav.send(.notification(F.discover(), .active),
                 expecting: [.clearBadge, F.alert("discover")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.discover()))
        }
        nav.send(.notification(F.detail(9), .active),
                 expecting: [.clearBadge, .dismissAlert, F.alert("detail")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.detail(9)))
        }
        nav.send(.alertConfirmed, expecting: [F.pushDetail(9)], outcome: .performed) {
            $0.phase = .idle
            $0.ui.stacks["home"] = [F.detailScreen(9)]
        }
    }

    @Test func aNewerNavigationReplacesAWaitingAlert() {
        var nav = NavigatorStore()
        nav.send(.notification(F.discover(), .active),
                 expecting: [.clearBadge, F.alert("discover")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.discover()))
        }
        nav.send(.notification(F.notice(), .active),
                 expecting: [.clearBadge, .dismissAlert, F.presentNotice()], outcome: .performed) {
            $0.phase = .idle
            $0.ui.modals = [F.noticeScreen()]
        }
        nav.send(.alertConfirmed, expecting: [], outcome: .none)
    }

    @Test func aNewerLoginReplacesAWaitingAlert() {
        var nav = NavigatorStore()
        nav.send(.notification(F.discover(), .active),
                 expecting: [.clearBadge, F.alert("discover")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.discover()))
        }
        nav.send(.notification(F.myMessages(), .background),
                 expecting: [.clearBadge, .dismissAlert, F.login()], outcome: .awaitingLogin) {
            $0.phase = .awaitingLogin(.of(F.myMessages()))
        }
    }

    @Test func anIgnoredUnmatchedOrRejectedNotificationLeavesTheWaitingAlertAlone() {
        var nav = NavigatorStore(F.navigator(user: "u2"))
        nav.send(.notification(F.discover(), .active),
                 expecting: [.clearBadge, F.alert("discover")], outcome: .alerted) {
            $0.phase = .alerting(.of(F.discover()))
        }
        nav.send(.notification(F.home(fg: "ignore"), .active), expecting: [.clearBadge],
                 outcome: .ignored)
        nav.send(.notification(F.unmatched, .background), expecting: [.clearBadge],
                 outcome: .unmatched)
        nav.send(.notification(F.inbox("u1"), .background), expecting: [.clearBadge],
                 outcome: .rejectedUserMismatch)
        nav.send(.notification(F.inbox("u1"), .active), expecting: [.clearBadge],
                 outcome: .rejectedUserMismatch)
        nav.send(.uiState(UISnapshot(selectedTab: "me")), expecting: [], outcome: .none) {
            $0.ui.selectedTab = "me"
        }
        nav.send(.alertConfirmed, expecting: [F.select("discover")], outcome: .performed) {
            $0.phase = .idle
            $0.ui.selectedTab = "discover"
        }
    }

    @Test func theForegroundPolicyIsCheckedBeforeTheUser() {
        var nav = NavigatorStore(F.navigator(user: "u2"))
        nav.send(.notification(F.inbox("u1", fg: "ignore"), .active), expecting: [.clearBadge],
                 outcome: .ignored)
    }

    @Test func noAlertIsShownForAnotherUsersRoute() {
        var nav = NavigatorStore(F.navigator(user: "u2"))
        nav.send(.notification(F.inbox("u1", fg: "alert"), .active), expecting: [.clearBadge],
                 outcome: .rejectedUserMismatch)
    }

    /// User ids compare code point by code point, as `when: uid == "…"` does: an id that only
    /// looks like the logged-in one (a precomposed letter against a decomposed one, U+00C5
    /// against the Ångström sign U+212B) is another user's (found by an audit).
    @Test func aUserIdThatOnlyLooksTheSameIsAnotherUser() {
        for (loggedIn, sent) in [("\u{C5}", "\u{212B}"), ("\u{E9}", "e\u{301}"), ("e\u{301}", "\u{E9}")] {
            #expect(loggedIn == sent, "Swift's == calls them equal; the navigator must not")
            var nav = NavigatorStore(F.navigator(user: loggedIn))
            nav.send(.notification(F.inbox(sent), .background), expecting: [.clearBadge],
                     outcome: .rejectedUserMismatch)
        }
    }

    @Test func theFallbackIsPerformedLikeARule() {
        var nav = NavigatorStore(F.navigator(ui: UISnapshot(selectedTab: "me")))
        nav.send(.notification(F.fallback, .active), expecting: [.clearBadge, F.select("home")],
                 outcome: .performed) { $0.ui.selectedTab = "home" }
    }
}
