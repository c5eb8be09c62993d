/// A set of values of a field whose type is not declared: a field declared `any`, or one the
/// table does not declare. Such a field holds the payload's JSON value as it came, of any kind,
/// and compares with CEL's heterogeneous equality: `x == 1` holds for the int 1 and for the
/// double 1.0, never for the string "1". Values are kept by kind, each kind exactly: ints as
/// intervals of `Int64`, doubles as intervals of `DoubleKey` plus NaN, strings as a `StringSet`,
/// booleans, `null`, and lists and maps (which equal no literal the analysis reads) as one flag.
///
/// ```swift
/// // x == 1 for an undeclared x
/// let one = DynamicValues.equal(to: .int(1))
/// one?.ints  // 1...1
/// one?.doubles == IntervalSet(DoubleKey.key(1.0)...DoubleKey.key(1.0)) // true
/// ```
struct DynamicValues: Hashable, Sendable {
    var ints: IntervalSet
    var doubles: IntervalSet
    var nan: Bool
    var strings: StringSet
    var bools: Set<Bool>
    var null: Bool
    var containers: Bool

    static let all = DynamicValues(
        ints: IntervalSet(AnalysisKind.int.numberBounds), doubles: IntervalSet(AnalysisKind.double.numberBounds),
        nan: true, strings: .all, bools: [false, true], null: true,
        containers: true)

    static let none = DynamicValues(
        ints: IntervalSet(), doubles: IntervalSet(), nan: false, strings: .none,
        bools: [], null: false, containers: false)

    /// The values equal to `literal`; nil when that set is not modelled exactly: a double of
    /// magnitude 2^53 to 2^63 equals every int that rounds to it (CEL converts the int).
    static func equal(to literal: Literal) -> DynamicValues? {
        var result = none
        switch literal {
        case .null:
            result.null = true
        case .bool(let value):
            result.bools = [value]
        case .string(let value):
            result.strings = StringSet(equalTo: value)
        case .int(let value):
            result.ints = IntervalSet(value...value)
            let key = DoubleKey.key(Double(value))
            result.doubles = IntervalSet(key...key)
        case .double(let value):
            guard !value.isNaN else { return result }
            if value.magnitude >= 0x1p53, value.magnitude <= 0x1p63 { return nil }
            let key = DoubleKey.key(value)
            result.doubles = IntervalSet(key...key)
            if let integer = PayloadNormalizer.integer(exactly: value) {
                result.ints = IntervalSet(integer...integer)
            }
        }
        return result
    }

    var isEmpty: Bool {
        ints.isEmpty && doubles.isEmpty && !nan && strings.isEmpty && bools.isEmpty && !null && !containers
    }

    func intersection(_ other: DynamicValues) -> DynamicValues {
        DynamicValues(
            ints: ints.intersection(other.ints), doubles: doubles.intersection(other.doubles),
            nan: nan && other.nan, strings: strings.intersection(other.strings),
            bools: bools.intersection(other.bools), null: null && other.null,
            containers: containers && other.containers)
    }

    func union(_ other: DynamicValues) -> DynamicValues {
        DynamicValues(
            ints: ints.union(other.ints), doubles: doubles.union(other.doubles), nan: nan || other.nan,
            strings: strings.union(other.strings), bools: bools.union(other.bools),
            null: null || other.null, containers: containers || other.containers)
    }

    var complement: DynamicValues {
        DynamicValues(
            ints: ints.complement(within: AnalysisKind.int.numberBounds),
            doubles: doubles.complement(within: AnalysisKind.double.numberBounds), nan: !nan,
            strings: strings.complement,
            bools: Set([false, true]).subtracting(bools), null: !null, containers: !containers)
    }
}
