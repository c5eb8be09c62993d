import RouteKit
import Testing

/// Drives a navigator the way TCA's `TestStore` drives a reducer: every `send` states the exact
/// commands, the outcome and how the state changed; anything else fails the test.
///
/// ```swift
/// var nav = NavigatorStore()
/// nav.send(.notification(NavFixture.home(), .background), expecting: [.clearBadge],
///          outcome: .performed)
/// ```
struct NavigatorStore {
    private(set) var navigator: Navigator

    init(_ navigator: Navigator = NavFixture.navigator()) {
        self.navigator = navigator
    }

    var state: Navigator.State { navigator.state }

    /// Decides later notifications with `decider` (`Navigator.replaceDecider(_:)`); the state
    /// must not change.
    mutating func replaceDecider(_ decider: any RouteDecider, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = navigator.state
        navigator.replaceDecider(decider)
        #expect(navigator.state == before, "state", sourceLocation: sourceLocation)
    }

    /// Sends `event`; the state must end as the current state changed by `change`, no more.
    mutating func send(
        _ event: NavigatorEvent, expecting commands: [Navigator.Command],
        outcome: Navigator.Outcome,
        _ change: (inout Navigator.State) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var expected = navigator.state
        change(&expected)
        let step = navigator.send(event)
        #expect(step.commands == commands, "commands", sourceLocation: sourceLocation)
        #expect(step.outcome == outcome, "outcome", sourceLocation: sourceLocation)
        #expect(navigator.state == expected, "state", sourceLocation: sourceLocation)
    }
}

extension Navigator.PendingRoute {
    /// The pending route the fixture's decider makes of `payload`.
    static func of(_ payload: JSONValue) -> Self {
        Self(payload: payload, decision: FakeDecider(table: NavFixture.table()).decide(payload))
    }
}
