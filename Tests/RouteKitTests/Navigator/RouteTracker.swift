import RouteKit

/// Which notification each event may perform, worked out from the events and outcomes alone:
/// the one held between `launch` and `ready`, the one behind an alert or a login; and which
/// decider (`InvariantHarness.deciders`) decided it, when its table was current.
struct RouteTracker {
    /// A notification and the decider that decided it.
    struct Source: Equatable {
        var payload: JSONValue
        var decider: Int
    }

    enum Waiting: Equatable {
        case alert(Source)
        case login(Source)

        var payload: JSONValue {
            switch self {
            case .alert(let source), .login(let source): source.payload
            }
        }
    }

    var launching = false
    var held: Source?
    var waiting: Waiting?

    /// The notification whose route `event` may perform; call before the navigator handles it,
    /// with `current` the decider in use.
    mutating func source(of event: NavigatorEvent, decidedBy current: Int, _ deciders: [any RouteDecider]) -> Source? {
        let decider = deciders[current]
        switch event {
        case .launch(let payload, _):
            launching = true
            waiting = nil
            // Not `? $0 : nil`: JSONValue is ExpressibleByNilLiteral, so that nil is `.null`.
            held = nil
            if let payload, payload != .null, decider.decide(payload).routes {
                held = Source(payload: payload, decider: current)
            }
            return nil
        case .ready:
            guard launching else { return nil }
            launching = false
            defer { held = nil }
            return held
        case .notification(let payload, _):
            guard launching else { return Source(payload: payload, decider: current) }
            if decider.decide(payload).routes { held = Source(payload: payload, decider: current) }
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

    private func isAlert(_ waiting: Waiting) -> Bool {
        if case .alert = waiting { return true }
        return false
    }

    /// What waits after the navigator handled the event whose route came from `source`.
    mutating func settle(_ step: Navigator.Step, source: Source?) {
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
        case .launching(let route): launching && route?.payload == held?.payload
        case .idle: !launching && waiting == nil
        case .alerting(let route): !launching && waiting.map(isAlert) == true && waiting?.payload == route.payload
        case .awaitingLogin(let route): !launching && waiting.map(isAlert) == false && waiting?.payload == route.payload
        }
        if agrees { return nil }
        let expected = launching
            ? "launching, holding \(held.map { JSONWriter.write($0.payload) } ?? "nothing")"
            : waiting.map { "\($0)" } ?? "idle"
        return "phase \(phase) but the events leave it \(expected)"
    }
}

