/// The parser behind `PayloadReader`: `JSONByteParser` for everything it builds, plus a skipping
/// walk that validates a value exactly as `JSONByteParser.readValue` would — same checks, same
/// order, so the same first error — without building it.
///
/// Skipped strings are scanned with a sink that only counts decoded bytes; skipped numbers and
/// literals go through `readValue`, which allocates nothing for them. Duplicate keys of skipped
/// objects are found by comparing raw key bytes (see `ObjectKeys`).
struct FilteringParser {
    var parser: JSONByteParser
    /// The keys seen so far of every object being read, innermost object last.
    var keys: KeyStack

    /// A parser whose key stack starts in `keyStorage`; call `keys.release()` when done.
    init(_ parser: JSONByteParser, keyStorage: UnsafeMutableBufferPointer<RawKey>) {
        self.parser = parser
        keys = KeyStack(keyStorage)
    }

    /// Reads the document's value: a top-level object keeps only the members `kept` names, every
    /// other value is read whole.
    mutating func readDocument(keeping kept: KeptKeyTable) throws(JSONReadError) -> JSONValue {
        try parser.startDocument()
        let value: JSONValue
        if parser.index < parser.count, parser.bytes[parser.index] == UInt8(ascii: "{") {
            value = try readObject(keeping: kept)
        } else {
            value = try parser.readValue()
        }
        try parser.endDocument()
        return value
    }

    private mutating func readObject(keeping kept: KeptKeyTable) throws(JSONReadError) -> JSONValue {
        if try parser.openContainer(closing: UInt8(ascii: "}")) { return .object([:]) }
        var members = JSONObject(minimumCapacity: min(kept.ordered.count, 12))
        var seen = ObjectKeys(base: keys.count)
        repeat {
            let key = try scanKey()
            try parser.readColon()
            if let name = try keptName(key, kept) {
                members[name] = try parser.readValue()
            } else {
                try skipValue()
            }
            try insert(key, into: &seen)
        } while try !parser.closeOrComma(UInt8(ascii: "}"))
        keys.truncate(to: seen.base)
        return .object(members)
    }

    /// The name under which a top-level key is kept, or nil when it is skipped.
    @inline(__always)
    private func keptName(_ key: RawKey, _ kept: KeptKeyTable) throws(JSONReadError) -> String? {
        keptOrdinal(key, kept).map { kept.ordered[$0] }
    }

    /// The ordinal in `kept` of the kept name equal to a key, or nil when it is skipped.
    @inline(__always)
    func keptOrdinal(_ key: RawKey, _ kept: KeptKeyTable) -> Int? {
        guard key.form == .ascii else { return kept.ordinal(of: decode(key)) }
        return kept.ordinal(ascii: parser.bytes + key.quote + 1, length: key.length, end: parser.bytes + parser.count)
    }

    /// Validates the value at `index` and moves past it, building nothing but error messages.
    mutating func skipValue() throws(JSONReadError) {
        if parser.index < parser.count {
            switch parser.bytes[parser.index] {
            case UInt8(ascii: "{"): return try skipObject()
            case UInt8(ascii: "["): return try skipArray()
            case UInt8(ascii: "\""):
                var decoded = DecodedByteCount()
                _ = try parser.scanString(into: &decoded)
                return
            default: break
            }
        }
        // Numbers, literals and errors: nothing to allocate, and the same checks by construction.
        _ = try parser.readValue()
    }

    private mutating func skipObject() throws(JSONReadError) {
        if try parser.openContainer(closing: UInt8(ascii: "}")) { return }
        var seen = ObjectKeys(base: keys.count)
        repeat {
            let key = try scanKey()
            try parser.readColon()
            try skipValue()
            try insert(key, into: &seen)
        } while try !parser.closeOrComma(UInt8(ascii: "}"))
        keys.truncate(to: seen.base)
    }

    private mutating func skipArray() throws(JSONReadError) {
        if try parser.openContainer(closing: UInt8(ascii: "]")) { return }
        repeat {
            try skipValue()
        } while try !parser.closeOrComma(UInt8(ascii: "]"))
    }

    /// Validates a member's key and returns where its raw bytes are.
    @inline(__always)
    mutating func scanKey() throws(JSONReadError) -> RawKey {
        let quote = try parser.keyStart()
        var decoded = DecodedByteCount()
        let form = try parser.scanString(into: &decoded)
        return RawKey(quote: quote, length: parser.index - quote - 2, form: form)
    }

    /// The key as `JSONByteParser.readString` builds it.
    func decode(_ key: RawKey) -> String {
        if key.form != .escaped {
            return String(
                decoding: UnsafeBufferPointer(start: parser.bytes + key.quote + 1, count: key.length),
                as: UTF8.self)
        }
        var copy = parser
        copy.index = key.quote
        // The key was validated when it was scanned, so reading it again cannot fail.
        return (try? copy.readString()) ?? ""
    }
}
