/// A set of Unicode scalars: ranges plus Unicode general categories, possibly negated.
///
/// Under `(?i)` the set is folded as RE2 folds it (`CaseFoldOrbits`): a scalar is in it when a
/// member of its orbit is in a positive part (`k` is in `(?i)[K]`, and so is U+212A), and a
/// negated part (`\W`, `[:^alpha:]`, `\P{Greek}`, `\PL`) holds only scalars none of whose
/// orbit is in its group, as RE2 folds the group before negating it (U+212A is not in
/// `(?i)\W`, since `k` is a word character).
struct RegexCharClass: Sendable, Hashable {
    /// Scalar ranges, inclusive.
    var ranges: [ClosedRange<UInt32>] = []
    /// General categories, each possibly negated (`\PL` is "not a letter").
    var categories: [CategoryItem] = []
    /// Negated groups of ranges added to a bracketed class (`[\W]`, `[[:^alpha:]]`): each holds
    /// the scalars its ranges do not.
    var excluded: [[ClosedRange<UInt32>]] = []
    var negated = false
    /// Under `(?i)`: membership is decided over the scalar's case-folding orbit.
    var foldsCase = false

    struct CategoryItem: Sendable, Hashable {
        var members: Set<Unicode.GeneralCategory>
        var negated: Bool
    }

    func contains(_ scalar: UInt32) -> Bool {
        let found = anyFolded(scalar, isPositiveMember)
            || excluded.contains { group in !anyFolded(scalar) { Self.ranges(group, contain: $0) } }
            || categories.contains { item in
                item.negated && !anyFolded(scalar) { item.members.contains(Self.category(of: $0)) }
            }
        return found != negated
    }

    /// `test` on the scalar, or under `(?i)` on any member of its orbit.
    private func anyFolded(_ scalar: UInt32, _ test: (UInt32) -> Bool) -> Bool {
        foldsCase ? CaseFoldOrbits.anyMember(of: scalar, test) : test(scalar)
    }

    /// In a range or a category that is not negated.
    private func isPositiveMember(_ scalar: UInt32) -> Bool {
        if Self.ranges(ranges, contain: scalar) { return true }
        guard !categories.isEmpty else { return false }
        let category = Self.category(of: scalar)
        return categories.contains { !$0.negated && $0.members.contains(category) }
    }

    private static func ranges(_ ranges: [ClosedRange<UInt32>], contain scalar: UInt32) -> Bool {
        for range in ranges where range.contains(scalar) { return true }
        return false
    }

    private static func category(of scalar: UInt32) -> Unicode.GeneralCategory {
        Unicode.Scalar(scalar)?.properties.generalCategory ?? .surrogate
    }

    /// Adds another class's members. A negated one (`\D`, `[:^alpha:]`, `\P{Greek}`: ranges
    /// only; `\PL` is a negated category item, not a negated class) is kept as an excluded group,
    /// so that folding it under `(?i)` stays exact.
    mutating func add(_ other: RegexCharClass) {
        if other.negated {
            excluded.append(other.ranges)
        } else {
            ranges += other.ranges
        }
        categories += other.categories
        excluded += other.excluded
    }

    static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in sorted {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound >= 0x10FFFF { return result }
            next = max(next, range.upperBound + 1)
        }
        result.append(next...0x10FFFF)
        return result
    }

    // RE2's Perl classes are ASCII-only.
    static let digit = RegexCharClass(ranges: [0x30...0x39])
    static let word = RegexCharClass(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    static let space = RegexCharClass(ranges: [0x09...0x0A, 0x0C...0x0D, 0x20...0x20])

    static func isWord(_ scalar: UInt32?) -> Bool {
        guard let scalar else { return false }
        return (scalar >= 0x30 && scalar <= 0x39) || (scalar >= 0x41 && scalar <= 0x5A)
            || scalar == 0x5F || (scalar >= 0x61 && scalar <= 0x7A)
    }

    static let posix: [String: [ClosedRange<UInt32>]] = [
        "alnum": [0x30...0x39, 0x41...0x5A, 0x61...0x7A],
        "alpha": [0x41...0x5A, 0x61...0x7A],
        "ascii": [0x00...0x7F],
        "blank": [0x09...0x09, 0x20...0x20],
        "cntrl": [0x00...0x1F, 0x7F...0x7F],
        "digit": [0x30...0x39],
        "graph": [0x21...0x7E],
        "lower": [0x61...0x7A],
        "print": [0x20...0x7E],
        "punct": [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E],
        "space": [0x09...0x0D, 0x20...0x20],
        "upper": [0x41...0x5A],
        "word": [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A],
        "xdigit": [0x30...0x39, 0x41...0x46, 0x61...0x66],
    ]

    /// Unicode general categories by their one- and two-letter names, as in `\p{Lu}`.
    static func categories(named name: String) -> Set<Unicode.GeneralCategory>? {
        typealias C = Unicode.GeneralCategory
        let table: [String: [C]] = [
            "Lu": [.uppercaseLetter], "Ll": [.lowercaseLetter], "Lt": [.titlecaseLetter],
            "Lm": [.modifierLetter], "Lo": [.otherLetter],
            "Mn": [.nonspacingMark], "Mc": [.spacingMark], "Me": [.enclosingMark],
            "Nd": [.decimalNumber], "Nl": [.letterNumber], "No": [.otherNumber],
            "Pc": [.connectorPunctuation], "Pd": [.dashPunctuation], "Ps": [.openPunctuation],
            "Pe": [.closePunctuation], "Pi": [.initialPunctuation], "Pf": [.finalPunctuation],
            "Po": [.otherPunctuation],
            "Sm": [.mathSymbol], "Sc": [.currencySymbol], "Sk": [.modifierSymbol],
            "So": [.otherSymbol],
            "Zs": [.spaceSeparator], "Zl": [.lineSeparator], "Zp": [.paragraphSeparator],
            "Cc": [.control], "Cf": [.format], "Cs": [.surrogate], "Co": [.privateUse],
            "Cn": [.unassigned],
        ]
        if let members = table[name] { return Set(members) }
        if name == "Any" { return Set(table.values.joined()) }
        guard name.count == 1 else { return nil }
        let members = table.filter { $0.key.hasPrefix(name) }.values.joined()
        return members.isEmpty ? nil : Set(members)
    }
}
