/// Where a validated key's raw bytes are: between the quote at `quote` and the closing quote.
struct RawKey {
    var quote: Int
    /// Raw bytes between the quotes, escapes undecoded.
    var length: Int
    var form: JSONByteParser.StringForm
}

/// The keys of the objects being read, innermost object last: a stack in caller-provided
/// storage (on the caller's stack, so that typical payloads allocate nothing for it) that moves
/// to the heap when a payload has more keys open at once than fit.
struct KeyStack {
    private var storage: UnsafeMutablePointer<RawKey>
    private var capacity: Int
    private var owned = false
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<RawKey>) {
        storage = buffer.baseAddress ?? UnsafeMutablePointer<RawKey>.allocate(capacity: 1)
        capacity = buffer.baseAddress == nil ? 1 : buffer.count
        owned = buffer.baseAddress == nil
    }

    subscript(position: Int) -> RawKey { storage[position] }

    mutating func append(_ key: RawKey) {
        if count == capacity {
            let larger = UnsafeMutablePointer<RawKey>.allocate(capacity: capacity * 2)
            larger.initialize(from: storage, count: count)
            if owned { storage.deallocate() }
            storage = larger
            capacity *= 2
            owned = true
        }
        (storage + count).initialize(to: key)
        count += 1
    }

    /// Forgets the keys from `position` on (an object that has been read).
    mutating func truncate(to position: Int) { count = position }

    /// Frees heap storage; call once when done.
    func release() {
        if owned { storage.deallocate() }
    }
}

/// The duplicate-key check of one object being skipped or filtered, with the same outcome as
/// `JSONByteParser`'s `JSONObject`, whose keys compare by code points.
///
/// Plain ASCII keys are equal exactly when their bytes are, so while every key is plain ASCII the
/// raw bytes are compared: linearly for the first few keys (kept in `FilteringParser.keys`), then
/// through a hash set of raw byte ranges, so that a hostile object with thousands of keys stays
/// linear (every key is still listed, for the switch below). The first key with escapes or non-ASCII bytes switches the object to a set of decoded
/// keys, which holds every key from then on.
///
/// ```swift
/// var seen = ObjectKeys(base: keys.count)
/// try insert(key, into: &seen) // throws `duplicate key 'type'` for a second "type"
/// ```
struct ObjectKeys {
    /// Where this object's keys start in `FilteringParser.keys`.
    let base: Int
    var hashed: Set<RawBytes>?
    var strings: Set<CodePointKey>?

    /// Keys compared one by one before a hash set is worth building.
    static let linearLimit = 16

    init(base: Int) {
        self.base = base
    }
}

/// A byte range of the document, hashed and compared by content.
struct RawBytes: Hashable {
    var start: UnsafePointer<UInt8>
    var count: Int

    static func == (lhs: RawBytes, rhs: RawBytes) -> Bool {
        lhs.count == rhs.count && sameBytes(lhs.start, rhs.start, count: lhs.count)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(start: start, count: count))
    }
}

@inline(__always)
func sameBytes(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
    var offset = 0
    while offset < count {
        if lhs[offset] != rhs[offset] { return false }
        offset += 1
    }
    return true
}

extension FilteringParser {
    /// Records a key of the object `seen` describes, or throws `duplicate key` at its quote.
    mutating func insert(_ key: RawKey, into seen: inout ObjectKeys) throws(JSONReadError) {
        if seen.strings != nil || key.form != .ascii {
            try insertDecoded(key, into: &seen)
            return
        }
        let raw = RawBytes(start: parser.bytes + key.quote + 1, count: key.length)
        if seen.hashed != nil {
            guard seen.hashed?.insert(raw).inserted == true else { throw duplicate(key) }
            keys.append(key)
            return
        }
        for index in seen.base..<keys.count {
            let other = keys[index]
            if other.length == key.length,
                sameBytes(parser.bytes + other.quote + 1, raw.start, count: key.length)
            {
                throw duplicate(key)
            }
        }
        keys.append(key)
        if keys.count - seen.base > ObjectKeys.linearLimit {
            var hashed = Set<RawBytes>(minimumCapacity: 64)
            for index in seen.base..<keys.count {
                hashed.insert(RawBytes(start: parser.bytes + keys[index].quote + 1, count: keys[index].length))
            }
            seen.hashed = hashed
        }
    }

    /// The comparison of decoded keys, for objects with a key that has escapes or non-ASCII bytes.
    private mutating func insertDecoded(_ key: RawKey, into seen: inout ObjectKeys) throws(JSONReadError) {
        if seen.strings == nil {
            // Until now every key was plain ASCII and distinct, listed from `base` on.
            var strings = Set<CodePointKey>()
            for index in seen.base..<keys.count { strings.insert(CodePointKey(decode(keys[index]))) }
            seen.strings = strings
            seen.hashed = nil
        }
        let name = decode(key)
        guard seen.strings?.insert(CodePointKey(name)).inserted == true else {
            throw parser.duplicateKey(name, at: key.quote)
        }
    }

    private func duplicate(_ key: RawKey) -> JSONReadError {
        parser.duplicateKey(decode(key), at: key.quote)
    }
}
