/// Parses and type-checks every expression of a decoded table: `when` predicates, `params` and
/// `login.user`. The second phase after decoding; its output feeds the evaluators.
///
/// Expression diagnostics are mapped from offsets in the expression to exact file positions,
/// through the YAML scalar they were written in.
///
/// ```swift
/// let checked = TableChecker.check(table, sources: files)
/// if let program = checked.program { print(program.decide(["type": "3", "id": 7])) }
/// ```
public enum TableChecker {
    /// What checking found: the program when no expression has an error, and every diagnostic.
    ///
    /// ```swift
    /// let result = TableChecker.check(table, sources: files)
    /// guard let program = result.program else { return } // the errors are in result.diagnostics
    /// ```
    public struct Result: Sendable {
        /// nil when any expression has an error.
        public var program: RoutingProgram?
        /// Expression errors and warnings in checking order, then (with `analyze`) the rule-analysis
        /// warnings; not sorted (`TableLoader` sorts them with the rest).
        public var diagnostics: [Diagnostic]
    }

    /// Checks every expression; with `analyze`, also reports never-matching and shadowed rules
    /// (`RuleAnalyzer`) — warnings that loading an already validated compiled table can skip.
    ///
    /// ```swift
    /// let checked = TableChecker.check(table, sources: files, analyze: false)
    /// let errors = checked.diagnostics.filter { $0.severity == .error }
    /// ```
    public static func check(
        _ table: RouteTable, sources: [SourceFile], analyze: Bool = true,
        predicatesOfBrokenRules: [ExpressionSource] = []
    ) -> Result {
        var checker = RuleChecker(table: table, sources: sources)
        for predicate in predicatesOfBrokenRules { _ = checker.predicate(predicate) }
        var rules: [CheckedRule] = []
        rules.reserveCapacity(table.rules.count)
        for (index, rule) in table.rules.enumerated() {
            let reportedBefore = checker.diagnostics.count
            let when = checker.predicate(rule.when)
            let route = checker.route(rule.route)
            if let range = rule.range {
                checker.diagnostics.noteUsesThroughAliases(from: reportedBefore, by: "rule '\(rule.name)'", of: range)
            }
            if let when, let route {
                rules.append(CheckedRule(rule: rule, index: index, when: when, route: route))
            }
        }
        let fallback = table.fallback.flatMap { checker.route($0) }
        let failed = checker.diagnostics.contains { $0.severity == .error }
        let program = failed
            ? nil : RoutingProgram(table: table, rules: rules, fallback: fallback)
        // Rules that failed to check are left out, so they never count as covering others.
        var warnings = analyze ? RuleAnalyzer.analyze(rules, fieldTypes: table.fieldTypes) : []
        if analyze, let fallback,
           let uncertain = RouteResolution.firstUncertainExpression(of: fallback, fieldTypes: table.fieldTypes)
        {
            warnings.append(AnalysisMessages.fallbackMayNotApply(
                uncertain.text, at: uncertain.range ?? .wholeFile("")))
        }
        return Result(program: program, diagnostics: checker.diagnostics + warnings)
    }
}

private struct RuleChecker {
    let table: RouteTable
    let environment: ExpressionEnvironment
    let files: [String: SourceFile]
    var diagnostics: [Diagnostic] = []
    /// The field lists of the expressions checked so far, one array per distinct list: most
    /// rules of a table read the same one or two fields, and a table of 10,000 rules held an
    /// array per rule.
    private var fieldLists: Set<[String]> = []
    /// The last few of `fieldLists` used, oldest first.
    private var recentFieldLists: [[String]] = []
    private static let recentFieldListCount = 4
    /// Each params or login-user text compiled so far, with what compiling it found.
    private var compiledExpressions: [String: (checked: CheckedExpression?, found: [ExpressionDiagnostic])] = [:]
    /// Shared by the "did you mean" hints of every expression of the table.
    private var hints = Suggestion.Budget()
    /// The `matches` work of every expression of the table, bounded together.
    private var matchesBudget = MatchesBudget()

    init(table: RouteTable, sources: [SourceFile]) {
        self.table = table
        environment = ExpressionEnvironment(fields: table.fieldTypes)
        files = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func predicate(_ source: ExpressionSource) -> CheckedExpression? {
        let (checked, found) = ExpressionChecker.compilePredicate(source.text, in: environment, hints: &hints)
        return keep(consume checked, found, source)
    }

    mutating func expression(_ source: ExpressionSource) -> CheckedExpression? {
        // Params and login users repeat (`id: id` on thousands of rules): each text is compiled
        // once; the result depends on nothing else, and diagnostics are placed per use by `keep`.
        let compiled = compiledExpressions[source.text] ?? {
            let result = ExpressionChecker.compile(source.text, in: environment, hints: &hints, isValue: true)
            compiledExpressions[source.text] = result
            return result
        }()
        return keep(compiled.checked, compiled.found, source)
    }

    mutating func route(_ route: Route) -> CheckedRoute? {
        var valid = true
        var push: [CheckedStep] = []
        push.reserveCapacity(route.action.push.count)
        // Steps are checked where they are: a copy of each (three references) showed in loads.
        for index in route.action.push.indices {
            if let checked = step(route.action.push[index]) { push.append(checked) } else { valid = false }
        }
        var present: CheckedStep?
        if case .some = route.action.present {
            present = step(route.action.present.unsafelyUnwrapped)
            if present == nil { valid = false }
        }
        var loginUser: CheckedExpression?
        if case .user(let source) = route.login {
            loginUser = expression(source)
            if let type = loginUser?.type, !type.isAssignable(to: .string) {
                diagnostics.append(CheckerMessages.loginUserNotString(type, at: range(of: source)))
                valid = false
            }
            if loginUser == nil { valid = false }
        }
        let loginRequired = route.login == .required
            || table.anyRequiresLogin(of: route.action)
        guard valid else { return nil }
        return CheckedRoute(route: route, push: push, present: present, loginUser: loginUser,
                            loginRequired: loginRequired)
    }

    private mutating func step(_ step: borrowing ScreenStep) -> CheckedStep? {
        let declared = table.params(ofScreen: step.screen) ?? []
        var params: [CheckedStep.Param] = []
        var valid = true
        for binding in step.params {
            guard let checked = expression(binding.expression) else {
                valid = false
                continue
            }
            let type = declared.first { $0.name.hasSameScalars(as: binding.name) }?.type ?? .any
            guard checked.type.isAssignable(to: type) else {
                diagnostics.append(CheckerMessages.paramTypeMismatch(
                    binding.name, screen: step.screen, declared: type, actual: checked.type,
                    at: range(of: binding.expression)))
                valid = false
                continue
            }
            params.append(CheckedStep.Param(name: binding.name, type: type, expression: checked))
        }
        return valid ? CheckedStep(screen: step.screen, params: params) : nil
    }

    private mutating func keep(_ checked: consuming CheckedExpression?, _ found: [ExpressionDiagnostic],
                               _ source: ExpressionSource) -> CheckedExpression? {
        var found = found
        // Read in place: binding `checked` would copy it for every expression, nearly none of
        // which calls `matches`.
        if checked?.matchesCost ?? 0 > 0, let checked, let pastBudget = matchesBudget.charge(checked) {
            found.append(pastBudget)
        }
        let alias = found.isEmpty ? nil : aliasName(source)
        let ranges = alias == nil ? self.ranges(of: source, parts: found.map(\.range))
            : found.map { _ in range(of: source) }
        for (diagnostic, range) in zip(found, ranges) {
            // Written as a YAML escape (`"a\u00a0b"`), the character is plainly meant, as a CEL
            // escape would be.
            if diagnostic.code == .invisibleCharacter, startsWithEscape(range) { continue }
            // Through an alias the text is not where the diagnostic is placed: a fix-it there
            // would overwrite the alias.
            let fixIt = alias != nil ? nil : diagnostic.fixIt.flatMap {
                $0.spelled(in: source.style, atStart: diagnostic.range.lowerBound == 0)
            }
            var notes = diagnostic.message == ExpressionMessages.unterminatedStringText
                ? commentCut(source).map { [DiagnosticNote($0)] } ?? [] : []
            if let alias {
                notes.append(DiagnosticNote(CheckerMessages.foundThroughAlias(alias)))
            }
            diagnostics.append(Diagnostic(
                diagnostic.severity, diagnostic.code, diagnostic.message, at: range, notes: notes, fixIt: fixIt))
        }
        guard var kept = consume checked, !found.contains(where: { $0.severity == .error }) else { return nil }
        kept.fields = sharedFieldList(kept.fields)
        return kept
    }

    /// The one array of `fields` the checked expressions share. The lists used last are
    /// compared first: most rules read one of a few lists, and comparing one or two short names
    /// costs less than hashing the list.
    private mutating func sharedFieldList(_ fields: [String]) -> [String] {
        if let recent = recentFieldLists.first(where: { $0 == fields }) { return recent }
        let shared = fieldLists.insert(fields).memberAfterInsert
        if recentFieldLists.count == Self.recentFieldListCount { recentFieldLists.removeFirst() }
        recentFieldLists.append(shared)
        return shared
    }

    /// Whether the file text at `range` starts with a backslash: an escape of a quoted scalar.
    private func startsWithEscape(_ range: SourceRange) -> Bool {
        files[range.file]?.utf8(from: range.start.offset).first == UInt8(ascii: "\\")
    }

    /// The anchor name of the alias an expression is written as (`when: *w`), whose text is
    /// where the anchor `&w` is; nil when the expression is written in place. (The source map
    /// tells an alias the same way, and places every offset of it at its start.)
    private func aliasName(_ source: ExpressionSource) -> String? {
        guard let whole = source.range,
            let written = files[whole.file]?.utf8(from: whole.start.offset, to: whole.end.offset),
            // A scalar written in place never starts with '*': plain, it would be an alias itself.
            written.first == UInt8(ascii: "*")
        else { return nil }
        return String(decoding: written.dropFirst(), as: UTF8.self)
    }

    /// For an unquoted YAML value cut short by a comment (`when: target == "promo #1"` is read
    /// as `target == "promo`): the advice to quote the whole of it. nil when no ` #` follows
    /// the value on its line.
    private func commentCut(_ source: ExpressionSource) -> String? {
        guard source.style == .plain, let whole = source.range,
            let after = files[whole.file]?.utf8(from: whole.end.offset), !after.isEmpty
        else { return nil }
        let rest = after.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        guard let hash = rest.firstIndex(of: UInt8(ascii: "#")),
            rest[..<hash].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }), hash != rest.startIndex
        else { return nil }
        let value = source.text + String(decoding: rest, as: UTF8.self)
        let quoted = value.contains("'") && !value.contains("\"") && !value.contains("\\")
            ? "\"" + value + "\""
            : "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        return "' #' starts a YAML comment, so the value ends before it; put the whole value in quotes: \(quoted)"
    }

    /// The file ranges of parts of an expression, found in one pass over its source.
    private func ranges(of source: ExpressionSource, parts: [Range<Int>]) -> [SourceRange] {
        guard !parts.isEmpty else { return [] }
        guard let whole = source.range else { return parts.map { _ in .wholeFile("") } }
        guard let file = files[whole.file] else {
            // No text to map through (a compiled table's expression, named by its JSON path):
            // the expression is placed as if written from the range's start, unquoted.
            let scalars = source.text.unicodeScalars
            return parts.map { part in
                func at(_ scalar: Int) -> SourcePosition {
                    let index = scalars.index(scalars.startIndex, offsetBy: min(scalar, scalars.count))
                    return SourcePosition(line: whole.start.line, column: whole.start.column + scalar,
                                          offset: whole.start.offset + source.text.utf8.distance(
                                              from: source.text.startIndex, to: index))
                }
                return SourceRange(file: whole.file, start: at(part.lowerBound),
                                   end: at(max(part.upperBound, part.lowerBound)))
            }
        }
        let node = Node(.scalar(Node.Scalar(source.text, style: source.style)), range: whole)
        let bounds = parts.flatMap { [$0.lowerBound, max($0.upperBound, $0.lowerBound)] }
        let positions = node.sourcePositions(ofValueOffsets: bounds, in: file)
        return parts.indices.map { index in
            SourceRange(file: whole.file, start: positions[2 * index], end: positions[2 * index + 1])
        }
    }

    /// The file range of a whole expression.
    private func range(of source: ExpressionSource) -> SourceRange {
        source.range ?? .wholeFile("")
    }
}
