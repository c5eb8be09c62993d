/// A checked table ready to decide: the reference interpreter, which tries the rules one by one
/// in table order. It is the oracle that the indexed evaluator is tested against.
///
/// ```swift
/// let decision = program.decide(["type": "3", "id": 42])
/// decision.action?.push.first?.screen // "message_detail"
/// ```
public struct RoutingProgram: RouteDecider {
    /// The table the rules were checked from; its defaults fill in what a rule leaves out.
    public let table: RouteTable
    /// The checked rules, in table order.
    public let rules: [CheckedRule]
    /// The checked `fallback`; nil for `fallback: none`.
    public let fallback: CheckedRoute?
    /// Converts each declared payload field to its declared type before any rule reads the payload.
    public let normalizer: PayloadNormalizer

    /// A program over checked rules in table order; `TableChecker.check` makes one from a table.
    ///
    /// ```swift
    /// let empty = RoutingProgram(table: table, rules: [], fallback: nil)
    /// empty.decide(["type": 3]) == .unmatched // true: no rule and no fallback
    /// ```
    public init(table: RouteTable, rules: [CheckedRule], fallback: CheckedRoute?) {
        self.table = table
        self.rules = rules
        self.fallback = fallback
        normalizer = PayloadNormalizer(fields: table.fieldTypes)
    }

    /// Normalizes the payload, then decides: the first matching rule that can be performed, else the
    /// fallback, else `.unmatched`.
    ///
    /// ```swift
    /// let decision = program.decide(["type": 3, "id": 42])
    /// if case .rule(let name, _) = decision.source { print(name) } // "message-detail"
    /// ```
    public func decide(_ payload: JSONValue) -> Decision {
        let normalized = normalizer.normalize(payload).payload
        for rule in rules where rule.when.matches(payload: normalized) {
            if case .success(let decision) = resolve(
                rule.route, source: .rule(name: rule.rule.name, index: rule.index),
                payload: normalized)
            {
                return decision
            }
        }
        if let fallback,
            case .success(let decision) = resolve(fallback, source: .fallback, payload: normalized)
        {
            return decision
        }
        return .unmatched
    }

    /// Why a matching rule could still not be performed: a param or the login user could not be
    /// computed from the payload.
    ///
    /// ```swift
    /// let rule = program.rules[0] // `push: message_detail`, `params: {id: id}`
    /// let result = program.resolve(rule.route, source: .rule(name: rule.rule.name, index: rule.index), payload: [:])
    /// if case .failure(let failure) = result { print(failure) }
    /// // param 'id' of screen 'message_detail' cannot be computed: id → error: no such key 'id'
    /// ```
    public struct ResolveFailure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Which param or login user failed, its expression and why, as `--explain` prints it:
        /// `param 'id' of screen 'message_detail' cannot be computed: id → error: no such key 'id'`.
        public var description: String
    }

    /// Computes a matched route's params, login user and texts from the (normalized) payload.
    ///
    /// A failure means the rule matched but cannot be performed; ``decide(_:)`` then tries the
    /// next rule.
    ///
    /// ```swift
    /// if let fallback = program.fallback,
    ///     case .success(let decision) = program.resolve(fallback, source: .fallback, payload: [:])
    /// {
    ///     print(decision.action?.tab ?? "no tab")
    /// }
    /// ```
    public func resolve(_ route: CheckedRoute, source: Decision.Source, payload: JSONValue)
        -> Result<Decision, ResolveFailure>
    {
        var action = ResolvedAction(tab: route.route.action.tab,
                                    popToRoot: route.route.action.popToRoot)
        for step in route.push {
            switch instance(step, payload: payload) {
            case .success(let screen): action.push.append(screen)
            case .failure(let failure): return .failure(failure)
            }
        }
        if let step = route.present {
            switch instance(step, payload: payload) {
            case .success(let screen): action.present = screen
            case .failure(let failure): return .failure(failure)
            }
        }
        var login: LoginRequirement = route.loginRequired ? .required : .none
        if let user = route.loginUser {
            let value = user.evaluate(payload: payload)
            guard let required = LoginRequirement.user(computedAs: value) else {
                let problem = value.isError ? "\(value)" : "\(value) is not a user id"
                return .failure(ResolveFailure(
                    description: "login.user cannot be computed: \(user.source ?? "") → \(problem)"))
            }
            login = required
        }
        let defaults = table.defaults
        let texts = defaults.alert.overridden(by: route.route.alert)
        let alert = AlertText(
            title: AlertRenderer.render(texts.title, payload: payload),
            message: AlertRenderer.render(texts.message, payload: payload),
            confirm: AlertRenderer.render(texts.confirm, payload: payload),
            cancel: AlertRenderer.render(texts.cancel, payload: payload))
        return .success(Decision(
            source: source, action: action, login: login,
            foreground: route.route.foreground ?? defaults.foreground,
            ifVisible: route.route.ifVisible ?? defaults.ifVisible, alert: alert))
    }

    private func instance(_ step: CheckedStep, payload: JSONValue)
        -> Result<ScreenInstance, ResolveFailure>
    {
        var params: [String: JSONValue] = [:]
        for param in step.params {
            let value = param.expression.evaluate(payload: payload)
            guard let json = value.json,
                let normalized = PayloadNormalizer.normalize(json, as: param.type)
            else {
                let problem = value.isError ? "\(value)"
                    : value.json == nil ? "\(value) has no JSON form" : "\(value) is not a valid \(param.type)"
                return .failure(ResolveFailure(
                    description: "param '\(param.name)' of screen '\(step.screen)' cannot be computed: \(param.expression.source ?? "") → \(problem)"))
            }
            params[param.name] = normalized
        }
        return .success(ScreenInstance(screen: step.screen, params: params))
    }
}
