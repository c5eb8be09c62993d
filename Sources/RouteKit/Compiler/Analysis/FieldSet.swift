/// The states of one payload field, after normalization, that a predicate accepts.
///
/// A field is either present with a value of its type (any kind for `DynamicValues`), absent
/// (`has` is false), or, for
/// a dotted path such as `aps.badge`, unreachable because its parent is missing or not an object
/// (`has` is then an error, like every comparison). Values are kept as exact sets: integers and
/// doubles as intervals (doubles through an order-preserving integer key, plus NaN), strings as
/// ranges in Unicode scalar order (`StringSet`), booleans as a subset of both.
///
/// ```swift
/// // type == 3, for `type: int`
/// let three = FieldSet.present(.numbers(IntervalSet(3...3), nan: false), kind: .int, dotted: false)
/// three.complement.absent // true: `!has(type)` payloads are outside it
/// ```
struct FieldSet: Hashable, Sendable {
    var kind: AnalysisKind
    /// Whether the path has a parent (`aps.badge`), so that the unreachable state exists.
    var dotted: Bool
    var values: ValueSet
    var absent: Bool
    var unreachable: Bool

    /// Every state of a field of this kind.
    static func full(_ kind: AnalysisKind, dotted: Bool) -> FieldSet {
        FieldSet(kind: kind, dotted: dotted, values: .all(kind), absent: true, unreachable: dotted)
    }

    /// The field present with one of `values`.
    static func present(_ values: ValueSet, kind: AnalysisKind, dotted: Bool) -> FieldSet {
        FieldSet(kind: kind, dotted: dotted, values: values, absent: false, unreachable: false)
    }

    var isEmpty: Bool { !absent && !unreachable && values.isEmpty }

    /// Whether every state is one the field can be in: the set says nothing.
    var isFull: Bool { self == .full(kind, dotted: dotted) }

    func intersection(_ other: FieldSet) -> FieldSet {
        FieldSet(kind: kind, dotted: dotted, values: values.intersection(other.values),
                 absent: absent && other.absent, unreachable: unreachable && other.unreachable)
    }

    /// `!intersection(other).isEmpty`, without building the intersection of number sets: the
    /// shadowing analysis asks it of every field of every pair of alternatives.
    func intersects(_ other: FieldSet) -> Bool {
        (absent && other.absent) || (unreachable && other.unreachable) || values.intersects(other.values)
    }

    func union(_ other: FieldSet) -> FieldSet {
        FieldSet(kind: kind, dotted: dotted, values: values.union(other.values),
                 absent: absent || other.absent, unreachable: unreachable || other.unreachable)
    }

    /// The states not in this set.
    var complement: FieldSet {
        FieldSet(kind: kind, dotted: dotted, values: values.complement(kind),
                 absent: !absent, unreachable: dotted && !unreachable)
    }

    /// The present values not in this set's values (what `!` turns a comparison into).
    var presentComplement: FieldSet {
        .present(values.complement(kind), kind: kind, dotted: dotted)
    }
}

/// What the analysis knows about a field's type.
enum AnalysisKind: Hashable, Sendable {
    case int
    case double
    case string
    case bool
    /// `any`, and fields the table does not declare: values of every kind (`DynamicValues`).
    case dynamic
    /// Lists: only presence is analyzed.
    case opaque

    init(_ type: FieldType) {
        switch type {
        case .int: self = .int
        case .double: self = .double
        case .string: self = .string
        case .bool: self = .bool
        case .any: self = .dynamic
        case .list: self = .opaque
        }
    }

    /// The keys numbers of this kind take: all of `Int64` for ints, the keys of `-inf...inf`
    /// for doubles.
    var numberBounds: ClosedRange<Int64> {
        self == .double ? -DoubleKey.infinity...DoubleKey.infinity : Int64.min...Int64.max
    }
}

/// A set of present values.
enum ValueSet: Hashable, Sendable {
    /// Ints, or doubles by `DoubleKey`; `nan` only for doubles.
    case numbers(IntervalSet, nan: Bool)
    case strings(StringSet)
    case bools(Set<Bool>)
    case dynamic(DynamicValues)
    /// Values of a list field: all or none.
    case opaque(Bool)

    static func all(_ kind: AnalysisKind) -> ValueSet {
        switch kind {
        case .int: .numbers(IntervalSet(kind.numberBounds), nan: false)
        case .double: .numbers(IntervalSet(kind.numberBounds), nan: true)
        case .string: .strings(.all)
        case .bool: .bools([false, true])
        case .dynamic: .dynamic(.all)
        case .opaque: .opaque(true)
        }
    }

    static func none(_ kind: AnalysisKind) -> ValueSet {
        switch kind {
        case .int, .double: .numbers(IntervalSet(), nan: false)
        case .string: .strings(.none)
        case .bool: .bools([])
        case .dynamic: .dynamic(.none)
        case .opaque: .opaque(false)
        }
    }

    var isEmpty: Bool {
        switch self {
        case .numbers(let set, let nan): set.isEmpty && !nan
        case .strings(let set): set.isEmpty
        case .bools(let set): set.isEmpty
        case .dynamic(let values): values.isEmpty
        case .opaque(let any): !any
        }
    }

    func intersection(_ other: ValueSet) -> ValueSet {
        switch (self, other) {
        case (.numbers(let a, let n), .numbers(let b, let m)): .numbers(a.intersection(b), nan: n && m)
        case (.strings(let a), .strings(let b)): .strings(a.intersection(b))
        case (.bools(let a), .bools(let b)): .bools(a.intersection(b))
        case (.dynamic(let a), .dynamic(let b)): .dynamic(a.intersection(b))
        case (.opaque(let a), .opaque(let b)): .opaque(a && b)
        default: preconditionFailure("value sets of one field have one kind")
        }
    }

    func intersects(_ other: ValueSet) -> Bool {
        if case .numbers(let a, let n) = self, case .numbers(let b, let m) = other {
            return (n && m) || a.intersects(b)
        }
        return !intersection(other).isEmpty
    }

    func union(_ other: ValueSet) -> ValueSet {
        switch (self, other) {
        case (.numbers(let a, let n), .numbers(let b, let m)): .numbers(a.union(b), nan: n || m)
        case (.strings(let a), .strings(let b)): .strings(a.union(b))
        case (.bools(let a), .bools(let b)): .bools(a.union(b))
        case (.dynamic(let a), .dynamic(let b)): .dynamic(a.union(b))
        case (.opaque(let a), .opaque(let b)): .opaque(a || b)
        default: preconditionFailure("value sets of one field have one kind")
        }
    }

    /// The pieces the set is kept as (ranges, string cuts): what its set operations walk.
    var pieceCount: Int {
        switch self {
        case .numbers(let set, _): set.ranges.count
        case .strings(let set): set.cuts.count
        case .dynamic(let values): values.ints.ranges.count + values.doubles.ranges.count + values.strings.cuts.count
        case .bools, .opaque: 1
        }
    }

    func complement(_ kind: AnalysisKind) -> ValueSet {
        switch self {
        case .numbers(let set, let nan):
            .numbers(set.complement(within: kind.numberBounds), nan: kind == .double && !nan)
        case .strings(let set): .strings(set.complement)
        case .bools(let set): .bools(Set([false, true]).subtracting(set))
        case .dynamic(let values): .dynamic(values.complement)
        case .opaque(let any): .opaque(!any)
        }
    }
}

/// A set of `Int64` as sorted, disjoint, non-adjacent closed ranges, so that equal sets are equal
/// values.
struct IntervalSet: Hashable, Sendable {
    private(set) var ranges: [ClosedRange<Int64>] = []

    init() {}

    init(_ range: ClosedRange<Int64>) { ranges = [range] }

    /// The integers from `lower` to `upper`; empty when `lower > upper`.
    init(from lower: Int64, to upper: Int64) {
        if lower <= upper { ranges = [lower...upper] }
    }

    var isEmpty: Bool { ranges.isEmpty }

    func intersection(_ other: IntervalSet) -> IntervalSet {
        var result = IntervalSet()
        var i = 0
        var j = 0
        while i < ranges.count, j < other.ranges.count {
            let a = ranges[i]
            let b = other.ranges[j]
            let lower = max(a.lowerBound, b.lowerBound)
            let upper = min(a.upperBound, b.upperBound)
            if lower <= upper { result.ranges.append(lower...upper) }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    /// Whether some integer is in both sets: the first overlap found ends the walk.
    func intersects(_ other: IntervalSet) -> Bool {
        var i = 0
        var j = 0
        while i < ranges.count, j < other.ranges.count {
            let a = ranges[i]
            let b = other.ranges[j]
            if a.overlaps(b) { return true }
            if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
        }
        return false
    }

    /// Merges the two sorted lists in one pass: sorting their concatenation was a third of
    /// validating a table of long `in` lists.
    func union(_ other: IntervalSet) -> IntervalSet {
        var result = IntervalSet()
        result.ranges.reserveCapacity(ranges.count + other.ranges.count)
        var i = 0
        var j = 0
        while i < ranges.count || j < other.ranges.count {
            let range: ClosedRange<Int64>
            if j == other.ranges.count || (i < ranges.count && ranges[i].lowerBound < other.ranges[j].lowerBound) {
                range = ranges[i]
                i += 1
            } else {
                range = other.ranges[j]
                j += 1
            }
            if let last = result.ranges.last,
                last.upperBound == .max || range.lowerBound <= last.upperBound + 1
            {
                result.ranges[result.ranges.count - 1] =
                    last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.ranges.append(range)
            }
        }
        return result
    }

    func complement(within bounds: ClosedRange<Int64>) -> IntervalSet {
        var result = IntervalSet()
        var next: Int64? = bounds.lowerBound
        for range in ranges {
            guard let start = next else { break }
            if range.lowerBound > start { result.ranges.append(start...(range.lowerBound - 1)) }
            next = range.upperBound == .max ? nil : range.upperBound + 1
        }
        if let start = next, start <= bounds.upperBound { result.ranges.append(start...bounds.upperBound) }
        return result.intersection(IntervalSet(bounds))
    }
}

/// An order-preserving map from non-NaN doubles to integers: consecutive doubles get consecutive
/// keys, and `-0.0` and `0.0` (which are equal) share key 0. Open bounds become closed ones.
///
/// ```swift
/// DoubleKey.key(1.0) + 1 == DoubleKey.key(1.0.nextUp) // true
/// ```
enum DoubleKey {
    static let infinity = key(.infinity)

    static func key(_ value: Double) -> Int64 {
        let bits = Int64(bitPattern: value.bitPattern)
        return bits >= 0 ? bits : -(bits & .max)
    }
}
