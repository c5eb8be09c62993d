extension CompiledTableDecoder {
    static let ruleKeys = CompiledKeys(required: ["name", "index", "when", "route"], omittable: ["source": nil])
    static let sourceKeys: CompiledKeys = ["file", "line", "column"]
    static let routeKeys = CompiledKeys(
        required: [],
        omittable: [
            "tab": nil, "pop_to_root": false, "push": [], "present": nil, "login": "none",
            "foreground": nil, "if_visible": nil, "alert": [:],
        ])
    static let routeAlertKeys = CompiledKeys(
        required: [], omittable: ["title": nil, "message": nil, "confirm": nil, "cancel": nil])
    static let stepKeys = CompiledKeys(required: ["screen"], omittable: ["params": [:]])
    static let loginUserKeys: CompiledKeys = ["user"]

    func rule(_ node: CompiledJSONNode, index: Int, in table: RouteTable)
        throws(CompiledTableError) -> Rule
    {
        let fields = try node.object(keys: Self.ruleKeys)
        let name = try fields["name"].string()
        guard !name.isEmpty else { throw fields["name"].error("expected a non-empty rule name") }
        let indexNode = fields["index"]
        guard try indexNode.int() == Int64(index) else {
            throw indexNode.error("expected \(index), the rule's position in 'rules'")
        }
        return Rule(
            name: name, when: try expression(fields["when"]),
            route: try route(fields["route"], in: table), range: try source(fields["source"]))
    }

    /// The start of the rule's `- name:` item in its route file, or nil for `null`.
    private func source(_ node: CompiledJSONNode) throws(CompiledTableError) -> SourceRange? {
        if node.isNull { return nil }
        let fields = try node.object(keys: Self.sourceKeys)
        let line = try positive(fields["line"])
        let column = try positive(fields["column"])
        return SourceRange(
            file: try fields["file"].string(),
            at: SourcePosition(line: line, column: column, offset: 0))
    }

    private func positive(_ node: CompiledJSONNode) throws(CompiledTableError) -> Int {
        let number = try node.int()
        guard number >= 1, number <= Int64(Int32.max) else {
            throw node.error("expected a positive integer")
        }
        return Int(number)
    }

    func route(_ node: CompiledJSONNode, in table: RouteTable) throws(CompiledTableError) -> Route {
        let fields = try node.object(keys: Self.routeKeys)
        var action = Action()
        let tabNode = fields["tab"]
        if let tab = try tabNode.optionalString() {
            if let problem = table.compiledTabProblem(tab) { throw tabNode.error(problem) }
            action.tab = tab
        }
        action.popToRoot = try fields["pop_to_root"].bool()
        for element in try fields["push"].array() {
            action.push.append(try step(element, as: .push, in: table))
        }
        let presentNode = fields["present"]
        if !presentNode.isNull {
            guard action.push.isEmpty else {
                throw node.error("a route cannot both push and present")
            }
            action.present = try step(presentNode, as: .present, in: table)
        }
        if action.tab == nil, !action.popToRoot, action.push.isEmpty, action.present == nil {
            throw node.error("the route does nothing: expected a tab, pop_to_root, push or present")
        }
        let login = try login(fields["login"])
        if let problem = table.compiledLoginProblem(action, login: login) { throw fields["login"].error(problem) }
        let foreground = try fields["foreground"].optionalChoice(ForegroundPolicy.self)
        let ifVisible = try fields["if_visible"].optionalChoice(IfVisiblePolicy.self)
        // Made in one piece: each property set on a `Route` copies its boxed fields out and back.
        return Route(action: action, login: login, foreground: foreground, ifVisible: ifVisible,
                     alert: try alertOverride(fields["alert"]))
    }

    /// A route's alert texts; most routes have none (`{}`, or the member left out).
    private func alertOverride(_ node: CompiledJSONNode) throws(CompiledTableError) -> AlertOverride {
        if case .object(let members) = node.value, members.isEmpty { return AlertOverride() }
        let alert = try node.object(keys: Self.routeAlertKeys)
        return AlertOverride(
            title: try alert["title"].optionalString(), message: try alert["message"].optionalString(),
            confirm: try alert["confirm"].optionalString(), cancel: try alert["cancel"].optionalString())
    }

    private func step(_ node: CompiledJSONNode, as presentation: Screen.Presentation,
                      in table: RouteTable) throws(CompiledTableError) -> ScreenStep {
        let fields = try node.object(keys: Self.stepKeys)
        let screenNode = fields["screen"]
        let name = try screenNode.string()
        let screen: Screen
        switch table.compiledStepScreen(name, as: presentation) {
        case .success(let found): screen = found
        case .failure(let problem): throw screenNode.error(problem.message)
        }
        var step = ScreenStep(screen: name)
        let paramsNode = fields["params"]
        // Most steps have no params, and their screens declare none: nothing to walk.
        if case .object(let members) = paramsNode.value, members.isEmpty, screen.params.isEmpty { return step }
        for (param, expressionNode) in try paramsNode.entries() {
            if let problem = table.compiledParamProblem(param, of: screen) { throw expressionNode.error(problem) }
            step.params.append(ParamBinding(name: param, expression: try expression(expressionNode)))
        }
        if let problem = table.compiledMissingParamProblem(step.params, of: screen) {
            throw paramsNode.error(problem)
        }
        step.params.sort { $0.name < $1.name }
        return step
    }

    private func login(_ node: CompiledJSONNode) throws(CompiledTableError) -> LoginRule {
        if case .string(let word) = node.value {
            switch word {
            case "none": return LoginRule.none
            case "required": return .required
            default: break
            }
        } else if case .object = node.value {
            let fields = try node.object(keys: Self.loginUserKeys)
            return .user(try expression(fields["user"]))
        }
        throw node.error("expected 'none', 'required' or {\"user\": expression}")
    }
}
