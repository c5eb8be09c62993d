// The checks of SPEC §6 for each event, in the order the type's doc comment lists them.
extension Navigator {
    mutating func launch(_ payload: JSONValue?, user: String?, _ commands: inout [Command])
        -> Outcome
    {
        state = State(ui: UISnapshot(startingIn: table), user: user, phase: .launching(held: nil))
        // A JSON `null` payload is no payload, as in the event's JSON form (`"payload": null`).
        guard let payload, payload != .null else { return .none }
        if table.defaults.clearBadge { emit(.clearBadge, &commands) }
        let decision = decider.decide(payload)
        guard decision.routes else { return .unmatched }
        state.phase = .launching(held: decided(payload, decision))
        return .deferred
    }

    mutating func ready(_ commands: inout [Command]) -> Outcome {
        switch state.phase {
        case .launching(let held):
            state.phase = .idle
            guard let held else { return .none }
            return handle(held, .inactive, &commands)
        case .idle, .alerting, .awaitingLogin:
            return .none
        }
    }

    mutating func notification(
        _ payload: JSONValue, _ appState: NavigatorEvent.AppState, _ commands: inout [Command]
    ) -> Outcome {
        if table.defaults.clearBadge { emit(.clearBadge, &commands) }
        let decision = decider.decide(payload)
        guard decision.routes else { return .unmatched }
        let route = decided(payload, decision)
        switch state.phase {
        case .launching:
            state.phase = .launching(held: route)
            return .deferred
        case .idle, .alerting, .awaitingLogin:
            return handle(route, appState, &commands)
        }
    }

    mutating func alertConfirmed(_ commands: inout [Command]) -> Outcome {
        switch state.phase {
        case .alerting(let route):
            // The alert closed itself when answered: nothing to dismiss.
            state.phase = .idle
            return proceed(route, &commands)
        case .launching, .idle, .awaitingLogin:
            return .none
        }
    }

    mutating func alertCancelled() -> Outcome {
        switch state.phase {
        case .alerting:
            state.phase = .idle
            return .dropped
        case .launching, .idle, .awaitingLogin:
            return .none
        }
    }

    mutating func loginSucceeded(_ user: String, _ commands: inout [Command]) -> Outcome {
        state.user = user
        switch state.phase {
        case .awaitingLogin(let route):
            conceal(tabs: [], &commands)
            emit(.dismissLogin, &commands)
            state.phase = .idle
            return proceed(route, &commands)
        case .launching, .idle, .alerting:
            return .none
        }
    }

    mutating func loginCancelled(_ commands: inout [Command]) -> Outcome {
        switch state.phase {
        case .awaitingLogin:
            conceal(tabs: [], &commands)
            emit(.dismissLogin, &commands)
            state.phase = .idle
            return .dropped
        case .launching, .idle, .alerting:
            return .none
        }
    }

    /// A routed notification once the UI is ready: foreground policy, user, alert, login, perform.
    private mutating func handle(
        _ route: PendingRoute, _ appState: NavigatorEvent.AppState, _ commands: inout [Command]
    ) -> Outcome {
        let policy = appState == .active ? route.decision.foreground : .navigate
        switch policy {
        case .ignore:
            return .ignored
        case .navigate:
            return proceed(route, &commands)
        case .alert:
            guard !isForAnotherUser(route) else { return .rejectedUserMismatch }
            closeWaiting(&commands)
            emit(.showAlert(route.decision.alert), &commands)
            state.phase = .alerting(route)
            return .alerted
        }
    }

    /// A route for `payload` decided now, by the current decider, whose table performs it even
    /// if the decider is replaced before it is (`replaceDecider(_:)`).
    private func decided(_ payload: JSONValue, _ decision: Decision) -> PendingRoute {
        var route = PendingRoute(payload: payload, decision: decision)
        route.table = table
        return route
    }

    /// Everything after the alert: the user check (again, after an alert: the user may have changed
    /// while it was up), login, then performing; with the table that decided the route.
    private mutating func proceed(_ route: PendingRoute, _ commands: inout [Command]) -> Outcome {
        guard !isForAnotherUser(route) else { return .rejectedUserMismatch }
        let table = route.table ?? table
        if state.user == nil, needsLogin(route.decision, in: table) {
            guard let loginScreen = table.loginScreen else { return .dropped }
            closeWaiting(&commands)
            emit(.presentLogin(screen: loginScreen, expectedUser: expectedUser(route.decision)),
                 &commands)
            state.phase = .awaitingLogin(route)
            return .awaitingLogin
        }
        closeWaiting(&commands)
        perform(route.decision, in: table, &commands)
        return .performed
    }

    /// Closes the alert or login a newer route replaces.
    private mutating func closeWaiting(_ commands: inout [Command]) {
        switch state.phase {
        case .alerting:
            emit(.dismissAlert, &commands)
        case .awaitingLogin:
            conceal(tabs: [], &commands)
            emit(.dismissLogin, &commands)
        case .launching, .idle:
            break
        }
        state.phase = .idle
    }

    private func isForAnotherUser(_ route: PendingRoute) -> Bool {
        guard case .user(let expected) = route.decision.login, let user = state.user else {
            return false
        }
        // Code point by code point, as `when` compares `uid`: an id that only looks the same
        // ("\u{C5}" and the Ångström sign "\u{212B}") belongs to another account.
        return !user.hasSameScalars(as: expected)
    }

    private func expectedUser(_ decision: Decision) -> String? {
        if case .user(let expected) = decision.login { return expected }
        return nil
    }

    /// The route's own requirement, or a screen's `login: required` in the table that decided it
    /// (the decider may or may not have folded that in already).
    func needsLogin(_ decision: Decision, in table: RouteTable) -> Bool {
        if decision.login != .none { return true }
        guard let action = decision.action else { return false }
        return table.anyRequiresLogin(action.steps.lazy.map(\.screen))
    }
}
