/// The indexed evaluator: decides exactly like the reference interpreter `RoutingProgram`, at a
/// cost that does not grow with the number of rules when rules discriminate on `==` and `in`.
///
/// Each rule gets at most one key atom from its top-level conjunction (`type == 3`,
/// `target in ["a", "b"]`, see `KeyAtom`); the rule is filed under each value that atom accepts, in
/// a hash index per field. Rules without a key atom are candidates for every payload. To decide,
/// the payload is normalized once, each indexed field's value is looked up in its index, and the
/// candidate lists (sorted by rule position) are merged and tried in table order with the full
/// predicate and route resolution, so first-match order is kept exactly.
///
/// Deciding reads each declared field once into a slot (`PayloadSlots`) and never builds a
/// normalized copy of the payload unless an expression needs more than declared fields; predicates,
/// params, login users and alert texts are prepared per rule at compile time (`SlotPredicate`,
/// `SlotRoute`).
///
/// ```swift
/// let compiled = CompiledTable(program)
/// compiled.decide(["type": "3", "id": 42]) == program.decide(["type": "3", "id": 42]) // true
/// compiled.statistics.indexedRules // rules reached only through an index
/// ```
public struct CompiledTable: RouteDecider {
    /// The reference program this table was compiled from; it resolves matched routes.
    public let program: RoutingProgram
    /// The index and the prepared rules; a class, so that copying the table copies no arrays.
    let engine: DecisionEngine
    /// The field each rule is keyed on, by rule position (nil: always a candidate).
    private let keyFields: [String?]
    /// The table the program was checked from.
    public var table: RouteTable { program.table }

    /// Compiles a checked program.
    ///
    /// ```swift
    /// guard let program = TableChecker.check(table, sources: files).program else { return }
    /// let compiled = CompiledTable(program)
    /// ```
    public init(_ program: RoutingProgram) {
        self.program = program
        let slots = PayloadSlots(fields: program.table.fieldTypes)
        let builder = IndexBuilder(program: program, slots: slots)
        engine = DecisionEngine(program: program, slots: slots, builder: builder)
        keyFields = builder.keyFields
    }

    /// The decision for a payload: the same as `program.decide(payload)`.
    ///
    /// ```swift
    /// let decision = compiled.decide(["type": 3, "id": 42])
    /// decision.action?.push.first?.params["id"] // 42
    /// ```
    public func decide(_ payload: JSONValue) -> Decision {
        engine.decide(payload)
    }

    /// The positions (in `program.rules`) of the rules a payload must be tried against, in the
    /// order `decide` tries them: every rule that could match, and no rule whose key atom is false.
    ///
    /// ```swift
    /// compiled.candidates(for: ["type": 3]) // [0, 4]: `type == 3` and an unindexed rule
    /// ```
    func candidates(for payload: JSONValue) -> [Int] {
        engine.candidates(for: payload)
    }

    /// The dotted path of the field rule `position` (in `program.rules`) is indexed on, or nil
    /// when the rule is a candidate for every payload.
    ///
    /// ```swift
    /// compiled.keyField(ofRuleAt: 0) // "type" for `when: type == 0`
    /// ```
    public func keyField(ofRuleAt position: Int) -> String? {
        keyFields.indices.contains(position) ? keyFields[position] : nil
    }

    /// How the rules were indexed, for benchmarks and `--explain`-style reports.
    ///
    /// ```swift
    /// let stats = compiled.statistics
    /// print("\(stats.indexedRules)/\(stats.rules) rules indexed on \(stats.indexedFields)")
    /// ```
    public var statistics: Statistics {
        let (fields, always) = (engine.fields, engine.always)
        let unindexed = always.end - always.start
        return Statistics(
            rules: program.rules.count, indexedRules: program.rules.count - unindexed,
            unindexedRules: unindexed, indexedFields: fields.map(\.name),
            keys: fields.reduce(0) { $0 + $1.postings.count })
    }

    /// Counts describing a compiled table.
    ///
    /// ```swift
    /// // when: type == 1 / type in [2, 3] / has(uid)
    /// compiled.statistics // rules 3, indexedRules 2, unindexedRules 1, indexedFields ["type"], keys 3
    /// ```
    public struct Statistics: Sendable, Hashable {
        /// Every rule of the program.
        public var rules: Int
        /// Rules tried only when their key field has one of their key values.
        public var indexedRules: Int
        /// Rules with no key atom, tried for every payload.
        public var unindexedRules: Int
        /// The dotted paths of the indexed fields, in lookup order.
        public var indexedFields: [String]
        /// Distinct (field, value) entries over all indexes.
        public var keys: Int
    }
}

/// A run of positions in `CompiledTable.postings`; as a merge cursor, `start` advances.
struct PostingRange: Sendable, Hashable {
    var start: Int
    var end: Int
    var isEmpty: Bool { start >= end }
}

/// The hash index of one field: key value to the rules filed under it. A class, so that
/// walking the fields of a table for each payload copies no arrays.
final class FieldIndex: Sendable {
    let name: String
    let path: [String]
    /// The field's slot in `PayloadSlots`.
    let slot: Int
    let postings: KeyPostings

    init(name: String, path: [String], slot: Int, postings: KeyPostings) {
        self.name = name
        self.path = path
        self.slot = slot
        self.postings = postings
    }

    /// The rules filed under a payload's (normalized) value of the field, or nil.
    func rules(for value: JSONValue) -> PostingRange? {
        guard let key = IndexKey(value) else { return nil }
        return postings[key]
    }
}
