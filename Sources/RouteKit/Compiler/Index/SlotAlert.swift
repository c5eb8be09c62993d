/// A route's alert texts prepared for `CompiledTable`: each text split once into what rendering
/// it takes. A class shared by every route of a table with the same texts (most show the
/// defaults'), so a prepared route holds one reference instead of four texts.
final class SlotAlert: Sendable {
    /// Alerts and templates already prepared for a table, keyed by their texts.
    struct Cache {
        var alerts: [AlertTemplate: SlotAlert] = [:]
        var templates: [String: AlertRenderer.Template] = [:]
        /// The alert of routes that override none of the defaults' texts (most routes), found
        /// without hashing the four texts again for each.
        private var unchanged: SlotAlert?

        /// The prepared alert for the `defaults` texts with `override` applied.
        mutating func alert(_ defaults: AlertTemplate, overriddenBy override: AlertOverride,
                            slots: PayloadSlots) -> SlotAlert {
            guard override == AlertOverride() else { return alert(defaults.overridden(by: override), slots: slots) }
            if let unchanged { return unchanged }
            let prepared = alert(defaults, slots: slots)
            unchanged = prepared
            return prepared
        }

        /// The prepared alert for `texts`, made once per distinct texts.
        mutating func alert(_ texts: AlertTemplate, slots: PayloadSlots) -> SlotAlert {
            if let alert = alerts[texts] { return alert }
            let alert = SlotAlert(texts, slots: slots, cache: &self)
            alerts[texts] = alert
            return alert
        }

        mutating func template(_ text: String) -> AlertRenderer.Template {
            if let template = templates[text] { return template }
            let template = AlertRenderer.Template(text)
            templates[text] = template
            return template
        }
    }

    /// A text, by what rendering it takes: nothing, one slot's text, or a template.
    private enum Part: Sendable {
        case constant(String)
        case field(slot: Int)
        case template(AlertRenderer.Template)

        init(_ text: String, slots: PayloadSlots, cache: inout Cache) {
            let template = cache.template(text)
            let only = template.segments.count == 1 ? template.segments.first : nil
            switch only {
            case .text(let constant)?: self = .constant(constant)
            case .placeholder(let path)?:
                if let slot = slots.slot(of: path) { self = .field(slot: slot) } else { self = .template(template) }
            case nil: self = .template(template)
            }
        }

        /// The text when the only field it may read has the value `field`.
        func render(field: JSONValue?) -> String {
            switch self {
            case .constant(let text): return text
            case .field: return AlertRenderer.text(of: field)
            case .template: preconditionFailure("a template part is never rendered from one field")
            }
        }

        var slot: Int? { if case .field(let slot) = self { slot } else { nil } }
        var isTemplate: Bool { if case .template = self { true } else { false } }

        func render(in context: inout DecisionContext, slots: PayloadSlots) -> String {
            switch self {
            case .constant(let text): return text
            case .field(let slot): return AlertRenderer.text(of: context.slot(slot))
            case .template(let template):
                return template.render { path in SlotAlert.value(at: path, in: &context, slots: slots) }
            }
        }
    }

    private let title: Part
    private let message: Part
    private let confirm: Part
    private let cancel: Part
    /// The texts when none has a placeholder.
    let constant: AlertText?
    private let slots: PayloadSlots
    /// The slot every placeholder reads, when there is exactly one and no text is a template.
    let onlySlot: Int?

    private init(_ texts: AlertTemplate, slots: PayloadSlots, cache: inout Cache) {
        title = Part(texts.title, slots: slots, cache: &cache)
        message = Part(texts.message, slots: slots, cache: &cache)
        confirm = Part(texts.confirm, slots: slots, cache: &cache)
        cancel = Part(texts.cancel, slots: slots, cache: &cache)
        self.slots = slots
        if case .constant(let title) = title, case .constant(let message) = message,
            case .constant(let confirm) = confirm, case .constant(let cancel) = cancel
        {
            constant = AlertText(title: title, message: message, confirm: confirm, cancel: cancel)
        } else {
            constant = nil
        }
        let parts = [title, message, confirm, cancel]
        let fieldSlots = Set(parts.compactMap(\.slot))
        onlySlot = fieldSlots.count == 1 && !parts.contains(where: \.isTemplate) ? fieldSlots.first : nil
    }

    /// The alert of a decision: texts without placeholders as they are, the others rendered when
    /// read if the decision was asked for a payload value, now otherwise.
    /// The texts of a decision from JSON bytes whose slot `onlySlot` deciding left as `state`.
    func render(_ state: SlotState) -> AlertText {
        guard let onlySlot else { preconditionFailure("only texts that read one field keep its state") }
        return render(field: slots.value(ofSlot: onlySlot, state: state))
    }

    func render(field: JSONValue?) -> AlertText {
        AlertText(title: title.render(field: field), message: message.render(field: field),
                  confirm: confirm.render(field: field), cancel: cancel.render(field: field))
    }

    /// The texts with their placeholders filled in from the payload.
    func render(in context: inout DecisionContext) -> AlertText {
        AlertText(
            title: title.render(in: &context, slots: slots),
            message: message.render(in: &context, slots: slots),
            confirm: confirm.render(in: &context, slots: slots),
            cancel: cancel.render(in: &context, slots: slots))
    }

    /// A placeholder's value: its slot when the path is a declared field, else the normalized
    /// payload's value at the path.
    private static func value(at path: [String], in context: inout DecisionContext,
                              slots: PayloadSlots) -> JSONValue?
    {
        if let slot = slots.slot(of: path) { return context.slot(slot) }
        return AlertRenderer.value(at: path, in: context.normalized())
    }
}
