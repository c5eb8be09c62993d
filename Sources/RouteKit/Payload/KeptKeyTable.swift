/// The top-level keys a `PayloadReader` keeps, looked up by their raw bytes so that a payload's
/// keys are matched without building a `String` for each.
///
/// Keys and names compare by code points (`CodePointKey`), as `JSONReader`'s objects key them.
/// Plain ASCII keys (no escapes) are found in an open-addressing table hashed on their length
/// and first eight bytes; an ASCII key that table misses equals no kept name, since a string of
/// other code points is never the same bytes. A key with escapes or non-ASCII bytes is decoded
/// and looked up by its code points.
///
/// Each kept key has an ordinal, its position in `ordered`.
///
/// ```swift
/// let table = KeptKeyTable(["type", "aps"])
/// table.ordered                // ["aps", "type"]
/// table.ordinal(of: "type")    // 1
/// ```
struct KeptKeyTable: Sendable {
    /// Every kept key once, in code point order; a key's ordinal is its position here.
    let ordered: [String]
    private let ordinals: [CodePointKey: Int]

    // The ASCII names in an open-addressing table, one array per part so that a probe copies
    // no array (an entry holding its bytes was retained and released at every probe).
    /// Per slot: the name's length, or -1 for an empty slot.
    private let slotLengths: [Int]
    /// Per slot: the name's first (up to) eight bytes, first byte lowest.
    private let slotWords: [UInt64]
    private let slotOrdinals: [Int]
    /// Per slot: where the name's bytes start in `nameBytes` (only bytes past the eighth are read).
    private let slotOffsets: [Int]
    private let nameBytes: [UInt8]
    private let mask: Int

    init(_ names: some Sequence<String>) {
        // Sorted so that the table is the same for the same names in every process.
        ordered = Set(names.map { CodePointKey($0) }).sorted().map(\.string)
        ordinals = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { (CodePointKey($1), $0) })
        let ascii = ordered.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        var size = 16
        while size < ascii.count * 4 { size *= 2 }
        mask = size - 1
        var lengths = [Int](repeating: -1, count: size)
        var words = [UInt64](repeating: 0, count: size)
        var slotOrdinals = [Int](repeating: 0, count: size)
        var offsets = [Int](repeating: 0, count: size)
        var bytes: [UInt8] = []
        for name in ascii {
            let nameBytes = Array(name.utf8)
            let word = Self.prefixWord(nameBytes)
            var slot = Self.hash(word, nameBytes.count) & (size - 1)
            while lengths[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            lengths[slot] = nameBytes.count
            words[slot] = word
            slotOrdinals[slot] = ordinals[CodePointKey(name)] ?? 0
            offsets[slot] = bytes.count
            bytes += nameBytes
        }
        slotLengths = lengths
        slotWords = words
        self.slotOrdinals = slotOrdinals
        slotOffsets = offsets
        nameBytes = bytes
    }

    /// The ordinal of the kept name equal to `name` (by code points), or nil.
    func ordinal(of name: String) -> Int? { ordinals[CodePointKey(name)] }

    /// The ordinal of the kept name equal to `key` (by code points), found by its bytes when it
    /// is ASCII, as `ordinal(ascii:length:end:)` finds a key in a document.
    ///
    /// ```swift
    /// KeptKeyTable(["type", "aps"]).ordinal(ofKey: "type") // 1
    /// ```
    func ordinal(ofKey key: String) -> Int? {
        // nil: not plain ASCII (or bridged), so compared as a `String`.
        let found = key.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            guard let start = bytes.baseAddress else { return nil }
            var word: UInt64 = 0
            for offset in 0..<min(bytes.count, 8) { word |= UInt64(bytes[offset]) &<< (UInt64(offset) &<< 3) }
            var high = word & 0x8080_8080_8080_8080
            for offset in min(bytes.count, 8)..<bytes.count { high |= UInt64(bytes[offset] & 0x80) }
            guard high == 0 else { return nil }
            return .some(ordinal(word: word, length: bytes.count, start: start))
        }
        return (found ?? nil) ?? ordinal(of: key)
    }

    /// The ordinal of the kept name equal to the plain ASCII key at `start`, or nil. `end` bounds
    /// the readable bytes (the end of the document), so that the first eight bytes can be read as
    /// one word.
    @inline(__always)
    func ordinal(ascii start: UnsafePointer<UInt8>, length: Int, end: UnsafePointer<UInt8>) -> Int? {
        var word: UInt64 = 0
        let prefix = min(length, 8)
        if end - start >= 8 {
            word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            if prefix < 8 { word &= (1 &<< (UInt64(prefix) &<< 3)) &- 1 }
        } else {
            for offset in 0..<prefix { word |= UInt64(start[offset]) << (offset << 3) }
        }
        return ordinal(word: word, length: length, start: start)
    }

    /// The ordinal of the ASCII name of `length` bytes at `start` whose first (up to) eight bytes
    /// are `word`.
    @inline(__always)
    private func ordinal(word: UInt64, length: Int, start: UnsafePointer<UInt8>) -> Int? {
        var slot = Self.hash(word, length) & mask
        while true {
            let slotLength = slotLengths[slot]
            if slotLength < 0 { return nil }
            if slotWords[slot] == word, slotLength == length, equalPastPrefix(slot, start, length) {
                return slotOrdinals[slot]
            }
            slot = (slot + 1) & mask
        }
    }

    /// Compares the bytes past the first eight, which the word already matched.
    @inline(__always)
    private func equalPastPrefix(_ slot: Int, _ start: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        var offset = 8
        let base = slotOffsets[slot]
        while offset < length {
            if nameBytes[base + offset] != start[offset] { return false }
            offset += 1
        }
        return true
    }

    /// The first (up to) eight bytes packed into a word, first byte lowest.
    private static func prefixWord(_ bytes: [UInt8]) -> UInt64 {
        bytes.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    @inline(__always)
    private static func hash(_ word: UInt64, _ length: Int) -> Int {
        let mixed = (word ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> 40)
    }
}
