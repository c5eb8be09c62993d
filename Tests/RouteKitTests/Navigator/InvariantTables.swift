import RouteKit

/// Seeded route tables for the navigator invariants, built in code: a few tabs, push and present
/// screens (some with a declared tab, some login-gated, some with `int`/`string` params), rules
/// keyed on a literal of their own (so none is shadowed and random payloads reach each one),
/// routes that select a tab, push a back stack or present, with `login: required` or
/// `{user: uid}`, foreground and `if_visible` overrides, and a fallback or none.
///
/// ```swift
/// let table = InvariantTables.generate(seed: 7)
/// let program = TableChecker.check(table, sources: []).program
/// ```
enum InvariantTables {
    /// Payload fields every generated table declares; `x0`, `x1`, … are added for `has` rules.
    static let baseFields: [PayloadField] = [
        PayloadField(path: "kind", type: .string),
        PayloadField(path: "n", type: .int),
        PayloadField(path: "id", type: .int),
        PayloadField(path: "uid", type: .string),
        PayloadField(path: "name", type: .string),
        PayloadField(path: "flag", type: .bool),
        PayloadField(path: "aps.alert", type: .any),
    ]

    static func generate(seed: UInt64) -> RouteTable {
        var random = SplitMix64(seed: seed ^ 0x5EED_7AB1_E000_0000)
        let tabs = (0..<(2 + random.below(4))).map { "tab\($0)" }
        var screens: [Screen] = []
        for index in 0..<(3 + random.below(6)) {
            let params: [ScreenParam] = switch random.below(4) {
            case 0: []
            case 1: [ScreenParam(name: "id", type: .int)]
            case 2: [ScreenParam(name: "uid", type: .string)]
            default: [ScreenParam(name: "id", type: .int), ScreenParam(name: "name", type: .string)]
            }
            let gated = random.chance(25)
            if random.chance(65) || index == 0 {
                screens.append(Screen(
                    name: "push\(index)", show: .push,
                    tab: random.chance(70) ? random.pick(tabs) : nil, params: params,
                    hidesBottomBar: random.chance(30), loginRequired: gated))
            } else {
                screens.append(Screen(
                    name: "modal\(index)", show: .present, params: params,
                    embedInNavigation: random.chance(50), loginRequired: gated))
            }
        }
        let pushable = screens.filter { $0.show == .push }
        let presentable = screens.filter { $0.show == .present }
        var fields = baseFields
        var rules: [Rule] = []
        for index in 0..<(2 + random.below(9)) {
            let key = "k\(index)"
            let when: String
            switch random.below(7) {
            case 0: when = "kind == \"\(key)\""
            case 1: when = "kind in [\"\(key)\", \"j\(index)\"]"
            case 2: when = "n == \(100 + index)"
            case 3: when = "kind == \"\(key)\" && n > \(index)"
            case 4: when = "kind == \"\(key)\" || n == \(100 + index)"
            case 5: when = "kind == \"\(key)\" && flag == true"
            default:
                fields.append(PayloadField(path: "x\(index)", type: .string))
                when = "has(x\(index))"
            }
            rules.append(Rule(name: "rule\(index)", when: ExpressionSource(when),
                              route: route(&random, tabs, pushable, presentable)))
        }
        let fallback = random.chance(40) ? route(&random, tabs, pushable, presentable) : nil
        let needsLogin = screens.contains(where: \.loginRequired)
            || (rules.map(\.route) + [fallback].compactMap { $0 }).contains { $0.login != .none }
        if needsLogin || random.chance(50) {
            screens.append(Screen(name: "login", show: .present, embedInNavigation: true))
        }
        let defaults = Defaults(
            foreground: random.pick(ForegroundPolicy.allCases),
            ifVisible: random.pick(IfVisiblePolicy.allCases), clearBadge: random.chance(50))
        return RouteTable(
            tabs: tabs, loginScreen: screens.last?.name == "login" ? "login" : nil,
            screens: screens, payloadFields: fields, defaults: defaults, rules: rules,
            fallback: fallback)
    }

    private static func route(
        _ random: inout SplitMix64, _ tabs: [String], _ pushable: [Screen], _ presentable: [Screen]
    ) -> Route {
        var action = Action()
        switch random.below(presentable.isEmpty ? 2 : 3) {
        case 0:
            action.tab = random.pick(tabs)
            action.popToRoot = random.chance(30)
        case 1:
            action.push = (0..<(1 + random.below(3))).map { _ in
                step(random.pick(pushable), &random)
            }
            if random.chance(40) { action.tab = random.pick(tabs) }
            action.popToRoot = random.chance(40)
        default:
            action.present = step(random.pick(presentable), &random)
            if random.chance(20) { action.tab = random.pick(tabs) }
        }
        let login: LoginRule = switch random.below(10) {
        case 0, 1: .required
        case 2, 3: .user(ExpressionSource("uid"))
        default: .none
        }
        let foreground = random.chance(50) ? random.pick(ForegroundPolicy.allCases) : nil
        let ifVisible = random.chance(50) ? random.pick(IfVisiblePolicy.allCases) : nil
        let alert = random.chance(30) ? AlertOverride(title: "About {kind}") : AlertOverride()
        return Route(action: action, login: login, foreground: foreground, ifVisible: ifVisible,
                     alert: alert)
    }

    /// A screen step binding every declared param to a payload field of its type.
    private static func step(_ screen: Screen, _ random: inout SplitMix64) -> ScreenStep {
        let bindings = screen.params.map { param in
            let field = switch param.name {
            case "id": random.chance(70) ? "id" : "n"
            case "uid": "uid"
            default: random.chance(70) ? "name" : "kind"
            }
            return ParamBinding(name: param.name, expression: ExpressionSource(field))
        }
        return ScreenStep(screen: screen.name, params: bindings)
    }

    /// The table in route-file form (SPEC §3), for a failure message to be replayed with
    /// `routecheck simulate`.
    static func yaml(_ table: RouteTable) -> String {
        var lines = ["version: 1", "tabs: [\(table.tabs.joined(separator: ", "))]"]
        if let login = table.loginScreen { lines.append("login_screen: \(login)") }
        lines.append("screens:")
        for screen in table.screens {
            var parts = ["show: \(screen.show.rawValue)"]
            if let tab = screen.tab { parts.append("tab: \(tab)") }
            if !screen.params.isEmpty {
                let params = screen.params.map { "\($0.name): \($0.type)" }
                parts.append("params: {\(params.joined(separator: ", "))}")
            }
            if screen.hidesBottomBar { parts.append("hides_bottom_bar: true") }
            if screen.embedInNavigation { parts.append("embed_in_navigation: true") }
            if screen.loginRequired { parts.append("login: required") }
            lines.append("  \(screen.name): {\(parts.joined(separator: ", "))}")
        }
        lines.append("payload:")
        for field in table.payloadFields where !field.path.contains(".") {
            lines.append("  \(field.path): \(field.type)")
        }
        lines.append("  aps: {alert: any}")
        let defaults = table.defaults
        lines.append("defaults: {foreground: \(defaults.foreground.rawValue), "
            + "if_visible: \(defaults.ifVisible.rawValue), clear_badge: \(defaults.clearBadge)}")
        lines.append("routes:")
        for rule in table.rules {
            lines.append("  - name: \(rule.name)")
            lines.append("    when: '\(rule.when.text)'")
            lines += routeLines(rule.route, indent: "    ")
        }
        if let fallback = table.fallback {
            lines.append("fallback:")
            lines += routeLines(fallback, indent: "  ")
        } else {
            lines.append("fallback: none")
        }
        return lines.joined(separator: "\n")
    }

    private static func routeLines(_ route: Route, indent: String) -> [String] {
        func item(_ step: ScreenStep) -> String {
            guard !step.params.isEmpty else { return step.screen }
            let params = step.params.map { "\($0.name): \($0.expression.text)" }
            return "{screen: \(step.screen), params: {\(params.joined(separator: ", "))}}"
        }
        var lines: [String] = []
        let action = route.action
        if let tab = action.tab { lines.append("tab: \(tab)") }
        if action.popToRoot { lines.append("pop_to_root: true") }
        if !action.push.isEmpty {
            lines.append("push: [\(action.push.map(item).joined(separator: ", "))]")
        }
        if let present = action.present {
            lines.append("present: \(present.screen)")
            if !present.params.isEmpty {
                let params = present.params.map { "\($0.name): \($0.expression.text)" }
                lines.append("params: {\(params.joined(separator: ", "))}")
            }
        }
        switch route.login {
        case .none: break
        case .required: lines.append("login: required")
        case .user(let user): lines.append("login: {user: \(user.text)}")
        }
        if let foreground = route.foreground { lines.append("foreground: \(foreground.rawValue)") }
        if let ifVisible = route.ifVisible { lines.append("if_visible: \(ifVisible.rawValue)") }
        if let title = route.alert.title { lines.append("alert: {title: \"\(title)\"}") }
        return lines.map { indent + $0 }
    }
}
