@testable import RouteKit
import Testing

/// `(?i)` folds case as RE2 does (SPEC §4): by the orbits of Unicode's simple case folding, inside
/// and outside classes, and never by Swift's own case mappings (issue 42's examples; each was
/// checked against cel-expr-python's RE2).
@Suite struct CaseFoldingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var pattern: String
        var text: String
        var matches: Bool
        var testDescription: String {
            "\(pattern.unicodeScalars.map(Self.shown).joined()) on "
                + "\(text.unicodeScalars.map(Self.shown).joined()): \(matches)"
        }
        init(_ pattern: String, _ text: String, _ matches: Bool) {
            (self.pattern, self.text, self.matches) = (pattern, text, matches)
        }
        static func shown(_ scalar: Unicode.Scalar) -> String {
            scalar.isASCII ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }

    static let cases: [Case] = [
        // k, K and the Kelvin sign; s, S and long s; micro sign and mu; A-ring and the angstrom sign.
        Case("(?i)[K]", "\u{212A}", true), Case("(?i)k", "\u{212A}", true), Case("(?i)\u{212A}", "k", true),
        Case("(?i)[k-k]", "\u{212A}", true), Case("(?i)[a-z]", "\u{212A}", true), Case("(?i)[a-z]", "\u{17F}", true),
        Case("(?i)s", "\u{17F}", true), Case("(?i)[s]", "\u{17F}", true), Case("(?i)\u{17F}", "S", true),
        Case("(?i)\u{B5}", "\u{3BC}", true), Case("(?i)[\u{B5}]", "\u{39C}", true), Case("(?i)\u{3BC}", "\u{B5}", true),
        Case("(?i)[\u{C5}]", "\u{212B}", true), Case("(?i)\u{212B}", "\u{E5}", true),
        // Titlecase digraphs fold with their capital and small forms.
        Case("(?i)[\u{1C4}]", "\u{1C5}", true), Case("(?i)\u{1C5}", "\u{1C6}", true), Case("(?i)\u{1C6}", "\u{1C4}", true),
        // Greek symbol variants: beta, epsilon, theta (four members), and the iota subscript.
        Case("(?i)[\u{3D0}]", "\u{3B2}", true), Case("(?i)\u{3F5}", "\u{3B5}", true), Case("(?i)[\u{3B5}]", "\u{395}", true),
        Case("(?i)\u{3F4}", "\u{3D1}", true), Case("(?i)\u{3D1}", "\u{398}", true), Case("(?i)[\u{3B8}]", "\u{3F4}", true),
        Case("(?i)\u{1F88}", "\u{1F80}", true), Case("(?i)\u{1F80}", "\u{1F88}", true),
        Case("(?i)\u{345}", "\u{3B9}", true), Case("(?i)\u{1FBE}", "\u{399}", true),
        // Sharp s and its capital fold simply; "ss" is a full folding, which RE2 leaves out.
        Case("(?i)\u{DF}", "\u{1E9E}", true), Case("(?i)\u{DF}", "ss", false),
        // Dotless i and dotted capital I fold with nothing (their foldings are Turkic only).
        Case("(?i)i", "\u{131}", false), Case("(?i)\u{131}", "I", false), Case("(?i)I", "\u{130}", false),
        Case("(?i)[i]", "\u{131}", false), Case("(?i)\u{130}", "i", false),
        // Negated classes and negated groups exclude a whole orbit, as RE2 folds before negating.
        Case("(?i)[^k]", "\u{212A}", false), Case("(?i)[^k]", "x", true),
        Case("(?i)\\W", "\u{212A}", false), Case("(?i)[\\W]", "\u{17F}", false), Case("(?i)\\w", "\u{212A}", true),
        Case("(?i)[^\\W]", "\u{212A}", true), Case("(?i)[[:^alpha:]]", "\u{212A}", false),
        Case("(?i)[[:upper:]]", "a", true), Case("(?i)[[:lower:]]", "\u{212A}", true),
        Case("(?i)\\p{Lu}", "a", true), Case("(?i)\\P{Lu}", "a", false), Case("(?i)\\PL", "\u{345}", false),
        Case("(?i)\\pL", "\u{345}", true), Case("\\pL", "\u{345}", false),
        Case("(?i)\\P{Greek}", "\u{B5}", false), Case("(?i)\\p{Latin}", "\u{212A}", true),
        // Without (?i) nothing folds.
        Case("k", "\u{212A}", false), Case("[K]", "k", false), Case("(?i:k)K", "\u{212A}K", true),
        Case("(?i)k(?-i)k", "\u{212A}K", false),
    ]

    @Test(arguments: cases)
    func foldsAsRE2(_ c: Case) throws {
        #expect(try RE2Pattern(c.pattern).matches(c.text) == c.matches)
    }

    /// The orbits are Unicode 15.0's simple case folding (`scripts/generate-unicode-casefold.py`).
    @Test func orbitsComeFromCaseFolding() {
        #expect(CaseFoldOrbits.unicodeVersion == "15.0.0")
        #expect(CaseFoldOrbits.orbit(of: 0x6B) == [0x4B, 0x6B, 0x212A])
        #expect(CaseFoldOrbits.orbit(of: 0x3D1) == [0x398, 0x3B8, 0x3D1, 0x3F4])
        #expect(CaseFoldOrbits.orbit(of: 0x131) == [0x131])
        #expect(CaseFoldOrbits.orbit(of: 0x10FFFF) == [0x10FFFF])
        // Every orbit is a cycle that comes back to where it started, in ascending order.
        var count = 0
        for value in UInt32(0)...0x1FFFF {
            guard let next = CaseFoldOrbits.next(after: value) else { continue }
            count += 1
            let orbit = CaseFoldOrbits.orbit(of: value)
            #expect(orbit.count >= 2 && orbit.count <= 4 && orbit.contains(next))
        }
        #expect(count == 2_878)
    }
}
