/// The positions of distinct names, found the way `[String: Int]` finds them but several times
/// faster for ASCII names, which are nearly all a table has.
///
/// Loading a table of 10,000 rules looked names up about ten times a rule (each rule's name, the
/// screens it opens), and a `Dictionary` lookup, which hashes the string with SipHash through
/// its Unicode-normalizing `hash(into:)`, cost about 380 instructions: 4% of a load. Here an
/// ASCII name is hashed eight bytes at a time with a per-process random seed (so a file cannot
/// be written to make its names collide), in about a tenth of that.
///
/// Names compare as Swift strings do, so canonically equivalent spellings are one name: once a
/// name that is not ASCII is added, every lookup goes through a `Dictionary`; while every name
/// is ASCII, a query that is not ASCII can equal one only through the few characters that are
/// canonically a single ASCII character (`asciiEquivalents`).
///
/// ```swift
/// var index = NameIndex()
/// index.insert("home")         // (inserted: true, position: 0)
/// index.insert("inbox")        // (inserted: true, position: 1)
/// index.insert("home")         // (inserted: false, position: 0)
/// index.position(of: "inbox")  // 1
/// ```
struct NameIndex: Sendable {
    /// The names in the order they were added: a name's position.
    private(set) var names: [String] = []
    /// Open addressing with linear probing: each slot is empty (0) or holds a position plus one
    /// in its low 32 bits and the high 32 bits of the name's hash above, so that a probe compares
    /// strings only where the hashes agree. A power of two long, at most half full.
    private var slots: [UInt64] = []
    /// Every name by position, once a name that is not ASCII has been added; nil before.
    private var canonical: [String: Int]?

    /// An empty index.
    ///
    /// ```swift
    /// var index = NameIndex(minimumCapacity: rules.count)
    /// ```
    init(minimumCapacity: Int = 0) {
        names.reserveCapacity(minimumCapacity)
        slots = Array(repeating: 0, count: Self.slotCount(for: minimumCapacity))
    }

    /// The distinct names of `names`, each at the position where it first occurs.
    ///
    /// ```swift
    /// NameIndex(["home", "me", "home"]).names // ["home", "me"]
    /// ```
    init(_ names: some Collection<String>) {
        self.init(minimumCapacity: names.count)
        for name in names { insert(name) }
    }

    /// The position of the name equal to `name`, or nil.
    ///
    /// ```swift
    /// NameIndex(["home", "me"]).position(of: "me") // 1
    /// ```
    func position(of name: String) -> Int? {
        if let canonical { return canonical[name] }
        let (hash, isASCII) = Self.hash(name)
        if isASCII { return find(name, hash: hash).position }
        return Self.asciiEquivalent(of: name).flatMap(position(of:))
    }

    /// Adds `name` unless an equal one is there; returns whether it was added and its position.
    ///
    /// ```swift
    /// var index = NameIndex()
    /// if !index.insert(ruleName).inserted { print("duplicate") }
    /// ```
    @discardableResult
    mutating func insert(_ name: String) -> (inserted: Bool, position: Int) {
        if canonical == nil, case let (hash, true) = Self.hash(name) {
            let found = find(name, hash: hash)
            if let position = found.position { return (false, position) }
            return (true, append(name, hash: hash, at: found.slot))
        }
        if canonical == nil {
            if let position = position(of: name) { return (false, position) }
            canonical = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        }
        if let position = canonical?[name] { return (false, position) }
        canonical?[name] = names.count
        names.append(name)
        return (true, names.count - 1)
    }

    /// The position of `name` (nil when absent) and the slot it is in or would go to.
    private func find(_ name: String, hash: UInt64) -> (position: Int?, slot: Int) {
        let mask = slots.count - 1
        let tag = hash & Self.tagMask
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return (nil, slot) }
            let position = Int(entry & 0xFFFF_FFFF) - 1
            if entry & Self.tagMask == tag, names[position] == name { return (position, slot) }
            slot = (slot + 1) & mask
        }
    }

    private mutating func append(_ name: String, hash: UInt64, at slot: Int) -> Int {
        let position = names.count
        names.append(name)
        slots[slot] = hash & Self.tagMask | UInt64(position + 1)
        if names.count * 2 > slots.count { rehash() }
        return position
    }

    private mutating func rehash() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (position, name) in names.enumerated() {
            let (hash, _) = Self.hash(name)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = hash & Self.tagMask | UInt64(position + 1)
        }
    }

    /// The bits of a slot, and of a hash, that are the hash's tag.
    private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots < count * 2 { slots *= 2 }
        return slots
    }
}

extension NameIndex {
    /// Chosen at random once per process, as Swift's own `Hasher` seed is.
    private static let seed = UInt64.random(in: .min ... .max) | 1

    /// A hash of the name's UTF-8, eight bytes at a time, and whether every byte is ASCII.
    static func hash(_ name: String) -> (UInt64, isASCII: Bool) {
        name.utf8.withContiguousStorageIfAvailable(hash(bytes:))
            ?? Array(name.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, isASCII: Bool) {
        var hash = seed ^ UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var highBits: UInt64 = 0
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                highBits |= word
                hash = mix(hash ^ word)
                offset += 8
            }
            if offset < bytes.count {
                var word: UInt64 = 0
                var shift: UInt64 = 0
                while offset < bytes.count {
                    word |= UInt64(base[offset]) << shift
                    shift += 8
                    offset += 1
                }
                highBits |= word
                hash = mix(hash ^ word)
            }
        }
        return (mix(hash), highBits & 0x8080_8080_8080_8080 == 0)
    }

    /// One multiply-and-fold round (as in wyhash and MurmurHash's finalizer): every input bit
    /// reaches the high bits, which pick the slot's tag, and the low bits, which pick the slot.
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }

    /// The characters that are canonically one ASCII character, so that a string of them and
    /// ASCII equals an ASCII string (`"\u{212A}ey" == "Key"` in Swift). Found by comparing every
    /// Unicode scalar with every ASCII character (`NameIndexTests`).
    static let asciiEquivalents: [Unicode.Scalar: Unicode.Scalar] = [
        "\u{037E}": ";",  // GREEK QUESTION MARK
        "\u{1FEF}": "`",  // GREEK VARIA
        "\u{212A}": "K",  // KELVIN SIGN
    ]

    /// The ASCII string a string equals when every character of it is ASCII or one of
    /// `asciiEquivalents`; nil when it equals no ASCII string.
    static func asciiEquivalent(of name: String) -> String? {
        var ascii = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            guard let equivalent = scalar.isASCII ? scalar : asciiEquivalents[scalar] else { return nil }
            ascii.append(equivalent)
        }
        return String(ascii)
    }
}
