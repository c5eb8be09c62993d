/// A problem found while parsing or checking one expression, positioned inside its text.
///
/// `range` counts Unicode scalars from the start of the expression; the caller adds the position
/// of the expression in its file to get a `Diagnostic`.
///
/// ```swift
/// let (_, diagnostics) = ExpressionParser.parse("type = 3")
/// diagnostics[0].message // "unexpected '='; did you mean '=='?"
/// diagnostics[0].range   // 5..<6
/// ```
public struct ExpressionDiagnostic: Error, Sendable, Hashable {
    /// Whether the problem is an error or a warning.
    public var severity: Severity
    /// The diagnostic's code, such as `syntax-error` or `type-mismatch`.
    public var code: DiagnosticCode
    /// One lowercase phrase, with a suggestion when there is one.
    public var message: String
    /// Where the problem is, in Unicode scalars from the start of the expression text.
    public var range: Range<Int>
    /// A replacement for `range` that fixes the problem; nil when there is none.
    public var fixIt: Optional<FixIt>  // spelled out: see `Action`

    /// A problem at `range`, in Unicode scalars of the expression text.
    ///
    /// ```swift
    /// ExpressionDiagnostic(.error, .syntaxError, "unexpected '='; did you mean '=='?", at: 5..<6,
    ///                      fixIt: FixIt(replacement: "=="))
    /// ```
    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, at range: Range<Int>,
        fixIt: FixIt? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.fixIt = fixIt
    }
}

extension DiagnosticCode {
    /// The expression does not follow the grammar.
    public static let syntaxError: DiagnosticCode = "syntax-error"
    /// The expression uses CEL syntax that RouteKit does not support (bytes, uint, macros, ...).
    public static let unsupportedSyntax: DiagnosticCode = "unsupported-syntax"
    /// The expression is longer than `ExpressionLimits.maxLength`.
    public static let expressionTooLong: DiagnosticCode = "expression-too-long"
    /// The expression nests deeper than `ExpressionLimits.maxDepth`.
    public static let expressionTooDeep: DiagnosticCode = "expression-too-deep"
    /// A map literal gives one key twice (`{'a': 1, 'a': 2}`); the same code as a YAML
    /// mapping's repeated key.
    public static let duplicateKey: DiagnosticCode = "duplicate-key"
    /// A value of one type is used where another is required.
    public static let typeMismatch: DiagnosticCode = "type-mismatch"
    /// A call names a function the language does not have.
    public static let unknownFunction: DiagnosticCode = "unknown-function"
    /// A call has the wrong number of arguments.
    public static let wrongArity: DiagnosticCode = "wrong-arity"
    /// A literal `matches` pattern is not a valid regular expression.
    public static let invalidPattern: DiagnosticCode = "invalid-pattern"
    /// The table's `matches` calls compile to more than `RegexLimits.maxTableProgramSize`
    /// instructions in all.
    public static let matchesCost: DiagnosticCode = "matches-cost"
    /// A payload field is used that the table does not declare.
    public static let undeclaredField: DiagnosticCode = "undeclared-field"
    /// The argument of `has()` is not a field selection or a name.
    public static let invalidHasArgument: DiagnosticCode = "invalid-has-argument"
    /// A string literal holds a character that does not show, as itself (not as an escape).
    public static let invisibleCharacter: DiagnosticCode = "invisible-character"
    /// A predicate's result is not a bool.
    public static let expressionNotBool: DiagnosticCode = "expression-not-bool"
}
