/// A named route with the predicate that selects it.
///
/// ```yaml
/// - name: message-detail
///   when: type == 3
///   push: message_detail
///   params: {id: id}
/// ```
public struct Rule: Sendable, Hashable {
    private struct Fields: Sendable, Hashable {
        var name: String
        var when: ExpressionSource
        var route: Route
        var range: SourceRange?
    }

    /// Boxed: a rule is held by the table and again by its checked form (see `CopyOnWrite`).
    @CopyOnWrite private var fields: Fields

    public var name: String {
        get { fields.name }
        set { fields.name = newValue }
    }

    public var when: ExpressionSource {
        get { fields.when }
        set { fields.when = newValue }
    }

    public var route: Route {
        get { fields.route }
        set { fields.route = newValue }
    }

    /// Where the rule's `- name:` item starts.
    public var range: SourceRange? {
        get { fields.range }
        set { fields.range = newValue }
    }

    /// A rule named `name` that takes `route` when the `when` predicate holds.
    ///
    /// ```swift
    /// let rule = Rule(name: "message-detail", when: ExpressionSource("type == 3"),
    ///                 route: Route(action: Action(push: [ScreenStep(screen: "message_detail")])))
    /// ```
    public init(name: String, when: ExpressionSource, route: Route, range: SourceRange? = nil) {
        fields = Fields(name: name, when: when, route: route, range: range)
    }
}

/// What a rule (or the fallback) does: the action and its policies.
///
/// The fields live in one shared, copy-on-write box: a route is copied into the rule, the checked
/// rule and the compiled table, and a box keeps those copies to one allocation and 8 bytes each
/// (the fields inline are about 270 bytes per copy).
///
/// ```swift
/// var route = Route(action: Action(tab: "home"))
/// route.foreground = .navigate // copies the box only if another value shares it
/// ```
public struct Route: Sendable, Hashable {
    private struct Fields: Sendable, Hashable {
        var action: Action
        var login: LoginRule
        var foreground: ForegroundPolicy?
        var ifVisible: IfVisiblePolicy?
        var alert: AlertOverride
    }

    /// Boxed: a route is held by its rule and again by the checked route (see `CopyOnWrite`).
    @CopyOnWrite private var fields: Fields

    public var action: Action {
        get { fields.action }
        set { fields.action = newValue }
    }

    public var login: LoginRule {
        get { fields.login }
        set { fields.login = newValue }
    }

    /// nil: the table's default applies.
    public var foreground: ForegroundPolicy? {
        get { fields.foreground }
        set { fields.foreground = newValue }
    }

    public var ifVisible: IfVisiblePolicy? {
        get { fields.ifVisible }
        set { fields.ifVisible = newValue }
    }

    public var alert: AlertOverride {
        get { fields.alert }
        set { fields.alert = newValue }
    }

    /// A route; no login of its own, and nil policies and empty overrides keep the table's defaults.
    public init(
        action: Action, login: LoginRule = .none, foreground: ForegroundPolicy? = nil,
        ifVisible: IfVisiblePolicy? = nil, alert: AlertOverride = AlertOverride()
    ) {
        fields = Fields(action: action, login: login, foreground: foreground, ifVisible: ifVisible, alert: alert)
    }
}

/// Where a route leads: a tab, popping to its root, screens pushed, or a screen presented.
///
/// A rule's `params` belong to its target screen: the presented one, or the last one pushed.
public struct Action: Sendable, Hashable {
    public var tab: String?
    public var popToRoot: Bool
    public var push: [ScreenStep]
    public var present: ScreenStep?

    /// An action; by default it selects no tab and shows no screen.
    ///
    /// ```swift
    /// Action(tab: "home", popToRoot: true, push: [ScreenStep(screen: "message_detail")])
    /// ```
    public init(tab: String? = nil, popToRoot: Bool = false, push: [ScreenStep] = [],
                present: ScreenStep? = nil) {
        self.tab = tab
        self.popToRoot = popToRoot
        self.push = push
        self.present = present
    }
}

/// A screen to show and the expressions that compute its params.
public struct ScreenStep: Sendable, Hashable {
    public var screen: String
    /// Param name and the expression over the payload that gives its value, sorted by name.
    public var params: [ParamBinding]
    public var range: SourceRange?

    /// A screen to show; `params` should be sorted by name, as the decoder sorts them.
    ///
    /// ```swift
    /// ScreenStep(screen: "message_detail",
    ///            params: [ParamBinding(name: "id", expression: ExpressionSource("id"))])
    /// ```
    public init(screen: String, params: [ParamBinding] = [], range: SourceRange? = nil) {
        self.screen = screen
        self.params = params
        self.range = range
    }
}

/// `name: expression` in a `params` mapping.
public struct ParamBinding: Sendable, Hashable {
    public var name: String
    public var expression: ExpressionSource

    /// Binds the param `name` to an expression over the payload.
    public init(name: String, expression: ExpressionSource) {
        self.name = name
        self.expression = expression
    }
}

/// A rule's login requirement as written.
public enum LoginRule: Sendable, Hashable {
    /// No login needed (a screen's own `login: required` still applies).
    case none
    case required
    /// The logged-in user id must equal this expression's value.
    // Indirect: most routes have no user, and every route would otherwise carry the 81 bytes
    // of an expression source inline.
    indirect case user(ExpressionSource)
}

/// What to do with a notification that arrives while the app is in the foreground.
public enum ForegroundPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    case alert
    case navigate
    case ignore
}

/// What to do when the target screen is already on top with the same params.
public enum IfVisiblePolicy: String, Sendable, Hashable, Codable, CaseIterable {
    case reload
    case push
}

/// Alert texts a rule overrides; nil keeps the table's default.
public struct AlertOverride: Sendable, Hashable {
    public var title: String?
    public var message: String?
    public var confirm: String?
    public var cancel: String?

    /// Overrides; each nil text keeps the table's default.
    public init(title: String? = nil, message: String? = nil, confirm: String? = nil,
                cancel: String? = nil) {
        self.title = title
        self.message = message
        self.confirm = confirm
        self.cancel = cancel
    }
}

/// Expression text from a route file and where it was written, for positioned diagnostics.
public struct ExpressionSource: Sendable, Hashable {
    public var text: String
    public var range: SourceRange?
    public var style: Node.ScalarStyle

    /// Expression text, with where and how it was written when it comes from a route file.
    ///
    /// ```swift
    /// let when = ExpressionSource("type == 3") // no position: diagnostics point at no file
    /// ```
    public init(_ text: String, range: SourceRange? = nil, style: Node.ScalarStyle = .plain) {
        self.text = text
        self.range = range
        self.style = style
    }
}
