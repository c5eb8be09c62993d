/// Whether a matched rule is sure to be performed: its params and `login.user` compute on every
/// payload its predicate accepts. A rule that might not (SPEC §3: the rule then does not match)
/// can let payloads through to later rules, so only rules that always resolve shadow others.
///
/// Proved, conservatively, for expressions that read no payload field (evaluated once) and for a
/// declared field whose presence the predicate requires and whose type converts to the target.
///
/// ```swift
/// // when: type == 3 && has(id), params: {id: id} with id: int and param id: int
/// RouteResolution.alwaysResolves(route, regions: regions, fieldTypes: ["type": .int, "id": .int]) // true
/// ```
enum RouteResolution {
    private enum Target {
        case param(FieldType)
        case user
    }

    static func alwaysResolves(_ route: CheckedRoute, regions: [Region]?, fieldTypes: [String: FieldType])
        -> Bool
    {
        for step in route.steps {
            for param in step.params
            where !computes(param.expression.expr, .param(param.type), regions, fieldTypes) {
                return false
            }
        }
        if let user = route.loginUser, !computes(user.expr, .user, regions, fieldTypes) { return false }
        return true
    }

    private static func computes(
        _ expr: Expr, _ target: Target, _ regions: [Region]?, _ fieldTypes: [String: FieldType]
    ) -> Bool {
        if !readsPayload(expr) {
            let value = ExpressionInterpreter.evaluate(expr, payload: .object([:]))
            switch target {
            case .param(let type): return value.json.flatMap { PayloadNormalizer.normalize($0, as: type) } != nil
            case .user: return LoginRequirement.user(computedAs: value) != nil
            }
        }
        guard let path = Checker.path(of: expr), !path.contains(where: { $0.contains(".") }),
            let regions
        else { return false }
        let field = path.joined(separator: ".")
        guard let type = fieldTypes[field], converts(type, target) else { return false }
        // Present in every alternative of the predicate: then it has its declared type. A user
        // id must also not be empty, which only a predicate such as `uid != ""` makes sure of.
        return regions.allSatisfy { region in
            guard let set = region.fields[field], !set.absent, !set.unreachable else { return false }
            if case .user = target { return excludesEmptyString(set.values) }
            return true
        }
    }

    private static func excludesEmptyString(_ values: ValueSet) -> Bool {
        guard case .strings(let strings) = values else { return false }
        return !strings.contains("")
    }

    /// Whether every value of a field declared `type` converts to the target.
    private static func converts(_ type: FieldType, _ target: Target) -> Bool {
        switch target {
        case .user:
            return type == .string
        case .param(let declared):
            switch (type, declared) {
            case (_, .any), (.int, .double), (.int, .string), (.double, .string): return true
            default: return type == declared
            }
        }
    }

    /// Whether any part of the expression names a payload field.
    private static func readsPayload(_ expr: Expr) -> Bool {
        if case .identifier = expr.kind { return true }
        return expr.kind.containsChild(where: readsPayload)
    }
}
