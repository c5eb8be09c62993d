import RouteKit
import Testing

/// SPEC §4 and §8, pathological `matches` patterns: the patterns that make backtracking engines
/// take exponential time run in time linear in the text here, and patterns past `RegexLimits`
/// are rejected with an exact message — in a route file, and in a payload that supplies its own.
@Suite struct HostilePatternTests {
    struct MatchCase: CustomStringConvertible, Sendable {
        var pattern: String
        var text: String
        var matches: Bool
        /// A hang check, not a benchmark.
        var bound: Duration = .seconds(20)
        var description: String { "\(pattern) on \(text.unicodeScalars.count) scalars" }
    }

    static let a10k = String(repeating: "a", count: 10_000)

    static let linear: [MatchCase] = [
        // Each measured 15–35 ms in a debug build on 10,000 scalars; 5 s is over 100×.
        MatchCase(pattern: "(a+)+$", text: a10k + "!", matches: false),
        MatchCase(pattern: "(a|a)*b", text: a10k, matches: false),
        MatchCase(pattern: "(a*)*b", text: a10k, matches: false),
        MatchCase(pattern: "(?:(?:(?:a*)*)*)*b", text: a10k, matches: false),
        MatchCase(pattern: "(a|aa)+$", text: a10k + "b", matches: false),
        MatchCase(pattern: "(x+x+)+y", text: String(repeating: "x", count: 10_000), matches: false),
        MatchCase(pattern: #"\p{L}+$"#, text: a10k + "1", matches: false),
        MatchCase(pattern: "(.*a){20}", text: a10k, matches: true),
        MatchCase(pattern: "[a-z]{1,1000}", text: a10k, matches: true),
        // Repetition at the limits: ~0.2 s and ~1.1 s in a debug build; 30 s is over 25×.
        MatchCase(pattern: "a{1000}", text: a10k, matches: true, bound: .seconds(30)),
        MatchCase(pattern: "(a?){1000}a{1000}", text: a10k, matches: true, bound: .seconds(30)),
        // Thousands of set instructions over few sets: a set is tested once per scalar, not once
        // per thread. Over 16 KiB the first took 2.8 s in a release build when every thread made
        // its own Unicode category lookup, 0.22 s now; a debug build is ~50× slower, and the
        // sanitizer runs slower still, so the text here is 4 KiB and the bound a hang check.
        MatchCase(pattern: #"(\p{L}|\p{N}){999}$"#, text: ab4k + "!", matches: false, bound: .seconds(90)),
        MatchCase(pattern: "(?i)(k|s){999}$", text: ab4k.uppercased() + "!", matches: false, bound: .seconds(90)),
        MatchCase(pattern: #"[\p{Lu}\d]{2}[\p{Ll}a]{999}"#, text: "A1" + ab4k, matches: true, bound: .seconds(90)),
    ]

    /// 4 KiB of letters.
    static let ab4k = String(repeating: "ks", count: 2_048)

    @Test(arguments: linear) func pathologicalPatternMatchesInLinearTime(_ c: MatchCase) throws {
        let pattern = try RE2Pattern(c.pattern)
        let clock = ContinuousClock()
        let start = clock.now
        let matches = pattern.matches(c.text)
        let elapsed = clock.now - start
        #expect(matches == c.matches)
        #expect(elapsed < c.bound, "took \(elapsed), bound \(c.bound)")
    }

    struct RejectCase: CustomStringConvertible, Sendable {
        var pattern: String
        /// `message at offset N`.
        var error: String
        var description: String { String(pattern.prefix(30)) }
    }

    static let rejected: [RejectCase] = [
        RejectCase(pattern: "a{1000}{1000}", error: "invalid nested repetition operator '{1000}{1000}' at offset 1"),
        RejectCase(pattern: "(a{1000}){1000}", error: "pattern compiles to more than 5000 instructions at offset 0"),
        RejectCase(pattern: "((((a{100}){100}){100}){100})", error: "pattern compiles to more than 5000 instructions at offset 0"),
        RejectCase(pattern: "a{1001}", error: "repetition count in '{1001}' exceeds 1000 at offset 1"),
        RejectCase(pattern: String(repeating: "(", count: 101) + String(repeating: ")", count: 101),
                   error: "groups nested deeper than 100 levels at offset 100"),
        RejectCase(pattern: String(repeating: "a", count: 1_001), error: "pattern is longer than 1000 scalars at offset 1000"),
        RejectCase(pattern: #"(a)\1"#, error: #"backreference '\1' is not supported at offset 3"#),
        RejectCase(pattern: "a(?=b)", error: "lookahead '(?=' is not supported at offset 1"),
        RejectCase(pattern: "a++", error: "possessive quantifier '++' is not supported at offset 1"),
    ]

    @Test(arguments: rejected) func patternPastTheLimitsIsRejected(_ c: RejectCase) {
        let clock = ContinuousClock()
        let start = clock.now
        var error: RE2Pattern.SyntaxError?
        do { _ = try RE2Pattern(c.pattern) } catch let caught { error = caught }
        let elapsed = clock.now - start
        #expect(error?.description == c.error)
        // Each measured under 1 ms in a debug build; 5 s is a hang check only.
        #expect(elapsed < .seconds(20), "took \(elapsed)")
    }

    static let env = ExpressionEnvironment(fields: ["uid": .string, "target": .string])

    /// A predicate's diagnostics as `start..<end: severity: message [code]` (offsets in scalars).
    static func diagnostics(_ source: String) -> [String] {
        ExpressionChecker.compilePredicate(source, in: env).1.map {
            "\($0.range.lowerBound)..<\($0.range.upperBound): \($0.severity.rawValue): \($0.message) [\($0.code)]"
        }
    }

    @Test func literalPatternPastTheLimitsIsAPositionedError() {
        #expect(Self.diagnostics("uid.matches('a{1000}{1000}')") == [
            "12..<27: error: invalid pattern: invalid nested repetition operator '{1000}{1000}' at offset 1 [invalid-pattern]",
        ])
        #expect(Self.diagnostics("uid.matches('((((a{100}){100}){100}){100})')") == [
            "12..<43: error: invalid pattern: pattern compiles to more than 5000 instructions at offset 0 [invalid-pattern]",
        ])
        #expect(Self.diagnostics(#"uid.matches('\\')"#) == [
            "12..<16: error: invalid pattern: trailing backslash at end of pattern at offset 0 [invalid-pattern]",
        ])
    }

    struct PayloadPatternCase: CustomStringConvertible, Sendable {
        var name: String
        var uid: String
        var target: String
        /// The value of `uid.matches(target)` as the interpreter prints it.
        var value: String
        var bound: Duration = .seconds(20)
        var description: String { name }
    }

    static let payloadPatterns: [PayloadPatternCase] = [
        PayloadPatternCase(name: "nested-repeat", uid: a10k, target: "a{1000}{1000}",
                           value: "error: invalid pattern: invalid nested repetition operator '{1000}{1000}' at offset 1"),
        PayloadPatternCase(name: "program-too-big", uid: a10k, target: "((((a{100}){100}){100}){100})",
                           value: "error: invalid pattern: pattern compiles to more than 5000 instructions at offset 0"),
        PayloadPatternCase(name: "backtracking-bait", uid: a10k + "!", target: "(a+)+$", value: "false"),
        // Near the largest program on the longest string a payload may hold (16 KiB): measured
        // ~1 s in a debug build; 30 s = 30×, a hang check only.
        PayloadPatternCase(name: "largest-program-longest-string", uid: String(repeating: "a", count: 16_000),
                           target: "(a?){1000}a{1000}", value: "true", bound: .seconds(30)),
    ]

    /// `uid.matches(target)`: a payload that brings its own pattern gets the same limits, as an
    /// error value (a non-match), not a crash or a hang.
    @Test(arguments: payloadPatterns) func payloadSuppliedPatternIsBounded(_ c: PayloadPatternCase) throws {
        let checked = try #require(ExpressionChecker.compilePredicate("uid.matches(target)", in: Self.env).0)
        let payload: JSONValue = ["uid": .string(c.uid), "target": .string(c.target)]
        let clock = ContinuousClock()
        let start = clock.now
        let value = checked.evaluate(payload: payload)
        let matches = checked.matches(payload: payload)
        let elapsed = clock.now - start
        #expect("\(value)" == c.value)
        #expect(matches == (c.value == "true"))
        #expect(elapsed < c.bound, "took \(elapsed), bound \(c.bound)")
    }
}
