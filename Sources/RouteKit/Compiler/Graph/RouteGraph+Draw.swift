extension RouteGraph {
    /// Draws a checked table: tabs (each with the screens pushed onto its stack) inside the tab
    /// bar, screens pushed onto whichever tab is selected, modal screens, then the rules in
    /// table order and the fallback, each with edges to where it leads.
    ///
    /// A rule that selects a tab points at the tab; one that pushes points at the first screen
    /// pushed, and a back stack continues as a chain of `then push` edges; one that presents
    /// points at the presented screen. A rule that needs a logged-in user also points at the
    /// login screen (dashed).
    ///
    /// ```swift
    /// let graph = RouteGraph.draw(program)
    /// graph.edges.first?.to // "screen:message_detail" for the example app
    /// ```
    public static func draw(_ program: RoutingProgram) -> RouteGraph {
        var drawing = Drawing(table: program.table)
        drawing.addTabsAndScreens()
        drawing.addRules(program.rules, fallback: program.fallback)
        return RouteGraph(nodes: drawing.nodes, groups: drawing.groups, edges: drawing.edges)
    }
}

/// The state of `RouteGraph.draw` while it walks the table.
private struct Drawing {
    let table: RouteTable
    var nodes: [RouteGraph.Node] = []
    var groups: [RouteGraph.Group] = []
    var edges: [RouteGraph.Edge] = []

    init(table: RouteTable) { self.table = table }

    mutating func addTabsAndScreens() {
        var tabGroups: [RouteGraph.Group] = []
        for (index, tab) in table.tabs.enumerated() {
            let id = RouteGraph.NodeID.tab(tab)
            nodes.append(RouteGraph.Node(id: id, kind: .tab, lines: [tab, "tab \(index)"]))
            let stack = table.screens.filter { $0.show == .push && $0.tab?.hasSameScalars(as: tab) == true }
            stack.forEach { addScreen($0) }
            tabGroups.append(RouteGraph.Group(
                id: "tab\(index)", title: "\(tab) stack",
                nodes: [id] + stack.map { RouteGraph.NodeID.screen($0.name) }))
        }
        if !tabGroups.isEmpty {
            groups.append(RouteGraph.Group(id: "tabbar", title: "tab bar", groups: tabGroups))
        }
        let floating = table.screens.filter { $0.show == .push && ($0.tab.map(table.tabs.contains) != true) }
        floating.forEach { addScreen($0) }
        if !floating.isEmpty {
            groups.append(RouteGraph.Group(
                id: "selected", title: "pushed onto the selected tab",
                nodes: floating.map { RouteGraph.NodeID.screen($0.name) }))
        }
        let modals = table.screens.filter { $0.show == .present }
        modals.forEach { addScreen($0) }
        if !modals.isEmpty {
            groups.append(RouteGraph.Group(
                id: "modals", title: "modals",
                nodes: modals.map { RouteGraph.NodeID.screen($0.name) }))
        }
    }

    private mutating func addScreen(_ screen: Screen) {
        var lines = [screen.name]
        if !screen.params.isEmpty {
            lines.append(screen.params.map { "\($0.name): \($0.type)" }.joined(separator: ", "))
        }
        if screen.embedInNavigation { lines.append("in a navigation controller") }
        if screen.hidesBottomBar { lines.append("hides the tab bar") }
        let isLogin = table.loginScreen.map(screen.name.hasSameScalars(as:)) == true
        if isLogin { lines.append("login screen") }
        if screen.loginRequired { lines.append("login required") }
        nodes.append(RouteGraph.Node(
            id: RouteGraph.NodeID.screen(screen.name),
            kind: screen.show == .push ? .pushedScreen : .modalScreen, lines: lines,
            loginGated: screen.loginRequired, isLoginScreen: isLogin))
    }

    mutating func addRules(_ rules: [CheckedRule], fallback: CheckedRoute?) {
        var members: [String] = []
        for rule in rules {
            let id = RouteGraph.NodeID.rule(rule.rule.name)
            nodes.append(RouteGraph.Node(
                id: id, kind: .rule,
                lines: ["#\(rule.index) \(rule.rule.name)", Self.oneLine(rule.rule.when.text)]))
            members.append(id)
            addEdges(from: id, route: rule.route)
        }
        let id = RouteGraph.NodeID.fallback
        if let fallback {
            nodes.append(RouteGraph.Node(id: id, kind: .fallback,
                                         lines: ["fallback", "when no rule matches"]))
            addEdges(from: id, route: fallback)
        } else {
            nodes.append(RouteGraph.Node(id: id, kind: .fallback,
                                         lines: ["fallback: none", "no rule matches: nothing happens"]))
        }
        members.append(id)
        groups.append(RouteGraph.Group(id: "rules", title: "rules, first match wins", nodes: members))
    }

    /// The edges of one route: to the tab, the pushed screens in order, the presented screen,
    /// and the login screen.
    private mutating func addEdges(from origin: String, route: CheckedRoute) {
        let action = route.route.action
        var lead: [String] = []
        let firstTab = table.stackTab(of: action.push.lazy.map(\.screen))
        if let tab = action.tab, firstTab != tab { lead.append("tab \(tab)") }
        if action.popToRoot { lead.append("pop to root") }
        var from = origin
        for (position, step) in route.push.enumerated() {
            let to = RouteGraph.NodeID.screen(step.screen)
            let verb = position == 0 ? "push" : "then push"
            edges.append(RouteGraph.Edge(
                from: from, to: to, kind: position == 0 ? .route : .backStack,
                lines: (position == 0 ? lead : []) + [verb + Self.params(step)]))
            from = to
        }
        if let step = route.present {
            edges.append(RouteGraph.Edge(
                from: from, to: RouteGraph.NodeID.screen(step.screen),
                kind: route.push.isEmpty ? .route : .backStack,
                lines: (route.push.isEmpty ? lead : []) + ["present" + Self.params(step)]))
        }
        if route.push.isEmpty, route.present == nil, let tab = action.tab {
            edges.append(RouteGraph.Edge(
                from: origin, to: RouteGraph.NodeID.tab(tab), kind: .route,
                lines: action.popToRoot ? ["select tab", "pop to root"] : ["select tab"]))
        }
        guard let login = table.loginScreen, table.screen(named: login) != nil else { return }
        if let user = route.loginUser {
            edges.append(RouteGraph.Edge(
                from: origin, to: RouteGraph.NodeID.screen(login), kind: .login,
                lines: ["if logged out", "log in as \(Self.oneLine(user.source ?? "user"))"]))
        } else if route.loginRequired {
            edges.append(RouteGraph.Edge(
                from: origin, to: RouteGraph.NodeID.screen(login), kind: .login,
                lines: ["if logged out"]))
        }
    }

    /// ` (id: id)` for a step with params, else nothing.
    private static func params(_ step: CheckedStep) -> String {
        guard !step.params.isEmpty else { return "" }
        let bindings = step.params.map { "\($0.name): \(oneLine($0.expression.source ?? "?"))" }
        return " (" + bindings.joined(separator: ", ") + ")"
    }

    /// Expression text on one line: line breaks of a multi-line YAML scalar become spaces.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingPrefix(while: \.isWhitespace) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
