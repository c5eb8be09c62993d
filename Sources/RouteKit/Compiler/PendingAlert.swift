/// The alert texts of a decision: rendered, or what renders them when they are first read.
///
/// Deferring holds references (the payload, or one field's value from JSON bytes) and the
/// prepared texts; nothing is allocated.
enum PendingAlert: Sendable {
    case rendered(AlertText)
    /// Rendered from `payload` by `engine`, exactly as deciding on it would have rendered them.
    case deferred(SlotAlert, engine: DecisionEngine, payload: JSONValue)
    /// Texts whose only placeholder field is one slot, decided from JSON bytes: rendered from
    /// that slot's state as deciding left it.
    case deferredSlot(SlotAlert, slots: PayloadSlots, slot: Int, state: SlotState)

    var text: AlertText {
        switch self {
        case .rendered(let text): text
        case .deferred(let alert, let engine, let payload): engine.render(alert, for: payload)
        case .deferredSlot(let alert, let slots, let slot, let state):
            alert.render(field: slots.value(ofSlot: slot, state: state))
        }
    }
}
