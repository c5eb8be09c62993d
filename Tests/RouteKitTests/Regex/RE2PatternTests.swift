import RouteKit
import Testing

struct RE2PatternTests {
    struct MatchCase: CustomTestStringConvertible, Sendable {
        var pattern: String
        var text: String
        var matches: Bool
        var testDescription: String { "'\(text)'.matches('\(pattern)') == \(matches)" }
        init(_ pattern: String, _ text: String, _ matches: Bool) {
            self.pattern = pattern
            self.text = text
            self.matches = matches
        }
    }

    static let matchCases: [MatchCase] = [
        // Unanchored partial match, as in CEL.
        .init("ubb", "hubba", true), .init("", "", true), .init("", "abc", true),
        .init("x", "", false), .init("abc", "ab", false),
        // Anchors.
        .init("^hub", "hubba", true), .init("^ubb", "hubba", false), .init("ba$", "hubba", true),
        .init("bb$", "hubba", false), .init("^$", "", true), .init("^hubba$", "hubba", true),
        .init("\\Ahub", "hubba", true), .init("ba\\z", "hubba", true), .init("a$", "a\n", false),
        .init("(?m)^b", "a\nb", true), .init("^b", "a\nb", false), .init("(?m)a$", "a\nb", true),
        // Dot and newlines.
        .init("a.c", "abc", true), .init("a.c", "a\nc", false), .init("(?s)a.c", "a\nc", true),
        .init("a.c", "a😀c", true),
        // Classes.
        .init("[a-c]+", "xbz", true), .init("^[a-c]+$", "abd", false), .init("[^a-c]", "abc", false),
        .init("[^a-c]", "abcd", true), .init("[]a]", "]", true), .init("[a-]", "-", true),
        .init("[\\d.]", ".", true), .init("[[:alpha:]]", "1a", true), .init("[[:^digit:]]", "12", false),
        .init("[\\]]", "]", true), .init("[^\\n]", "\n", false),
        .init("\\d", "x7", true), .init("\\d", "٣", false), .init("\\D", "7", false),
        .init("\\w+", "_a1", true), .init("\\W", "abc", false), .init("\\s", "a b", true),
        .init("\\S", " \t", false),
        // Unicode classes.
        .init("\\pL", "é", true), .init("\\p{Lu}", "abc", false), .init("\\p{Lu}", "abC", true),
        .init("\\PL", "abc", false), .init("\\p{^L}", "ab1", true), .init("\\p{Nd}", "٣", true),
        // Scripts, by RE2's names (Scripts.txt's long names; case matters).
        .init("^\\p{Greek}+$", "αβγ", true), .init("\\p{Greek}", "abc", false),
        .init("^\\p{Han}+$", "中文", true), .init("^\\p{Han}+$", "中a", false),
        .init("\\P{Greek}", "αβ", false), .init("\\P{Greek}", "αb", true), .init("\\p{^Latin}", "ab", false),
        .init("^[\\p{Greek}0-9]+$", "α1", true), .init("^[^\\p{Cyrillic}]+$", "abж", false),
        .init("^[\\P{Latin}]+$", "αж", true), .init("\\p{Old_Italic}", "\u{10300}", true),
        .init("(?i)\\p{Greek}", "Ω", true), .init("\\p{Common}", "1", true), .init("\\p{Inherited}", "\u{301}", true),
        // Escapes.
        .init("a\\.b", "a.b", true), .init("a\\.b", "axb", false), .init("\\\\", "\\", true),
        .init("\\n", "\n", true), .init("\\t", "\t", true), .init("\\x41", "A", true),
        .init("\\x{1F600}", "😀", true), .init("\\012", "\n", true), .init("\\Qa.b\\E", "a.b", true),
        .init("\\Qa.b\\E", "axb", false), .init("\\Q*", "*", true),
        // Word boundaries.
        .init("\\bfoo\\b", "a foo b", true), .init("\\bfoo\\b", "afoo", false),
        .init("\\Boo", "foo", true), .init("\\Bfoo", "foo", false),
        // Groups, alternation, flags.
        .init("(ab)+c", "ababc", true), .init("(?:ab|cd)e", "cde", true), .init("a|b|c", "xc", true),
        .init("(?P<word>ab)", "ab", true), .init("(?<word>ab)", "ab", true),
        .init("(?i)HUBBA", "hubba", true), .init("(?i:H)UB", "hub", false), .init("(?i:H)ub", "hub", true),
        .init("(?i)[a-c]", "B", true), .init("(?i)[^a]", "A", false), .init("(?i)é", "É", true),
        .init("(?i)k", "\u{212A}", true), .init("a(?i)b", "aB", true), .init("a(?i)b", "AB", false),
        .init("(?i)a(?-i)b", "Ab", true), .init("(?i)a(?-i)b", "AB", false), .init("(?U)a+", "a", true),
        // Quantifiers.
        .init("ab*c", "ac", true), .init("ab+c", "ac", false), .init("ab?c", "abc", true),
        .init("ab*?c", "abbc", true), .init("ab+?c", "abc", true), .init("ab??c", "ac", true),
        .init("^a{3}$", "aaa", true), .init("^a{3}$", "aaaa", false), .init("^a{2,}$", "aaaaa", true),
        .init("^a{2,}$", "a", false), .init("^a{2,3}$", "aaa", true), .init("^a{2,3}$", "aaaa", false),
        .init("^a{0}$", "", true), .init("^a{0,1}b$", "b", true), .init("a{,2}", "a{,2}", true),
        .init("a{", "a{", true), .init("a{x}", "a{x}", true), .init("^(a|b){2}$", "ab", true),
        // Non-BMP scalars count as one.
        .init("^(a|😀){2}$", "😀a", true), .init("^(a|😀){2}$", "😀😀", true),
        .init("^(a|😀){2}$", "😀", false), .init("^.$", "😀", true), .init("^..$", "😀", false),
        .init("[😀-😂]", "😁", true), .init("^\\x{1F600}{2}$", "😀😀", true),
        // Empty loops terminate.
        .init("(a*)*b", "aab", true), .init("(a*)+$", "b", true), .init("(|a)*c", "aac", true),
        .init("(?:)*x", "x", true),
    ]

    @Test(arguments: matchCases)
    func matches(_ c: MatchCase) throws {
        #expect(try RE2Pattern(c.pattern).matches(c.text) == c.matches)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var pattern: String
        var message: String
        var offset: Int
        var testDescription: String { "'\(pattern)' -> \(message) at \(offset)" }
        init(_ pattern: String, _ message: String, _ offset: Int) {
            self.pattern = pattern
            self.message = message
            self.offset = offset
        }
    }

    static let errorCases: [ErrorCase] = [
        .init("(a)\\1", "backreference '\\1' is not supported", 3),
        .init("(?P<n>a)(?P=n)", "backreference '(?P=' is not supported", 8),
        .init("a(?=b)", "lookahead '(?=' is not supported", 1),
        .init("a(?!b)", "negative lookahead '(?!' is not supported", 1),
        .init("(?<=a)b", "lookbehind '(?<=' is not supported", 0),
        .init("(?<!a)b", "negative lookbehind '(?<!' is not supported", 0),
        .init("(?>a)", "atomic group '(?>' is not supported", 0),
        .init("a*+", "possessive quantifier '*+' is not supported", 1),
        .init("a++", "possessive quantifier '++' is not supported", 1),
        .init("a?+", "possessive quantifier '?+' is not supported", 1),
        .init("a**", "invalid nested repetition operator '**'", 1),
        .init("a{2}{3}", "invalid nested repetition operator '{2}{3}'", 1),
        .init("*a", "missing argument to repetition operator '*'", 0),
        .init("a|+", "missing argument to repetition operator '+'", 2),
        .init("(?", "missing closing ')'", 0),
        .init("{2}", "missing argument to repetition operator '{2}'", 0),
        .init("(a", "missing closing ')'", 0),
        .init("((a)", "missing closing ')'", 0),
        .init("a)", "unexpected ')'", 1),
        .init("[a", "missing closing ']'", 0),
        .init("[]", "missing closing ']'", 0),
        .init("[z-a]", "invalid character class range 'z-a'", 1),
        .init("[a-\\d]", "invalid character class range 'a-\\d'", 1),
        .init("[\\b]", "invalid escape '\\b' in character class", 1),
        .init("[[:alfa:]]", "unknown posix class 'alfa'", 1),
        .init("\\q", "invalid escape '\\q'", 0),
        .init("ab\\", "trailing backslash at end of pattern", 2),
        .init("\\Z", "escape '\\Z' is not supported", 0),
        .init("\\C", "escape '\\C' is not supported", 0),
        .init("\\x{110000}", "escape '\\x{110000}' is not a unicode scalar", 0),
        .init("\\x{D800}", "escape '\\x{D800}' is not a unicode scalar", 0),
        .init("\\xZ", "invalid hexadecimal escape", 0),
        .init("\\pX", "unknown unicode class 'X'", 0),
        .init("\\p{greek}", "unknown unicode class 'greek'", 0),
        .init("\\p{Unknown}", "unknown unicode class 'Unknown'", 0),
        .init("(?x)a", "invalid or unsupported group syntax '(?x'", 0),
        .init("(?<>a)", "invalid capture group name", 0), .init("(?<a-b>a)", "invalid capture group name", 0),
        .init("a{2,1}", "invalid repetition range '{2,1}'", 1),
        .init("a{1001}", "repetition count in '{1001}' exceeds 1000", 1),
        .init("a{0,1001}", "repetition count in '{0,1001}' exceeds 1000", 1),
    ]

    @Test(arguments: errorCases)
    func rejects(_ c: ErrorCase) {
        #expect(throws: RE2Pattern.SyntaxError(message: c.message, offset: c.offset)) {
            try RE2Pattern(c.pattern)
        }
    }

    @Test func offsetsCountUnicodeScalars() {
        #expect(throws: RE2Pattern.SyntaxError(message: "unexpected ')'", offset: 2)) {
            try RE2Pattern("😀é)")
        }
    }

    @Test func patternLengthLimit() throws {
        let limit = RegexLimits.maxPatternLength
        #expect(try RE2Pattern(String(repeating: "a", count: limit)).matches(String(repeating: "a", count: limit)))
        #expect(throws: RE2Pattern.SyntaxError(message: "pattern is longer than \(limit) scalars", offset: limit)) {
            try RE2Pattern(String(repeating: "a", count: limit + 1))
        }
    }

    @Test func repeatCountLimit() throws {
        let limit = RegexLimits.maxRepeatCount
        let text = String(repeating: "a", count: limit)
        #expect(try RE2Pattern("^a{\(limit)}$").matches(text))
        #expect(try !RE2Pattern("^a{\(limit)}$").matches(text + "a"))
    }

    @Test func programSizeLimit() throws {
        let limit = RegexLimits.maxProgramSize
        // Each of these compiles to exactly 1000 × n instructions.
        #expect(throws: Never.self) { try RE2Pattern("(?:a{1000}){\(limit / 1000)}") }
        let message = "pattern compiles to more than \(limit) instructions"
        #expect(throws: RE2Pattern.SyntaxError(message: message, offset: 0)) {
            try RE2Pattern("(?:a{1000}){\(limit / 1000)}b")
        }
        #expect(throws: RE2Pattern.SyntaxError(message: message, offset: 0)) {
            try RE2Pattern("((((a{1000}){1000}){1000}){1000}){1000}")
        }
    }

    @Test func nestingLimit() throws {
        let limit = RegexLimits.maxNestingDepth
        let deep = { (n: Int) in String(repeating: "(", count: n) + "a" + String(repeating: ")", count: n) }
        #expect(try RE2Pattern(deep(limit)).matches("a"))
        let message = "groups nested deeper than \(limit) levels"
        #expect(throws: RE2Pattern.SyntaxError(message: message, offset: limit)) {
            try RE2Pattern(deep(limit + 1))
        }
        // Deep nesting far past the limit is rejected at the limit, not by exhausting the stack.
        #expect(throws: RE2Pattern.SyntaxError.self) { try RE2Pattern(String(repeating: "(", count: 999)) }
    }

    struct Pathological: CustomTestStringConvertible, Sendable {
        var pattern: String
        var text: String
        var testDescription: String { "'\(pattern)' over \(text.unicodeScalars.count) scalars" }
        init(_ pattern: String, _ text: String) {
            self.pattern = pattern
            self.text = text
        }
    }

    static let pathological: [Pathological] = [
        .init("(a+)+$", String(repeating: "a", count: 16_384) + "b"),
        .init("(a*)*c", String(repeating: "a", count: 16_384)),
        .init("(a|aa)+$", String(repeating: "a", count: 16_384) + "b"),
        .init("(x+x+)+y", String(repeating: "x", count: 16_384)),
        .init("(.*){20}z", String(repeating: "ab", count: 8_192)),
        .init("^(\\w+\\s?)*$", String(repeating: "word ", count: 3_000) + "!"),
        .init("(?i)(a{1,100}){1,10}$", String(repeating: "A", count: 4_096) + "!"),
    ]

    /// A backtracking engine takes longer than the age of the universe on these; a bound of
    /// seconds is only a hang check.
    @Test(arguments: pathological)
    func pathologicalPatternsFinish(_ c: Pathological) throws {
        let compiled = try RE2Pattern(c.pattern)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(!compiled.matches(c.text)) }
        #expect(elapsed < .seconds(120), "a hang check, not a timing: the matcher is linear")
    }

    /// Random strings over RE2's syntax characters (from a fixed LCG sequence) either compile or
    /// throw, and compiled ones match without trapping.
    @Test func randomPatternsNeverTrap() {
        let alphabet = Array(#"ab()|*+?{}[]^$.\-,019:iPpdwbxQE<>=!"#.unicodeScalars) + ["é", "😀"]
        var state: UInt64 = 0
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            var pattern = ""
            for _ in 0..<(1 + next(12)) { pattern.unicodeScalars.append(alphabet[next(alphabet.count)]) }
            var text = ""
            for _ in 0..<next(8) { text.unicodeScalars.append(alphabet[next(alphabet.count)]) }
            if let compiled = try? RE2Pattern(pattern) {
                _ = compiled.matches(text)
            }
        }
    }
}
