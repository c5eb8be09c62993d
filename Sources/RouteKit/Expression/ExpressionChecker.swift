/// Type-checks parsed expressions against the declared payload fields.
///
/// Like cel-go's `Compile`, `compile` parses and then checks, and stops after parse errors.
/// Declared fields have their declared types; undeclared fields and `any` fields are dynamic and
/// never a type error, but undeclared ones draw an `undeclared-field` warning.
///
/// ```swift
/// let env = ExpressionEnvironment(fields: ["type": .int])
/// let (checked, diagnostics) = ExpressionChecker.compilePredicate(#"type == "3""#, in: env)
/// diagnostics[0].message
/// // "operator '==' cannot be applied to 'int' and 'string'; compare values of one type, or
/// //  convert one side with int(), double() or string()"
/// ```
public enum ExpressionChecker {
    /// Checks a parsed expression. `source`, when given, is kept for tracing.
    ///
    /// ```swift
    /// let (expr, _) = ExpressionParser.parse("type == 3")
    /// let checked = ExpressionChecker.check(expr!, in: env, source: "type == 3")
    /// checked.diagnostics.isEmpty // true when 'type' is declared int
    /// ```
    public static func check(
        _ expr: Expr, in env: ExpressionEnvironment, source: String? = nil
    ) -> CheckedExpression {
        var hints = Suggestion.Budget()
        return check(expr, in: env, source: source, hints: &hints)
    }

    /// `check`, with "did you mean" hints drawn from `hints`, which the caller shares between
    /// the expressions of a table.
    /// `isValue`: the expression gives a param or a user id, where a bare word was likely meant
    /// as text (`kind: promo`), which the undeclared-field warning then says.
    static func check(
        _ expr: Expr, in env: ExpressionEnvironment, source: String?, hints: inout Suggestion.Budget,
        isValue: Bool = false, isPredicate: Bool = false, callNames: [Range<Int>: Range<Int>] = [:]
    ) -> CheckedExpression {
        var checker = Checker(env: env, hints: hints)
        checker.callNames = callNames
        let type = checker.type(of: expr)
        if isValue { checker.hintText(expr, .value) }
        if isPredicate { checker.hintBoolean(expr) }
        hints = checker.hints
        return CheckedExpression(
            expr: expr, type: type, diagnostics: checker.sortedDiagnostics, source: source,
            fields: checker.fields.sorted(), patterns: checker.patterns, matchesCost: checker.matchesCost)
    }

    /// Parses and checks `source`; the result is nil only when it does not parse.
    ///
    /// ```swift
    /// let (checked, _) = ExpressionChecker.compile("id", in: env)
    /// checked?.type.isAssignable(to: .int)
    /// ```
    public static func compile(_ source: String, in env: ExpressionEnvironment)
        -> (CheckedExpression?, [ExpressionDiagnostic])
    {
        var hints = Suggestion.Budget()
        return compile(source, in: env, hints: &hints)
    }

    /// `compile`, drawing hints from `hints`; `isValue` as for `check`.
    static func compile(_ source: String, in env: ExpressionEnvironment, hints: inout Suggestion.Budget,
                        isValue: Bool = false, isPredicate: Bool = false)
        -> (CheckedExpression?, [ExpressionDiagnostic])
    {
        let (expr, parseDiagnostics, callNames) = ExpressionParser.parseWithCallNames(source)
        guard let expr else { return (nil, parseDiagnostics) }
        var checked = check(expr, in: env, source: source, hints: &hints, isValue: isValue,
                            isPredicate: isPredicate, callNames: callNames)
        checked.diagnostics += invisibleText(in: expr, source: source)
        let diagnostics = checked.diagnostics
        // Moved, not copied: a checked expression's copy retains each of its parts.
        return (consume checked, diagnostics)
    }

    /// Like `compile`, and also requires the result to be a `bool` (or dynamic): for `when`.
    ///
    /// ```swift
    /// ExpressionChecker.compilePredicate("size(target)", in: env).1[0].code // expression-not-bool
    /// ```
    public static func compilePredicate(_ source: String, in env: ExpressionEnvironment)
        -> (CheckedExpression?, [ExpressionDiagnostic])
    {
        var hints = Suggestion.Budget()
        return compilePredicate(source, in: env, hints: &hints)
    }

    /// `compilePredicate`, drawing hints from `hints`.
    static func compilePredicate(_ source: String, in env: ExpressionEnvironment,
                                 hints: inout Suggestion.Budget)
        -> (CheckedExpression?, [ExpressionDiagnostic])
    {
        let (compiled, diagnostics) = compile(source, in: env, hints: &hints, isPredicate: true)
        guard var checked = consume compiled else { return (nil, diagnostics) }
        guard checked.type != .bool, checked.type != .dyn,
            !checked.diagnostics.contains(where: { $0.severity == .error })
        else { return (consume checked, diagnostics) }
        checked.diagnostics.append(ExpressionMessages.expressionNotBool(checked.type, at: checked.expr.range))
        let all = checked.diagnostics
        return (consume checked, all)
    }
}

/// The walk behind `ExpressionChecker`: one method per kind of node.
struct Checker {
    let env: ExpressionEnvironment
    var diagnostics: [ExpressionDiagnostic] = []
    var fields = ReadFields()
    var patterns: [String: RE2Pattern] = [:]
    /// The program sizes of the `matches` calls checked so far (`MatchesBudget`).
    var matchesCost = 0
    /// Where undeclared fields were reported with no declared field to suggest instead: a bare
    /// word there may be text written without quotes (`Checker+TextHints`).
    var unsuggestedFields: [Range<Int>] = []
    /// Where each call's function name is (`Parser.callNames`); empty when not known.
    var callNames: [Range<Int>: Range<Int>] = [:]

    /// "Did you mean" work left; see `Suggestion.Budget`.
    var hints: Suggestion.Budget

    init(env: ExpressionEnvironment, hints: Suggestion.Budget = Suggestion.Budget()) {
        self.env = env
        self.hints = hints
    }

    var sortedDiagnostics: [ExpressionDiagnostic] {
        diagnostics.sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.message)
                < ($1.range.lowerBound, $1.range.upperBound, $1.message)
        }
    }

    mutating func report(_ diagnostic: ExpressionDiagnostic) { diagnostics.append(diagnostic) }

    mutating func type(of expr: Expr) -> ExpressionType {
        switch expr.kind {
        case .literal(let literal):
            return ExpressionType(literal: literal)
        case .identifier(let name):
            // A name is its own joined path.
            return typeOfPath(joined: name, [name], at: expr.range)
        case .select:
            if let path = Self.path(of: expr) { return typeOfPath(path, at: expr.range) }
            guard case .select(let operand, let field) = expr.kind else { return .dyn }
            return selectType(type(of: operand), field, at: expr.range)
        case .index(let operand, let index):
            if let path = Self.path(of: expr) { return typeOfPath(path, at: expr.range) }
            return indexType(type(of: operand), type(of: index), at: expr.range)
        case .presence(let argument):
            checkPresence(argument)
            return .bool
        case .call(let name, let target, let arguments):
            return callType(name, target: target, arguments: arguments, at: expr.range)
        case .unary(let op, let operand):
            let t = type(of: operand)
            switch (op, t) {
            case (_, .dyn), (.not, .bool), (.negate, .int), (.negate, .double): return op == .not ? .bool : t
            default:
                report(ExpressionMessages.operatorMismatch(op.spelling, [t], at: expr.range))
                return .dyn
            }
        case .binary(let op, let lhs, let rhs):
            let (left, right) = (type(of: lhs), type(of: rhs))
            hintText(op, lhs, left, rhs, right)
            if op == .in { checkMixedListElements(lhs, left, in: rhs, right) }
            return binaryType(op, (lhs, left), (rhs, right), at: expr.range)
        case .conditional(let condition, let then, let otherwise):
            let c = type(of: condition)
            if c != .bool, c != .dyn { report(ExpressionMessages.conditionNotBool(c, at: condition.range)) }
            return type(of: then).joined(with: type(of: otherwise))
        case .list(let elements):
            var element: ExpressionType?
            for e in elements {
                let t = type(of: e)
                element = element.map { $0.joined(with: t) } ?? t
            }
            return .list(element ?? .dyn)
        case .map(let entries):
            var key: ExpressionType?
            var value: ExpressionType?
            // A repeated key makes building the map an error (as in CEL), so the expression could
            // never be true; a literal key repeated is known now.
            var literalKeys: Set<Literal> = []
            for entry in entries {
                let k = type(of: entry.key)
                if ![.int, .string, .bool, .dyn].contains(k) {
                    report(ExpressionMessages.invalidMapKey(k, at: entry.key.range))
                } else if case .literal(let literal) = entry.key.kind, !literalKeys.insert(literal).inserted {
                    report(ExpressionMessages.duplicateMapKey(literal, at: entry.key.range))
                }
                let v = type(of: entry.value)
                key = key.map { $0.joined(with: k) } ?? k
                value = value.map { $0.joined(with: v) } ?? v
            }
            return .map(key: key ?? .dyn, value: value ?? .dyn)
        }
    }

    /// The payload path an expression names (`aps.alert`, `aps["content-available"]`), if any.
    static func path(of expr: Expr) -> [String]? {
        switch expr.kind {
        case .identifier(let name): return [name]
        case .select(let operand, let field): return path(of: operand).map { $0 + [field] }
        case .index(let operand, let index):
            guard case .literal(.string(let key)) = index.kind else { return nil }
            return path(of: operand).map { $0 + [key] }
        default: return nil
        }
    }

    mutating func typeOfPath(_ path: [String], at range: Range<Int>) -> ExpressionType {
        // Most paths are one name: no joining (an allocation) for them.
        typeOfPath(joined: path.count == 1 ? path[0] : path.joined(separator: "."), path, at: range)
    }

    /// The type of the payload path `path`, whose components joined with dots are `joined`; the
    /// components are made only when the lookup needs them (a declared field needs none).
    mutating func typeOfPath(joined: String, _ path: @autoclosure () -> [String], at range: Range<Int>)
        -> ExpressionType
    {
        switch env.lookup(path(), joined: joined) {
        case .declared(let type):
            fields.insert(joined)
            return type
        case .object:
            fields.insert(joined)
            return .map(key: .string, value: .dyn)
        case .insideAny:
            fields.insert(joined)
            return .dyn
        case .insideScalar(let prefix, let type):
            fields.insert(prefix)
            let field = path()[prefix.split(separator: ".").count]
            report(ExpressionMessages.fieldOfNonMap(field, type, at: range))
            return .dyn
        case .undeclared:
            fields.insert(joined)
            let suggestion = env.suggestion(for: joined, hints: &hints)
            report(ExpressionMessages.undeclaredField(joined, suggestion: suggestion, at: range))
            if suggestion == nil { unsuggestedFields.append(range) }
            return .dyn
        }
    }

    mutating func selectType(_ operand: ExpressionType, _ field: String, at range: Range<Int>)
        -> ExpressionType
    {
        switch operand {
        case .dyn: return .dyn
        case .map(let key, let value) where key == .string || key == .dyn: return value
        default:
            report(ExpressionMessages.fieldOfNonMap(field, operand, at: range))
            return .dyn
        }
    }

    mutating func indexType(_ operand: ExpressionType, _ index: ExpressionType, at range: Range<Int>)
        -> ExpressionType
    {
        switch operand {
        case .dyn: return .dyn
        case .list(let element):
            if index.isNumeric || index == .dyn { return element }
        case .map(let key, let value):
            if key.isComparable(with: index), index != .null { return value }
        default:
            report(ExpressionMessages.cannotIndex(operand, at: range))
            return .dyn
        }
        report(ExpressionMessages.indexMismatch(operand, index, at: range))
        return .dyn
    }

    mutating func checkPresence(_ argument: Expr) {
        switch argument.kind {
        case .identifier, .select:
            _ = type(of: argument)
        default:
            report(ExpressionMessages.invalidHasArgument(at: argument.range))
        }
    }
}
