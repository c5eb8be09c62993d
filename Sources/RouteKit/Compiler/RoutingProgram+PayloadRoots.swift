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
    /// The top-level payload keys that expressions, alert placeholders and declared fields read.
    public var payloadRoots: Set<String> {
        // A table reads a handful of roots, named again by nearly every rule: a short list finds
        // them again without hashing (`ReadFields`), which was most of this walk.
        var roots = ReadFields()
        for path in table.fieldTypes.keys { roots.insert(Self.firstComponent(path.string)) }
        let defaults = table.defaults.alert
        for template in [defaults.title, defaults.message, defaults.confirm, defaults.cancel] {
            Self.collectPlaceholderRoots(template, into: &roots)
        }
        // Through a buffer, whose elements are read in place: an array's subscript, or iterating,
        // would copy each rule's parts (a dozen references) to read them.
        rules.withUnsafeBufferPointer { rules in
            for index in rules.indices {
                Self.collectIdentifiers(rules[index].when.expr, into: &roots)
                Self.collectRoots(of: rules[index].route, into: &roots)
            }
        }
        if let fallback { Self.collectRoots(of: fallback, into: &roots) }
        return roots.asSet
    }

    /// The roots a route's params, login user and alert texts read.
    private static func collectRoots(of route: CheckedRoute, into roots: inout ReadFields) {
        for step in route.steps {
            for param in step.params { collectIdentifiers(param.expression.expr, into: &roots) }
        }
        if let user = route.loginUser { collectIdentifiers(user.expr, into: &roots) }
        let alert = route.route.alert
        // One by one: a list of the four would be an allocation per route, and most have none.
        if let text = alert.title { collectPlaceholderRoots(text, into: &roots) }
        if let text = alert.message { collectPlaceholderRoots(text, into: &roots) }
        if let text = alert.confirm { collectPlaceholderRoots(text, into: &roots) }
        if let text = alert.cancel { collectPlaceholderRoots(text, into: &roots) }
    }

    private static func firstComponent(_ path: String) -> String {
        String(path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    private static func collectIdentifiers(_ expr: Expr, into roots: inout ReadFields) {
        if case .identifier(let name) = expr.kind { roots.insert(name) }
        expr.kind.forEachChild { collectIdentifiers($0, into: &roots) }
    }

    /// The first path component of each placeholder, found exactly as `AlertRenderer.render`
    /// finds placeholders.
    private static func collectPlaceholderRoots(_ template: String, into roots: inout ReadFields) {
        for path in AlertRenderer.Template(template).placeholders { roots.insert(path.first ?? "") }
    }
}
