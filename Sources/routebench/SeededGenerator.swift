/// A small, fast, seedable random number generator (SplitMix64), so that a table and its payloads
/// are the same on every run and every machine: the committed hand-written chain depends on it.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// let pick = Int.random(in: 0..<10, using: &random)
/// ```
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }
}
