/// The declared payload fields of a table as numbered slots: each decision reads every declared
/// field from the payload once, normalized, and the compiled predicates, params, login users and
/// alert texts read the slots instead of looking the path up again in a normalized copy of the
/// payload.
///
/// A slot holds exactly what `PayloadNormalizer.normalize(payload)` leaves at its path: the value
/// converted to the declared type, or nothing when it is absent or cannot be converted. A field
/// under a declared ancestor of a type other than `any` is always empty: normalization turns that
/// ancestor into a scalar or a list, or removes it.
///
/// ```swift
/// let slots = PayloadSlots(fields: ["type": .string, "aps.badge": .int])
/// slots.slot(of: ["aps", "badge"]) // 0: slots are in path order
/// ```
final class PayloadSlots: Sendable {
    struct Slot: Sendable {
        var components: [String]
        var type: FieldType
        /// False when a declared ancestor's type makes this field unreachable.
        var reachable: Bool
    }

    let slots: [Slot]
    private let slotOfPath: [[CodePointKey]: Int]
    /// The names of top-level fields, and the slot of each (by the name's position): most
    /// expressions name one, and looking it up this way builds no path array.
    private let topLevelNames: NameIndex
    private let slotOfTopLevelName: [Int]
    // `slots` taken apart, so that reading a slot copies only what it uses (every copy of a
    // `Slot` retains its components).
    private let firstComponents: [String]
    private let isNested: [Bool]
    private let types: [FieldType]
    private let reachable: [Bool]
    /// Captures the raw value of every reachable slot's path from JSON bytes, into the slot's
    /// position. Its top level (`capture.names`) is also what `fill(_:from:)` matches keys against.
    let capture: PathCapture
    /// The reachable slots whose paths start with each top-level name (by its ordinal in
    /// `capture.names`): `slotsByMember[memberRuns[ordinal]]`.
    private let slotsByMember: [Int]
    private let memberRuns: [PostingRange]

    /// The most members a payload object may have for `fill(_:from:)` to walk them all rather
    /// than look each declared field up (hashing a key with `Dictionary`'s SipHash costs several
    /// times walking past a member); past it a decision reads each slot when first asked.
    static let memberWalkLimit = 32

    init(fields: [CodePointKey: FieldType]) {
        let declared = fields.map { path, type in
            (path.string.split(separator: ".", omittingEmptySubsequences: false).map(String.init), type)
        }
        let declaredTypes = Dictionary(
            declared.map { ($0.0.map { CodePointKey($0) }, $0.1) }, uniquingKeysWith: { first, _ in first })
        slots = declared.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map { components, type in
            let hidden = (1..<max(1, components.count)).contains { length in
                guard let ancestor = declaredTypes[components.prefix(length).map { CodePointKey($0) }] else { return false }
                return ancestor != .any
            }
            return Slot(components: components, type: type, reachable: !hidden)
        }
        slotOfPath = Dictionary(
            slots.enumerated().map { ($1.components.map { CodePointKey($0) }, $0) }, uniquingKeysWith: { first, _ in first })
        var topLevelNames = NameIndex()
        var slotOfTopLevelName: [Int] = []
        for (index, slot) in slots.enumerated() where slot.components.count == 1 {
            if topLevelNames.insert(slot.components[0]).inserted { slotOfTopLevelName.append(index) }
        }
        self.topLevelNames = topLevelNames
        self.slotOfTopLevelName = slotOfTopLevelName
        firstComponents = slots.map { $0.components[0] }
        isNested = slots.map { $0.components.count > 1 }
        self.types = slots.map(\.type)
        reachable = slots.map(\.reachable)
        let capture = PathCapture(slots.map { $0.reachable ? $0.components : [] })
        var slotsOfMember = [[Int]](repeating: [], count: capture.names.ordered.count)
        for (index, first) in firstComponents.enumerated() where reachable[index] {
            if let ordinal = capture.names.ordinal(of: first) { slotsOfMember[ordinal].append(index) }
        }
        self.capture = capture
        slotsByMember = slotsOfMember.flatMap { $0 }
        var start = 0
        memberRuns = slotsOfMember.map { slots in
            defer { start += slots.count }
            return PostingRange(start: start, end: start + slots.count)
        }
    }

    var count: Int { slots.count }

    /// The slot of a declared field's path components, or nil for a path that is not declared.
    func slot(of components: [String]) -> Int? { slotOfPath[components.map { CodePointKey($0) }] }

    /// The slot of the declared field an expression reads (`name`, `a.b`, `a["b"]`), or nil
    /// when it reads no declared field's whole value.
    ///
    /// ```swift
    /// slots.slot(of: ExpressionParser.parse("aps.badge").0!) // 0
    /// ```
    func slot(of expr: Expr) -> Int? {
        if case .identifier(let name) = expr.kind {
            return topLevelNames.position(of: name).map { slotOfTopLevelName[$0] }
        }
        return KeyAtomFinder.path(of: expr).flatMap { slotOfPath[$0.map { CodePointKey($0) }] }
    }

    /// The declared type of slot `index`'s field.
    func type(ofSlot index: Int) -> FieldType { types[index] }

    /// The normalized value of slot `index`'s field in an object payload's members, or nil
    /// where normalization leaves nothing. (A path has at least one component.)
    func value(ofSlot index: Int, inMembers members: JSONObject) -> JSONValue? {
        guard let top = members[firstComponents[index]] else { return nil }
        return value(ofSlot: index, under: top)
    }

    /// Fills `states` (one per slot, each `.absent`) with where each reachable slot's path
    /// starts in `members`, in one walk over them; the value is read when the slot is.
    func fill(_ states: UnsafeMutableBufferPointer<SlotState>, from members: JSONObject) {
        var index = members.startIndex
        while index != members.endIndex {
            if let ordinal = capture.names.ordinal(ofKey: members.keys[index]) {
                let run = memberRuns[ordinal]
                for position in run.start..<run.end { states[slotsByMember[position]] = .member(index) }
            }
            members.formIndex(after: &index)
        }
    }

    /// Slot `index`'s normalized value given the raw value of its path's first component.
    func value(ofSlot index: Int, under top: JSONValue) -> JSONValue? {
        var current: JSONValue? = top
        if isNested[index] {
            for component in slots[index].components.dropFirst() {
                guard case .object(let inner)? = current else { return nil }
                current = inner[component]
            }
        }
        return value(ofSlot: index, raw: current)
    }

    /// Slot `index`'s value given the raw value at its path (as `capture` finds it).
    func value(ofSlot index: Int, raw: JSONValue?) -> JSONValue? {
        guard reachable[index], let raw else { return nil }
        return PayloadNormalizer.normalize(raw, as: types[index])
    }

    /// Slot `index`'s value as a decision left it: normalized, or raw from JSON bytes. A slot
    /// never read is only possible when deciding on a value, whose texts are never deferred
    /// this way.
    func value(ofSlot index: Int, state: SlotState) -> JSONValue? {
        switch state {
        case .present(let value): value
        case .absent: nil
        case .captured(let raw): value(ofSlot: index, raw: raw)
        case .unread, .member: preconditionFailure("slot \(index) was not read from the payload's bytes")
        }
    }
}
