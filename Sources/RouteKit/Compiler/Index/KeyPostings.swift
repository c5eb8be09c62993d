/// One field's index: key value to the run of rules filed under it, in an open-addressing table
/// with a cheap hash of the key's bytes instead of `Dictionary`'s seeded SipHash.
///
/// Flooding does not apply: the table is built once from the route table's own keys, so the
/// longest probe sequence is fixed at compile time whatever a payload sends; a payload value
/// costs one hash and at most that many comparisons.
///
/// ```swift
/// let postings = KeyPostings([.string("chat"): PostingRange(start: 0, end: 2)])
/// postings[.string("chat")] // 0..<2
/// postings[.int(3)]         // nil
/// ```
struct KeyPostings: Sendable {
    // One array per part of a slot, so that a probe copies no key: a payload's string is
    // compared with a key's bytes only when their hashes are equal.
    private let keys: [IndexKey?]
    private let hashes: [Int]
    /// Per slot holding a string key: where its UTF-8 bytes are in `stringBytes`; -1 otherwise.
    private let stringStarts: [Int]
    private let stringCounts: [Int]
    private let stringBytes: [UInt8]
    private let ranges: [PostingRange]
    private let mask: Int
    /// Distinct keys.
    let count: Int

    init(_ entries: [IndexKey: PostingRange]) {
        self.init(entries.map { ($0.key, $0.value) })
    }

    /// The postings of distinct keys.
    init(_ entries: [(IndexKey, PostingRange)]) {
        var size = 8
        while size < entries.count * 2 { size *= 2 }
        var keys = [IndexKey?](repeating: nil, count: size)
        var hashes = [Int](repeating: 0, count: size)
        var stringStarts = [Int](repeating: -1, count: size)
        var stringCounts = [Int](repeating: 0, count: size)
        var stringBytes: [UInt8] = []
        var ranges = [PostingRange](repeating: PostingRange(start: 0, end: 0), count: size)
        for (key, range) in entries {
            let hash = Self.hash(key)
            var slot = hash & (size - 1)
            while keys[slot] != nil { slot = (slot + 1) & (size - 1) }
            keys[slot] = key
            hashes[slot] = hash
            if case .string(let text) = key {
                stringStarts[slot] = stringBytes.count
                stringCounts[slot] = text.utf8.count
                stringBytes += text.utf8
            }
            ranges[slot] = range
        }
        self.keys = keys
        self.hashes = hashes
        self.stringStarts = stringStarts
        self.stringCounts = stringCounts
        self.stringBytes = stringBytes
        self.ranges = ranges
        mask = size - 1
        count = entries.count
    }

    /// The rules filed under `key`, or nil when no rule is.
    subscript(key: IndexKey) -> PostingRange? {
        if case .string(let text) = key { return self[string: text] }
        let hash = Self.hash(key)
        var slot = hash & mask
        while let candidate = keys[slot] {
            if hashes[slot] == hash, candidate == key { return ranges[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The rules filed under the string key `text` (compared by UTF-8 bytes, as `IndexKey`
    /// compares strings), or nil.
    subscript(string text: String) -> PostingRange? {
        // Native strings are contiguous UTF-8; only bridged ones take the copy.
        text.utf8.withContiguousStorageIfAvailable(range(forString:))
            ?? Array(text.utf8).withUnsafeBufferPointer(range(forString:))
    }

    private func range(forString bytes: UnsafeBufferPointer<UInt8>) -> PostingRange? {
        let hash = Self.hashBytes(bytes)
        var slot = hash & mask
        while keys[slot] != nil {
            if hashes[slot] == hash, stringStarts[slot] >= 0, stringCounts[slot] == bytes.count,
                hasBytes(slot, bytes)
            {
                return ranges[slot]
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private func hasBytes(_ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = stringStarts[slot]
        for offset in 0..<bytes.count where stringBytes[start + offset] != bytes[offset] { return false }
        return true
    }

    private static func hash(_ key: IndexKey) -> Int {
        switch key {
        case .bool(let b): return mix(b ? 1 : 0, 0x5bd1_e995)
        case .int(let i): return mix(UInt64(bitPattern: i), 0x27d4_eb2f)
        case .double(let bits): return mix(bits, 0x1656_67b1)
        case .string(let s):
            // Native strings are contiguous UTF-8; only bridged ones take the copy.
            return s.utf8.withContiguousStorageIfAvailable(hashBytes)
                ?? Array(s.utf8).withUnsafeBufferPointer(hashBytes)
        }
    }

    private static func hashBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var state = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
            state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        return mix(state ^ tail, 0x85eb_ca6b)
    }

    private static func mix(_ value: UInt64, _ seed: UInt64) -> Int {
        var h = (value ^ seed) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return Int(truncatingIfNeeded: h)
    }
}
