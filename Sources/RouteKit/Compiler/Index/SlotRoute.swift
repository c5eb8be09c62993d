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

        /// `paramKeys` holds the dictionaries already laid out, by param names: steps with the same
        /// names share one (copy-on-write), so preparing costs no memory per rule.
        init(_ checked: CheckedStep, slots: PayloadSlots, paramKeys: inout [[String]: [String: JSONValue]]) {
            let names = checked.params.map(\.name)
            let keys = paramKeys[names] ?? Dictionary(names.map { ($0, JSONValue.null) }, uniquingKeysWith: { first, _ in first })
            paramKeys[names] = keys
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

    /// The action, worked out once when no screen has params.
    private enum ActionPlan: Sendable {
        case fixed(ResolvedAction)
        case computed(tab: String?, popToRoot: Bool, push: [Step], present: Step?)
    }

    private let action: ActionPlan
    private let login: Login
    private let foreground: ForegroundPolicy
    private let ifVisible: IfVisiblePolicy
    private let alert: SlotAlert

    /// Prepares `route`; `cache` holds what is already prepared for the table's other routes and
    /// can be shared (most use the same few alert texts and param names).
    init(_ route: CheckedRoute, defaults: Defaults, slots: PayloadSlots, cache: inout Cache)
    {
        let tab = route.route.action.tab
        let popToRoot = route.route.action.popToRoot
        let push = route.push.map { Step($0, slots: slots, paramKeys: &cache.paramKeys) }
        let present = route.present.map { Step($0, slots: slots, paramKeys: &cache.paramKeys) }
        if let user = route.loginUser {
            login = .user(SlotValue(user, slots: slots))
        } else {
            login = route.loginRequired ? .required : .none
        }
        foreground = route.route.foreground ?? defaults.foreground
        ifVisible = route.route.ifVisible ?? defaults.ifVisible
        alert = cache.alerts.alert(defaults.alert.overridden(by: route.route.alert), slots: slots)
        if push.allSatisfy({ $0.params.isEmpty }), present?.params.isEmpty ?? true {
            action = .fixed(ResolvedAction(
                tab: tab, popToRoot: popToRoot, push: push.map(\.fixed), present: present?.fixed))
        } else {
            action = .computed(tab: tab, popToRoot: popToRoot, push: push, present: present)
        }
    }

    /// What routes of one table share once prepared.
    struct Cache {
        var alerts = SlotAlert.Cache()
        var paramKeys: [[String]: [String: JSONValue]] = [:]
    }

    /// The decision for a payload this route's rule matched, or nil when a param or the login
    /// user cannot be computed from it.
    func resolve(source: Decision.Source, in context: inout DecisionContext,
                 slots: PayloadSlots) -> Decision?
    {
        let resolved: ResolvedAction
        switch action {
        case .fixed(let fixed):
            resolved = fixed
        case .computed(let tab, let popToRoot, let push, let present):
            var computed = ResolvedAction(tab: tab, popToRoot: popToRoot)
            if !push.isEmpty {
                computed.push.reserveCapacity(push.count)
                for step in push {
                    guard let screen = instance(step, in: &context) else { return nil }
                    computed.push.append(screen)
                }
            }
            if let present {
                guard let screen = instance(present, in: &context) else { return nil }
                computed.present = screen
            }
            resolved = computed
        }
        let requirement: LoginRequirement
        switch login {
        case .none: requirement = .none
        case .required: requirement = .required
        case .user(let user):
            guard case .string(let id) = user.value(in: &context) else { return nil }
            requirement = .user(id)
        }
        return Decision(source: source, action: resolved, login: requirement, foreground: foreground,
                        ifVisible: ifVisible, pendingAlert: alert.pending(in: &context, slots: slots))
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
