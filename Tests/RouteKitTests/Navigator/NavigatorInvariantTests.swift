import RouteKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private typealias F = NavFixture

/// Seeded random event sequences: whatever happens, the navigator never shows a login-gated
/// screen to a logged-out user or a user's screen to another user, never has two alerts or two
/// logins up, only emits commands that make sense for the UI, and its model ends equal to what a
/// separate UI simulator makes of the same commands.
///
/// 20 seeds × 5,000 events by default; set `ROUTEKIT_NAV_EVENTS` for more events per seed.
@Suite struct NavigatorInvariantTests {
    static let seeds = Array(UInt64(0)..<20)

    static var eventsPerSeed: Int {
        guard let text = getenv("ROUTEKIT_NAV_EVENTS").map({ String(cString: $0) }),
            let count = Int(text), count > 0
        else { return 5_000 }
        return count
    }

    @Test(arguments: seeds)
    func invariantsHoldForRandomEvents(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let clearBadge = seed % 2 == 0
        let user: String? = [nil, "u1", "u2"][Int(seed % 3)]
        let events = (0..<Self.eventsPerSeed).map { _ in Self.randomEvent(&random) }
        guard let failure = Self.firstViolation(events, clearBadge: clearBadge, user: user) else {
            return
        }
        let smallest = Self.shrink(events, failure, clearBadge: clearBadge, user: user)
        let replay = smallest.events.map { JSONWriter.write($0.jsonValue) }.joined(separator: "\n")
        Issue.record("""
            seed \(seed): event \(failure.index): \(failure.message)
            smallest case (start user \(smallest.user ?? "none"), clear_badge \(clearBadge)), \
            failing at event \(smallest.violation.index): \(smallest.violation.message)
            \(replay)
            """)
    }

    struct Violation {
        var index: Int
        var message: String
    }

    /// Runs `events` through a navigator and a simulator side by side; the first broken rule.
    static func firstViolation(_ events: [NavigatorEvent], clearBadge: Bool, user: String?)
        -> Violation?
    {
        var navigator = F.navigator(clearBadge: clearBadge, user: user)
        var simulator = UISimulator(table: navigator.table)
        for (index, event) in events.enumerated() {
            let step = navigator.send(event)
            simulator.observe(event)
            if let message = check(step, after: event, navigator.state, &simulator, clearBadge) {
                return Violation(index: index, message: message)
            }
        }
        return nil
    }

    private static func check(
        _ step: Navigator.Step, after event: NavigatorEvent, _ state: Navigator.State,
        _ simulator: inout UISimulator, _ clearBadge: Bool
    ) -> String? {
        for command in step.commands {
            if let message = simulator.apply(command) { return message }
            switch command {
            case .push(_, let screen, let params, _), .present(let screen, let params, _):
                if F.table().screen(named: screen)?.loginRequired == true, state.user == nil {
                    return "login-gated '\(screen)' shown while logged out"
                }
                if screen == "user_inbox", params["uid"] != state.user.map(JSONValue.string) {
                    let owner = params["uid"].map { JSONWriter.write($0) } ?? "?"
                    return "\(owner)'s inbox shown to \(state.user ?? "nobody")"
                }
            default:
                break
            }
        }
        let badgeFirst: Bool
        switch event {
        case .notification, .launch(.some, _): badgeFirst = clearBadge
        default: badgeFirst = false
        }
        if step.commands.contains(.clearBadge) != badgeFirst
            || (badgeFirst && step.commands.first != .clearBadge)
            || step.commands.filter({ $0 == .clearBadge }).count > 1
        {
            return "clear_badge misplaced in \(step.commands)"
        }
        let navigating = step.commands.contains {
            switch $0 {
            case .clearBadge, .dismissAlert, .dismissLogin: false
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
            break
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

    /// Events before the last `launch` before the failure cannot matter except for the user it
    /// sets, so the case starts there; then events are dropped one by one while it still fails.
    static func shrink(_ events: [NavigatorEvent], _ failure: Violation, clearBadge: Bool,
                       user: String?)
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
            if let found = firstViolation(candidate, clearBadge: clearBadge, user: startUser) {
                current = Array(candidate[...found.index])
                violation = found
            } else {
                position += 1
            }
        }
        return (current, violation, startUser)
    }

    static func randomEvent(_ random: inout SplitMix64) -> NavigatorEvent {
        let users = ["u1", "u2"]
        switch random.below(100) {
        case 0..<45:
            return .notification(randomPayload(&random),
                                 NavigatorEvent.AppState.allCases[random.below(3)])
        case 45..<55: return .uiState(randomUI(&random))
        case 55..<63: return .alertConfirmed
        case 63..<68: return .alertCancelled
        case 68..<76: return .loginSucceeded(user: users[random.below(2)])
        case 76..<81: return .loginCancelled
        case 81..<86: return .logout
        case 86..<91:
            let payload = random.below(2) == 0 ? nil : randomPayload(&random)
            return .launch(payload: payload, user: [nil, "u1", "u2"][random.below(3)])
        default: return .ready
        }
    }

    static func randomPayload(_ random: inout SplitMix64) -> JSONValue {
        let fg = [nil, "alert", "navigate", "ignore"][random.below(4)]
        let iv = [nil, "reload", "push"][random.below(3)]
        let id = Int64(random.below(3) + 1)
        switch random.below(14) {
        case 0: return F.home(fg: fg)
        case 1: return F.discover(fg: fg)
        case 2: return F.detail(.int(id), fg: fg, iv: iv)
        case 3: return F.detail(.string(String(id)), fg: fg, iv: iv)
        case 4: return F.detail("abc", fg: fg)
        case 5: return F.notice(Int64(random.below(2) + 1), fg: fg, iv: iv)
        case 6: return F.myMessages(uid: [nil, "u1", "u2"][random.below(3)], fg: fg)
        case 7: return F.inbox(["u1", "u2"][random.below(2)], fg: fg)
        case 8: return F.thread(id, tab: [nil, "messages", "me"][random.below(3)])
        case 9: return F.backStack()
        case 10: return F.settings(fg: fg)
        case 11: return F.fallback
        case 12: return F.unmatched
        default: return ["aps": ["alert": "no route key"]]
        }
    }

    static func randomUI(_ random: inout SplitMix64) -> UISnapshot {
        let tabs = F.table().tabs
        func screen(_ random: inout SplitMix64) -> ScreenInstance {
            let id: JSONValue = [.int(1), .int(2), "2", 3.0][random.below(4)]
            switch random.below(5) {
            case 0: return ScreenInstance(screen: "message_detail", params: ["id": id])
            case 1: return ScreenInstance(screen: "thread", params: ["id": id])
            case 2: return ScreenInstance(screen: "my_messages")
            case 3: return ScreenInstance(screen: "user_inbox", params: ["uid": "u1"])
            default: return ScreenInstance(screen: "notice", params: ["id": id])
            }
        }
        var stacks: [String: [ScreenInstance]] = [:]
        for tab in tabs {
            stacks[tab] = (0..<random.below(3)).map { _ in screen(&random) }
        }
        let modals = (0..<random.below(3)).map { _ in
            random.below(3) == 0 ? ScreenInstance(screen: "settings") : screen(&random)
        }
        let selected = tabs[random.below(tabs.count)]
        return UISnapshot(selectedTab: selected, stacks: stacks, modals: modals)
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), so that a seed replays.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
