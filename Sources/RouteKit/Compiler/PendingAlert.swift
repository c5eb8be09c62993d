/// The alert texts of a decision: rendered, or what renders them when they are first read.
///
/// Deferring holds the payload (a reference) and the prepared texts; nothing is allocated.
enum PendingAlert: Sendable {
    case rendered(AlertText)
    /// Rendered from `payload` by `engine`, exactly as deciding on it would have rendered them.
    case deferred(SlotAlert, engine: DecisionEngine, payload: JSONValue)

    var text: AlertText {
        switch self {
        case .rendered(let text): text
        case .deferred(let alert, let engine, let payload): engine.render(alert, for: payload)
        }
    }
}
