/// Where a payload leads: the matched rule (or the fallback, or nothing) and everything needed to
/// perform it.
///
/// ```swift
/// let decision = compiled.decide(["type": 3, "id": 42]) // a CompiledTable (or a RoutingProgram)
/// if case .rule(let name, _) = decision.source { print(name) } // "message-detail"
/// ```
public struct Decision: Sendable, Hashable {
    /// What decided: a rule, the fallback, or nothing.
    ///
    /// ```swift
    /// Decision.unmatched.source // .none
    /// if case .rule(let name, let index) = decision.source { print(index, name) } // 0 message-detail
    /// ```
    public enum Source: Sendable, Hashable {
        /// The first rule that matched, by name and index in table order.
        case rule(name: String, index: Int)
        /// No rule matched (or none that matched could be performed); the table's `fallback` decided.
        case fallback
        /// No rule matched, and the table has no fallback or its fallback cannot be performed
        /// (a param or the login user cannot be computed from the payload).
        case none
    }

    /// What decided: a rule, the fallback, or nothing.
    public var source: Source {
        get { part({ $0.source }, { route, _ in route.source }) }
        set { self = Decision(source: newValue, copying: self) }
    }
    /// nil exactly when `source` is `.none`.
    ///
    /// A compiled table builds the screens' params when this is read (again on each read), from
    /// the payload the decision was made for (deciding has already checked that they can be
    /// computed).
    public var action: ResolvedAction? {
        get { part({ $0.action }, { route, inputs in route.action(inputs) }) }
        set { self = Decision(copying: self, action: newValue) }
    }
    /// Who must be logged in first: the rule's `login`, or `.required` when a screen it shows says
    /// `login: required`. A `{user: …}` requirement carries the id computed from the payload.
    public var login: LoginRequirement {
        get { part({ $0.login }, { route, inputs in route.login(inputs) }) }
        set { self = Decision(copying: self, login: newValue) }
    }
    /// What to do if the notification arrives while the app is active: the rule's `foreground`,
    /// else `defaults.foreground`. Taps ignore it: they always navigate.
    public var foreground: ForegroundPolicy {
        get { part({ $0.foreground }, { route, _ in route.foreground }) }
        set { self = Decision(copying: self, foreground: newValue) }
    }
    /// What to do when the target is already on top with the same params: the rule's
    /// `if_visible`, else `defaults.if_visible`.
    public var ifVisible: IfVisiblePolicy {
        get { part({ $0.ifVisible }, { route, _ in route.ifVisible }) }
        set { self = Decision(copying: self, ifVisible: newValue) }
    }
    /// The alert texts with `{path}` placeholders filled in from the payload.
    ///
    /// A compiled table fills them in when they are read (again on each read), not when it
    /// decides: most decisions are performed without an alert, and rendering was a fifth of a
    /// decision's cost.
    /// Reading gives the same texts either way (the differential tests compare them).
    public var alert: AlertText {
        get { part({ $0.alert }, { route, inputs in route.alert(inputs) }) }
        set { self = Decision(copying: self, alert: newValue) }
    }

    /// A part, read from whichever kind of decision this is.
    private func part<Part>(_ given: (GivenDecision) -> Part,
                            _ compiled: (SlotRoute, DecisionInputs) -> Part) -> Part {
        switch storage {
        case .given(let decision): given(decision)
        case .compiled(let route, let inputs): compiled(route, inputs)
        }
    }

    /// A compiled route's decision is the route (shared by every decision it makes) and what was
    /// read from the payload: a few words, so returning one through `decide` copies no texts,
    /// screens and params (building and copying those had been a sixth of a decision's time).
    private(set) var storage: DecisionStorage

    /// A decision; login, policies and alert default to none, `alert`, `reload` and the default texts.
    ///
    /// ```swift
    /// let decision = Decision(source: .fallback, action: ResolvedAction(tab: "home"))
    /// ```
    public init(source: Source, action: ResolvedAction?, login: LoginRequirement = .none,
                foreground: ForegroundPolicy = .alert, ifVisible: IfVisiblePolicy = .reload,
                alert: AlertText = AlertText()) {
        storage = .given(GivenDecision(source: source, action: action, login: login, foreground: foreground,
                                       ifVisible: ifVisible, alert: alert))
    }

    /// The decision `route` makes for a payload, from what was read from it.
    init(route: SlotRoute, inputs: DecisionInputs) {
        storage = .compiled(route, inputs)
    }

    /// `decision` with the parts given here changed: what a setter does.
    private init(source: Source? = nil, copying decision: Decision, action: ResolvedAction?? = nil,
                 login: LoginRequirement? = nil, foreground: ForegroundPolicy? = nil,
                 ifVisible: IfVisiblePolicy? = nil, alert: AlertText? = nil) {
        self.init(source: source ?? decision.source, action: action ?? decision.action,
                  login: login ?? decision.login, foreground: foreground ?? decision.foreground,
                  ifVisible: ifVisible ?? decision.ifVisible, alert: alert ?? decision.alert)
    }

    /// The decision for a payload that routes nowhere.
    public static let unmatched = Decision(source: .none, action: nil)

    /// Whether the payload routes somewhere (a rule or the fallback).
    public var routes: Bool { action != nil }

    /// Decisions are equal when everything they say is, the alert texts as read.
    public static func == (lhs: Decision, rhs: Decision) -> Bool {
        lhs.source == rhs.source && lhs.action == rhs.action && lhs.login == rhs.login
            && lhs.foreground == rhs.foreground && lhs.ifVisible == rhs.ifVisible && lhs.alert == rhs.alert
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(action)
        hasher.combine(login)
        hasher.combine(foreground)
        hasher.combine(ifVisible)
        hasher.combine(alert)
    }
}

/// An action with its params computed from the payload.
///
/// ```swift
/// if let action = decision.action, let target = action.present ?? action.push.last {
///     print(target.screen, target.params) // the screen the rule's `params` are for
/// }
/// ```
public struct ResolvedAction: Sendable, Hashable {
    // Optionals spelled out, as `Action`'s are (see there).

    /// The tab the action selects explicitly (`tab:`), if any.
    public var tab: Optional<String>
    /// Pop the tab to its root before pushing (`pop_to_root`); the navigator skips the pop when
    /// the stack is already at its root.
    public var popToRoot: Bool
    /// Screens pushed in order (a back stack when more than one).
    public var push: [ScreenInstance]
    /// The screen presented modally, on top of any modal and after the pushes; nil for none.
    public var present: Optional<ScreenInstance>

    /// An action; by default it selects no tab and shows no screen.
    ///
    /// ```swift
    /// ResolvedAction(tab: "home", push: [ScreenInstance(screen: "message_detail", params: ["id": 42])])
    /// ```
    public init(tab: String? = nil, popToRoot: Bool = false, push: [ScreenInstance] = [],
                present: ScreenInstance? = nil) {
        self.tab = tab
        self.popToRoot = popToRoot
        self.push = push
        self.present = present
    }
}

/// A screen with concrete params, normalized to the screen's declared param types.
///
/// ```swift
/// // Declared `id: int`: always `.int`, even when the backend sent "42".
/// guard case .int(let id) = screen.params["id"] else { return }
/// ```
public struct ScreenInstance: Sendable, Hashable {
    /// The name the table's `screens` declares, such as `"message_detail"`.
    public var screen: String
    /// The screen's params by name, each already converted to its declared type, so a view
    /// controller can match on one case (`.int`) without re-parsing.
    public var params: [String: JSONValue]

    /// A screen with its params, already of the types the screen declares.
    ///
    /// ```swift
    /// let detail = ScreenInstance(screen: "message_detail", params: ["id": 42])
    /// ```
    public init(screen: String, params: [String: JSONValue] = [:]) {
        self.screen = screen
        self.params = params
    }
}

/// Who must be logged in before a route is performed.
///
/// ```swift
/// switch decision.login {
/// case .none: break
/// case .required: print("anyone logged in")
/// case .user(let id): print("only \(id)") // another user logged in: rejected_user_mismatch
/// }
/// ```
public enum LoginRequirement: Sendable, Hashable {
    /// No login needed; the route is performed whoever is logged in, or nobody.
    case none
    /// Any logged-in user.
    case required
    /// Exactly this user (from `login: {user: …}`).
    case user(String)

    /// The requirement a `login.user` expression's value makes: a string that is not empty, or a
    /// whole number, as its integer text (backends send `"uid": 10086` as well as `"10086"`
    /// (SPEC §1), and an undeclared `uid` is not normalized to a string). An empty id names
    /// nobody — no login could satisfy it, and events and test files refuse one — so, like any
    /// other value, it makes the route impossible to perform (nil).
    static func user(computedAs value: Value) -> LoginRequirement? {
        switch value {
        case .string(let id) where !id.isEmpty: return .user(id)
        case .int(let number): return .user(String(number))
        case .double(let number) where number.isFinite && number.rounded(.towardZero) == number:
            return .user(PayloadNormalizer.text(of: number))
        default: return nil
        }
    }
}

/// The alert shown for a foreground notification, texts final.
///
/// ```swift
/// let texts = decision.alert // rendered from the payload when read
/// print(texts.message, "[\(texts.confirm)] [\(texts.cancel)]") // "Ann: see you at 5 [View] [Cancel]"
/// ```
public struct AlertText: Sendable, Hashable, Codable {
    /// Empty when the table gives none: show the alert without a title.
    public var title: String
    /// `{path}` placeholders already replaced; by default the push's own text (`{aps.alert}`).
    public var message: String
    /// The button that performs the route (`alert_confirmed`).
    public var confirm: String
    /// The button that drops the route (`alert_cancelled`).
    public var cancel: String

    /// Alert texts; by default an empty title and message, `View` and `Cancel`.
    ///
    /// ```swift
    /// let alert = AlertText(title: "New message", message: "Ann: see you at 5")
    /// alert.confirm // "View"
    /// ```
    public init(title: String = "", message: String = "", confirm: String = "View",
                cancel: String = "Cancel") {
        self.title = title
        self.message = message
        self.confirm = confirm
        self.cancel = cancel
    }
}

/// Anything that decides routes for a table: the compiled evaluator, or the reference interpreter.
///
/// The navigator asks its decider for every payload it handles.
///
/// A protocol so the navigator and `routecheck test` run on either evaluator unchanged; the
/// differential tests hold both to the same decisions.
///
/// ```swift
/// let decider: any RouteDecider = CompiledTable(program) // or `program` itself
/// var navigator = Navigator(decider: decider)
/// ```
public protocol RouteDecider: Sendable {
    /// The table decided for: the navigator reads its tabs, screens, login screen and defaults.
    var table: RouteTable { get }
    /// The first rule that matches and can be performed, else the fallback, else
    /// `Decision.unmatched`. Never fails: a declared field that cannot be converted counts as missing.
    ///
    /// ```swift
    /// let decision = decider.decide(["type": "3", "id": "42"])
    /// decision.action?.push.last?.params["id"] // .int(42) with `id: int` declared
    /// ```
    func decide(_ payload: JSONValue) -> Decision
}
