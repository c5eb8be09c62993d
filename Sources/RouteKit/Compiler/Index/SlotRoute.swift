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
        typealias Param = (index: Dictionary<String, JSONValue>.Index, type: FieldType, value: SlotValue)
        var params: [Param]

        /// `layouts` holds the dictionaries already laid out: steps of one screen with the same
        /// param names share one (copy-on-write), so preparing costs no memory per rule.
        init(_ checked: CheckedStep, slots: PayloadSlots, layouts: inout ParamLayouts) {
            guard !checked.params.isEmpty else {
                fixed = ScreenInstance(screen: checked.screen)
                params = []
                return
            }
            let layout = ParamLayout.of(checked, in: &layouts)
            fixed = ScreenInstance(screen: checked.screen, params: layout.keys)
            params = checked.params.indices.map { position in
                let param = checked.params[position]
                return (index: layout.indices[position], type: param.type,
                        value: SlotValue(param.expression, slots: slots))
            }
        }
    }

    /// A screen's params as a decision fills them in: a dictionary of their names, each
    /// holding null, and where each name is in it, in the order a step lists them.
    struct ParamLayout {
        var names: [String]
        var keys: [String: JSONValue]
        var indices: [Dictionary<String, JSONValue>.Index]

        /// The layout of `step`'s params, from `layouts` (by screen) when one has their names:
        /// every rule showing a screen gives it the params it declares, so a screen has one.
        static func of(_ step: CheckedStep, in layouts: inout ParamLayouts) -> ParamLayout {
            let params = step.params
            let screen = layouts.screens.insert(step.screen).position
            if screen == layouts.byScreen.count { layouts.byScreen.append([]) }
            let known = layouts.byScreen[screen].first { layout in
                layout.names.count == params.count && zip(layout.names, params).allSatisfy { $0 == $1.name }
            }
            if let known { return known }
            let names = params.map(\.name)
            let keys = Dictionary(names.map { ($0, JSONValue.null) }, uniquingKeysWith: { first, _ in first })
            let layout = ParamLayout(names: names, keys: keys, indices: names.map { keys.index(forKey: $0)! })
            layouts.byScreen[screen].append(layout)
            return layout
        }
    }

    /// The param layouts laid out so far, by screen: `byScreen` at the position of the screen's
    /// name in `screens`.
    struct ParamLayouts {
        var screens = NameIndex()
        var byScreen: [[ParamLayout]] = []
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

    /// The rule whose route this is, or the fallback.
    let source: Decision.Source
    let foreground: ForegroundPolicy
    let ifVisible: IfVisiblePolicy
    private let actionPlan: ActionPlan
    private let loginPlan: Login
    private let alertTexts: SlotAlert
    /// Reads the payload again for the parts a decision builds when they are read.
    private let reading: PayloadReading

    /// Prepares `route`, the route of `source`; `cache` holds what is already prepared for the
    /// table's other routes and can be shared (most use the same few alert texts and param names).
    init(_ route: borrowing CheckedRoute, source: Decision.Source, defaults: Defaults, cache: inout Cache) {
        self.source = source
        reading = cache.reading
        let slots = cache.reading.slots
        let tab = route.route.action.tab
        let popToRoot = route.route.action.popToRoot
        let push = route.push.map { Step($0, slots: slots, layouts: &cache.paramLayouts) }
        let present = route.present.map { Step($0, slots: slots, layouts: &cache.paramLayouts) }
        if let user = route.loginUser {
            loginPlan = .user(SlotValue(user, slots: slots))
        } else {
            loginPlan = route.loginRequired ? .required : .none
        }
        foreground = route.route.foreground ?? defaults.foreground
        ifVisible = route.route.ifVisible ?? defaults.ifVisible
        alertTexts = cache.alerts.alert(defaults.alert, overriddenBy: route.route.alert, slots: slots)
        if push.allSatisfy({ $0.params.isEmpty }), present?.params.isEmpty ?? true {
            actionPlan = .fixed(ResolvedAction(
                tab: tab, popToRoot: popToRoot, push: push.map(\.fixed), present: present?.fixed))
        } else {
            actionPlan = .computed(tab: tab, popToRoot: popToRoot, push: push, present: present)
        }
    }

    /// What routes of one table share once prepared.
    struct Cache {
        let reading: PayloadReading
        var alerts = SlotAlert.Cache()
        var paramLayouts = ParamLayouts()
    }

    /// The decision for a payload this route's rule matched, or nil when a param or the login
    /// user cannot be computed from it.
    ///
    /// Deciding on a payload value, the decision keeps the payload and builds params, login user
    /// and alert texts from it again when they are read; deciding from JSON bytes, it keeps them
    /// worked out (the texts as the one field they read, when that is all they read).
    func resolve(in context: inout DecisionContext) -> Decision? {
        if let members = context.rereadable {
            guard canResolve(in: &context) else { return nil }
            return Decision(route: self, inputs: readsPayload ? .members(members) : .none)
        }
        if case .fixed(let action) = actionPlan, !loginReadsPayload {
            if alertTexts.constant != nil { return Decision(route: self, inputs: .none) }
            let alert = pendingAlert(in: &context)
            if case .field(let state) = alert { return Decision(route: self, inputs: .alertField(state)) }
            let login: LoginRequirement = if case .required = loginPlan { .required } else { .none }
            return Decision(route: self, inputs: .resolved(ResolvedParts(action: action, login: login, alert: alert)))
        }
        guard let action = action(in: &context), let login = login(in: &context) else { return nil }
        let parts = ResolvedParts(action: action, login: login, alert: pendingAlert(in: &context))
        return Decision(route: self, inputs: .resolved(parts))
    }

    /// The action of a decision this route made; see `resolve(in:)`.
    func action(_ inputs: DecisionInputs) -> ResolvedAction {
        if case .fixed(let action) = actionPlan { return action }
        switch inputs {
        case .resolved(let parts): return parts.action
        case .members(let members):
            guard let action = reading.withContext(over: members, { action(in: &$0) }) else { break }
            return action
        case .none, .alertField: break
        }
        preconditionFailure("a computed action is kept, or computed again from the payload it was computed from")
    }

    /// The login requirement of a decision this route made; see `resolve(in:)`.
    func login(_ inputs: DecisionInputs) -> LoginRequirement {
        switch (loginPlan, inputs) {
        case (.none, _): return .none
        case (.required, _): return .required
        case (.user, .resolved(let parts)): return parts.login
        case (.user, .members(let members)):
            guard let login = reading.withContext(over: members, { login(in: &$0) }) else { break }
            return login
        case (.user, .none), (.user, .alertField): break
        }
        preconditionFailure("a login user is kept, or computed again from the payload it was computed from")
    }

    /// The alert texts of a decision this route made; see `resolve(in:)`.
    func alert(_ inputs: DecisionInputs) -> AlertText {
        if let constant = alertTexts.constant { return constant }
        switch inputs {
        case .members(let members): return reading.withContext(over: members) { alertTexts.render(in: &$0) }
        case .alertField(let state): return alertTexts.render(state)
        case .resolved(let parts):
            switch parts.alert {
            case .text(let text): return text
            case .field(let state): return alertTexts.render(state)
            }
        case .none: preconditionFailure("texts that read the payload keep what they read")
        }
    }

    /// Whether the action, the login requirement or the alert texts depend on the payload.
    private var readsPayload: Bool {
        if case .computed = actionPlan { return true }
        return loginReadsPayload || alertTexts.constant == nil
    }

    private var loginReadsPayload: Bool {
        if case .user = loginPlan { true } else { false }
    }

    /// Whether every param and the login user can be computed from the payload, without building
    /// the screens.
    private func canResolve(in context: inout DecisionContext) -> Bool {
        if case .computed(_, _, let push, let present) = actionPlan {
            for step in push where !canInstantiate(step, in: &context) { return false }
            if let present, !canInstantiate(present, in: &context) { return false }
        }
        return !loginReadsPayload || login(in: &context) != nil
    }

    private func action(in context: inout DecisionContext) -> ResolvedAction? {
        switch actionPlan {
        case .fixed(let fixed):
            return fixed
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
            return computed
        }
    }

    private func login(in context: inout DecisionContext) -> LoginRequirement? {
        switch loginPlan {
        case .none: return LoginRequirement.none
        case .required: return .required
        case .user(let user):
            return LoginRequirement.user(computedAs: user.value(in: &context))
        }
    }

    /// The alert texts as a decision from bytes keeps them: as the one field they read when that
    /// is all they read (most decisions are performed without an alert), else rendered now.
    private func pendingAlert(in context: inout DecisionContext) -> ResolvedParts.Alert {
        if let constant = alertTexts.constant { return .text(constant) }
        if let slot = alertTexts.onlySlot, context.decidesFromBytes { return .field(context.state(ofSlot: slot)) }
        return .text(alertTexts.render(in: &context))
    }

    private func canInstantiate(_ step: Step, in context: inout DecisionContext) -> Bool {
        for param in step.params where value(of: param, in: &context) == nil { return false }
        return true
    }

    private func instance(_ step: Step, in context: inout DecisionContext) -> ScreenInstance? {
        var screen = step.fixed
        for param in step.params {
            guard let value = value(of: param, in: &context) else { return nil }
            screen.params.values[param.index] = value
        }
        return screen
    }

    private func value(of param: Step.Param, in context: inout DecisionContext) -> JSONValue? {
        guard let json = param.value.json(in: &context) else { return nil }
        return PayloadNormalizer.normalize(json, as: param.type)
    }
}
