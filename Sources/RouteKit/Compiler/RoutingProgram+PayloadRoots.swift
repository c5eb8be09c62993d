/// The top-level payload keys a program can read while deciding, so that a `PayloadReader` can
/// skip building everything else.
///
/// A decision depends on the normalized payload only through the rules' `when` expressions, the
/// params and `login.user` expressions of every route (the fallback's included), the `{path}`
/// placeholders of alert texts (defaults and overrides), and the declared fields the normalizer
/// converts. Expressions name payload values only through identifiers (CEL variables are the
/// top-level keys), so every identifier anywhere in an expression is collected — a few names
/// that are not payload keys only make the set larger, never wrong.
///
/// ```swift
/// program.payloadRoots // ["aps", "id", "pageKey", "target", "type", "uid"]
/// ```
extension RoutingProgram {
    public var payloadRoots: Set<String> {
        var roots = Set(table.fieldTypes.keys.map(Self.firstComponent))
        var templates = [table.defaults.alert.title, table.defaults.alert.message,
                         table.defaults.alert.confirm, table.defaults.alert.cancel]
        var routes = rules.map(\.route)
        if let fallback { routes.append(fallback) }
        for rule in rules { Self.collectIdentifiers(rule.when.expr, into: &roots) }
        for route in routes {
            for step in route.push + (route.present.map { [$0] } ?? []) {
                for param in step.params { Self.collectIdentifiers(param.expression.expr, into: &roots) }
            }
            if let user = route.loginUser { Self.collectIdentifiers(user.expr, into: &roots) }
            let alert = route.route.alert
            templates += [alert.title, alert.message, alert.confirm, alert.cancel].compactMap { $0 }
        }
        for template in templates { Self.collectPlaceholderRoots(template, into: &roots) }
        return roots
    }

    private static func firstComponent(_ path: String) -> String {
        String(path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    private static func collectIdentifiers(_ expr: Expr, into roots: inout Set<String>) {
        if case .identifier(let name) = expr.kind { roots.insert(name) }
        for child in expr.kind.children { collectIdentifiers(child, into: &roots) }
    }

    /// The first path component of each placeholder, found exactly as `AlertRenderer.render`
    /// finds placeholders.
    private static func collectPlaceholderRoots(_ template: String, into roots: inout Set<String>) {
        for path in AlertRenderer.Template(template).placeholders { roots.insert(path.first ?? "") }
    }
}
