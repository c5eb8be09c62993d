/// One entry of a payload schema's `x-routekit-rules`: what a rule expects of a payload and
/// payloads that route to it.
///
/// ```swift
/// let entry = RuleAnnotation(rule: program.rules[0], program: program)
/// entry.json // {"index": 0, "name": "home-tab", "when": "type == \"0\"", "reads": ["type"], ...}
/// ```
struct RuleAnnotation {
    var json: JSONValue
    /// Payloads that `program` routes to this rule, checked by deciding them.
    var examples: [JSONValue]

    init(rule: CheckedRule, program: RoutingProgram) {
        examples = PayloadExamples.derive(for: rule, in: program)
        var entry: JSONObject = [
            "index": .int(Int64(rule.index)),
            "name": .string(rule.rule.name),
            "when": .string(rule.rule.when.text),
            "reads": .array(rule.when.fields.map(JSONValue.string)),
            "action": .string(Self.describe(rule.route)),
        ]
        let routeReads = Self.routeFields(rule.route)
        if !routeReads.isEmpty { entry["route_reads"] = .array(routeReads.map(JSONValue.string)) }
        if let user = rule.route.loginUser {
            entry["login"] = .string("user: \(user.source ?? "?")")
        } else if rule.route.loginRequired {
            entry["login"] = "required"
        }
        if !examples.isEmpty { entry["examples"] = .array(examples) }
        json = .object(entry)
    }

    /// The payload paths a route's params and login user read, sorted, without duplicates.
    static func routeFields(_ route: CheckedRoute) -> [String] {
        var fields: Set<String> = []
        for step in route.steps {
            for param in step.params { fields.formUnion(param.expression.fields) }
        }
        if let user = route.loginUser { fields.formUnion(user.fields) }
        return fields.sorted()
    }

    /// What a route does, in a few words: `tab home, pop to root, push message_detail(id: id)`.
    static func describe(_ route: CheckedRoute) -> String {
        let action = route.route.action
        var parts: [String] = []
        if let tab = action.tab { parts.append("tab \(tab)") }
        if action.popToRoot { parts.append("pop to root") }
        if !route.push.isEmpty { parts.append("push " + route.push.map(step).joined(separator: ", ")) }
        if let present = route.present { parts.append("present " + step(present)) }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }

    private static func step(_ step: CheckedStep) -> String {
        guard !step.params.isEmpty else { return step.screen }
        let params = step.params.map { "\($0.name): \($0.expression.source ?? "?")" }
        return step.screen + "(" + params.joined(separator: ", ") + ")"
    }
}
