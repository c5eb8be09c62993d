/// A predicate in the fragment the analysis decides exactly: `&&`, `||` and `!` over atoms that
/// each test one payload field, with negation pushed down to the atoms.
///
/// Each node stands for the set of normalized payloads on which its expression is `true`.
/// Because `&&` is true exactly when both sides are and `||` when either is (CEL absorbs errors
/// only in favour of the deciding side), these sets compose by intersection and union. `!` does
/// not turn "true" into "not true" (an error stays an error), so a negated atom takes the set
/// where the atom is `false`, which is also exact.
///
/// ```swift
/// // type == 1 && !has(uid)
/// Formula.all([.atom(typeIs1), .atom(uidAbsent)], text: "type == 1 && !has(uid)")
/// ```
indirect enum Formula: Sendable {
    case constant(Bool, text: String)
    case atom(Atom)
    case all([Formula], text: String)
    case any([Formula], text: String)

    /// The source text the node stands for, as written (with `!` when negated).
    var text: String {
        switch self {
        case .constant(_, let text), .all(_, let text), .any(_, let text): text
        case .atom(let atom): atom.text
        }
    }
}

/// A test of one payload field: the field states on which it is `true`.
struct Atom: Sendable {
    /// The field's path, such as `type` or `aps.badge`.
    var field: CodePointKey
    var set: FieldSet
    /// What the atom requires of the field, for messages: `1`, `not 1`, `in [1, 2]`, `> 5`,
    /// `present`.
    var phrase: String
    var text: String
}

/// Turns checked expressions into formulas; nil for anything outside the fragment.
struct FormulaBuilder {
    /// The declared fields, made once per table: it knows the objects declared paths go through.
    let environment: ExpressionEnvironment
    let scalars: [Unicode.Scalar]

    init(environment: ExpressionEnvironment, source: String) {
        self.environment = environment
        scalars = Array(source.unicodeScalars)
    }

    /// The formula for where `expr` is `true` (`positive`) or `false` (not `positive`).
    func formula(_ expr: Expr, positive: Bool) -> Formula? {
        let text = positive ? slice(expr) : negated(expr)
        switch expr.kind {
        case .literal(.bool(let value)):
            return .constant(value == positive, text: text)
        case .unary(.not, let operand):
            guard let inner = formula(operand, positive: !positive) else { return nil }
            return positive ? retitled(inner, slice(expr)) : inner
        case .binary(let op, let lhs, let rhs) where op == .and || op == .or:
            guard let left = formula(lhs, positive: positive),
                let right = formula(rhs, positive: positive)
            else { return nil }
            // `!(a && b)` is true where either side is false: the dual connective.
            return (op == .and) == positive ? .all([left, right], text: text) : .any([left, right], text: text)
        case .presence(let argument):
            guard let field = field(argument) else { return nil }
            let set = positive
                ? FieldSet.present(.all(field.kind), kind: field.kind, dotted: field.dotted)
                : FieldSet(kind: field.kind, dotted: field.dotted, values: .none(field.kind),
                           absent: true, unreachable: false)
            return .atom(Atom(field: CodePointKey(field.path), set: set, phrase: positive ? "present" : "absent", text: text))
        case .identifier, .select, .index:
            guard let field = field(expr), field.kind == .bool else { return nil }
            let set = FieldSet.present(.bools([positive]), kind: .bool, dotted: field.dotted)
            return .atom(Atom(field: CodePointKey(field.path), set: set, phrase: String(positive), text: text))
        case .binary(let op, let lhs, let rhs):
            guard let test = comparison(op, lhs, rhs) else { return nil }
            let set = positive ? test.set : test.set.presentComplement
            let phrase = positive ? test.phrases.true : test.phrases.false
            return .atom(Atom(field: CodePointKey(test.field.path), set: set, phrase: phrase, text: text))
        default:
            return nil
        }
    }

    private func retitled(_ formula: Formula, _ text: String) -> Formula {
        switch formula {
        case .constant(let value, _): .constant(value, text: text)
        case .atom(let atom): .atom(Atom(field: atom.field, set: atom.set, phrase: atom.phrase, text: text))
        case .all(let parts, _): .all(parts, text: text)
        case .any(let parts, _): .any(parts, text: text)
        }
    }

    // MARK: - Atoms

    struct Field {
        var path: String
        var kind: AnalysisKind
        var dotted: Bool
    }

    /// The payload field a path expression names: a declared one, one inside a field declared
    /// `any`, or one the table does not declare (both dynamic). Nil for anything else: keys that
    /// contain a dot (`aps["a.b"]` is not `aps.a.b`), and objects that declared paths go through
    /// (`aps` when `aps.badge` is declared).
    func field(_ expr: Expr) -> Field? {
        guard let path = Checker.path(of: expr), !path.contains(where: { $0.contains(".") }) else {
            return nil
        }
        let joined = path.joined(separator: ".")
        let dotted = path.count > 1
        // Classified as the checker classifies it.
        switch environment.lookup(path, joined: joined) {
        case .declared:
            guard let type = environment.fields[CodePointKey(joined)] else { return nil }
            return Field(path: joined, kind: AnalysisKind(type), dotted: dotted)
        case .insideAny, .undeclared:
            return Field(path: joined, kind: .dynamic, dotted: dotted)
        case .object, .insideScalar:
            return nil
        }
    }

    /// A comparison of a field with literals: the present values on which it is `true`.
    private func comparison(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr)
        -> (field: Field, set: FieldSet, phrases: (true: String, false: String))?
    {
        if op == .in {
            guard let field = field(lhs), field.kind != .opaque, case .list(let elements) = rhs.kind else {
                return nil
            }
            var values = ValueSet.none(field.kind)
            for element in elements {
                guard let literal = literal(element), Self.isExact(literal, field.kind) else {
                    return nil
                }
                values = values.union(Self.equal(literal, field.kind))
            }
            let list = slice(rhs)
            return (field, .present(values, kind: field.kind, dotted: field.dotted), ("in " + list, "not in " + list))
        }
        // `3 < id` is `id > 3`.
        let flipped: [BinaryOperator: BinaryOperator] = [
            .equal: .equal, .notEqual: .notEqual, .less: .greater, .lessOrEqual: .greaterOrEqual,
            .greater: .less, .greaterOrEqual: .lessOrEqual,
        ]
        guard let reversed = flipped[op] else { return nil }
        let left = field(lhs)
        let (named, literalExpr, test) = left != nil ? (left, rhs, op) : (field(rhs), lhs, reversed)
        guard let field = named, field.kind != .opaque, let literal = literal(literalExpr),
            let values = Self.values(test, literal, field.kind)
        else { return nil }
        let written = slice(literalExpr)
        let phrases: (true: String, false: String)
        switch test {
        case .equal: phrases = (written, "not " + written)
        case .notEqual: phrases = ("not " + written, written)
        default: phrases = (test.spelling + " " + written, "not " + test.spelling + " " + written)
        }
        return (field, .present(values, kind: field.kind, dotted: field.dotted), phrases)
    }

    /// A literal, with a minus sign folded in.
    private func literal(_ expr: Expr) -> Literal? {
        switch expr.kind {
        case .literal(let literal): return literal
        case .unary(.negate, let operand):
            switch operand.kind {
            case .literal(.int(let value)) where value != .min: return .int(-value)
            case .literal(.double(let value)): return .double(-value)
            default: return nil
            }
        default: return nil
        }
    }

    /// The present values `v` of a field of `kind` for which `v op literal` is `true`; nil when
    /// the comparison is outside the fragment (ordering booleans, or values of a field whose type
    /// is not declared).
    static func values(_ op: BinaryOperator, _ literal: Literal, _ kind: AnalysisKind) -> ValueSet? {
        guard isExact(literal, kind) else { return nil }
        switch op {
        case .equal: return equal(literal, kind)
        case .notEqual: return equal(literal, kind).complement(kind)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if kind == .string, case .string(let value) = literal {
                return .strings(StringSet(op, value))
            }
            guard kind == .int || kind == .double, let cut = NumberCut(literal, kind) else { return nil }
            return .numbers(cut.values(op, kind), nan: false)
        default: return nil
        }
    }

    /// Whether comparing a field of `kind` with `literal` is modelled exactly. CEL compares an int
    /// with a double by converting the int to a double, which rounds beyond 2^53: an int field
    /// against a double literal between 2^53 and 2^63 in magnitude matches a range of ints that
    /// this analysis does not model, so it says nothing about it. Beyond 2^63 every int compares
    /// the same way, which `NumberCut` models.
    static func isExact(_ literal: Literal, _ kind: AnalysisKind) -> Bool {
        if kind == .dynamic { return DynamicValues.equal(to: literal) != nil }
        if kind == .int, case .double(let value) = literal,
            value.magnitude >= 0x1p53, value.magnitude <= 0x1p63
        {
            return false
        }
        return true
    }

    /// The present values equal to `literal` under CEL's heterogeneous equality.
    static func equal(_ literal: Literal, _ kind: AnalysisKind) -> ValueSet {
        switch (kind, literal) {
        case (.int, .int(let value)):
            return .numbers(IntervalSet(value...value), nan: false)
        case (.int, .double(let value)):
            guard let integer = PayloadNormalizer.integer(exactly: value) else { return .none(kind) }
            return .numbers(IntervalSet(integer...integer), nan: false)
        case (.double, .double(let value)) where !value.isNaN:
            let key = DoubleKey.key(value)
            return .numbers(IntervalSet(key...key), nan: false)
        case (.double, .int(let value)):
            // CEL converts the int to a double before comparing.
            let key = DoubleKey.key(Double(value))
            return .numbers(IntervalSet(key...key), nan: false)
        case (.string, .string(let value)):
            return .strings(StringSet(equalTo: value))
        case (.bool, .bool(let value)):
            return .bools([value])
        case (.dynamic, _):
            // No set would be safe here (too small, a rule looks dead; too large, it shadows):
            // `isExact`, which every caller asks first, keeps the literals it cannot model out.
            guard let values = DynamicValues.equal(to: literal) else {
                preconditionFailure("isExact refuses the literals DynamicValues cannot model")
            }
            return .dynamic(values)
        default:
            return .none(kind)
        }
    }

    // MARK: - Text

    /// The expression as written. A node's range leaves out its own parentheses, so a range that
    /// starts or ends inside a parenthesized operand (`!(a || b)`, `(a || b) && c`) is widened to
    /// the parentheses that balance it.
    func slice(_ expr: Expr) -> String {
        var lower = min(max(expr.range.lowerBound, 0), scalars.count)
        var upper = min(max(expr.range.upperBound, lower), scalars.count)
        var (unopened, unclosed) = unbalanced(lower..<upper)
        while unopened > 0, let open = adjacent("(", from: lower, step: -1) {
            lower = open
            unopened -= 1
        }
        while unclosed > 0, let close = adjacent(")", from: upper - 1, step: 1) {
            upper = close + 1
            unclosed -= 1
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        return String(view)
    }

    /// The `)` without a `(` and the `(` without a `)` in a range, outside string literals.
    private func unbalanced(_ range: Range<Int>) -> (unopened: Int, unclosed: Int) {
        var unopened = 0
        var depth = 0
        var quote: Unicode.Scalar?
        var escaped = false
        for scalar in scalars[range] {
            if let open = quote {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == open {
                    quote = nil
                }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "(" {
                depth += 1
            } else if scalar == ")" {
                if depth == 0 { unopened += 1 } else { depth -= 1 }
            }
        }
        return (unopened, depth)
    }

    /// Where `target` is, walking from `position` by `step` over spaces only; nil when something
    /// else comes first.
    private func adjacent(_ target: Unicode.Scalar, from position: Int, step: Int) -> Int? {
        var index = position + step
        while index >= 0, index < scalars.count {
            if scalars[index] == target { return index }
            guard scalars[index].properties.isWhitespace else { return nil }
            index += step
        }
        return nil
    }

    private func negated(_ expr: Expr) -> String {
        switch expr.kind {
        case .unary(.not, let operand): slice(operand)
        case .literal, .identifier, .select, .index, .presence, .call: "!" + slice(expr)
        default: "!(" + slice(expr) + ")"
        }
    }
}

/// Where a numeric literal falls among the values of a numeric field: the smallest key whose
/// value is at least the literal, and whether that value equals it.
struct NumberCut {
    enum Position {
        case at(Int64, exact: Bool)
        /// Greater than every value (an int field compared with `1e30`).
        case aboveAll
        /// NaN: every ordering comparison is false.
        case unordered
    }

    var position: Position

    init?(_ literal: Literal, _ kind: AnalysisKind) {
        switch (kind, literal) {
        case (.int, .int(let value)):
            position = .at(value, exact: true)
        case (.int, .double(let value)):
            if value.isNaN {
                position = .unordered
            } else if value >= 0x1p63 {
                position = .aboveAll
            } else if value <= -0x1p63 {
                position = .at(.min, exact: value == -0x1p63)
            } else {
                let ceiling = value.rounded(.up)
                position = .at(Int64(ceiling), exact: ceiling == value)
            }
        case (.double, .double(let value)):
            position = value.isNaN ? .unordered : .at(DoubleKey.key(value), exact: true)
        case (.double, .int(let value)):
            // CEL converts the int to a double before comparing.
            position = .at(DoubleKey.key(Double(value)), exact: true)
        default:
            return nil
        }
    }

    /// The keys of present values `v` with `v op literal`.
    func values(_ op: BinaryOperator, _ kind: AnalysisKind) -> IntervalSet {
        let bounds = kind.numberBounds
        switch position {
        case .unordered:
            return IntervalSet()
        case .aboveAll:
            return op == .less || op == .lessOrEqual ? IntervalSet(bounds) : IntervalSet()
        case .at(let key, let exact):
            // Keys below `key` hold values below the literal; `key` holds it when `exact`.
            let below = key == .min ? IntervalSet() : IntervalSet(from: bounds.lowerBound, to: key - 1)
            let atOrBelow = exact ? IntervalSet(from: bounds.lowerBound, to: key) : below
            switch op {
            case .less: return below
            case .lessOrEqual: return atOrBelow
            case .greater: return atOrBelow.complement(within: bounds)
            default: return below.complement(within: bounds)
            }
        }
    }
}
