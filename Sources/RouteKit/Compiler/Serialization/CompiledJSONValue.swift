/// A compiled table's JSON as read: a `JSONValue` whose objects keep their members in the order
/// of the file instead of in a dictionary.
///
/// The compiler writes every object's keys sorted, so the decoder checks an object's keys with one
/// walk and finds a member among a handful without hashing; with dictionaries, hashing every key
/// of a 10,000-rule file twice (reading, then looking up) was a third of loading it. The reading
/// is exactly `JSONReader`'s: the same errors at the same offsets, duplicate keys included.
///
/// ```swift
/// var parser = JSONByteParser(base, count: count)
/// let root = try parser.readCompiledDocument()   // .object([CompiledJSONMember(key: "format", …), …])
/// ```
enum CompiledJSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([CompiledJSONValue])
    case object([CompiledJSONMember])

    /// The member `key` of an object (keys are unique), or nil.
    subscript(key: String) -> CompiledJSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A `JSONValue` as read from a file, object members in the order of their keys' UTF-8 bytes.
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(CompiledJSONValue.init))
        case .object(let members):
            self = .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                .map { CompiledJSONMember(key: $0.key, value: CompiledJSONValue($0.value)) })
        }
    }

    /// The same value as a `JSONValue`, for messages that quote it.
    var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.json))
        case .object(let members):
            .object(JSONObject(members.map { ($0.key, $0.value.json) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// The elements of a compiled table document's `rules` array, taken out of it (the document
    /// keeps an empty array in their place), or nil when there is no such array. Taken from a
    /// value nothing else references, the elements are referenced only by the result, so that
    /// the decoder can release each one when its rule is decoded.
    mutating func takeRules() -> [CompiledJSONValue]? {
        guard case .object(var members) = self else { return nil }
        self = .null
        defer { self = .object(members) }
        guard let position = members.firstIndex(where: { $0.key == "rules" }),
            case .array(let elements) = members[position].value
        else { return nil }
        members[position].value = .array([])
        return elements
    }
}

/// A member of a `CompiledJSONValue` object.
struct CompiledJSONMember: Sendable {
    let key: String
    var value: CompiledJSONValue
}

extension CompiledJSONValue {
    /// A whole JSON document held to `limits`, objects in file order: for the JSON files beside a
    /// compiled table (an app contract, a signed table), decoded with `CompiledJSONNode` too.
    ///
    /// ```swift
    /// let root = try CompiledJSONValue.read(bytes, limits: AppContract.readLimits)
    /// ```
    static func read(_ bytes: [UInt8], limits: JSONReadLimits) throws(JSONReadError) -> CompiledJSONValue {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONReadError) -> CompiledJSONValue in
                var parser = try JSONByteParser(document: raw, limits: limits)
                return try parser.readCompiledDocument()
            }
        }
        return try result.get()
    }
}

extension JSONByteParser {
    /// A whole document read as `readDocument()` reads it, objects in file order.
    mutating func readCompiledDocument() throws(JSONReadError) -> CompiledJSONValue {
        try startDocument()
        var members = ElementStack<CompiledJSONMember>()
        let value = try readCompiledValue(&members)
        try endDocument()
        return value
    }

    mutating func readCompiledValue(_ members: inout ElementStack<CompiledJSONMember>)
        throws(JSONReadError) -> CompiledJSONValue
    {
        if index < count, bytes[index] == UInt8(ascii: "{") { return try readCompiledObject(&members) }
        if index < count, bytes[index] == UInt8(ascii: "[") { return try readCompiledArray(&members) }
        // Anything else is a scalar, or an error `readValue` reports.
        switch try readValue() {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .array, .object: preconditionFailure("containers are read above")
        }
    }

    private mutating func readCompiledObject(_ members: inout ElementStack<CompiledJSONMember>)
        throws(JSONReadError) -> CompiledJSONValue
    {
        if try openContainer(closing: UInt8(ascii: "}")) { return .object([]) }
        // This object's members go on the shared stack above any enclosing object's.
        let base = members.count
        // A duplicate is a key with the code points of an earlier one (as the `JSONObject` of
        // `readObject` would find it). While the keys are plain ASCII and ascending
        // by bytes, as the compiler writes them, none can be; after that, a set remembers them all.
        var previousKey: Range<Int>? = nil
        var seen: Set<CodePointKey>?
        repeat {
            let keyStart = try keyStart()
            let key = try readString()
            let keyBytes = keyStart + 1 ..< index - 1
            try readColon()
            let value = try readCompiledValue(&members)
            if seen == nil {
                if isPlainASCII(keyBytes), previousKey.map({ precedes($0, keyBytes) }) ?? true {
                    previousKey = keyBytes
                } else {
                    seen = Set(members.elements(from: base).map { CodePointKey($0.key) })
                }
            }
            // Checked after the value, as `readObject` does: a broken value is reported first.
            if seen?.insert(CodePointKey(key)).inserted == false { throw duplicateKey(key, at: keyStart) }
            members.push(CompiledJSONMember(key: key, value: value))
        } while try !closeOrComma(UInt8(ascii: "}"))
        return .object(members.take(from: base))
    }

    /// Whether these bytes of a string hold no escape and nothing but ASCII.
    private func isPlainASCII(_ range: Range<Int>) -> Bool {
        for offset in range where bytes[offset] >= 0x80 || bytes[offset] == UInt8(ascii: "\\") { return false }
        return true
    }

    /// Whether the bytes `first` come strictly before the bytes `second`.
    private func precedes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        UnsafeBufferPointer(start: bytes + first.lowerBound, count: first.count)
            .lexicographicallyPrecedes(UnsafeBufferPointer(start: bytes + second.lowerBound, count: second.count))
    }

    private mutating func readCompiledArray(_ members: inout ElementStack<CompiledJSONMember>)
        throws(JSONReadError) -> CompiledJSONValue
    {
        .array(try readElements { parser throws(JSONReadError) in try parser.readCompiledValue(&members) })
    }
}
