/// A rule whose expressions are parsed and type-checked, ready to evaluate.
///
/// ```swift
/// let first = program.rules[0]
/// print(first.index, first.rule.name, first.when.source ?? "") // 0 message-detail type == 3
/// ```
public struct CheckedRule: Sendable {
    /// The rule as decoded from the table: its name, expression sources and position.
    public var rule: Rule
    /// Position in table order.
    public var index: Int
    /// The checked `when` predicate; the rule matches when it gives exactly `true`.
    public var when: CheckedExpression
    /// What the rule does when it matches.
    public var route: CheckedRoute
}

/// A route whose params and login expressions are checked, with its login requirement folded
/// together from the rule and the screens it shows.
///
/// ```swift
/// let route = program.rules[0].route // `push: message_detail`, `params: {id: id}`
/// route.push.map(\.screen) // ["message_detail"]
/// route.loginRequired // true when the rule or a screen it shows says `login: required`
/// ```
public struct CheckedRoute: Sendable {
    /// The route as written: its action, login, `foreground`, `if_visible` and alert overrides.
    public var route: Route
    /// The `push` screens in order, the last on top; empty when the route pushes none.
    public var push: [CheckedStep]
    /// The `present` screen; nil when the route presents none.
    public var present: Optional<CheckedStep>  // spelled out: see `Action`
    /// `login: {user: …}`: the expression giving the user the route is addressed to.
    public var loginUser: CheckedExpression? {
        get { loginUserBox?.value }
        set { loginUserBox = newValue.map(LoginUserBox.init) }
    }
    /// `login: required` on the rule, or on any screen it shows.
    public var loginRequired: Bool

    /// Held by reference: most routes have none, and a checked expression is 80 bytes inline in
    /// every checked rule of a program.
    private final class LoginUserBox: Sendable {
        let value: CheckedExpression
        init(_ value: CheckedExpression) { self.value = value }
    }
    private var loginUserBox: Optional<LoginUserBox>

    init(route: Route, push: [CheckedStep], present: CheckedStep?,
                loginUser: CheckedExpression?, loginRequired: Bool) {
        self.route = route
        self.push = push
        self.present = present
        self.loginRequired = loginRequired
        loginUserBox = loginUser.map(LoginUserBox.init)
    }
}

/// A screen to show and the checked expressions that compute its params.
///
/// ```swift
/// let step = program.rules[0].route.push[0] // `push: message_detail`, `params: {id: id}`
/// step.screen // "message_detail"
/// step.params.map(\.name) // ["id"]
/// ```
public struct CheckedStep: Sendable {
    /// One param of the screen: its declared type and the checked expression that computes it.
    ///
    /// ```swift
    /// let id = program.rules[0].route.push[0].params[0] // `id: id`, declared `id: int`
    /// id.type // .int
    /// id.expression.evaluate(payload: ["id": 42]) // .int(42)
    /// ```
    public struct Param: Sendable {
        /// The param's name, one the screen declares.
        public var name: String
        /// The type the screen declares for the param (`any` when it declares none); the computed
        /// value is converted to it.
        public var type: FieldType
        /// Computes the param's value from the normalized payload.
        public var expression: CheckedExpression
    }

    /// The name of the screen to show, one the table declares.
    public var screen: String
    /// The screen's params, in the order the rule writes them.
    public var params: [Param]
}
