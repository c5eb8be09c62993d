import Testing

@testable import RouteKit

/// The payload fields the analysis tests declare.
let analysisFields: [CodePointKey: FieldType] = [
    "type": .int, "id": .int, "score": .double, "target": .string, "uid": .string, "flag": .bool,
    "aps.badge": .int, "extra": .any, "tags": .list(.string),
]

/// Rules written as `name: predicate`, optionally followed by ` => ` and the route's
/// expressions: `param=expression:type` items and `user=expression`, separated by `; `.
///
/// ```swift
/// checkedRules(["a: type == 3 && has(id) => id=id:int", "b: type == 3"])
/// ```
/// Rule `i` (from 0) has its `when` on line `i + 1` of `routes.yaml`.
func checkedRules(_ specs: [String], fields: [CodePointKey: FieldType] = analysisFields) throws -> [CheckedRule] {
    let env = ExpressionEnvironment(fields: fields)
    var rules: [CheckedRule] = []
    for (index, spec) in specs.enumerated() {
        let (head, tail) = split(spec, " => ")
        let (name, text) = split(head, ": ")
        let (checked, found) = ExpressionChecker.compilePredicate(text, in: env)
        let when = try #require(checked, "\(text) does not parse")
        try #require(!found.contains { $0.severity == .error }, "\(text): \(found.map(\.message))")
        let range = SourceRange(file: "routes.yaml", at: SourcePosition(line: index + 1, column: 11, offset: 0))
        var params: [CheckedStep.Param] = []
        var bindings: [ParamBinding] = []
        var loginUser: CheckedExpression?
        var login = LoginRule.none
        for item in tail.split(separator: ";").map(trimmed) where !item.isEmpty {
            let (key, value) = split(item, "=")
            let (source, typeName) = key == "user" ? (value, "string") : split(value, ":")
            let expression = try #require(ExpressionChecker.compile(source, in: env).0)
            if key == "user" {
                loginUser = expression
                login = .user(ExpressionSource(source))
            } else {
                let type = try #require(FieldType(parsing: typeName))
                params.append(CheckedStep.Param(name: key, type: type, expression: expression))
                bindings.append(ParamBinding(name: key, expression: ExpressionSource(source)))
            }
        }
        let step = ScreenStep(screen: "detail", params: bindings)
        let route = Route(action: Action(tab: "home", push: bindings.isEmpty ? [] : [step]), login: login)
        let checkedRoute = CheckedRoute(
            route: route, push: bindings.isEmpty ? [] : [CheckedStep(screen: "detail", params: params)],
            present: nil, loginUser: loginUser, loginRequired: false)
        rules.append(CheckedRule(
            rule: Rule(name: name, when: ExpressionSource(text, range: range), route: route),
            index: index, when: when, route: checkedRoute))
    }
    return rules
}

/// Diagnostics on one line each, with the rule line they point at and their notes:
/// `2: [shadowed-rule] rule 'b' is never reached: … | note 1: 'a' matches first here`.
func rendered(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { d in
        let notes = d.notes.map { " | note \($0.range?.start.line ?? 0): \($0.message)" }.joined()
        return "\(d.range.start.line): [\(d.code)] \(d.message)\(notes)"
    }
}

func analyze(_ specs: [String], fields: [CodePointKey: FieldType] = analysisFields) throws -> [String] {
    rendered(RuleAnalyzer.analyze(try checkedRules(specs, fields: fields), fieldTypes: fields))
}

private func split(_ text: String, _ separator: String) -> (String, String) {
    guard let range = text.firstRange(of: separator) else { return (text, "") }
    return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
}

private func trimmed(_ text: Substring) -> String {
    String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
}
