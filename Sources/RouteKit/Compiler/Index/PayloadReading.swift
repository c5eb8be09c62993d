/// What reading a payload takes for a compiled table: the declared fields' slots, the normalizer,
/// and the reader that builds from JSON bytes the members the table reads.
///
/// Shared by the engine and by every decision that reads its payload again when a part is asked
/// for (`Decision.action` of a route with params). It references no rule, so a decision that
/// keeps it keeps no table alive, and no rule keeping it makes a cycle.
///
/// ```swift
/// let action = reading.withContext(over: members) { context in route.action(in: &context) }
/// ```
final class PayloadReading: Sendable {
    let slots: PayloadSlots
    let normalizer: PayloadNormalizer
    let payloadReader: PayloadReader

    /// What reading payloads for `program` takes, its declared fields laid out as `slots`.
    init(_ program: RoutingProgram, slots: PayloadSlots) {
        self.slots = slots
        normalizer = program.normalizer
        payloadReader = PayloadReader(keeping: program.payloadRoots)
    }

    /// What `body` reads from a decision context over a payload with these members.
    func withContext<Result>(over members: JSONObject, _ body: (inout DecisionContext) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: SlotState.self, capacity: max(1, slots.count)) { storage in
            var context = DecisionContext(payload: .object(members), reading: self, storage: storage)
            let result = body(&context)
            context.finish()
            return result
        }
    }
}
