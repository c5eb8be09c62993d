extension Checker {
    /// The functions of the language, for "did you mean" suggestions.
    /// Other languages' names for this language's functions (`len(x)`, `x.length()`,
    /// `x.includes("a")`), with the name to write as a function and as a method (nil where it is
    /// not one: `string` is no method).
    static let otherLanguagesNames: [String: (function: String?, method: String?)] = [
        "len": ("size", "size"), "length": ("size", "size"), "count": ("size", "size"), "strlen": ("size", nil),
        "includes": (nil, "contains"), "has_prefix": ("startsWith", "startsWith"),
        "hasPrefix": ("startsWith", "startsWith"), "has_suffix": ("endsWith", "endsWith"),
        "hasSuffix": ("endsWith", "endsWith"), "match": ("matches", "matches"), "test": (nil, "matches"),
        "str": ("string", nil), "parseInt": ("int", nil), "float": ("double", nil),
    ]

    static let functionNames = [
        "contains", "double", "endsWith", "has", "int", "matches", "size", "startsWith", "string",
    ]

    /// CEL macros that RouteKit does not implement; named so the message says so.
    static let macroNames: Set<String> = ["all", "exists", "exists_one", "map", "filter"]

    mutating func callType(
        _ name: String, target: Expr?, arguments: [Expr], at range: Range<Int>
    ) -> ExpressionType {
        // A macro's arguments bind loop variables, so checking them would only add noise.
        if Self.macroNames.contains(name) {
            report(ExpressionMessages.unsupportedMacro(name, at: range))
            return .dyn
        }
        let receiver = target.map { type(of: $0) }
        let types = arguments.map { type(of: $0) }
        switch name {
        case "size":
            let operands = receiver.map { [$0] + types } ?? types
            guard arity(name, method: receiver != nil, expected: 1, operands, at: range) else { return .int }
            if !Self.isSized(operands[0]) {
                report(ExpressionMessages.argumentMismatch(name, operands, at: range))
            }
            return .int
        case "startsWith", "endsWith", "contains":
            guard let receiver else {
                report(ExpressionMessages.methodOnly(name, at: range))
                return .bool
            }
            guard arity(name, method: true, expected: 1, types, at: range) else { return .bool }
            if !Self.isString(receiver) || !Self.isString(types[0]) {
                report(ExpressionMessages.argumentMismatch(name, [receiver] + types, at: range))
            }
            return .bool
        case "matches":
            let operands = receiver.map { [$0] + types } ?? types
            guard arity(name, method: receiver != nil, expected: receiver == nil ? 2 : 1, types, at: range)
            else { return .bool }
            if !Self.isString(operands[0]) || !Self.isString(operands[1]) {
                report(ExpressionMessages.argumentMismatch(name, operands, at: range))
            }
            if let pattern = arguments.last, case .literal(.string(let text)) = pattern.kind {
                compilePattern(text, at: pattern.range)
                matchesCost += patterns[text]?.programSize ?? 0
            } else {
                matchesCost += RegexLimits.maxProgramSize
            }
            return .bool
        case "int", "double", "string":
            if receiver != nil {
                report(ExpressionMessages.notAMethod(name, at: range))
                return .dyn
            }
            guard arity(name, method: false, expected: 1, types, at: range) else { return .dyn }
            let accepted: Set<ExpressionType> = name == "string"
                ? [.int, .double, .string, .bool, .dyn] : [.int, .double, .string, .dyn]
            if !accepted.contains(types[0]) {
                report(ExpressionMessages.argumentMismatch(name, types, at: range))
            }
            return name == "int" ? .int : name == "double" ? .double : .string
        case "has":
            // `has(x)` with one argument is a presence test, parsed apart; here the count is wrong.
            _ = arity(name, method: receiver != nil, expected: 1, types, at: range)
            return .bool
        default:
            // At the name, where its fix applies: `target.startswith("a")` → `startsWith`. Where
            // the name's place is not known, over the call, with no fix to apply there.
            let suggestion = Suggestion.closest(to: name, in: Self.functionNames)
                ?? Self.otherLanguagesNames[name].flatMap { receiver == nil ? $0.function : $0.method }
            let nameRange = callNames[range]
            report(ExpressionMessages.unknownFunction(name, suggestion: suggestion, at: nameRange ?? range,
                                                      fixable: nameRange != nil))
            return .dyn
        }
    }

    private mutating func arity(
        _ name: String, method: Bool, expected: Int, _ operands: [ExpressionType], at range: Range<Int>
    ) -> Bool {
        // For a method call the receiver is not counted: `s.startsWith()` takes 1 argument.
        let got = method && name == "size" ? operands.count - 1 : operands.count
        let wanted = method && name == "size" ? expected - 1 : expected
        guard got == wanted else {
            report(ExpressionMessages.wrongArity(name, method: method, expected: wanted, got: got, at: range))
            return false
        }
        return true
    }

    mutating func compilePattern(_ text: String, at range: Range<Int>) {
        guard patterns[text] == nil else { return }
        do {
            patterns[text] = try RE2Pattern(text)
        } catch {
            report(ExpressionMessages.invalidPattern(error, at: range))
        }
    }

    private static func isString(_ t: ExpressionType) -> Bool { t == .string || t == .dyn }

    private static func isSized(_ t: ExpressionType) -> Bool {
        switch t {
        case .string, .dyn, .list, .map: true
        default: false
        }
    }
}
