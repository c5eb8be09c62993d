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
/// ```swift
/// let compiled = CompiledTable(program)
/// compiled.decide(["type": "3", "id": 42]) == program.decide(["type": "3", "id": 42]) // true
/// compiled.statistics.indexedRules // rules reached only through an index
/// ```
public struct CompiledTable: RouteDecider {
    /// The reference program this table was compiled from; it resolves matched routes.
    public let program: RoutingProgram
    /// Every posting list, back to back: rule positions in `program.rules`, ascending per list.
    private let postings: [Int]
    /// One hash index per field that some rule is keyed on, most used first.
    private let fields: [FieldIndex]
    /// The range in `postings` of the rules without a key atom, tried for every payload.
    private let always: PostingRange
    /// The field each rule is keyed on, by rule position (nil: always a candidate).
    private let keyFields: [String?]
    /// Builds only the payload members the program can read, for `decide(json:)`.
    let payloadReader: PayloadReader

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
        let builder = IndexBuilder(program: program)
        postings = builder.postings
        fields = builder.fields
        always = builder.always
        keyFields = builder.keyFields
        payloadReader = PayloadReader(keeping: program.payloadRoots)
    }

    /// The decision for a payload: the same as `program.decide(payload)`.
    ///
    /// ```swift
    /// let decision = compiled.decide(["type": 3, "id": 42])
    /// decision.action?.push.first?.params["id"] // 42
    /// ```
    public func decide(_ payload: JSONValue) -> Decision {
        let normalized = program.normalizer.normalize(payload).payload
        var matched: Decision?
        forEachCandidate(in: normalized) { position in
            let rule = program.rules[position]
            guard rule.when.matches(payload: normalized),
                case .success(let decision) = program.resolve(
                    rule.route, source: .rule(name: rule.rule.name, index: rule.index),
                    payload: normalized)
            else { return true }
            matched = decision
            return false
        }
        if let matched { return matched }
        if let fallback = program.fallback,
            case .success(let decision) = program.resolve(
                fallback, source: .fallback, payload: normalized)
        {
            return decision
        }
        return .unmatched
    }

    /// The positions (in `program.rules`) of the rules a payload must be tried against, in the
    /// order `decide` tries them: every rule that could match, and no rule whose key atom is false.
    ///
    /// ```swift
    /// compiled.candidates(for: ["type": 3]) // [0, 4]: `type == 3` and an unindexed rule
    /// ```
    func candidates(for payload: JSONValue) -> [Int] {
        var positions: [Int] = []
        forEachCandidate(in: program.normalizer.normalize(payload).payload) { position in
            positions.append(position)
            return true
        }
        return positions
    }

    /// Calls `body` with each candidate rule position for a normalized payload, in ascending order,
    /// until it returns false. The candidate lists of the looked-up keys and the always-candidates
    /// are merged through cursors on the stack: one per indexed field at most, plus one. A rule is
    /// in at most one list, so no position repeats.
    private func forEachCandidate(in normalized: JSONValue, _ body: (Int) -> Bool) {
        withUnsafeTemporaryAllocation(of: PostingRange.self, capacity: fields.count + 1) { cursors in
            var count = 0
            if !always.isEmpty {
                cursors.initializeElement(at: count, to: always)
                count += 1
            }
            for field in fields {
                guard let value = Self.lookup(normalized, field.path), let key = IndexKey(value),
                    let range = field.postings[key]
                else { continue }
                cursors.initializeElement(at: count, to: range)
                count += 1
            }
            while true {
                var best = -1
                var bestPosition = Int.max
                for slot in 0..<count where !cursors[slot].isEmpty {
                    let position = postings[cursors[slot].start]
                    if position < bestPosition {
                        bestPosition = position
                        best = slot
                    }
                }
                guard best >= 0 else { return }
                cursors[best].start += 1
                guard body(bestPosition) else { return }
            }
        }
    }

    /// The value at a path, walked as the interpreter walks `a.b`: through objects only.
    private static func lookup(_ payload: JSONValue, _ path: [String]) -> JSONValue? {
        var current = payload
        for component in path {
            guard let member = current[component] else { return nil }
            current = member
        }
        return current
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

/// The hash index of one field: key value to the rules filed under it.
struct FieldIndex: Sendable {
    var name: String
    var path: [String]
    var postings: [IndexKey: PostingRange]
}
