/// The positions of distinct names, found the way `[CodePointKey: Int]` finds them but several
/// times faster.
///
/// Loading a table of 10,000 rules looked names up about ten times a rule (each rule's name, the
/// screens it opens), and a `Dictionary` lookup, which hashes the string with SipHash, cost about
/// 380 instructions: 4% of a load. Here a name is hashed eight bytes at a time with a
/// per-process random seed (so a file cannot be written to make its names collide), in about a
/// tenth of that.
///
/// Names compare by code points (their UTF-8 bytes), as everywhere in RouteKit: a name is what
/// its bytes say, so `"caf\u{E9}"` and `"cafe\u{301}"`, or `"Key"` and `"\u{212A}ey"` (KELVIN
/// SIGN), are different names although Swift's `==` equates them.
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

    /// The position of the name with the code points of `name`, or nil.
    ///
    /// ```swift
    /// NameIndex(["home", "me"]).position(of: "me") // 1
    /// ```
    func position(of name: String) -> Int? {
        find(name, hash: Self.hash(name)).position
    }

    /// Adds `name` unless one with its code points is there; returns whether it was added and its
    /// position.
    ///
    /// ```swift
    /// var index = NameIndex()
    /// if !index.insert(ruleName).inserted { print("duplicate") }
    /// ```
    @discardableResult
    mutating func insert(_ name: String) -> (inserted: Bool, position: Int) {
        let hash = Self.hash(name)
        let found = find(name, hash: hash)
        if let position = found.position { return (false, position) }
        return (true, append(name, hash: hash, at: found.slot))
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
            if entry & Self.tagMask == tag, names[position].hasSameScalars(as: name) { return (position, slot) }
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
            let hash = Self.hash(name)
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

    /// A hash of the name's UTF-8, eight bytes at a time.
    static func hash(_ name: String) -> UInt64 {
        name.utf8.withContiguousStorageIfAvailable(hash(bytes:))
            ?? Array(name.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = seed ^ UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
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
                hash = mix(hash ^ word)
            }
        }
        return mix(hash)
    }

    /// One multiply-and-fold round (as in wyhash and MurmurHash's finalizer): every input bit
    /// reaches the high bits, which pick the slot's tag, and the low bits, which pick the slot.
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }
}
