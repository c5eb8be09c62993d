/// How a `Decision` keeps its parts: all of them given, or a compiled route and what deciding
/// read from the payload.
enum DecisionStorage: Sendable {
    case given(GivenDecision)
    case compiled(SlotRoute, DecisionInputs)
}

/// A decision whose every part was given: by `Decision`'s initializer, the reference
/// interpreter, or a setter.
final class GivenDecision: Sendable {
    let source: Decision.Source
    let action: ResolvedAction?
    let login: LoginRequirement
    let foreground: ForegroundPolicy
    let ifVisible: IfVisiblePolicy
    let alert: AlertText

    init(source: Decision.Source, action: ResolvedAction?, login: LoginRequirement,
         foreground: ForegroundPolicy, ifVisible: IfVisiblePolicy, alert: AlertText) {
        self.source = source
        self.action = action
        self.login = login
        self.foreground = foreground
        self.ifVisible = ifVisible
        self.alert = alert
    }
}

/// What a compiled route's decision needs from the payload to give its parts when they are read.
enum DecisionInputs: Sendable {
    /// Nothing: the route's action, login and alert texts do not depend on the payload.
    case none
    /// The payload's members, read again when a part is asked for (deciding on a payload value;
    /// it stays alive in the app anyway, and keeping it costs one reference).
    case members(JSONObject)
    /// Deciding from JSON bytes, which do not outlive `decide`: the action is fixed and the alert
    /// texts read one field, kept as deciding left it.
    case alertField(SlotState)
    /// Deciding from JSON bytes: the parts that depend on the payload, worked out.
    case resolved(ResolvedParts)
}

/// A compiled route's payload-dependent parts, worked out while the payload's bytes were there.
final class ResolvedParts: Sendable {
    /// The alert texts, or the one field they read, kept as deciding left it and rendered when
    /// read.
    enum Alert: Sendable {
        case text(AlertText)
        case field(SlotState)
    }

    let action: ResolvedAction
    let login: LoginRequirement
    let alert: Alert

    init(action: ResolvedAction, login: LoginRequirement, alert: Alert) {
        self.action = action
        self.login = login
        self.alert = alert
    }
}
