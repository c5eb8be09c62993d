/// A set of Unicode scalars: ranges plus Unicode general categories, possibly negated.
struct RegexCharClass: Sendable, Hashable {
    /// Scalar ranges, inclusive.
    var ranges: [ClosedRange<UInt32>] = []
    /// General categories, each possibly negated (`\PL` is "not a letter").
    var categories: [CategoryItem] = []
    var negated = false
    /// Under `(?i)`, a scalar also matches when one of its simple case variants is in the set.
    var foldsCase = false

    struct CategoryItem: Sendable, Hashable {
        var members: Set<Unicode.GeneralCategory>
        var negated: Bool
    }

    func contains(_ scalar: UInt32) -> Bool {
        var found = containsExactly(scalar)
        if !found, foldsCase {
            let (lower, upper) = RegexCharClass.caseVariants(of: scalar)
            found = (lower != scalar && containsExactly(lower)) || (upper != scalar && containsExactly(upper))
        }
        return found != negated
    }

    private func containsExactly(_ scalar: UInt32) -> Bool {
        for range in ranges where range.contains(scalar) { return true }
        guard !categories.isEmpty, let value = Unicode.Scalar(scalar) else { return false }
        let category = value.properties.generalCategory
        for item in categories where item.members.contains(category) != item.negated { return true }
        return false
    }

    /// Adds another class's members. Negated parts (`\D`, `[:^alpha:]`) are ranges only: `\PL` is
    /// a negated category item, not a negated class, so complementing the ranges is exact.
    mutating func add(_ other: RegexCharClass) {
        ranges += other.negated ? RegexCharClass.complement(other.ranges) : other.ranges
        categories += other.categories
    }

    /// The lowercase and uppercase forms of a scalar when each is a single scalar.
    static func caseVariants(of scalar: UInt32) -> (lower: UInt32, upper: UInt32) {
        if scalar < 0x80 {
            if scalar >= 0x41, scalar <= 0x5A { return (scalar + 32, scalar) }
            if scalar >= 0x61, scalar <= 0x7A { return (scalar, scalar - 32) }
            return (scalar, scalar)
        }
        guard let value = Unicode.Scalar(scalar) else { return (scalar, scalar) }
        return (single(value.properties.lowercaseMapping) ?? scalar,
                single(value.properties.uppercaseMapping) ?? scalar)
    }

    private static func single(_ text: String) -> UInt32? {
        var iterator = text.unicodeScalars.makeIterator()
        guard let first = iterator.next(), iterator.next() == nil else { return nil }
        return first.value
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
