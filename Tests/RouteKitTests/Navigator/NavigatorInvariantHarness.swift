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
/// - the navigator's model equals the simulated UI after every event;
/// - across `.swap` events (`Navigator.replaceDecider`), a route held, alerting or waiting for a
///   login is performed as the decider that decided it decided it, with its table; every other
///   event uses the current one.
struct InvariantHarness: Sendable {
    let decider: any RouteDecider
    /// Screens whose params name the user they belong to: screen → param.
    var ownerParams: [String: String] = [:]
    /// What the navigator decides with, when not `decider` (to show that the checks catch a
    /// navigator that gets its routes wrong); the checks always use `decider`.
    var navigatorDecider: (any RouteDecider)? = nil
    /// The deciders `.swap(to: n)` events switch to, for n ≥ 1 (0 is `decider`); they keep
    /// `decider`'s tabs, as tables that satisfy one app contract do.
    var alternates: [any RouteDecider] = []
    /// What the navigator is given on `.swap`, when not `alternates` (to show that the checks
    /// catch a navigator that keeps deciding with the old table); the checks always use
    /// `alternates`.
    var navigatorAlternates: [any RouteDecider]? = nil

    var table: RouteTable { decider.table }

    /// `decider`, then the alternates: what `.swap(to:)` numbers.
    var deciders: [any RouteDecider] { [decider] + alternates }

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
        run(events.map(HarnessEvent.send), user: user, seed: seed, label: label)
    }

    /// Like `run(_:user:seed:label:)`, with table swaps among the events.
    func run(_ events: [HarnessEvent], user: String?, seed: UInt64, label: String) {
        if let report = report(events, user: user, seed: seed, label: label) {
            Issue.record(Comment(rawValue: report))
        }
    }

    /// The failure report for `events` (nil when every invariant holds): the seed, `label`, the
    /// first violation and the smallest failing sequence as JSON lines, ready for replay.
    func report(_ events: [HarnessEvent], user: String?, seed: UInt64, label: String)
        -> String?
    {
        guard let failure = firstViolation(events, user: user) else { return nil }
        let smallest = shrink(events, failure, user: user)
        let replay = smallest.events.map(\.jsonLine).joined(separator: "\n")
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
        firstViolation(events.map(HarnessEvent.send), user: user)
    }

    /// Like `firstViolation(_:user:)`, with table swaps among the events.
    func firstViolation(_ events: [HarnessEvent], user: String?) -> Violation? {
        let deciders = deciders
        var navigator = Navigator(decider: navigatorDecider ?? decider, user: user)
        var simulator = UISimulator(table: table)
        var tracker = RouteTracker()
        var current = 0
        for (index, harnessEvent) in events.enumerated() {
            let event: NavigatorEvent
            switch harnessEvent {
            case .swap(let to):
                let before = navigator.state
                navigator.replaceDecider(navigatorAlternates.map { [navigatorDecider ?? decider] + $0 }?[to] ?? deciders[to])
                current = to
                if navigator.state != before { return Violation(index: index, message: "a swap changed the state") }
                continue
            case .send(let sent):
                event = sent
            }
            let source = tracker.source(of: event, decidedBy: current, deciders)
            let step = navigator.send(event)
            simulator.table = deciders[current].table
            simulator.observe(event)
            tracker.settle(step, source: source)
            let route = source.map { (decision: deciders[$0.decider].decide($0.payload), table: deciders[$0.decider].table) }
            simulator.table = route?.table ?? deciders[current].table
            if let message = check(step, after: event, route, current: deciders[current].table, navigator.state, &simulator)
                ?? tracker.disagreement(with: navigator.state.phase)
            {
                return Violation(index: index, message: message)
            }
        }
        return nil
    }

    /// Checks one step; `route` is the decision behind it and the table that made it, `current`
    /// the table of the navigator's decider when the event arrived.
    private func check(
        _ step: Navigator.Step, after event: NavigatorEvent, _ route: (decision: Decision, table: RouteTable)?,
        current: RouteTable, _ state: Navigator.State, _ simulator: inout UISimulator
    ) -> String? {
        let decision = route?.decision
        let shown = decision?.action.map { $0.push + ($0.present.map { [$0] } ?? []) } ?? []
        for command in step.commands {
            if let message = simulator.apply(command) { return message }
            switch command {
            case .push(_, let screen, let params, _), .present(let screen, let params, _),
                .reload(let screen, let params):
                if let message = checkShown(screen, params, route, shown, state.user) {
                    return "\(command.name) of '\(screen)': \(message)"
                }
            default:
                break
            }
        }
        let badgeFirst: Bool
        switch event {
        case .notification: badgeFirst = current.defaults.clearBadge
        // A JSON null payload is no payload.
        case .launch(let payload?, _): badgeFirst = payload != .null && current.defaults.clearBadge
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

    /// Why showing `screen` with `params` for this event's route breaks a rule, if it does: the
    /// route as decided, and the table that decided it.
    private func checkShown(
        _ screen: String, _ params: [String: JSONValue], _ route: (decision: Decision, table: RouteTable)?,
        _ shown: [ScreenInstance], _ user: String?
    ) -> String? {
        guard let (decision, table) = route else { return "no route behind it" }
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
    /// sets and the decider then in use, so the case starts there (with a swap to that decider);
    /// then events are dropped one by one while it still fails.
    func shrink(_ events: [NavigatorEvent], _ failure: Violation, user: String?)
        -> (events: [HarnessEvent], violation: Violation, user: String?)
    {
        shrink(events.map(HarnessEvent.send), failure, user: user)
    }

    /// Like `shrink(_:_:user:)`, with table swaps among the events.
    func shrink(_ events: [HarnessEvent], _ failure: Violation, user: String?)
        -> (events: [HarnessEvent], violation: Violation, user: String?)
    {
        var start = 0
        for index in stride(from: failure.index, through: 0, by: -1) {
            if case .send(.launch) = events[index] { start = index; break }
        }
        let startUser = start == 0 ? user : nil
        var deciderAtStart = 0
        for case .swap(let to) in events[..<start] { deciderAtStart = to }
        let swapFirst: [HarnessEvent] = deciderAtStart == 0 ? [] : [.swap(to: deciderAtStart)]
        var current = swapFirst + events[start...failure.index]
        var violation = Violation(index: failure.index - start + swapFirst.count, message: failure.message)
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

/// One event of a run: for the navigator, or a swap of its decider between two events.
enum HarnessEvent: Sendable {
    case send(NavigatorEvent)
    /// `Navigator.replaceDecider` with `InvariantHarness.deciders[to]`.
    case swap(to: Int)

    /// A line of a failure report: the event's JSON, or `{"swap": n}`.
    var jsonLine: String {
        switch self {
        case .send(let event): JSONWriter.write(event.jsonValue)
        case .swap(let to): #"{"swap":\#(to)}"#
        }
    }
}
