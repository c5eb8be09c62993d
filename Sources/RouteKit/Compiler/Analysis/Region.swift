/// A set of payloads given field by field: a payload is in the region when every constrained
/// field is in its set (fields not listed may be in any state). A conjunction of atoms.
///
/// ```swift
/// // type in [1, 2] && has(uid)
/// let region = Region().constraining("type", oneOrTwo).constraining("uid", present)
/// ```
struct Region: Hashable, Sendable {
    var fields: [CodePointKey: FieldSet] = [:]

    var isEmpty: Bool { fields.values.contains { $0.isEmpty } }

    func constraining(_ field: CodePointKey, _ set: FieldSet) -> Region {
        var result = self
        result.fields[field] = fields[field].map { $0.intersection(set) } ?? set
        return result
    }

    func intersection(_ other: Region) -> Region {
        other.fields.reduce(self) { $0.constraining($1.key, $1.value) }
    }

    /// `!intersection(other).isEmpty`, without building the intersection: the shadowing analysis
    /// asks this of every pair of alternatives of every pair of rules.
    func intersects(_ other: Region) -> Bool {
        for (field, set) in other.fields {
            if let mine = fields[field] {
                if !mine.intersects(set) { return false }
            } else if set.isEmpty {
                return false
            }
        }
        return !fields.contains { other.fields[$0.key] == nil && $0.value.isEmpty }
    }

    /// What one test of this region against another costs, in `RuleAnalyzer.maxRegionTests`
    /// units: 1 for the few pieces per field of ordinary predicates, and in proportion for the
    /// long sets of `in` lists, which every intersection and union walks. Counting each test as
    /// one let 3,000 rules of 200-element `in` lists take 30 s to validate in a release build.
    var testCost: Int {
        max(1, fields.values.reduce(0) { $0 + $1.values.pieceCount } / Self.piecesPerTest)
    }

    /// The set pieces a test of one region against another may walk for the cost of one test.
    static let piecesPerTest = 8

    /// Whether every payload of `other` is in this region: each field this region constrains
    /// holds all of `other`'s states of that field.
    func contains(_ other: Region) -> Bool {
        fields.allSatisfy { field, set in
            guard let theirs = other.fields[field] else { return set.isFull }
            return theirs.intersection(set.complement).isEmpty
        }
    }
}

extension RuleAnalyzer {
    /// The most alternatives (conjunctions) a predicate may expand to in disjunctive normal form;
    /// past it the rule is neither reported nor counted as covering later rules.
    ///
    /// ```swift
    /// RuleAnalyzer.maxAlternatives // 64
    /// ```
    public static let maxAlternatives = 64

    /// The most steps one coverage question (is this rule covered by those earlier ones?) may
    /// take; past it the answer is "unknown" and nothing is reported.
    ///
    /// ```swift
    /// RuleAnalyzer.maxCoverageSteps // 20000
    /// ```
    public static let maxCoverageSteps = 20_000

    /// The most earlier alternatives one coverage question may need at once (the depth of its
    /// recursion); past it the answer is "unknown".
    ///
    /// ```swift
    /// RuleAnalyzer.maxCoverageDepth // 256
    /// ```
    public static let maxCoverageDepth = 256
}

/// Disjunctive normal form and set questions over regions.
enum Regions {
    /// The non-empty regions whose union is where `formula` is true; nil past
    /// `RuleAnalyzer.maxAlternatives`.
    static func of(_ formula: Formula) -> [Region]? {
        switch formula {
        case .constant(let value, _):
            return value ? [Region()] : []
        case .atom(let atom):
            let region = Region().constraining(atom.field, atom.set)
            return region.isEmpty ? [] : [region]
        case .any(let parts, _):
            var result: [Region] = []
            for part in parts {
                guard let regions = of(part) else { return nil }
                for region in regions where !result.contains(region) { result.append(region) }
                if result.count > RuleAnalyzer.maxAlternatives { return nil }
            }
            return result
        case .all(let parts, _):
            var result = [Region()]
            for part in parts {
                guard let regions = of(part) else { return nil }
                var next: [Region] = []
                for left in result {
                    for right in regions {
                        let region = left.intersection(right)
                        if !region.isEmpty, !next.contains(region) { next.append(region) }
                    }
                    if next.count > RuleAnalyzer.maxAlternatives { return nil }
                }
                result = next
            }
            return result
        }
    }

    /// What copying one field of a region costs when splitting it, in `RuleAnalyzer.maxRegionTests`
    /// units (a test of one region against another is one).
    static let splitCost = 10

    /// Whether every payload of `regions` is in the union of `cover`; nil when that takes more
    /// than `RuleAnalyzer.maxCoverageSteps`, or more region tests than `work` has left (what it
    /// takes is taken from `work`).
    /// `quickAnswers: false` only splits, for tests that the quick answers agree with it.
    static func isCovered(_ regions: [Region], by cover: [Region], work: inout Int, quickAnswers: Bool = true)
        -> Bool?
    {
        var budget = RuleAnalyzer.maxCoverageSteps
        for region in regions where !region.isEmpty {
            // Covering regions that miss `region` miss every piece it is split into.
            work -= cover.count
            if work < 0 { return nil }
            let meeting = cover.filter(region.intersects)
            // Two quick answers before splitting, which walks the covering regions one by one
            // and copies the region at each: a table of hundreds of overlapping rules took
            // seconds to validate when one `when: 'true'` rule sat among them.
            work -= meeting.count
            if work < 0 { return nil }
            if quickAnswers, meeting.contains(where: { $0.contains(region) }) { continue }
            if quickAnswers, meeting.count > Self.fewCoveringRegions,
                hasEscapingPayload(region, from: meeting, work: &work)
            {
                return false
            }
            if work < 0 { return nil }
            guard let covered = isCovered(region, by: meeting[...], budget: &budget, work: &work)
            else { return nil }
            if !covered { return false }
        }
        return true
    }

    /// Up to this many covering regions, splitting is cheaper than looking for an escaping
    /// payload first (merging the sets each field is held to).
    static let fewCoveringRegions = 8

    /// Whether some payload of `region` is found outside every covering region this way: for
    /// each field, the states of `region` that none of the covering regions constraining the field
    /// allows; a payload taking such states misses every covering region that constrains one of
    /// those fields. Fields are independent here as in the splitting, so a "yes" is exact and a
    /// "no" only means splitting must decide.
    private static func hasEscapingPayload(_ region: Region, from cover: [Region], work: inout Int) -> Bool {
        var constraints: [CodePointKey: [FieldSet]] = [:]
        for covering in cover {
            for (field, set) in covering.fields { constraints[field, default: []].append(set) }
        }
        // Sets of one field are merged pairwise, in rounds: merging them one after another costs
        // the square of their number when each adds a value (`id == 1`, `id == 4`, ...).
        work -= Self.splitCost * constraints.values.reduce(0) { $0 + $1.count }
        var escaping: Set<CodePointKey> = []
        for (field, sets) in constraints {
            let allowed = union(sets)
            let mine = region.fields[field] ?? .full(allowed.kind, dotted: allowed.dotted)
            if !mine.intersection(allowed.complement).isEmpty { escaping.insert(field) }
        }
        return cover.allSatisfy { $0.fields.keys.contains(where: escaping.contains) }
    }

    private static func union(_ sets: [FieldSet]) -> FieldSet {
        var round = sets
        while round.count > 1 {
            round = stride(from: 0, to: round.count, by: 2).map { index in
                index + 1 < round.count ? round[index].union(round[index + 1]) : round[index]
            }
        }
        return round[0]
    }

    /// Splits `region` minus the first covering region it meets into disjoint pieces and checks
    /// each piece against the rest: exact for unions of boxes.
    private static func isCovered(
        _ region: Region, by cover: ArraySlice<Region>, budget: inout Int, work: inout Int, depth: Int = 0
    ) -> Bool? {
        if region.isEmpty { return true }
        let found = cover.firstIndex(where: region.intersects)
        work -= (found ?? cover.endIndex) - cover.startIndex + 1
        if work < 0 { return nil }
        guard let position = found else { return false }
        budget -= 1
        let first = cover[position]
        // Splitting copies the region, with its fields, once per field the covering region
        // constrains; a region deep in the recursion has gathered a field per level.
        work -= Self.splitCost * first.fields.count * (region.fields.count + 1)
        if budget < 0 || work < 0 || depth > RuleAnalyzer.maxCoverageDepth { return nil }
        let rest = cover[(position + 1)...]
        var remaining = region
        for field in first.fields.keys.sorted() {
            guard let covering = first.fields[field] else { continue }
            let current = remaining.fields[field] ?? .full(covering.kind, dotted: covering.dotted)
            var outside = remaining
            outside.fields[field] = current.intersection(covering.complement)
            if !outside.isEmpty {
                guard let covered = isCovered(outside, by: rest, budget: &budget, work: &work, depth: depth + 1)
                else { return nil }
                if !covered { return false }
            }
            remaining.fields[field] = current.intersection(covering)
        }
        return true
    }
}
