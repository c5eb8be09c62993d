/// A set of strings in CEL's string order (Unicode scalar by scalar, as the interpreter compares
/// them), kept exactly as a union of half-open ranges `lower ..< upper`: what `==`, `!=`, `in`,
/// `<`, `<=`, `>` and `>=` with string literals make, and everything `&&`, `||` and `!` make of
/// those.
///
/// The set is stored as its cuts: sorted, distinct strings where membership flips, starting
/// outside. `""` is the least string, so a set that holds `""` starts with the cut `""`. Every
/// string `s` has a next one, `s + "\u{0}"`, so "up to and including `s`" is the cut at
/// `s + "\u{0}"`: all four comparisons, and equality, are ranges with cuts at strings. Equal sets
/// have equal cuts (a range `a ..< b` with `a < b` holds `a`, so no range is empty).
///
/// ```swift
/// let belowB = StringSet(.less, "b")              // cuts ["", "b"]
/// let a = StringSet(equalTo: "a")                 // cuts ["a", "a\u{0}"]
/// a.intersection(belowB.complement).isEmpty       // true: "a" < "b"
/// belowB.contains("")                             // true
/// ```
struct StringSet: Hashable, Sendable {
    typealias Key = [Unicode.Scalar]

    /// Sorted, distinct; a string is in the set when an odd number of cuts are at or below it.
    private(set) var cuts: [Key]

    static let all = StringSet(cuts: [[]])
    static let none = StringSet(cuts: [])

    private init(cuts: [Key]) { self.cuts = cuts }

    /// The one string `value`.
    init(equalTo value: String) {
        let key = Array(value.unicodeScalars)
        cuts = [key, Self.successor(of: key)]
    }

    /// The strings `s` for which `s op value` is true; `op` is an ordering or an equality.
    init(_ op: BinaryOperator, _ value: String) {
        let key = Array(value.unicodeScalars)
        switch op {
        case .less: self = Self.below(key)
        case .lessOrEqual: self = Self.below(Self.successor(of: key))
        case .greater: self = Self.below(Self.successor(of: key)).complement
        case .greaterOrEqual: self = Self.below(key).complement
        case .notEqual: self = StringSet(equalTo: value).complement
        default: self = StringSet(equalTo: value)
        }
    }

    var isEmpty: Bool { cuts.isEmpty }

    func contains(_ value: String) -> Bool {
        let key = Array(value.unicodeScalars)
        let atOrBelow = cuts.prefix { !Self.precedes(key, $0) }.count
        return atOrBelow % 2 == 1
    }

    /// Every string not in this set: membership flips at `""` too.
    var complement: StringSet {
        cuts.first == [] ? StringSet(cuts: Array(cuts.dropFirst())) : StringSet(cuts: [[]] + cuts)
    }

    func intersection(_ other: StringSet) -> StringSet { merged(with: other) { $0 && $1 } }

    func union(_ other: StringSet) -> StringSet { merged(with: other) { $0 || $1 } }

    /// Walks both cut lists in order and keeps a cut wherever the combined membership flips.
    private func merged(with other: StringSet, _ combine: (Bool, Bool) -> Bool) -> StringSet {
        var result: [Key] = []
        var (i, j) = (0, 0)
        var (inSelf, inOther) = (false, false)
        var inResult = false
        while i < cuts.count || j < other.cuts.count {
            let next: Key
            if j == other.cuts.count || (i < cuts.count && !Self.precedes(other.cuts[j], cuts[i])) {
                next = cuts[i]
            } else {
                next = other.cuts[j]
            }
            if i < cuts.count, cuts[i] == next {
                inSelf.toggle()
                i += 1
            }
            if j < other.cuts.count, other.cuts[j] == next {
                inOther.toggle()
                j += 1
            }
            if combine(inSelf, inOther) != inResult {
                inResult.toggle()
                result.append(next)
            }
        }
        return StringSet(cuts: result)
    }

    /// The strings before `key`; none when `key` is `""`.
    private static func below(_ key: Key) -> StringSet {
        key.isEmpty ? .none : StringSet(cuts: [[], key])
    }

    /// The least string after `key`.
    private static func successor(of key: Key) -> Key { key + ["\u{0}"] }

    private static func precedes(_ a: Key, _ b: Key) -> Bool {
        a.lexicographicallyPrecedes(b) { $0.value < $1.value }
    }
}
