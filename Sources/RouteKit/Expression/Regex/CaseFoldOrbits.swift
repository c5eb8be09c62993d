/// Case folding for `(?i)`, as RE2 folds: characters match each other when Unicode's simple case
/// folding maps them to the same character. Each such group is an orbit — `k`, `K` and U+212A
/// KELVIN SIGN; `s`, `S` and U+017F LONG S; `θ`, `Θ`, `ϑ` and `ϴ` — and RE2 walks an orbit as a
/// cycle, each member leading to the next larger one and the largest back to the smallest.
///
/// The orbits come from Unicode's CaseFolding.txt (`CaseFoldOrbits+Table.swift`, written by
/// `scripts/generate-unicode-casefold.py`), read once on first use. Swift's own case mappings
/// are not used: `"ı".uppercased()` is `"I"`, which RE2 does not fold with `i`.
///
/// ```swift
/// CaseFoldOrbits.next(after: 0x6B)   // 0x212A: after 'k' comes the Kelvin sign
/// CaseFoldOrbits.next(after: 0x212A) // 0x4B: then 'K', whose next is 'k' again
/// CaseFoldOrbits.next(after: 0x131)  // nil: 'ı' folds with nothing
/// ```
enum CaseFoldOrbits {
    /// The member of `scalar`'s orbit that follows it, or nil when the orbit is `scalar` alone.
    static func next(after scalar: UInt32) -> UInt32? {
        let table = cycle
        var low = 0
        var high = table.members.count
        while low < high {
            let middle = (low + high) / 2
            if table.members[middle] < scalar { low = middle + 1 } else { high = middle }
        }
        guard low < table.members.count, table.members[low] == scalar else { return nil }
        return table.following[low]
    }

    /// Whether some member of `scalar`'s orbit, `scalar` included, satisfies `test`.
    ///
    /// ```swift
    /// CaseFoldOrbits.anyMember(of: 0x212A) { $0 == 0x6B } // true
    /// ```
    static func anyMember(of scalar: UInt32, _ test: (UInt32) -> Bool) -> Bool {
        if test(scalar) { return true }
        var member = next(after: scalar)
        while let current = member, current != scalar {
            if test(current) { return true }
            member = next(after: current)
        }
        return false
    }

    /// Every member of `scalar`'s orbit, ascending; `[scalar]` when it folds with nothing.
    ///
    /// ```swift
    /// CaseFoldOrbits.orbit(of: 0x73) // [0x53, 0x73, 0x17F]: S, s, ſ
    /// ```
    static func orbit(of scalar: UInt32) -> [UInt32] {
        var members = [scalar]
        var member = next(after: scalar)
        while let current = member, current != scalar {
            members.append(current)
            member = next(after: current)
        }
        return members.sorted()
    }

    /// Every code point in an orbit of two or more, ascending, with the member that follows it.
    private static let cycle: (members: [UInt32], following: [UInt32]) = {
        var pairs: [(UInt32, UInt32)] = []
        for group in orbitText.split(separator: "|") {
            let members = group.split(whereSeparator: \.isWhitespace).compactMap { UInt32($0, radix: 16) }
            guard members.count > 1 else { continue }
            for (index, member) in members.enumerated() {
                pairs.append((member, members[(index + 1) % members.count]))
            }
        }
        pairs.sort { $0.0 < $1.0 }
        return (pairs.map(\.0), pairs.map(\.1))
    }()
}
