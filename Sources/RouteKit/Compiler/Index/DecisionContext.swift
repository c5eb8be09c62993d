/// One decision's view of a payload: one walk over the payload's members notes where each
/// declared field is, and a field is read and normalized into its slot on first use (most
/// decisions need only the indexed fields and a few others); the whole normalized payload is
/// built only if something that slots cannot answer needs it (a function call, a path into an
/// `any` field, an undeclared field).
///
/// Deciding from JSON bytes, the slots are filled while the bytes are validated and the payload
/// value itself is built (by the table's `PayloadReader`) only if it is needed.
struct DecisionContext: ~Copyable {
    /// Where the payload value comes from.
    enum Source {
        /// An object payload, kept as `members` (once, not twice: one retain fewer per decision).
        case members
        case value(JSONValue)
        /// Validated bytes; the engine's reader builds the members the table reads.
        case bytes(UnsafeRawBufferPointer)
    }

    private var source: Source
    /// The members of a payload value that is an object, where slots are read from; empty for
    /// any other payload (not optional: reading a slot then passes them on without a retain).
    private let members: JSONObject
    /// Whether the decision started from JSON bytes (`source` may later hold the value read from them).
    let decidesFromBytes: Bool
    /// What reading the payload takes; whoever makes a context keeps it alive, so it is not
    /// retained (a retain and release per field of its slots, normalizer and reader were a
    /// measurable part of a decision).
    private unowned(unsafe) let reading: PayloadReading
    /// The engine's slots, read without a retain and release around every slot read (they were
    /// most of a decision's reference counting): the engine keeps them alive.
    private let layout: Unmanaged<PayloadSlots>
    private let values: UnsafeMutableBufferPointer<SlotState>
    private var normalizedPayload: JSONValue?

    /// A context over `storage`, which must have room for one element per slot; `storage` is
    /// initialized here and deinitialized by `finish()`.
    init(payload: JSONValue, reading: PayloadReading, storage: UnsafeMutableBufferPointer<SlotState>) {
        if case .object(let members) = payload {
            source = .members
            self.members = members
        } else {
            source = .value(payload)
            members = [:]
        }
        decidesFromBytes = false
        self.reading = reading
        let layout = reading.slots
        self.layout = Unmanaged.passUnretained(layout)
        values = UnsafeMutableBufferPointer(rebasing: storage[..<layout.count])
        if members.count <= PayloadSlots.memberWalkLimit {
            values.initialize(repeating: .absent)
            layout.fill(values, from: members)
        } else {
            values.initialize(repeating: .unread)
        }
    }

    /// A context for a payload read from validated bytes, whose slots' raw values `captured`
    /// holds (as the engine's `capture` found them).
    init(bytes: UnsafeRawBufferPointer, captured: UnsafeMutableBufferPointer<JSONValue?>, reading: PayloadReading,
         storage: UnsafeMutableBufferPointer<SlotState>)
    {
        source = .bytes(bytes)
        // Every slot is captured from the bytes: no slot is read from members.
        members = [:]
        decidesFromBytes = true
        self.reading = reading
        let layout = reading.slots
        self.layout = Unmanaged.passUnretained(layout)
        values = UnsafeMutableBufferPointer(rebasing: storage[..<layout.count])
        // Moved, not copied, and normalized only when a slot is read: most decisions read few.
        for index in 0..<layout.count {
            let raw = captured.moveElement(from: index)
            captured.initializeElement(at: index, to: nil)
            values.initializeElement(at: index, to: raw.map(SlotState.captured) ?? .absent)
        }
    }

    /// Deinitializes the slot storage.
    consuming func finish() {
        values.destroyElements()
    }

    /// The payload as given, or as the reader builds it from the bytes.
    private mutating func payload() -> JSONValue {
        switch source {
        case .members: return .object(members)
        case .value(let payload): return payload
        case .bytes(let bytes):
            // The bytes were validated as strictly as the reader validates them.
            let payload = (try? reading.payloadReader.read(bytes)) ?? .null
            source = .value(payload)
            return payload
        }
    }

    /// The normalized value of a declared field, or nil when normalization leaves nothing.
    mutating func slot(_ index: Int) -> JSONValue? {
        switch values[index] {
        case .present(let value): return value
        case .absent: return nil
        case .captured(let raw):
            let value = layout._withUnsafeGuaranteedRef { $0.value(ofSlot: index, raw: raw) }
            values[index] = value.map(SlotState.present) ?? .absent
            return value
        case .member(let position):
            let value = layout._withUnsafeGuaranteedRef { $0.value(ofSlot: index, under: members.values[position]) }
            values[index] = value.map(SlotState.present) ?? .absent
            return value
        case .unread:
            // Only a context over a payload value has unread slots.
            let value = layout._withUnsafeGuaranteedRef { $0.value(ofSlot: index, inMembers: members) }
            values[index] = value.map(SlotState.present) ?? .absent
            return value
        }
    }

    /// The members of the payload value this decision is for, for a decision to read its parts
    /// from later; nil deciding from JSON bytes (which do not outlive `decide`) or on a payload
    /// that is not an object.
    var rereadable: JSONObject? {
        guard case .members = source else { return nil }
        return members
    }

    /// A slot as deciding has left it, to be read later (`PayloadSlots.value(ofSlot:state:)`).
    func state(ofSlot index: Int) -> SlotState { values[index] }

    /// `normalizer.normalize(payload).payload`, computed on first use.
    mutating func normalized() -> JSONValue {
        if let normalizedPayload { return normalizedPayload }
        let result = reading.normalizer.normalize(payload()).payload
        normalizedPayload = result
        return result
    }

    /// Evaluates an expression the slots cannot answer with the reference interpreter, on the
    /// normalized payload.
    mutating func interpret(_ expr: Expr, patterns: [String: RE2Pattern]) -> Value {
        var interpreter = Interpreter(payload: normalized(), patterns: patterns, recorder: NoTrace())
        return interpreter.evaluate(expr)
    }
}

extension UnsafeMutableBufferPointer {
    /// Deinitializes every element one by one: for the few elements of a decision's buffers this
    /// costs less than `deinitialize()`, which goes through the runtime's generic array destroy.
    func destroyElements() {
        guard let base = baseAddress else { return }
        for offset in 0..<count { _ = (base + offset).move() }
    }
}

/// A slot of one decision: not read yet (or read from bytes but not normalized yet), or read and
/// empty, or read and holding its normalized value.
enum SlotState {
    case unread
    /// The raw value at the field's path in JSON bytes, not normalized yet.
    case captured(JSONValue)
    /// Where the field's path starts in the members of a payload value: not read yet.
    case member(JSONObject.Index)
    case absent
    case present(JSONValue)
}

/// A value an action needs from the payload (a param, the login user): a declared field's slot,
/// or an expression for the interpreter.
enum SlotValue: Sendable {
    case slot(Int)
    case interpreted(CheckedExpression)

    init(_ expression: CheckedExpression, slots: PayloadSlots) {
        if let slot = slots.slot(of: expression.expr) {
            self = .slot(slot)
        } else {
            self = .interpreted(expression)
        }
    }

    /// The value as the interpreter computes it: a path expression's value is the payload's
    /// value at that path, or an error when it is missing.
    func value(in context: inout DecisionContext) -> Value {
        switch self {
        case .slot(let slot):
            guard let json = context.slot(slot) else { return .error("missing") }
            return Value(json: json)
        case .interpreted(let expression):
            return context.interpret(expression.expr, patterns: expression.patterns)
        }
    }

    /// The JSON form of the value, as `Value.json` gives it; nil for errors.
    func json(in context: inout DecisionContext) -> JSONValue? {
        if case .slot(let slot) = self { return context.slot(slot) }
        return value(in: &context).json
    }
}
