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
    private let title: AlertPart
    private let message: AlertPart
    private let confirm: AlertPart
    private let cancel: AlertPart

    /// An alert text, by what rendering it takes: nothing, one slot's text, or a template.
    private enum AlertPart: Sendable {
        case constant(String)
        case field(slot: Int)
        case template(AlertRenderer.Template)

        init(_ text: String, slots: PayloadSlots, templates: inout [String: AlertRenderer.Template]) {
            let template = templates[text] ?? AlertRenderer.Template(text)
            templates[text] = template
            let only = template.segments.count == 1 ? template.segments.first : nil
            switch only {
            case .text(let constant)?: self = .constant(constant)
            case .placeholder(let path)?:
                if let slot = slots.slot(of: path) { self = .field(slot: slot) } else { self = .template(template) }
            case nil: self = .template(template)
            }
        }

        func render(in context: inout DecisionContext, slots: PayloadSlots) -> String {
            switch self {
            case .constant(let text): return text
            case .field(let slot): return AlertRenderer.text(of: context.slot(slot))
            case .template(let template):
                return template.render { path in SlotRoute.value(at: path, in: &context, slots: slots) }
            }
        }
    }

    /// Prepares `route`; `templates` holds alert texts already split, shared across a table's
    /// routes (most use the same few texts).
    init(_ route: CheckedRoute, defaults: Defaults, slots: PayloadSlots,
         templates: inout [String: AlertRenderer.Template])
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
        let texts = defaults.alert.overridden(by: route.route.alert)
        title = AlertPart(texts.title, slots: slots, templates: &templates)
        message = AlertPart(texts.message, slots: slots, templates: &templates)
        confirm = AlertPart(texts.confirm, slots: slots, templates: &templates)
        cancel = AlertPart(texts.cancel, slots: slots, templates: &templates)
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
        let alert = AlertText(
            title: title.render(in: &context, slots: slots),
            message: message.render(in: &context, slots: slots),
            confirm: confirm.render(in: &context, slots: slots),
            cancel: cancel.render(in: &context, slots: slots))
        return Decision(source: source, action: action, login: requirement, foreground: foreground,
                        ifVisible: ifVisible, alert: alert)
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

    /// A placeholder's value: its slot when the path is a declared field, else the normalized
    /// payload's value at the path.
    fileprivate static func value(at path: [String], in context: inout DecisionContext,
                              slots: PayloadSlots) -> JSONValue?
    {
        if let slot = slots.slot(of: path) { return context.slot(slot) }
        return AlertRenderer.value(at: path, in: context.normalized())
    }
}
