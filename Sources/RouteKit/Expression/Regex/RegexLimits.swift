/// Bounds on `matches` patterns, so that a hostile route file or payload cannot make a predicate slow.
///
/// Matching costs at most `maxProgramSize` steps per Unicode scalar of text, whatever the pattern.
///
/// ```swift
/// RegexLimits.maxRepeatCount // 1000: `a{1001}` is a syntax error
/// ```
public enum RegexLimits {
    /// The longest pattern, in Unicode scalars; a longer one is a syntax error.
    public static let maxPatternLength = 1000

    /// The largest count in `{n}`, `{n,}` or `{n,m}` (RE2's own cap); a larger one is a syntax error.
    public static let maxRepeatCount = 1000

    /// The deepest nesting of groups `( … )`; deeper nesting is a syntax error.
    public static let maxNestingDepth = 100

    /// The most instructions a compiled pattern may have after counted repetitions are expanded
    /// (`a{1000}` takes 1000); a larger program is a syntax error. This bounds the work per text scalar.
    public static let maxProgramSize = 5000

    /// The most instructions the `matches` calls of one table may compile to in all: every call
    /// in every expression (each use of a params or login-user expression), a pattern the payload
    /// gives counted as `maxProgramSize`. A call that takes the table past it is a `matches-cost`
    /// error. One decision then matches at most this many instructions per scalar of the longest
    /// payload string (`PayloadLimits.maxStringBytes`): about a second in a release build on a
    /// 2-core EPYC for 16 KiB strings, where 84 calls of 4,000 instructions took 32 s.
    public static let maxTableProgramSize = 10_000
}
