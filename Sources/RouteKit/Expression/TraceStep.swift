/// One sub-expression evaluated while tracing, for `routecheck eval --explain`.
///
/// ```swift
/// step.description // "uid → error: no such key 'uid'"
/// ```
public struct TraceStep: Sendable, CustomStringConvertible {
    /// Offsets in Unicode scalars of the expression text.
    public var range: Range<Int>
    /// The source text of the sub-expression (empty when the source is not known).
    public var text: String
    /// What the sub-expression evaluated to; an `.error` carries its reason.
    public var value: Value

    /// A step: the sub-expression at `range`, its text and its value.
    ///
    /// ```swift
    /// TraceStep(range: 0..<4, text: "type", value: .int(3)).description // "type → 3"
    /// ```
    public init(range: Range<Int>, text: String, value: Value) {
        self.range = range
        self.text = text
        self.value = value
    }

    public var description: String { "\(text) → \(value)" }
}

/// Receives each evaluated node; the interpreter is generic over it so that the plain path pays
/// nothing for tracing.
protocol EvaluationRecorder {
    static var isRecording: Bool { get }
    mutating func record(_ expr: Expr, _ value: Value)
}

struct NoTrace: EvaluationRecorder {
    static var isRecording: Bool { false }
    @inline(__always) mutating func record(_ expr: Expr, _ value: Value) {}
}

struct TraceRecorder: EvaluationRecorder {
    static var isRecording: Bool { true }
    let scalars: [Unicode.Scalar]
    var steps: [TraceStep] = []

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func record(_ expr: Expr, _ value: Value) {
        var text = String.UnicodeScalarView()
        if expr.range.upperBound <= scalars.count { text.append(contentsOf: scalars[expr.range]) }
        steps.append(TraceStep(range: expr.range, text: String(text), value: value))
    }
}
