/// What `CompiledTable` decides with: the hash indexes over the key fields, the posting lists,
/// and every rule prepared against the table's `PayloadSlots`.
final class DecisionEngine: Sendable {
    /// Every posting list, back to back: rule positions in `program.rules`, ascending per list.
    let postings: [Int]
    /// One hash index per field that some rule is keyed on, most used first.
    let fields: [FieldIndex]
    /// The same, read without a retain and a release per field and payload (`fields` keeps them).
    private let fieldReferences: [Unmanaged<FieldIndex>]
    /// The range in `postings` of the rules without a key atom, tried for every payload.
    let always: PostingRange
    /// The declared fields, read on first use in each decision: `reading.slots`, kept here too so
    /// that sizing a decision's storage does not go through `reading` for every payload.
    let slots: PayloadSlots
    /// The slots, the normalizer and the reader that builds the members the program reads.
    let reading: PayloadReading
    /// Finds the declared fields' raw values while JSON bytes are validated.
    private let capture: PathCapture
    /// The rules prepared for deciding, by position.
    private let compiledRules: [CompiledRule]
    /// The same rules, read without a retain and a release of each part tried for every
    /// candidate of every decision (`compiledRules` keeps them alive).
    private let ruleReferences: [Unmanaged<CompiledRule>]
    private let compiledFallback: SlotRoute?

    private final class CompiledRule: Sendable {
        let predicate: SlotPredicate
        let patterns: [String: RE2Pattern]
        let route: SlotRoute

        init(predicate: SlotPredicate, patterns: [String: RE2Pattern], route: SlotRoute) {
            self.predicate = predicate
            self.patterns = patterns
            self.route = route
        }
    }

    init(program: RoutingProgram, slots: PayloadSlots, builder: IndexBuilder) {
        postings = builder.postings
        fields = builder.fields
        fieldReferences = fields.map { Unmanaged.passUnretained($0) }
        always = builder.always
        self.slots = slots
        let reading = PayloadReading(program, slots: slots)
        self.reading = reading
        capture = slots.capture
        let defaults = program.table.defaults
        var cache = SlotRoute.Cache(reading: reading)
        // By position in a buffer, read in place: zipping, iterating or an array's subscript would
        // copy each rule's parts (a dozen references) to read them.
        compiledRules = program.rules.withUnsafeBufferPointer { rules in
            rules.indices.map { position in
                CompiledRule(
                    predicate: builder.keyConjuncts[position].map {
                        SlotPredicate(rules[position].when.expr, droppingConjunct: $0, slots: slots)
                    } ?? SlotPredicate(rules[position].when.expr, slots: slots),
                    patterns: rules[position].when.patterns,
                    route: SlotRoute(rules[position].route,
                                     source: .rule(name: rules[position].rule.name, index: rules[position].index),
                                     defaults: defaults, cache: &cache))
            }
        }
        ruleReferences = compiledRules.map { Unmanaged.passUnretained($0) }
        compiledFallback = program.fallback.map {
            SlotRoute($0, source: .fallback, defaults: defaults, cache: &cache)
        }
    }

    /// The decision for a payload; see `CompiledTable.decide(_:)`.
    func decide(_ payload: JSONValue) -> Decision {
        withCandidates(for: payload) { context, candidates in
            decide(&context, &candidates)
        }
    }

    /// The decision for a payload given as UTF-8 JSON; see `CompiledTable.decide(json:)`.
    func decide(json bytes: UnsafeRawBufferPointer) throws(JSONReadError) -> Decision {
        let read = withUnsafeTemporaryAllocation(of: JSONValue?.self, capacity: max(1, slots.count)) { captured in
            captured.initialize(repeating: nil)
            defer { captured.destroyElements() }
            let parsed = withUnsafeTemporaryAllocation(of: RawKey.self, capacity: 64) { keyStorage in
                Result { () throws(JSONReadError) -> JSONValue? in
                    var parser = FilteringParser(try JSONByteParser(document: bytes), keyStorage: keyStorage)
                    defer { parser.keys.release() }
                    return try parser.readDocument(capturing: capture, into: captured)
                }
            }
            return parsed.map { (notAnObject: JSONValue?) -> Decision in
                // Only an object has members to route on; anything else decides as a value.
                if let notAnObject { return decide(notAnObject) }
                return withDecisionStorage { storage, cursors in
                    var context = DecisionContext(bytes: bytes, captured: captured, reading: reading, storage: storage)
                    var candidates = merge(&context, cursors)
                    let decision = decide(&context, &candidates)
                    context.finish()
                    return decision
                }
            }
        }
        return try read.get()
    }

    /// Tries the candidates in order: the first that matches and can be performed, else the
    /// fallback, else `.unmatched`.
    private func decide(_ context: inout DecisionContext, _ candidates: inout CandidateMerge) -> Decision {
        while let position = candidates.next() {
            let decision = ruleReferences[position]._withUnsafeGuaranteedRef { rule in
                rule.predicate.matches(&context, patterns: rule.patterns) ? rule.route.resolve(in: &context) : nil
            }
            if let decision { return decision }
        }
        return compiledFallback?.resolve(in: &context) ?? .unmatched
    }

    /// The candidate positions for a payload, in the order `decide` tries them.
    func candidates(for payload: JSONValue) -> [Int] {
        withCandidates(for: payload) { _, candidates in
            var positions: [Int] = []
            while let position = candidates.next() { positions.append(position) }
            return positions
        }
    }

    /// Calls `body` with a decision context for the payload and the merge of its candidate
    /// lists. Both live in one stack allocation: a slot per declared field, then a cursor per
    /// indexed field and one for the always-candidates.
    private func withCandidates<Result>(
        for payload: JSONValue, _ body: (inout DecisionContext, inout CandidateMerge) -> Result
    ) -> Result {
        withDecisionStorage { storage, cursors in
            var context = DecisionContext(payload: payload, reading: reading, storage: storage)
            var merge = merge(&context, cursors)
            let result = body(&context, &merge)
            context.finish()
            return result
        }
    }

    /// Calls `body` with uninitialized room for a decision's slots and its merge cursors, in one
    /// allocation on the stack (one closure fewer per decision than two allocations).
    private func withDecisionStorage<Result>(
        _ body: (UnsafeMutableBufferPointer<SlotState>, UnsafeMutableBufferPointer<PostingRange>) -> Result
    ) -> Result {
        let slotCount = max(1, slots.count)
        let cursorCount = fields.count + 1
        let cursorOffset = (slotCount * MemoryLayout<SlotState>.stride + MemoryLayout<PostingRange>.alignment - 1)
            / MemoryLayout<PostingRange>.alignment * MemoryLayout<PostingRange>.alignment
        return withUnsafeTemporaryAllocation(
            byteCount: cursorOffset + cursorCount * MemoryLayout<PostingRange>.stride,
            alignment: max(MemoryLayout<SlotState>.alignment, MemoryLayout<PostingRange>.alignment)
        ) { raw in
            let base = raw.baseAddress!
            return body(
                UnsafeMutableBufferPointer(start: base.bindMemory(to: SlotState.self, capacity: slotCount), count: slotCount),
                UnsafeMutableBufferPointer(
                    start: (base + cursorOffset).bindMemory(to: PostingRange.self, capacity: cursorCount),
                    count: cursorCount))
        }
    }

    /// The merge of the candidate lists for the payload of `context`, its cursors written into
    /// `cursors` (room for one per indexed field, plus one): the lists of the keys its indexed
    /// fields have, and the always-candidates.
    private func merge(_ context: inout DecisionContext, _ cursors: UnsafeMutableBufferPointer<PostingRange>)
        -> CandidateMerge
    {
        var count = 0
        if !always.isEmpty {
            cursors.initializeElement(at: count, to: always)
            count += 1
        }
        for field in fieldReferences {
            let range = field._withUnsafeGuaranteedRef { field in
                context.slot(field.slot).flatMap { field.rules(for: $0) }
            }
            guard let range else { continue }
            cursors.initializeElement(at: count, to: range)
            count += 1
        }
        return CandidateMerge(postings: postings, cursors: cursors, count: count)
    }
}

/// Merges sorted candidate lists into ascending rule positions. A rule is in at most one list,
/// so no position repeats.
struct CandidateMerge {
    let postings: [Int]
    let cursors: UnsafeMutableBufferPointer<PostingRange>
    let count: Int

    /// The next candidate position, or nil when every list is used up.
    mutating func next() -> Int? {
        var best = -1
        var bestPosition = Int.max
        for slot in 0..<count where !cursors[slot].isEmpty {
            let position = postings[cursors[slot].start]
            if position < bestPosition {
                bestPosition = position
                best = slot
            }
        }
        guard best >= 0 else { return nil }
        cursors[best].start += 1
        return bestPosition
    }
}

