/// A regular expression in RE2 syntax, matched in time linear in the text (CEL's `matches`).
///
/// The pattern compiles to a Thompson NFA that is run as a set simulation, so there is no
/// backtracking: the cost of `matches` is at most `RegexLimits.maxProgramSize` steps per Unicode
/// scalar of text, even for patterns such as `(a+)+$`. Matching is unanchored, as in RE2 and CEL:
/// the pattern may match anywhere in the text. Constructs RE2 rejects (backreferences, lookaround,
/// possessive quantifiers) are syntax errors.
///
/// ```swift
/// let pattern = try RE2Pattern("^[a-z]+-\\d{2,4}$")
/// pattern.matches("order-2024") // true
/// try RE2Pattern("ubb").matches("hubba") // true
/// ```
public struct RE2Pattern: Sendable {
    /// The pattern text as given.
    public let pattern: String

    let program: RegexProgram

    /// The compiled program's size as `RegexLimits.maxProgramSize` counts it: its instructions
    /// before the final `match`. Matching takes about this many steps per scalar at most.
    var programSize: Int { program.instructions.count - 1 }

    /// Compiles `pattern`, or throws a syntax error naming the offending construct and its offset.
    ///
    /// ```swift
    /// do { _ = try RE2Pattern("(a)\\1") } catch { error.message } // "backreference '\1' is not supported"
    /// ```
    public init(_ pattern: String) throws(RE2Pattern.SyntaxError) {
        self.pattern = pattern
        let scalars = Array(pattern.unicodeScalars)
        guard scalars.count <= RegexLimits.maxPatternLength else {
            throw SyntaxError(
                message: "pattern is longer than \(RegexLimits.maxPatternLength) scalars",
                offset: RegexLimits.maxPatternLength)
        }
        var parser = RegexParser(scalars)
        let node = try parser.parse()
        program = try RegexCompiler.compile(node)
    }

    /// Whether the pattern matches anywhere in `text`, compared scalar by scalar.
    ///
    /// ```swift
    /// try RE2Pattern("(a|😀){2}").matches("x😀a") // true
    /// ```
    public func matches(_ text: String) -> Bool {
        RegexMachine.matches(program, text)
    }
}

extension RE2Pattern {
    /// A pattern that is not valid RE2 syntax, or that RouteKit's limits reject.
    ///
    /// ```swift
    /// RE2Pattern.SyntaxError(message: "missing closing ')'", offset: 0)
    /// ```
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A single lowercase phrase, such as `missing closing ')'`.
        public var message: String
        /// Where the problem starts, in Unicode scalars from the start of the pattern.
        public var offset: Int

        /// An error with `message` at `offset`, in Unicode scalars of the pattern.
        ///
        /// ```swift
        /// RE2Pattern.SyntaxError(message: "missing closing ')'", offset: 0).description
        /// // "missing closing ')' at offset 0"
        /// ```
        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }

        public var description: String { "\(message) at offset \(offset)" }
    }
}
