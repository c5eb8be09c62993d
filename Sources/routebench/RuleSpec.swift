/// One generated rule — a predicate and an action — in a form that renders both as route YAML
/// (`TableGenerator`) and as a branch of the hand-written Swift chain (`ChainSource`).
struct RuleSpec: Sendable {
    /// The predicate shapes of a realistic table: mostly equality on `type`/`target`, some `in`,
    /// ranges, `has` and `&&`/`||`.
    enum Predicate: Sendable {
        /// `type == "V"`
        case typeEquals(String)
        /// `target == "V"`
        case targetEquals(String)
        /// `type in ["A", "B"]`
        case typeIn([String])
        /// `type == "V" && id >= LOW && id < HIGH`
        case typeWithIDRange(String, low: Int, high: Int)
        /// `target == "V" && (has(uid) || aps.badge > 0)`
        case targetWithUserOrBadge(String)
        /// `has(uid)` — a catch-all near the end of the table (not indexable)
        case hasUser
        /// `aps.badge >= N` — a catch-all at the end of the table (not indexable)
        case badgeAtLeast(Int)
    }

    /// What the rule does when it matches.
    enum Action: Sendable {
        case tab(String)
        /// Pushes `screen`; with `withID`, its `id` param comes from the payload's `id`.
        case push(screen: String, tab: String, withID: Bool, popToRoot: Bool)
        case present(screen: String, withID: Bool)
        /// Pushes the login-gated inbox for the payload's `uid`.
        case userInbox
    }

    var name: String
    var predicate: Predicate
    var action: Action

    /// The `when:` expression.
    var expression: String {
        switch predicate {
        case .typeEquals(let value): "type == \"\(value)\""
        case .targetEquals(let value): "target == \"\(value)\""
        case .typeIn(let values): "type in [\(values.map { "\"\($0)\"" }.joined(separator: ", "))]"
        case .typeWithIDRange(let value, let low, let high):
            "type == \"\(value)\" && id >= \(low) && id < \(high)"
        case .targetWithUserOrBadge(let value):
            "target == \"\(value)\" && (has(uid) || aps.badge > 0)"
        case .hasUser: "has(uid)"
        case .badgeAtLeast(let count): "aps.badge >= \(count)"
        }
    }

    /// Whether performing the rule needs the payload's `id` (a screen param).
    var needsID: Bool {
        switch action {
        case .push(_, _, let withID, _), .present(_, let withID): withID
        case .tab, .userInbox: false
        }
    }

    /// The rule as a YAML sequence item, indented under `routes:`.
    var yaml: String {
        var lines = ["  - name: \(name)", "    when: \(expression)"]
        switch action {
        case .tab(let tab):
            lines.append("    tab: \(tab)")
        case .push(let screen, let tab, let withID, let popToRoot):
            if popToRoot { lines += ["    tab: \(tab)", "    pop_to_root: true"] }
            lines.append("    push: \(screen)")
            if withID { lines.append("    params: {id: id}") }
        case .present(let screen, let withID):
            lines.append("    present: \(screen)")
            if withID { lines.append("    params: {id: id}") }
            lines.append("    foreground: navigate")
        case .userInbox:
            lines += ["    push: my_messages", "    login: {user: uid}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
