/// A checked route prepared for `CompiledTable`: everything that does not depend on the payload
/// (the policies after defaults, the alert texts after overrides, split into parts) is worked out
/// once, and params and the login user read slots where they are declared fields.
///
/// It resolves exactly as `RoutingProgram.resolve` does, but a route that cannot be performed
/// gives nil instead of a described failure: `decide` only moves on to the next rule. A class, so
/// that resolving a rule's route never copies it.
final class SlotRoute: Sendable {
    private struct Step: Sendable {
        var screen: String
        var params: [(name: String, type: FieldType, value: SlotValue)]
    }

    private enum Login: Sendable {
        case none, required
        case user(SlotValue)
    }

    private let tab: String?
    private let popToRoot: Bool
    private let push: [Step]
    private let present: Step?
    private let login: Login
    private let foreground: ForegroundPolicy
    private let ifVisible: IfVisiblePolicy
    private let alert: SlotAlert

    /// Prepares `route`; `alerts` holds the alerts already prepared for the table's other
    /// routes (most use the same few texts).
    init(_ route: CheckedRoute, defaults: Defaults, slots: PayloadSlots, alerts: inout SlotAlert.Cache)
    {
        tab = route.route.action.tab
        popToRoot = route.route.action.popToRoot
        func step(_ checked: CheckedStep) -> Step {
            Step(screen: checked.screen, params: checked.params.map {
                (name: $0.name, type: $0.type, value: SlotValue($0.expression, slots: slots))
            })
        }
        push = route.push.map(step)
        present = route.present.map(step)
        if let user = route.loginUser {
            login = .user(SlotValue(user, slots: slots))
        } else {
            login = route.loginRequired ? .required : .none
        }
        foreground = route.route.foreground ?? defaults.foreground
        ifVisible = route.route.ifVisible ?? defaults.ifVisible
        alert = alerts.alert(defaults.alert.overridden(by: route.route.alert), slots: slots)
    }

    /// The decision for a payload this route's rule matched, or nil when a param or the login
    /// user cannot be computed from it.
    func resolve(source: Decision.Source, in context: inout DecisionContext,
                 slots: PayloadSlots) -> Decision?
    {
        var action = ResolvedAction(tab: tab, popToRoot: popToRoot)
        if !push.isEmpty {
            action.push.reserveCapacity(push.count)
            for step in push {
                guard let screen = instance(step, in: &context) else { return nil }
                action.push.append(screen)
            }
        }
        if let present {
            guard let screen = instance(present, in: &context) else { return nil }
            action.present = screen
        }
        let requirement: LoginRequirement
        switch login {
        case .none: requirement = .none
        case .required: requirement = .required
        case .user(let user):
            guard case .string(let id) = user.value(in: &context) else { return nil }
            requirement = .user(id)
        }
        return Decision(source: source, action: action, login: requirement, foreground: foreground,
                        ifVisible: ifVisible, pendingAlert: alert.pending(in: &context, slots: slots))
    }

    private func instance(_ step: Step, in context: inout DecisionContext) -> ScreenInstance? {
        var params: [String: JSONValue] = [:]
        for param in step.params {
            guard let json = param.value.json(in: &context),
                let normalized = PayloadNormalizer.normalize(json, as: param.type)
            else { return nil }
            params[param.name] = normalized
        }
        return ScreenInstance(screen: step.screen, params: params)
    }
}
