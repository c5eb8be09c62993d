import FuzzSupport
import RouteKit

/// Fuzzes the navigator with sequences of events over the table of `routes/`. Each input byte
/// picks an event kind, then a payload, user, app state or UI snapshot from small sets.
///
/// Invariants checked after every event: no crash; every event and step survives its JSON form;
/// no `push`, `present` or `reload` of a login-gated screen while logged out; a route for one
/// user (`login: {user: …}`) is shown only to that user, and a route that needs login only to a
/// logged-in user.
///
/// Events, steps and decisions repeat across inputs (they are built from small sets), and each
/// check is a pure function of its value: a value is checked once and remembered, which keeps
/// long runs on the navigator itself rather than on re-checking what already passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let usesProgram = input.byte() % 2 == 0
    let decider: any RouteDecider = usesProgram ? Fixtures.routesProgram : Fixtures.routesCompiled
    var navigator = Navigator(decider: decider, user: input.pick(users))
    var count = 0
    while !input.isAtEnd, count < maxEvents {
        count += 1
        let event = nextEvent(&input)
        let waiting = performable(event, before: navigator.state.phase, usesProgram: usesProgram)
        let step = navigator.send(event)
        checkJSON(event, step)
        checkLogin(step, route: waiting, user: navigator.state.user, table: decider.table)
    }
    return 0
}

private let maxEvents = 64
private let users: [String?] = [nil, "u1", "u2"]
private let appStates = NavigatorEvent.AppState.allCases
private let snapshots: [UISnapshot] = [
    UISnapshot(selectedTab: "home"),
    UISnapshot(selectedTab: "me", stacks: ["me": [ScreenInstance(screen: "my_messages")]]),
    UISnapshot(selectedTab: "home", modals: [ScreenInstance(screen: "notice")]),
    UISnapshot(selectedTab: "home",
               stacks: ["home": [ScreenInstance(screen: "message_detail", params: ["id": 42])]]),
    UISnapshot(selectedTab: "discover",
               stacks: ["messages": [ScreenInstance(screen: "message_list"),
                                     ScreenInstance(screen: "message_thread", params: ["id": 9])]],
               modals: [ScreenInstance(screen: "notice"), ScreenInstance(screen: "login")]),
    UISnapshot(selectedTab: "nowhere", stacks: ["nowhere": [ScreenInstance(screen: "unknown")]]),
]

private func nextEvent(_ input: inout FuzzInput) -> NavigatorEvent {
    switch input.choose(below: 12) {
    case 0:
        // `JSONValue` is ExpressibleByNilLiteral: a plain `nil` here would be `.some(.null)`.
        let payload: JSONValue? =
            input.byte() % 3 == 0 ? Optional.none : input.pick(Fixtures.payloads)
        return .launch(payload: payload, user: input.pick(users))
    case 1: return .ready
    case 2, 3, 4: return .notification(input.pick(Fixtures.payloads), input.pick(appStates))
    case 5: return .alertConfirmed
    case 6: return .alertCancelled
    case 7: return .loginSucceeded(user: input.pick(users) ?? "u3")
    case 8: return .loginCancelled
    case 9: return .logout
    default: return .uiState(input.pick(snapshots))
    }
}

/// The decision an event may perform: a new notification's, or the route held or waiting.
private func performable(_ event: NavigatorEvent, before phase: Navigator.Phase,
                         usesProgram: Bool) -> Decision? {
    switch (event, phase) {
    case (.notification(let payload, _), _):
        return usesProgram ? programDecisions[payload] : compiledDecisions[payload]
    case (.ready, .launching(let held)): return held?.decision
    case (.alertConfirmed, .alerting(let route)): return route.decision
    case (.loginSucceeded, .awaitingLogin(let route)): return route.decision
    default: return nil
    }
}

/// What each decider decides for every fixture payload (the only payloads events carry).
private let programDecisions = decisions(of: Fixtures.routesProgram)
private let compiledDecisions = decisions(of: Fixtures.routesCompiled)

private func decisions(of decider: any RouteDecider) -> [JSONValue: Decision] {
    var decisions: [JSONValue: Decision] = [:]
    for payload in Fixtures.payloads { decisions[payload] = decider.decide(payload) }
    return decisions
}

/// Events and steps whose JSON form already read back; cleared when large, so that memory
/// stays bounded however many distinct steps a run meets.
nonisolated(unsafe) private var checkedEvents: Set<NavigatorEvent> = []
nonisolated(unsafe) private var checkedSteps: Set<Navigator.Step> = []
private let maxRemembered = 50_000

private func checkJSON(_ event: NavigatorEvent, _ step: Navigator.Step) {
    if checkedEvents.contains(event), checkedSteps.contains(step) { return }
    let events: NavigatorEvent
    let steps: Navigator.Step
    do {
        events = try NavigatorEvent(json: event.jsonValue)
        steps = try Navigator.Step(json: step.jsonValue)
    } catch {
        fatalError("JSON form does not read back: \(error)")
    }
    require(events == event, "event JSON: \(event)")
    require(steps == step, "step JSON: \(step)")
    if checkedEvents.count >= maxRemembered { checkedEvents.removeAll() }
    if checkedSteps.count >= maxRemembered { checkedSteps.removeAll() }
    checkedEvents.insert(event)
    checkedSteps.insert(step)
}

private func checkLogin(_ step: Navigator.Step, route: Decision?, user: String?,
                        table: RouteTable) {
    for command in step.commands {
        let screen: String
        switch command {
        case .push(_, let name, _, _), .present(let name, _, _), .reload(let name, _): screen = name
        default: continue
        }
        if table.screen(named: screen)?.loginRequired == true {
            require(user != nil, "\(command) of a login-gated screen while logged out")
        }
        switch route?.login {
        case .required?: require(user != nil, "\(command) needs login; logged out")
        case .user(let expected)?:
            require(user == expected, "\(command) is for \(expected); user is \(user ?? "none")")
        default: break
        }
    }
}
