/// A parsed and type-checked expression, ready to evaluate against payloads.
///
/// Literal `matches` patterns are compiled once, when checking, and reused by every evaluation.
///
/// ```swift
/// let env = ExpressionEnvironment(fields: ["type": .int])
/// let (checked, _) = ExpressionChecker.compilePredicate("type == 3", in: env)
/// checked?.matches(payload: ["type": 3]) // true
/// ```
public struct CheckedExpression: Sendable {
    /// The parsed syntax tree.
    public let expr: Expr
    /// The static type of the result; `dyn` when only the run time knows.
    public let type: ExpressionType
    /// The program sizes of its `matches` calls added up, a pattern the payload gives counted as
    /// `RegexLimits.maxProgramSize` (`MatchesBudget`): counted while checking, so that bounding
    /// a table's `matches` work costs nothing for expressions without one (8 bytes each).
    let matchesCost: Int32
    /// Errors and warnings, ordered by position.
    public internal(set) var diagnostics: [ExpressionDiagnostic]
    /// The expression text, when the expression was compiled from text; used by tracing.
    public let source: String?
    /// The payload paths the expression reads (`type`, `aps.alert`), sorted.
    public internal(set) var fields: [String]
    let patterns: [String: RE2Pattern]

    init(
        expr: Expr, type: ExpressionType, diagnostics: [ExpressionDiagnostic], source: String?,
        fields: [String], patterns: [String: RE2Pattern], matchesCost: Int = 0
    ) {
        self.expr = expr
        self.type = type
        // At most `ExpressionLimits.maxLength` calls of `RegexLimits.maxProgramSize` each.
        self.matchesCost = Int32(clamping: matchesCost)
        self.diagnostics = diagnostics
        self.source = source
        self.fields = fields
        self.patterns = patterns
    }

    /// Whether any diagnostic is an error (warnings do not count).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Evaluates against a payload whose top-level keys are the variables.
    ///
    /// ```swift
    /// checked.evaluate(payload: ["type": 3]) // .bool(true)
    /// ```
    public func evaluate(payload: JSONValue) -> Value {
        var interpreter = Interpreter(payload: payload, patterns: patterns, recorder: NoTrace())
        return interpreter.evaluate(expr)
    }

    /// Evaluates and appends one step per sub-expression evaluated, children before parents.
    ///
    /// ```swift
    /// var trace: [TraceStep] = []
    /// checked.evaluate(payload: [:], trace: &trace)
    /// trace[0].description // "type → error: no such key 'type'"
    /// ```
    public func evaluate(payload: JSONValue, trace: inout [TraceStep]) -> Value {
        let scalars = source.map { Array($0.unicodeScalars) } ?? []
        var interpreter = Interpreter(
            payload: payload, patterns: patterns, recorder: TraceRecorder(scalars: scalars))
        let value = interpreter.evaluate(expr)
        trace.append(contentsOf: interpreter.recorder.steps)
        return value
    }

    /// Whether the predicate holds: the result is exactly `true`, not an error or another value.
    ///
    /// ```swift
    /// checked.matches(payload: ["type": "3"]) // false: "3" is a string
    /// ```
    public func matches(payload: JSONValue) -> Bool {
        if case .bool(true) = evaluate(payload: payload) { return true }
        return false
    }
}

/// Evaluates expressions that were not checked (patterns compile at run time).
///
/// ```swift
/// let (expr, _) = ExpressionParser.parse("1 + 2")
/// ExpressionInterpreter.evaluate(expr!, payload: [:]) // .int(3)
/// ```
public enum ExpressionInterpreter {
    /// Evaluates `expr` against a payload whose top-level keys are the variables.
    ///
    /// ```swift
    /// let (expr, _) = ExpressionParser.parse("size(ids) > 1")
    /// ExpressionInterpreter.evaluate(expr!, payload: ["ids": [1, 2]]) // .bool(true)
    /// ```
    public static func evaluate(_ expr: Expr, payload: JSONValue) -> Value {
        var interpreter = Interpreter(payload: payload, patterns: [:], recorder: NoTrace())
        return interpreter.evaluate(expr)
    }
}
