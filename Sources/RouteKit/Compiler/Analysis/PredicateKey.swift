/// A canonical spelling of a predicate, equal for predicates that differ only in the order of
/// the operands of `==`, `!=`, `&&` and `||` (and in how `&&`/`||` chains are grouped), which
/// never changes whether a predicate matches.
///
/// Strings are spelled by their Unicode scalars, so canonically equivalent but different
/// strings (which CEL tells apart) never get one key.
///
/// ```swift
/// PredicateKey(parsing("id == 1 && type == 3")) == PredicateKey(parsing("3 == type && id == 1")) // true
/// ```
struct PredicateKey: Hashable, Sendable {
    let spelling: String

    init(_ expr: Expr) { spelling = Self.spell(expr) }

    private static func spell(_ expr: Expr) -> String {
        switch expr.kind {
        case .literal(let literal):
            switch literal {
            case .null: return "null"
            case .bool(let value): return value ? "true" : "false"
            case .int(let value): return "i\(value)"
            case .double(let value): return "d\(value.bitPattern)"
            case .string(let value): return "s" + scalars(value)
            }
        case .identifier(let name):
            return "v" + scalars(name)
        case .binary(let op, _, _) where op == .and || op == .or:
            let parts = operands(of: op, expr).map(spell).sorted()
            return "(\(op.spelling) \(parts.joined(separator: " ")))"
        case .binary(let op, let lhs, let rhs) where op == .equal || op == .notEqual:
            let parts = [spell(lhs), spell(rhs)].sorted()
            return "(\(op.spelling) \(parts.joined(separator: " ")))"
        case .select(let operand, let field):
            return "(. \(spell(operand)) \(scalars(field)))"
        case .call(let name, let target, _):
            return node("call \(target == nil ? "f" : "m") \(scalars(name))", expr)
        case .presence: return node("has", expr)
        case .index: return node("[]", expr)
        case .unary(let op, _): return node("u" + op.spelling, expr)
        case .binary(let op, _, _): return node(op.spelling, expr)
        case .conditional: return node("?:", expr)
        case .list: return node("list", expr)
        case .map: return node("map", expr)
        }
    }

    /// The spelling of a node by a head and its children in order.
    private static func node(_ head: String, _ expr: Expr) -> String {
        "(\(head)" + expr.kind.children.map { " " + spell($0) }.joined() + ")"
    }

    /// The operands of a chain of one connective, flattened.
    private static func operands(of op: BinaryOperator, _ expr: Expr) -> [Expr] {
        if case .binary(op, let lhs, let rhs) = expr.kind {
            return operands(of: op, lhs) + operands(of: op, rhs)
        }
        return [expr]
    }

    private static func scalars(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") + "\""
    }
}
