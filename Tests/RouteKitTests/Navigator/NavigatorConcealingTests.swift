import RouteKit
import Testing

private typealias F = NavFixture

/// SPEC §6.3: "No sequence of events may show a login-gated screen to a logged-out user or another
/// user's screen to the wrong user." A screen shown for a route that needed login stays in the UI
/// after a logout or a login as someone else; the navigator's own commands must not uncover it.
@Suite struct NavigatorConcealingTests {
    /// u1's inbox is on `me`, then `home` is selected over it.
    private func inboxOfU1BehindHome() -> Navigator {
        var navigator = F.navigator(user: "u1")
        #expect(navigator.send(.notification(F.inbox("u1"), .background)).commands
            == [.clearBadge, F.select("me"), F.pushInbox("u1")])
        #expect(navigator.send(.notification(F.home(), .background)).commands == [.clearBadge, F.select("home")])
        #expect(navigator.state.gatedScreens == [Navigator.ScreenPlace(tab: "me", position: 0): "u1"])
        return navigator
    }

    private static let threadOnMe = Navigator.Command.push(
        tab: "me", screen: "thread", params: ["id": 5], hidesBottomBar: false)

    @Test func afterALogoutTheTabOfAGatedScreenIsPoppedBeforeItIsSelected() {
        var navigator = inboxOfU1BehindHome()
        #expect(navigator.send(.logout).commands == [])
        let step = navigator.send(.notification(F.thread(5, tab: "me"), .background))
        #expect(step.outcome == .performed)
        #expect(step.commands == [.clearBadge, .popToRoot(tab: "me"), F.select("me"), Self.threadOnMe])
        #expect(navigator.state.gatedScreens.isEmpty)
    }

    @Test func leavingTheTabOfAGatedScreenForAnotherPopsNothing() {
        var navigator = F.navigator(user: "u1")
        _ = navigator.send(.notification(F.inbox("u1"), .background))
        _ = navigator.send(.logout)
        // Selecting `home` uncovers nothing on `me`: SPEC §6.4's commands alone.
        #expect(navigator.send(.notification(F.home(), .background)).commands == [.clearBadge, F.select("home")])
        #expect(navigator.state.gatedScreens == [Navigator.ScreenPlace(tab: "me", position: 0): "u1"])
        #expect(navigator.send(.notification(F.thread(5, tab: "me"), .background)).commands
            == [.clearBadge, .popToRoot(tab: "me"), F.select("me"), Self.threadOnMe])
    }

    @Test func anotherUserDoesNotSeeTheScreenEither() {
        var navigator = inboxOfU1BehindHome()
        #expect(navigator.send(.loginSucceeded(user: "u2")).commands == [])
        #expect(navigator.send(.notification(F.thread(5, tab: "me"), .background)).commands
            == [.clearBadge, .popToRoot(tab: "me"), F.select("me"), Self.threadOnMe])
    }

    @Test func theSameUserBackSeesItAgainAsItWas() {
        var navigator = inboxOfU1BehindHome()
        _ = navigator.send(.logout)
        _ = navigator.send(.loginSucceeded(user: "u1"))
        #expect(navigator.send(.notification(F.thread(5, tab: "me"), .background)).commands
            == [.clearBadge, F.select("me"), Self.threadOnMe])
    }

    @Test func aLookAlikeUserIdIsAnotherUser() {
        var navigator = inboxOfU1BehindHome()
        // "u1" with a combining mark is not "u1"; the Ångström sign is not "Å".
        _ = navigator.send(.loginSucceeded(user: "u1\u{301}"))
        #expect(navigator.send(.notification(F.thread(5, tab: "me"), .background)).commands.dropFirst().first
            == .popToRoot(tab: "me"))
    }

    @Test func aGatedModalIsDismissedBeforeAnotherIsPresentedOnIt() {
        var navigator = F.navigator(user: "u1")
        #expect(navigator.send(.notification(F.settings(), .background)).commands
            == [.clearBadge, .present(screen: "settings", params: [:], embedInNavigation: false)])
        _ = navigator.send(.logout)
        #expect(navigator.send(.notification(F.notice(), .background)).commands
            == [.clearBadge, .dismissModals, F.presentNotice()])
    }

    @Test func theLoginScreenIsNotDismissedOntoAnotherUsersScreen() {
        var navigator = F.navigator(user: "u1")
        _ = navigator.send(.notification(F.myMessages(), .background))
        _ = navigator.send(.logout)
        #expect(navigator.send(.notification(F.settings(), .background)).commands == [.clearBadge, F.login()])
        #expect(navigator.send(.loginCancelled).commands == [.popToRoot(tab: "me"), .dismissLogin])
    }

    @Test func aGatedScreenIsNotReloadedForAnotherUserButShownAfresh() {
        var navigator = F.navigator(user: "u1")
        _ = navigator.send(.notification(F.myMessages(), .background))
        _ = navigator.send(.logout)
        #expect(navigator.send(.notification(F.myMessages(), .background)).commands == [.clearBadge, F.login()])
        // The login screen goes only after `me` is popped: it covered u1's screen.
        #expect(navigator.send(.loginSucceeded(user: "u2")).commands
            == [.popToRoot(tab: "me"), .dismissLogin, F.pushMyMessages])
        #expect(navigator.state.gatedScreens == [Navigator.ScreenPlace(tab: "me", position: 0): "u2"])
    }

    @Test func theSameUserGetsAReload() {
        var navigator = F.navigator(user: "u1")
        _ = navigator.send(.notification(F.myMessages(), .background))
        #expect(navigator.send(.notification(F.myMessages(), .background)).commands
            == [.clearBadge, .reload(screen: "my_messages", params: [:])])
    }

    @Test func aScreenTheAppReportsIsTheApps() {
        // The app may know a user the navigator was not told of: its own screens are left alone.
        let ui = UISnapshot(selectedTab: "home", stacks: ["me": [ScreenInstance(screen: "my_messages")]])
        var navigator = F.navigator(ui: ui)
        #expect(navigator.send(.notification(F.thread(5, tab: "me"), .background)).commands
            == [.clearBadge, F.select("me"), Self.threadOnMe])
    }

    @Test func aReportedUIKeepsWhatTheNavigatorShowedWhereItStillIs() {
        var navigator = inboxOfU1BehindHome()
        let shown = navigator.state.ui
        _ = navigator.send(.uiState(UISnapshot(selectedTab: "discover", stacks: shown.stacks)))
        #expect(navigator.state.gatedScreens == [Navigator.ScreenPlace(tab: "me", position: 0): "u1"])
        _ = navigator.send(.uiState(UISnapshot(selectedTab: "discover", stacks: [
            "me": [F.detailScreen(1)] + shown.stack(of: "me"),
        ])))
        #expect(navigator.state.gatedScreens.isEmpty)
    }
}
