/// A node of a parsed predicate-language expression, with its place in the source.
///
/// `range` counts Unicode scalars from the start of the expression text, so a caller that knows
/// where the expression sits in a file can turn it into a file position.
///
/// ```swift
/// let (expr, _) = ExpressionParser.parse("type == 3")
/// expr?.range // 0..<9
/// ```
public struct Expr: Sendable, Hashable {
    /// What the node is.
    public indirect enum Kind: Sendable, Hashable {
        case literal(Literal)
        /// A top-level payload key, such as `type`.
        case identifier(String)
        /// `operand.field`.
        case select(Expr, field: String)
        /// `has(argument)`: the argument as written, checked to be a field selection or a name.
        case presence(Expr)
        /// `operand[index]`.
        case index(Expr, Expr)
        /// `function(arguments)`, or `target.function(arguments)` when `target` is set.
        case call(String, target: Expr?, arguments: [Expr])
        case unary(UnaryOperator, Expr)
        case binary(BinaryOperator, Expr, Expr)
        /// `condition ? then : else`.
        case conditional(Expr, Expr, Expr)
        case list([Expr])
        case map([MapEntry])
    }

    public let kind: Kind
    /// Offsets in Unicode scalars of the expression text.
    public var range: Range<Int>
    /// Levels of nodes from this one down to its deepest leaf (a leaf is 1).
    public let depth: Int

    /// Makes a node; `depth` follows from the children.
    ///
    /// ```swift
    /// let one = Expr(.literal(.int(1)), range: 0..<1)
    /// ```
    public init(_ kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
        self.depth = 1 + kind.deepestChild
    }
}

extension Expr.Kind {
    /// The largest depth among the children (0 for a leaf), without building `children`: every
    /// node the parser makes asks for it.
    var deepestChild: Int {
        switch self {
        case .literal, .identifier: 0
        case .select(let operand, _), .presence(let operand), .unary(_, let operand): operand.depth
        case .index(let a, let b), .binary(_, let a, let b): max(a.depth, b.depth)
        case .call(_, let target, let arguments):
            arguments.reduce(target?.depth ?? 0) { max($0, $1.depth) }
        case .conditional(let a, let b, let c): max(a.depth, b.depth, c.depth)
        case .list(let elements): elements.reduce(0) { max($0, $1.depth) }
        case .map(let entries): entries.reduce(0) { max($0, $1.key.depth, $1.value.depth) }
        }
    }

    /// Whether `predicate` holds for some direct sub-expression, tried in source order until one
    /// does; unlike `children`, builds no array (tables of thousands of rules walk every node).
    ///
    /// ```swift
    /// expr.kind.containsChild { if case .identifier = $0.kind { true } else { false } }
    /// ```
    func containsChild(where predicate: (Expr) -> Bool) -> Bool {
        switch self {
        case .literal, .identifier: false
        case .select(let operand, _), .presence(let operand), .unary(_, let operand): predicate(operand)
        case .index(let a, let b), .binary(_, let a, let b): predicate(a) || predicate(b)
        case .call(_, let target, let arguments):
            target.map(predicate) == true || arguments.contains(where: predicate)
        case .conditional(let a, let b, let c): predicate(a) || predicate(b) || predicate(c)
        case .list(let elements): elements.contains(where: predicate)
        case .map(let entries): entries.contains { predicate($0.key) || predicate($0.value) }
        }
    }

    /// Calls `body` on each direct sub-expression in source order, building no array.
    func forEachChild(_ body: (Expr) -> Void) {
        _ = containsChild { child in
            body(child)
            return false
        }
    }

    /// The direct sub-expressions, in source order.
    public var children: [Expr] {
        switch self {
        case .literal, .identifier: []
        case .select(let operand, _), .presence(let operand), .unary(_, let operand): [operand]
        case .index(let a, let b), .binary(_, let a, let b): [a, b]
        case .call(_, let target, let arguments): (target.map { [$0] } ?? []) + arguments
        case .conditional(let a, let b, let c): [a, b, c]
        case .list(let elements): elements
        case .map(let entries): entries.flatMap { [$0.key, $0.value] }
        }
    }
}

/// A constant written in an expression.
///
/// ```swift
/// Literal.int(3)
/// ```
public enum Literal: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
}

/// One `key: value` entry of a map literal.
///
/// ```swift
/// MapEntry(key: k, value: v)
/// ```
public struct MapEntry: Sendable, Hashable {
    public var key: Expr
    public var value: Expr

    /// An entry from its key and value expressions.
    ///
    /// ```swift
    /// // {"a": 1}
    /// let entry = MapEntry(key: Expr(.literal(.string("a")), range: 1..<4),
    ///                      value: Expr(.literal(.int(1)), range: 6..<7))
    /// ```
    public init(key: Expr, value: Expr) {
        self.key = key
        self.value = value
    }
}

/// A prefix operator: `!` or `-`.
///
/// ```swift
/// UnaryOperator.not.spelling // "!"
/// ```
public enum UnaryOperator: String, Sendable, Hashable {
    case not = "!"
    case negate = "-"

    public var spelling: String { rawValue }
}

/// An infix operator.
///
/// ```swift
/// BinaryOperator.equal.spelling // "=="
/// ```
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case `in` = "in"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"

    public var spelling: String { rawValue }
}
