import Foundation
import RouteKit

/// Cases for the code point differential test (docs/differential.md): keys and strings drawn from
/// canonically equivalent pairs, and `(?i)` patterns on the case-variant pairs of Unicode's
/// CaseFolding.txt. Each pair is two spellings Swift's `==` may call equal and CEL tells apart,
/// or two characters RE2's case folding may or may not match.
enum CodePointCases {
    /// Canonically equivalent but different spellings: NFC and NFD of precomposed letters
    /// (Latin, Greek, Cyrillic, Vietnamese with two marks), marks in either order, the
    /// singletons that decompose to another character (Kelvin, angstrom and ohm signs, Greek
    /// question mark and ano teleia, Greek varia, the combining grave tone mark), and Hangul
    /// syllables against their jamo.
    static let equivalentPairs: [(String, String)] = {
        var pairs: [(String, String)] = []
        var precomposed = Array(0xC0...0x17F) + Array(0x386...0x3CE) + [0x419, 0x439, 0x401, 0x451]
        precomposed += stride(from: 0x1E00, through: 0x1EFF, by: 5).map { $0 }
        precomposed += [0xAC00, 0xAC01, 0xB098, 0xD55C, 0xD7A3]
        for value in precomposed {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let composed = String(scalar)
            let decomposed = composed.decomposedStringWithCanonicalMapping
            if !decomposed.unicodeScalars.elementsEqual(composed.unicodeScalars) {
                pairs.append((composed, decomposed))
            }
        }
        pairs += [
            ("K", "\u{212A}"), ("\u{C5}", "\u{212B}"), ("\u{3A9}", "\u{2126}"), (";", "\u{37E}"),
            ("\u{B7}", "\u{387}"), ("`", "\u{1FEF}"), ("\u{300}", "\u{340}"),
            ("q\u{307}\u{323}", "q\u{323}\u{307}"), ("key", "\u{212A}ey"), ("caf\u{E9}", "cafe\u{301}"),
        ]
        return pairs
    }()

    /// Expressions over one pair `(a, b)`, each with its payload: literal-key lookups, `in`,
    /// `size`, maps with both keys (bound and literal), and string comparisons and functions.
    /// `style` picks how literals are written (raw, `\u`, `\U`, single quotes).
    static func keyCases(_ a: String, _ b: String, style: Int) -> [(String, JSONValue)] {
        let (la, lb) = (ExpressionGenerator.stringLiteral(a, style: style),
                        ExpressionGenerator.stringLiteral(b, style: (style + 1) % 4))
        let onlyB: JSONValue = ["m": .object([b: 1]), "x": .string(b)]
        let both: JSONValue = ["m": .object([a: 1, b: 2]), "x": .string(b)]
        var cases: [(String, JSONValue)] = [
            ("m[\(la)] == 1", onlyB), ("m[\(la)]", both), ("m[\(lb)]", both), ("\(la) in m", onlyB),
            ("\(lb) in m", onlyB), ("size(m)", both), ("m", both), ("m == {\(la): 1}", onlyB),
            ("{\(la): 1, \(lb): 2}", .object([:])), ("size({\(la): 1, \(lb): 2})", .object([:])),
            ("{\(la): 1, \(lb): 2}[x]", onlyB), ("{\(la): 1}[x]", onlyB),
            ("x == \(la)", onlyB), ("x != \(la)", onlyB), ("x < \(la)", onlyB), ("x >= \(la)", onlyB),
            ("\(la) == \(lb)", .object([:])), ("x.startsWith(\(la))", onlyB), ("x.endsWith(\(la))", onlyB),
            ("x.contains(\(la))", onlyB), ("size(x)", onlyB), ("x + \(la)", onlyB), ("x in [\(la)]", onlyB),
            ("[\(la), \(lb)] == [x, x]", onlyB),
        ]
        // A pair of words that RE2 reads as text (no metacharacters): as a pattern.
        if !a.unicodeScalars.contains(where: { "\\^$.|?*+()[]{};`".unicodeScalars.contains($0) }) {
            cases.append(("x.matches(\(la))", onlyB))
        }
        return cases
    }

    /// One line of CaseFolding.txt: a code point, its status (C, S, F or T) and its folding.
    struct Folding {
        var code: Unicode.Scalar
        var status: Character
        var folded: String
    }

    /// The foldings of CaseFolding.txt at `path`, and its Unicode version; nil when it cannot be
    /// read.
    static func foldings(at path: String) -> (version: String, foldings: [Folding])? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var version = ""
        var foldings: [Folding] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# CaseFolding-"), let end = line.range(of: ".txt") {
                version = String(line[line.index(line.startIndex, offsetBy: 14)..<end.lowerBound])
            }
            let fields = line.split(separator: "#", maxSplits: 1).first?.split(separator: ";") ?? []
            guard fields.count >= 3,
                let value = UInt32(fields[0].trimmingCharacters(in: .whitespaces), radix: 16),
                let code = Unicode.Scalar(value),
                let status = fields[1].trimmingCharacters(in: .whitespaces).first
            else { continue }
            var folded = ""
            for part in fields[2].split(separator: " ") {
                guard let mapped = UInt32(part, radix: 16).flatMap(Unicode.Scalar.init) else { continue }
                folded.unicodeScalars.append(mapped)
            }
            foldings.append(Folding(code: code, status: status, folded: folded))
        }
        return (version, foldings)
    }

    /// Patterns for `s.matches(p)` on a case-variant pair: the pair from CaseFolding.txt each
    /// way, as a literal, in a class, in a negated class and anchored, and without `(?i)`.
    static func foldCases(_ a: String, _ b: String) -> [(pattern: String, text: String)] {
        var cases: [(String, String)] = [
            ("(?i)" + a, b), ("(?i)" + b, a), ("(?i)^" + a + "$", b), ("(?i)^" + b + "$", a), (a, b),
        ]
        if a.unicodeScalars.count == 1 { cases += [("(?i)[" + a + "]", b), ("(?i)[^" + a + "]", b)] }
        if b.unicodeScalars.count == 1 { cases += [("(?i)[" + b + "]", a), ("(?i)[^" + b + "]", a)] }
        return cases
    }

    /// Classes whose folding depends on the orbit of the character tested: Unicode categories,
    /// Perl and POSIX classes, negated or not.
    static let classProbes = [
        "(?i)\\pL", "(?i)\\PL", "(?i)\\p{Lu}", "(?i)\\P{Lu}", "(?i)\\p{Ll}", "(?i)[\\P{Ll}]", "(?i)\\p{Greek}",
        "(?i)\\P{Latin}", "(?i)\\w", "(?i)\\W", "(?i)[[:^upper:]]", "(?i)[[:lower:]]",
    ]

    /// Every case-variant pair of the foldings: each line's code point and its folding, and
    /// every two members of one orbit (code points whose simple foldings, C and S, are one).
    static func variantPairs(_ foldings: [Folding]) -> [(String, String)] {
        var pairs = foldings.map { (String($0.code), $0.folded) }
        var orbits: [String: [String]] = [:]
        for folding in foldings where folding.status == "C" || folding.status == "S" {
            orbits[folding.folded, default: [folding.folded]].append(String(folding.code))
        }
        for members in orbits.values.map({ $0.sorted { $0.unicodeScalars.first!.value < $1.unicodeScalars.first!.value } }) {
            for (index, first) in members.enumerated() {
                for second in members[(index + 1)...] { pairs.append((first, second)) }
            }
        }
        return pairs
    }
}
