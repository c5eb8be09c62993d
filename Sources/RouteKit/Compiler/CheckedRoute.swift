/// A rule whose expressions are parsed and type-checked, ready to evaluate.
public struct CheckedRule: Sendable {
    public var rule: Rule
    /// Position in table order.
    public var index: Int
    public var when: CheckedExpression
    public var route: CheckedRoute
}

/// A route whose params and login expressions are checked, with its login requirement folded
/// together from the rule and the screens it shows.
public struct CheckedRoute: Sendable {
    public var route: Route
    public var push: [CheckedStep]
    public var present: CheckedStep?
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
    private var loginUserBox: LoginUserBox?

    init(route: Route, push: [CheckedStep], present: CheckedStep?,
                loginUser: CheckedExpression?, loginRequired: Bool) {
        self.route = route
        self.push = push
        self.present = present
        self.loginRequired = loginRequired
        self.loginUser = loginUser
    }
}

/// A screen to show and the checked expressions that compute its params.
public struct CheckedStep: Sendable {
    /// One param of the screen: its declared type and the checked expression that computes it.
    public struct Param: Sendable {
        public var name: String
        public var type: FieldType
        public var expression: CheckedExpression
    }

    public var screen: String
    public var params: [Param]
}
