/// The top-level keys a `PayloadReader` keeps, looked up by their raw bytes so that a payload's
/// keys are matched without building a `String` for each.
///
/// Plain ASCII keys (no escapes) are found in an open-addressing table hashed on their length
/// and first eight bytes. A key with escapes or non-ASCII bytes is decoded and looked up in
/// `names` with `String` equality, which is what `JSONReader`'s dictionary uses; and when some
/// kept name is itself non-ASCII, an ASCII key that the table misses is checked the same way,
/// since `String` equality is canonical equivalence (`"K"` equals the Kelvin sign `"\u{212A}"`).
///
/// Each kept key has an ordinal, its position in `ordered`.
///
/// ```swift
/// let table = KeptKeyTable(["type", "aps"])
/// table.names.contains("type") // true
/// table.ordered                // ["aps", "type"]
/// ```
struct KeptKeyTable: Sendable {
    /// Every kept key.
    let names: Set<String>
    /// Every kept key, sorted; a key's ordinal is its position here.
    let ordered: [String]
    private let ordinals: [String: Int]
    /// Whether some kept key has a non-ASCII character.
    let hasNonASCII: Bool

    private struct Entry: Sendable {
        var ordinal: Int
        var bytes: [UInt8]
        var word: UInt64
    }

    private let entries: [Entry]
    /// Entry index + 1 per slot; 0 is an empty slot.
    private let slots: [Int]
    private let mask: Int

    init(_ names: Set<String>) {
        self.names = names
        ordered = names.sorted()
        ordinals = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })
        hasNonASCII = names.contains { !$0.utf8.allSatisfy { $0 < 0x80 } }
        // Sorted so that the table is the same for the same set in every process.
        let ascii = names.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.sorted()
        var size = 16
        while size < ascii.count * 4 { size *= 2 }
        mask = size - 1
        var entries: [Entry] = []
        var slots = [Int](repeating: 0, count: size)
        for name in ascii {
            let bytes = Array(name.utf8)
            let word = Self.prefixWord(bytes)
            var slot = Self.hash(word, bytes.count) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            entries.append(Entry(ordinal: ordinals[name] ?? 0, bytes: bytes, word: word))
            slots[slot] = entries.count
        }
        self.entries = entries
        self.slots = slots
    }

    /// The ordinal of the kept name equal to `name` (`String` equality), or nil.
    func ordinal(of name: String) -> Int? { ordinals[name] }

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
        var slot = Self.hash(word, length) & mask
        while true {
            let entryIndex = slots[slot]
            if entryIndex == 0 { return nil }
            let entry = entries[entryIndex - 1]
            if entry.word == word, entry.bytes.count == length, Self.equal(entry.bytes, start) {
                return entry.ordinal
            }
            slot = (slot + 1) & mask
        }
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

    /// Compares the bytes past the first eight, which the word already matched.
    @inline(__always)
    private static func equal(_ bytes: [UInt8], _ start: UnsafePointer<UInt8>) -> Bool {
        var offset = 8
        while offset < bytes.count {
            if bytes[offset] != start[offset] { return false }
            offset += 1
        }
        return true
    }
}
