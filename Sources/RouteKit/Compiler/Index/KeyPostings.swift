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
    // The table holds entry numbers; the entries are stored densely, one array per part, so that
    // a probe copies no key and the table costs a few bytes per key (a 10,000-rule table has
    // about as many keys as rules). A payload's string is compared with a key's bytes only when
    // their hashes are equal.
    /// Per table slot: the entry's number + 1; 0 for an empty slot.
    private let table: [UInt32]
    private let keys: [IndexKey]
    private let hashes: [Int]
    /// Per entry: where a string key's UTF-8 bytes are in `stringBytes` (-1 for other keys),
    /// and where they end. 32 bits are plenty: the keys come from a route table, whose files are
    /// bounded far below 2 GiB (`YAMLLimits.maxFileSize`, `CompiledTableFormat.maxBytes`).
    private let stringStarts: [Int32]
    private let stringEnds: [Int32]
    private let stringBytes: [UInt8]
    private let ranges: [PostingRange]
    private let mask: Int
    /// Distinct keys.
    var count: Int { keys.count }

    init(_ entries: [IndexKey: PostingRange]) {
        self.init(entries.map { ($0.key, $0.value) })
    }

    /// The postings of distinct keys.
    init(_ entries: [(IndexKey, PostingRange)]) {
        var size = 8
        while size < entries.count * 2 { size *= 2 }
        var table = [UInt32](repeating: 0, count: size)
        var hashes: [Int] = []
        var stringStarts: [Int32] = []
        var stringEnds: [Int32] = []
        var stringBytes: [UInt8] = []
        hashes.reserveCapacity(entries.count)
        stringStarts.reserveCapacity(entries.count)
        stringEnds.reserveCapacity(entries.count)
        for (number, (key, _)) in entries.enumerated() {
            let hash = Self.hash(key)
            var slot = hash & (size - 1)
            while table[slot] != 0 { slot = (slot + 1) & (size - 1) }
            table[slot] = UInt32(number + 1)
            hashes.append(hash)
            if case .string(let text) = key {
                stringStarts.append(Int32(stringBytes.count))
                stringBytes += text.utf8
            } else {
                stringStarts.append(-1)
            }
            stringEnds.append(Int32(stringBytes.count))
        }
        self.table = table
        keys = entries.map(\.0)
        self.hashes = hashes
        self.stringStarts = stringStarts
        self.stringEnds = stringEnds
        self.stringBytes = stringBytes
        ranges = entries.map(\.1)
        mask = size - 1
    }

    /// The rules filed under `key`, or nil when no rule is.
    subscript(key: IndexKey) -> PostingRange? {
        if case .string(let text) = key { return self[string: text] }
        let hash = Self.hash(key)
        var slot = hash & mask
        while table[slot] != 0 {
            let entry = Int(table[slot]) - 1
            if hashes[entry] == hash, keys[entry] == key { return ranges[entry] }
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
        while table[slot] != 0 {
            let entry = Int(table[slot]) - 1
            if hashes[entry] == hash, stringStarts[entry] >= 0, hasBytes(entry, bytes) { return ranges[entry] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether string entry `entry`'s bytes are `bytes`.
    private func hasBytes(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(stringStarts[entry])
        guard Int(stringEnds[entry]) - start == bytes.count else { return false }
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
