/// Whether, and for which payloads, a matched rule is sure to be performed: its params and
/// `login.user` compute. A rule whose route does not compute does not match (SPEC §3) and lets
/// the payload through to later rules, so a rule covers later ones only where its route computes.
///
/// Proved, conservatively, for expressions that read no payload field (evaluated once) and for a
/// declared field whose type converts to the target: the route computes wherever that field is
/// present (and, for a user id, not empty, since no one can log in as `""`).
///
/// ```swift
/// // when: type == 3, params: {id: id} with id: int and param id: int
/// RouteResolution.coveringRegions(route, within: regions, fieldTypes: ["type": .int, "id": .int])
/// // the regions of `type == 3 && has(id)`
/// ```
enum RouteResolution {
    private enum Target {
        case param(FieldType)
        case user
    }

    /// What one expression of a route needs of the payload to compute.
    private enum Requirement {
        /// It reads no field and computes.
        case always
        /// It reads no field and fails: the route is never performed.
        case never
        /// It computes exactly when the field is in the set.
        case field(CodePointKey, FieldSet)
        /// Beyond what the analysis proves.
        case unknown
    }

    /// Whether the route computes on every payload of `regions` (all payloads when nil).
    static func alwaysResolves(_ route: CheckedRoute, regions: [Region]?, fieldTypes: [CodePointKey: FieldType])
        -> Bool
    {
        requirements(of: route, fieldTypes).allSatisfy { requirement, _ in
            switch requirement {
            case .always: true
            case .never, .unknown: false
            case .field(let field, let set):
                regions?.allSatisfy { region in
                    region.fields[field].map { $0.intersection(set) == $0 } ?? false
                } ?? false
            }
        }
    }

    /// The part of `regions` where the route computes: where a matching rule is performed, and
    /// so what it takes from later rules. nil when the analysis cannot tell.
    static func coveringRegions(_ route: CheckedRoute, within regions: [Region], fieldTypes: [CodePointKey: FieldType])
        -> [Region]?
    {
        var covering = regions
        for (requirement, _) in requirements(of: route, fieldTypes) {
            switch requirement {
            case .always: continue
            case .never: return []
            case .unknown: return nil
            case .field(let field, let set):
                covering = covering.map { $0.constraining(field, set) }.filter { !$0.isEmpty }
            }
        }
        return covering
    }

    /// The first params or `login.user` expression of the route, as written, that may fail to
    /// compute on some payload; nil when every one surely computes. A fallback whose route does not
    /// compute leaves the payload unmatched, as if there were no fallback.
    static func firstUncertainExpression(of route: CheckedRoute, fieldTypes: [CodePointKey: FieldType])
        -> ExpressionSource?
    {
        let uncertain = requirements(of: route, fieldTypes).first { requirement, _ in
            if case .always = requirement { false } else { true }
        }
        switch uncertain?.origin {
        case .param(let step, let name)?:
            let written = Array(route.route.action.steps)
            guard written.indices.contains(step) else { return nil }
            return written[step].params.first { $0.name.hasSameScalars(as: name) }?.expression
        case .user?:
            if case .user(let source) = route.route.login { return source }
            return nil
        case nil:
            return nil
        }
    }

    /// Which expression of a route a requirement is about: a param of its step at that position
    /// (pushed, then presented), or `login.user`.
    private enum Origin {
        case param(step: Int, name: String)
        case user
    }

    private static func requirements(of route: CheckedRoute, _ fieldTypes: [CodePointKey: FieldType])
        -> [(requirement: Requirement, origin: Origin)]
    {
        var found: [(requirement: Requirement, origin: Origin)] = []
        for (index, step) in route.steps.enumerated() {
            for param in step.params {
                found.append((requirement(param.expression.expr, .param(param.type), fieldTypes),
                              .param(step: index, name: param.name)))
            }
        }
        if let user = route.loginUser { found.append((requirement(user.expr, .user, fieldTypes), .user)) }
        return found
    }

    private static func requirement(_ expr: Expr, _ target: Target, _ fieldTypes: [CodePointKey: FieldType])
        -> Requirement
    {
        if !readsPayload(expr) {
            let value = ExpressionInterpreter.evaluate(expr, payload: .object([:]))
            let computes = switch target {
            case .param(let type): value.json.flatMap { PayloadNormalizer.normalize($0, as: type) } != nil
            case .user: LoginRequirement.user(computedAs: value) != nil
            }
            return computes ? .always : .never
        }
        guard let path = Checker.path(of: expr), !path.contains(where: { $0.contains(".") }) else {
            return .unknown
        }
        let field = path.joined(separator: ".")
        guard let type = fieldTypes[CodePointKey(field)], converts(type, target) else { return .unknown }
        let kind = AnalysisKind(type)
        let dotted = path.count > 1
        // Present, a field has its declared type (normalized); a user id must also not be empty.
        if case .user = target {
            return .field(CodePointKey(field), .present(.strings(StringSet(.notEqual, "")), kind: kind, dotted: dotted))
        }
        return .field(CodePointKey(field), .present(.all(kind), kind: kind, dotted: dotted))
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
