import Testing

@testable import RouteKit

/// Removes position markers (1️⃣, 2️⃣, …) from a test source and returns their scalar offsets, so
/// tests say where a diagnostic points instead of counting columns.
func marked(_ source: String) -> (text: String, markers: [Int]) {
    let markers: [String] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣"]
    var text = source
    var offsets: [Int] = []
    for marker in markers {
        guard let range = text.range(of: marker) else { break }
        offsets.append(text[..<range.lowerBound].unicodeScalars.count)
        text.removeSubrange(range)
    }
    return (text, offsets)
}

/// A syntax tree as a compact S-expression, to pin parser output.
func sexpr(_ expr: Expr) -> String {
    switch expr.kind {
    case .literal(let literal):
        switch literal {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .int(let i): return String(i)
        case .double(let d): return Value.double(d).description
        case .string(let s): return Value.string(s).description
        }
    case .identifier(let name): return name
    case .select(let operand, let field): return "(. \(sexpr(operand)) \(field))"
    case .presence(let argument): return "(has \(sexpr(argument)))"
    case .index(let a, let b): return "([] \(sexpr(a)) \(sexpr(b)))"
    case .call(let name, let target, let arguments):
        let parts = (target.map { [sexpr($0)] } ?? ["_"]) + arguments.map(sexpr)
        return "(\(name) \(parts.joined(separator: " ")))"
    case .unary(let op, let operand): return "(\(op.spelling) \(sexpr(operand)))"
    case .binary(let op, let a, let b): return "(\(op.spelling) \(sexpr(a)) \(sexpr(b)))"
    case .conditional(let a, let b, let c): return "(?: \(sexpr(a)) \(sexpr(b)) \(sexpr(c)))"
    case .list(let elements): return "[" + elements.map(sexpr).joined(separator: " ") + "]"
    case .map(let entries):
        return "{" + entries.map { "\(sexpr($0.key)): \(sexpr($0.value))" }.joined(separator: " ") + "}"
    }
}

/// Parses, checks against `env` and evaluates, for tests that only care about the value.
func evaluate(_ source: String, _ payload: JSONValue = [:], env: ExpressionEnvironment = .init()) -> Value {
    let (expr, diagnostics) = ExpressionParser.parse(source)
    guard let expr else { return .error("parse error: \(diagnostics)") }
    return ExpressionChecker.check(expr, in: env).evaluate(payload: payload)
}

/// A diagnostic rendered on one line, with its range, for pinning whole messages.
func render(_ d: ExpressionDiagnostic) -> String {
    let fix = d.fixIt.map { " fix: \($0.replacement)" } ?? ""
    return "\(d.range.lowerBound)..<\(d.range.upperBound): \(d.severity.rawValue): \(d.message) [\(d.code)]\(fix)"
}
