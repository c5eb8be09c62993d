import RouteKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs event sequences through a navigator and a `UISimulator` side by side and finds the first
/// event after which an invariant of SPEC §6 breaks, for any table:
/// - a login-gated screen (the screen's `login: required`, or the route's login requirement) is
///   never pushed, presented or reloaded while logged out, and a `{user: …}` route never performs
///   for another user (the route behind each step is found by re-deciding the payload that led
///   to it, tracked here apart from the navigator);
/// - at most one alert and one login are up, and the navigator's phase says which;
/// - every command makes sense for the UI (`UISimulator.apply`), `clear_badge` comes first when
///   the table asks for it, outcomes agree with the commands;
/// - the navigator's model equals the simulated UI after every event.
struct InvariantHarness: Sendable {
    let decider: any RouteDecider
    /// Screens whose params name the user they belong to: screen → param.
    var ownerParams: [String: String] = [:]
    /// What the navigator decides with, when not `decider` (to show that the checks catch a
    /// navigator that gets its routes wrong); the checks always use `decider`.
    var navigatorDecider: (any RouteDecider)? = nil

    var table: RouteTable { decider.table }

    struct Violation: Sendable {
        var index: Int
        var message: String
    }

    /// Events per seed: `default` unless `ROUTEKIT_NAV_EVENTS` says otherwise.
    static func eventsPerSeed(default count: Int) -> Int {
        guard let text = getenv("ROUTEKIT_NAV_EVENTS").map({ String(cString: $0) }),
            let events = Int(text), events > 0
        else { return count }
        return events
    }

    /// Checks `events` from a fresh navigator with `user` logged in; on a violation, records an
    /// issue with the seed, `label` and the smallest failing sequence as JSON lines.
    func run(_ events: [NavigatorEvent], user: String?, seed: UInt64, label: String) {
        if let report = report(events, user: user, seed: seed, label: label) {
            Issue.record(Comment(rawValue: report))
        }
    }

    /// The failure report for `events` (nil when every invariant holds): the seed, `label`, the
    /// first violation and the smallest failing sequence as JSON lines, ready for replay.
    func report(_ events: [NavigatorEvent], user: String?, seed: UInt64, label: String)
        -> String?
    {
        guard let failure = firstViolation(events, user: user) else { return nil }
        let smallest = shrink(events, failure, user: user)
        let replay = smallest.events.map { JSONWriter.write($0.jsonValue) }
            .joined(separator: "\n")
        return """
            \(label), seed \(seed): event \(failure.index): \(failure.message)
            smallest case (start user \(smallest.user ?? "none"), clear_badge \
            \(table.defaults.clearBadge)), failing at event \(smallest.violation.index): \
            \(smallest.violation.message)
            \(replay)
            """
    }

    /// Runs `events` through a navigator and a simulator side by side; the first broken rule.
    func firstViolation(_ events: [NavigatorEvent], user: String?) -> Violation? {
        var navigator = Navigator(decider: navigatorDecider ?? decider, user: user)
        var simulator = UISimulator(table: table)
        var tracker = RouteTracker()
        for (index, event) in events.enumerated() {
            let source = tracker.source(of: event, decider)
            let step = navigator.send(event)
            simulator.observe(event)
            tracker.settle(step, source: source)
            let decision = source.map(decider.decide)
            if let message = check(step, after: event, decision, navigator.state, &simulator)
                ?? tracker.disagreement(with: navigator.state.phase)
            {
                return Violation(index: index, message: message)
            }
        }
        return nil
    }

    private func check(
        _ step: Navigator.Step, after event: NavigatorEvent, _ decision: Decision?,
        _ state: Navigator.State, _ simulator: inout UISimulator
    ) -> String? {
        let shown = decision?.action.map { $0.push + ($0.present.map { [$0] } ?? []) } ?? []
        for command in step.commands {
            if let message = simulator.apply(command) { return message }
            switch command {
            case .push(_, let screen, let params, _), .present(let screen, let params, _),
                .reload(let screen, let params):
                if let message = checkShown(screen, params, decision, shown, state.user) {
                    return "\(command.name) of '\(screen)': \(message)"
                }
            default:
                break
            }
        }
        let badgeFirst: Bool
        switch event {
        case .notification: badgeFirst = table.defaults.clearBadge
        // A JSON null payload is no payload.
        case .launch(let payload?, _): badgeFirst = payload != .null && table.defaults.clearBadge
        default: badgeFirst = false
        }
        if step.commands.contains(.clearBadge) != badgeFirst
            || (badgeFirst && step.commands.first != .clearBadge)
            || step.commands.filter({ $0 == .clearBadge }).count > 1
        {
            return "clear_badge misplaced in \(step.commands)"
        }
        // Popping a tab and dismissing modals show nothing new: a login that is cancelled or
        // refused first hides what it covered from the wrong user (Navigator+Concealing.swift).
        let navigating = step.commands.contains {
            switch $0 {
            case .clearBadge, .dismissAlert, .dismissLogin, .popToRoot, .dismissModals: false
            default: true
            }
        }
        switch step.outcome {
        case .alerted:
            guard case .showAlert = step.commands.last else { return "alerted without show_alert" }
        case .awaitingLogin:
            guard case .presentLogin = step.commands.last else {
                return "awaiting_login without present_login"
            }
        case .performed:
            guard decision?.routes == true else { return "performed with no route behind it" }
        case .deferred, .ignored, .unmatched, .dropped, .rejectedUserMismatch, .none:
            if navigating { return "\(step.outcome) with \(step.commands)" }
        }
        if case .launching = state.phase, step.commands.contains(where: { $0 != .clearBadge }) {
            return "commands while launching: \(step.commands)"
        }
        if simulator.snapshot != state.ui {
            return "model \(state.ui) but the simulated UI is \(simulator.snapshot)"
        }
        var alerting = false
        var awaitingLogin = false
        switch state.phase {
        case .alerting: alerting = true
        case .awaitingLogin: awaitingLogin = true
        case .launching, .idle: break
        }
        if simulator.alertUp != alerting || simulator.loginUp != awaitingLogin {
            return "phase \(state.phase) but alert up \(simulator.alertUp), "
                + "login up \(simulator.loginUp)"
        }
        if awaitingLogin, let user = state.user { return "login up while \(user) is logged in" }
        return nil
    }

    /// Why showing `screen` with `params` for this event's route breaks a rule, if it does.
    private func checkShown(
        _ screen: String, _ params: [String: JSONValue], _ decision: Decision?,
        _ shown: [ScreenInstance], _ user: String?
    ) -> String? {
        guard let decision else { return "no route behind it" }
        guard shown.contains(ScreenInstance(screen: screen, params: params)) else {
            return "not what the route \(decision.source) shows (\(shown))"
        }
        if table.screen(named: screen)?.loginRequired == true, user == nil {
            return "login-gated screen shown while logged out"
        }
        switch decision.login {
        case .none:
            break
        case .required:
            if user == nil { return "route \(decision.source) needs login, shown while logged out" }
        case .user(let owner):
            if user != owner {
                return "route \(decision.source) for \(owner) shown to \(user ?? "nobody")"
            }
        }
        if let param = ownerParams[screen], params[param] != user.map(JSONValue.string) {
            let owner = params[param].map { JSONWriter.write($0) } ?? "?"
            return "\(owner)'s screen shown to \(user ?? "nobody")"
        }
        return nil
    }

    /// Events before the last `launch` before the failure cannot matter except for the user it
    /// sets, so the case starts there; then events are dropped one by one while it still fails.
    func shrink(_ events: [NavigatorEvent], _ failure: Violation, user: String?)
        -> (events: [NavigatorEvent], violation: Violation, user: String?)
    {
        var start = 0
        for index in stride(from: failure.index, through: 0, by: -1) {
            if case .launch = events[index] { start = index; break }
        }
        let startUser = start == 0 ? user : nil
        var current = Array(events[start...failure.index])
        var violation = Violation(index: failure.index - start, message: failure.message)
        guard current.count <= 400 else { return (current, violation, startUser) }
        var position = 0
        while position < current.count {
            var candidate = current
            candidate.remove(at: position)
            if let found = firstViolation(candidate, user: startUser) {
                current = Array(candidate[...found.index])
                violation = found
            } else {
                position += 1
            }
        }
        return (current, violation, startUser)
    }
}

/// Which notification each event may perform, worked out from the events and outcomes alone:
/// the one held between `launch` and `ready`, the one behind an alert or a login.
struct RouteTracker {
    enum Waiting: Equatable {
        case alert(JSONValue)
        case login(JSONValue)
    }

    var launching = false
    var held: JSONValue?
    var waiting: Waiting?

    /// The payload whose route `event` may perform; call before the navigator handles it.
    mutating func source(of event: NavigatorEvent, _ decider: any RouteDecider) -> JSONValue? {
        switch event {
        case .launch(let payload, _):
            launching = true
            waiting = nil
            // Not `? $0 : nil`: JSONValue is ExpressibleByNilLiteral, so that nil is `.null`.
            held = nil
            if let payload, payload != .null, decider.decide(payload).routes { held = payload }
            return nil
        case .ready:
            guard launching else { return nil }
            launching = false
            defer { held = nil }
            return held
        case .notification(let payload, _):
            guard launching else { return payload }
            if decider.decide(payload).routes { held = payload }
            return nil
        case .alertConfirmed:
            guard case .alert(let payload) = waiting else { return nil }
            waiting = nil
            return payload
        case .alertCancelled:
            if case .alert = waiting { waiting = nil }
            return nil
        case .loginSucceeded:
            guard case .login(let payload) = waiting else { return nil }
            waiting = nil
            return payload
        case .loginCancelled:
            if case .login = waiting { waiting = nil }
            return nil
        case .logout, .uiState:
            return nil
        }
    }

    /// What waits after the navigator handled the event whose route came from `source`.
    mutating func settle(_ step: Navigator.Step, source: JSONValue?) {
        guard let source else { return }
        switch step.outcome {
        case .alerted:
            waiting = .alert(source)
        case .awaitingLogin:
            waiting = .login(source)
        default:
            if step.commands.contains(.dismissAlert) || step.commands.contains(.dismissLogin) {
                waiting = nil
            }
        }
    }

    /// Why the navigator's phase is not what the events leave held or waiting, if it is not.
    func disagreement(with phase: Navigator.Phase) -> String? {
        let agrees = switch phase {
        case .launching(let route): launching && route?.payload == held
        case .idle: !launching && waiting == nil
        case .alerting(let route): !launching && waiting == .alert(route.payload)
        case .awaitingLogin(let route): !launching && waiting == .login(route.payload)
        }
        if agrees { return nil }
        let expected = launching
            ? "launching, holding \(held.map { JSONWriter.write($0) } ?? "nothing")"
            : waiting.map { "\($0)" } ?? "idle"
        return "phase \(phase) but the events leave it \(expected)"
    }
}

