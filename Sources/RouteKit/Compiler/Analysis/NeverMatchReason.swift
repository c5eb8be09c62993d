/// Says why a formula can never be true, naming the smallest set of its parts that contradict
/// each other: `'type' cannot be both 1 and 2`, or `'a == 1 || a == 2' and 'a == 3' cannot
/// both be true`.
///
/// ```swift
/// NeverMatchReason.explain(formula) // "'id' cannot be both > 5 and < 3"
/// ```
enum NeverMatchReason {
    /// The reason for a formula whose regions are empty.
    static func explain(_ formula: Formula) -> String {
        switch formula {
        case .constant(_, let text):
            return "'\(text)' is never true"
        case .atom(let atom):
            return "'\(atom.field)' can never be \(atom.phrase)"
        case .any:
            var reasons: [String] = []
            for part in flattened(formula) {
                let reason = explain(part)
                if !reasons.contains(reason) { reasons.append(reason) }
            }
            return reasons.joined(separator: ", and ")
        case .all:
            let parts = contradiction(flattened(formula))
            if parts.count == 1 { return explain(parts[0]) }
            let atoms = parts.compactMap { part -> Atom? in
                if case .atom(let atom) = part { return atom }
                return nil
            }
            if atoms.count == parts.count, let field = atoms.first?.field, atoms.allSatisfy({ $0.field == field }) {
                let phrases = atoms.map(\.phrase)
                return phrases.count == 2
                    ? "'\(field)' cannot be both \(phrases[0]) and \(phrases[1])"
                    : "'\(field)' cannot be \(Diagnostic.list(phrases)) at once"
            }
            let texts = Diagnostic.list(parts.map { "'\($0.text)'" })
            return texts + (parts.count == 2 ? " cannot both be true" : " cannot all be true")
        }
    }

    /// The most conjuncts whose smallest contradicting subset is searched for by dropping them
    /// one at a time, which takes time cubic in their number; a longer conjunction is explained
    /// by a single conjunct that is never true or by two atoms on one field that cannot both
    /// be, when there are such, and otherwise by all its conjuncts.
    static let maxMinimizedParts = 32

    /// How many earlier atoms on the same field each atom is compared with, looking for a pair.
    static let maxPairPartners = 64

    /// A smallest subset of the conjuncts that is still never true, found by dropping each
    /// conjunct that is not needed.
    private static func contradiction(_ parts: [Formula]) -> [Formula] {
        guard parts.count <= maxMinimizedParts else {
            if let never = parts.first(where: { Regions.of($0)?.isEmpty == true }) { return [never] }
            return contradictingPair(parts) ?? parts
        }
        var needed = parts
        var index = 0
        while index < needed.count, needed.count > 1 {
            var trial = needed
            trial.remove(at: index)
            if Regions.of(.all(trial, text: ""))?.isEmpty == true {
                needed = trial
            } else {
                index += 1
            }
        }
        return needed
    }

    /// Two atoms on one field whose sets do not meet, the first such pair in writing order.
    private static func contradictingPair(_ parts: [Formula]) -> [Formula]? {
        var earlier: [CodePointKey: [(position: Int, set: FieldSet)]] = [:]
        for (position, part) in parts.enumerated() {
            guard case .atom(let atom) = part else { continue }
            let partners = earlier[atom.field] ?? []
            for partner in partners.suffix(maxPairPartners) where partner.set.intersection(atom.set).isEmpty {
                return [parts[partner.position], part]
            }
            earlier[atom.field, default: []].append((position, atom.set))
        }
        return nil
    }

    /// The operands of nested `&&` (or nested `||`) as one list.
    private static func flattened(_ formula: Formula) -> [Formula] {
        switch formula {
        case .all(let parts, _):
            parts.flatMap { part -> [Formula] in
                if case .all = part { return flattened(part) }
                return [part]
            }
        case .any(let parts, _):
            parts.flatMap { part -> [Formula] in
                if case .any = part { return flattened(part) }
                return [part]
            }
        default:
            [formula]
        }
    }
}
