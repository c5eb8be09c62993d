/// A checked route prepared for `CompiledTable`: everything that does not depend on the payload
/// (the policies after defaults, the alert texts after overrides, split into parts) is worked out
/// once, and params and the login user read slots where they are declared fields.
///
/// It resolves exactly as `RoutingProgram.resolve` does, but a route that cannot be performed
/// gives nil instead of a described failure: `decide` only moves on to the next rule. A class, so
/// that resolving a rule's route never copies it.
final class SlotRoute: Sendable {
    /// A screen to show: fixed when it has no params, else its params' keys laid out once in a
    /// dictionary whose values each decision replaces in place (copying a one-entry dictionary
    /// costs less than hashing its key again).
    private struct Step: Sendable {
        var fixed: ScreenInstance
        var params: [(index: Dictionary<String, JSONValue>.Index, type: FieldType, value: SlotValue)]

        init(_ checked: CheckedStep, slots: PayloadSlots) {
            let keys = Dictionary(checked.params.map { ($0.name, JSONValue.null) }, uniquingKeysWith: { first, _ in first })
            fixed = ScreenInstance(screen: checked.screen, params: keys)
            params = checked.params.map {
                (index: keys.index(forKey: $0.name)!, type: $0.type, value: SlotValue($0.expression, slots: slots))
            }
        }
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
    /// The whole action when no screen has params: the same for every payload.
    private let fixedAction: ResolvedAction?

    /// Prepares `route`; `alerts` holds the alerts already prepared for the table's other
    /// routes (most use the same few texts).
    init(_ route: CheckedRoute, defaults: Defaults, slots: PayloadSlots, alerts: inout SlotAlert.Cache)
    {
        tab = route.route.action.tab
        popToRoot = route.route.action.popToRoot
        push = route.push.map { Step($0, slots: slots) }
        present = route.present.map { Step($0, slots: slots) }
        if let user = route.loginUser {
            login = .user(SlotValue(user, slots: slots))
        } else {
            login = route.loginRequired ? .required : .none
        }
        foreground = route.route.foreground ?? defaults.foreground
        ifVisible = route.route.ifVisible ?? defaults.ifVisible
        alert = alerts.alert(defaults.alert.overridden(by: route.route.alert), slots: slots)
        let steps = push + (present.map { [$0] } ?? [])
        fixedAction = steps.allSatisfy { $0.params.isEmpty }
            ? ResolvedAction(tab: tab, popToRoot: popToRoot, push: push.map(\.fixed), present: present?.fixed)
            : nil
    }

    /// The decision for a payload this route's rule matched, or nil when a param or the login
    /// user cannot be computed from it.
    func resolve(source: Decision.Source, in context: inout DecisionContext,
                 slots: PayloadSlots) -> Decision?
    {
        let action: ResolvedAction
        if let fixedAction {
            action = fixedAction
        } else {
            guard let computed = computedAction(in: &context) else { return nil }
            action = computed
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

    /// The action with its params computed from the payload.
    private func computedAction(in context: inout DecisionContext) -> ResolvedAction? {
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
        return action
    }

    private func instance(_ step: Step, in context: inout DecisionContext) -> ScreenInstance? {
        var screen = step.fixed
        for param in step.params {
            guard let json = param.value.json(in: &context),
                let normalized = PayloadNormalizer.normalize(json, as: param.type)
            else { return nil }
            screen.params.values[param.index] = normalized
        }
        return screen
    }
}
