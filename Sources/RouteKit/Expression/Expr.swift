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
    ///
    /// ```swift
    /// let (expr, _) = ExpressionParser.parse("type == 3")
    /// if case .binary(.equal, let left, _) = expr!.kind { print(left.kind) } // identifier("type")
    /// ```
    public indirect enum Kind: Sendable, Hashable {
        /// A constant: `null`, a bool, an int, a double or a string.
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
        /// A prefix operator and its operand: `!operand`, `-operand`.
        case unary(UnaryOperator, Expr)
        /// `left operator right`; chains of `&&` and `||` are stored balanced, not nested to the
        /// left.
        case binary(BinaryOperator, Expr, Expr)
        /// `condition ? then : else`.
        case conditional(Expr, Expr, Expr)
        /// A list literal `[a, b]`, its elements in source order.
        case list([Expr])
        /// A map literal `{key: value}`, its entries in source order.
        case map([MapEntry])
    }

    /// What the node is, with its sub-expressions.
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

/// A constant written in an expression; also the value of a YAML scalar (`Node.ResolvedScalar`).
///
/// Equality and hashing compare strings by code points, as CEL does: the literals `"\u00e9"` and
/// `"e\u0301"` are different (so a map literal may hold both as keys).
///
/// ```swift
/// Literal.int(3)
/// Literal.string("\u{E9}") == .string("e\u{301}") // false
/// ```
public enum Literal: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A 64-bit integer literal, decimal or `0x` hexadecimal.
    case int(Int64)
    /// A floating-point literal, such as `2.5`, `.5` or `1e3`.
    case double(Double)
    /// A string literal, with its escapes decoded (a raw `r"…"` string keeps its backslashes).
    case string(String)

    /// Same kind and value; strings by code points, as `JSONValue` compares them.
    public static func == (lhs: Literal, rhs: Literal) -> Bool { lhs.json == rhs.json }

    /// Hashes consistently with `==`: a string by its code points.
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// The literal as the JSON scalar of the same kind and value.
    var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        }
    }
}

/// One `key: value` entry of a map literal.
///
/// ```swift
/// MapEntry(key: k, value: v)
/// ```
public struct MapEntry: Sendable, Hashable {
    /// The expression before the colon; it must be a string, an int or a bool.
    public var key: Expr
    /// The expression after the colon.
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
    /// `!`: logical not of a bool.
    case not = "!"
    /// `-`: arithmetic negation of an int or a double.
    case negate = "-"

    /// The operator as written in an expression: `!` or `-`.
    public var spelling: String { rawValue }
}

/// An infix operator.
///
/// ```swift
/// BinaryOperator.equal.spelling // "=="
/// ```
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    /// `||`: true when either side is true, even if the other side is an error.
    case or = "||"
    /// `&&`: false when either side is false, even if the other side is an error.
    case and = "&&"
    /// `==`: values of different kinds are unequal, except numbers (`3 == 3.0`).
    case equal = "=="
    /// `!=`: the opposite of `==`.
    case notEqual = "!="
    /// `<`: compares numbers (across int and double), strings by code point, or bools.
    case less = "<"
    /// `<=`: compares the same kinds as `<`.
    case lessOrEqual = "<="
    /// `>`: compares the same kinds as `<`.
    case greater = ">"
    /// `>=`: compares the same kinds as `<`.
    case greaterOrEqual = ">="
    /// `in`: whether the left value equals an element of the right list, or is a key of the right
    /// map.
    case `in` = "in"
    /// `+`: adds two ints or two doubles, or joins two strings or two lists.
    case add = "+"
    /// `-`: subtracts two ints or two doubles.
    case subtract = "-"
    /// `*`: multiplies two ints or two doubles.
    case multiply = "*"
    /// `/`: int division rounds toward zero (by zero is an error); double division follows IEEE.
    case divide = "/"
    /// `%`: the remainder of int division, with the sign of the dividend; by zero is an error.
    case remainder = "%"

    /// The operator as written in an expression, such as `==` or `in`.
    public var spelling: String { rawValue }
}
