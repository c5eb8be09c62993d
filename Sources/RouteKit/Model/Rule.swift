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

    /// Unique in the table; decisions, explanations and diagnostics name the rule by it.
    public var name: String {
        get { fields.name }
        set { fields.name = newValue }
    }

    /// The predicate over the payload, as written; `TableChecker` parses and type-checks it.
    public var when: ExpressionSource {
        get { fields.when }
        set { fields.when = newValue }
    }

    /// What the rule does when `when` holds.
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

    /// Where the route leads: a tab, a pop to root, screens pushed or presented.
    public var action: Action {
        get { fields.action }
        set { fields.action = newValue }
    }

    /// The rule's own `login`; screens that say `login: required` add to it when checked.
    public var login: LoginRule {
        get { fields.login }
        set { fields.login = newValue }
    }

    /// nil: the table's default applies.
    public var foreground: ForegroundPolicy? {
        get { fields.foreground }
        set { fields.foreground = newValue }
    }

    /// nil: the table's default applies.
    public var ifVisible: IfVisiblePolicy? {
        get { fields.ifVisible }
        set { fields.ifVisible = newValue }
    }

    /// Alert texts this route overrides, key by key; the rest come from `defaults.alert`.
    public var alert: AlertOverride {
        get { fields.alert }
        set { fields.alert = newValue }
    }

    /// A route; no login of its own, and nil policies and empty overrides keep the table's defaults.
    ///
    /// ```swift
    /// let mine = Route(action: Action(push: [ScreenStep(screen: "my_messages")]), login: .required)
    /// ```
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
///
/// ```swift
/// // Back from message_detail leads to the inbox; the rule's `params` are message_detail's.
/// Action(tab: "home", push: [ScreenStep(screen: "inbox"), ScreenStep(screen: "message_detail")])
/// ```
public struct Action: Sendable, Hashable {
    // The stored optionals of the values made for every rule (this, `ScreenStep`, `AlertOverride`,
    // `Screen`, `CheckedRoute`, `ResolvedAction`) and of the diagnostics are spelled `Optional<…>`:
    // a `var` written `…?` starts as an implicit nil that the initializer then replaces, and for
    // such a struct Swift 6.3's optimizer left every initializer copying the whole value and
    // releasing the original on return (seen in the SIL, and reproduced alone): about 1% of
    // loading a large table.

    /// The tab to select (`tab`); nil keeps the selected one. A pushed screen's declared tab wins.
    public var tab: Optional<String>
    /// `pop_to_root`: pop the tab to its root first, so Back leads to the root.
    public var popToRoot: Bool
    /// Screens pushed in order (`push`), the last on top; more than one builds a back stack.
    public var push: [ScreenStep]
    /// The screen presented modally (`present`), after any pushes.
    public var present: Optional<ScreenStep>

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
///
/// ```swift
/// let step = ScreenStep(screen: "message_detail",
///                       params: [ParamBinding(name: "id", expression: ExpressionSource("id"))])
/// step.params[0].expression.text // "id"
/// ```
public struct ScreenStep: Sendable, Hashable {
    /// The name of a screen the table declares.
    public var screen: String
    /// Param name and the expression over the payload that gives its value, sorted by name.
    public var params: [ParamBinding]
    /// Where the screen's name is written, for diagnostics; nil for a step built in code.
    public var range: Optional<SourceRange>  // spelled out: see `Action`

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
///
/// ```swift
/// // params: {id: id}
/// table.rules[0].route.action.push.last?.params.map(\.name) // ["id"]
/// ```
public struct ParamBinding: Sendable, Hashable {
    /// The param's name, as the screen declares it.
    public var name: String
    /// Computes the value from the payload; it is converted to the param's declared type.
    public var expression: ExpressionSource

    /// Binds the param `name` to an expression over the payload.
    ///
    /// ```swift
    /// let id = ParamBinding(name: "id", expression: ExpressionSource("id"))
    /// ```
    public init(name: String, expression: ExpressionSource) {
        self.name = name
        self.expression = expression
    }
}

/// A rule's login requirement as written.
///
/// ```swift
/// let anyone = LoginRule.required                         // login: required
/// let addressee = LoginRule.user(ExpressionSource("uid")) // login: {user: uid}
/// ```
public enum LoginRule: Sendable, Hashable {
    /// No login needed (a screen's own `login: required` still applies).
    case none
    /// Someone must be logged in; anyone will do.
    case required
    // Indirect: most routes have no user, and every route would otherwise carry the 81 bytes
    // of an expression source inline.
    /// The logged-in user id must equal this expression's value.
    indirect case user(ExpressionSource)
}

/// What to do with a notification that arrives while the app is in the foreground.
///
/// Taps are not affected: they always navigate. The raw value is the YAML spelling.
///
/// ```swift
/// // A reminder is pointless while the app is open.
/// let reminder = Route(action: Action(push: [ScreenStep(screen: "session")]), foreground: .ignore)
/// ```
public enum ForegroundPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Show an alert with the route's texts; navigate only if the user confirms.
    case alert
    /// Navigate at once, as for a tap.
    case navigate
    /// Do nothing (outcome `ignored`); the notification is not kept for later.
    case ignore
}

/// What to do when the target screen is already on top with the same params.
///
/// Params are compared after conversion, so `"42"` and `42` are the same `int` param.
///
/// ```swift
/// let again = Route(action: Action(push: [ScreenStep(screen: "message_thread")]), ifVisible: .push)
/// ```
public enum IfVisiblePolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Send `reload` to the visible screen instead of showing it twice (see `RouteReloadable`).
    case reload
    /// Show it again, on top of the copy already visible.
    case push
}

/// Alert texts a rule overrides; nil keeps the table's default.
///
/// ```swift
/// let route = Route(action: Action(tab: "home"), alert: AlertOverride(title: "{sender.name}"))
/// route.alert.message // nil: `defaults.alert.message` applies
/// ```
public struct AlertOverride: Sendable, Hashable {
    // Optionals spelled out: see `Action`.

    /// nil keeps `defaults.alert.title`; `{path}` placeholders are filled from the payload.
    public var title: Optional<String>
    /// nil keeps `defaults.alert.message`.
    public var message: Optional<String>
    /// nil keeps `defaults.alert.confirm`.
    public var confirm: Optional<String>
    /// nil keeps `defaults.alert.cancel`.
    public var cancel: Optional<String>

    /// Overrides; each nil text keeps the table's default.
    ///
    /// ```swift
    /// let override = AlertOverride(title: "New message") // message and buttons stay the defaults
    /// ```
    public init(title: String? = nil, message: String? = nil, confirm: String? = nil,
                cancel: String? = nil) {
        self.title = title
        self.message = message
        self.confirm = confirm
        self.cancel = cancel
    }
}

/// Expression text from a route file and where it was written, for positioned diagnostics.
///
/// ```swift
/// table.rules[0].when.text // "type == 3" for `when: type == 3`
/// ExpressionSource("type == 3").range // nil: built in code
/// ```
public struct ExpressionSource: Sendable, Hashable {
    /// The scalar's value after YAML unquoting: what the checker parses.
    public var text: String
    /// Where the scalar is written; nil for an expression built in code, whose diagnostics then
    /// point at no file.
    public var range: SourceRange?
    /// How the scalar was written (plain, quoted, block); needed to map an offset in `text` back
    /// to a column in the file.
    public var style: Node.ScalarStyle
}

extension ExpressionSource {
    /// Expression text, with where and how it was written when it comes from a route file.
    ///
    /// ```swift
    /// let when = ExpressionSource("type == 3") // no position: diagnostics point at no file
    /// ```
    public init(_ text: String, range: SourceRange? = nil, style: Node.ScalarStyle = .plain) {
        // Through the memberwise initializer, as `Node`'s: assigned field by field, the value
        // was copied and its original released on return.
        self.init(text: text, range: range, style: style)
    }
}
