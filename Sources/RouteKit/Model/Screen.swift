/// A screen of the app and how it is shown.
///
/// ```swift
/// let detail = Screen(name: "message_detail", show: .push, tab: "home",
///                     params: [ScreenParam(name: "id", type: .int)], hidesBottomBar: true)
/// ```
public struct Screen: Sendable, Hashable {
    /// Pushed onto a tab's navigation stack, or presented modally.
    ///
    /// ```swift
    /// Screen.Presentation(rawValue: "present") // .present, as `show: present` spells it
    /// table.screens.filter { $0.show == .present }.map(\.name) // the modal screens
    /// ```
    public enum Presentation: String, Sendable, Hashable, CaseIterable {
        /// `show: push`: pushed onto a tab's navigation stack.
        case push
        /// `show: present`: presented modally.
        case present
    }

    /// The key under `screens:`; rules, commands and the graph name the screen by it.
    public var name: String
    /// `show`: rules may only `push` a pushed screen and `present` a presented one.
    public var show: Presentation
    /// The tab whose stack a pushed screen goes onto; nil pushes onto the selected tab.
    public var tab: Optional<String>  // spelled out: see `Action`
    /// `params`: the declared parameters, in declaration order; every rule that shows the screen
    /// gives each one.
    public var params: [ScreenParam]
    /// `hides_bottom_bar`: hide the tab bar while this pushed screen is shown
    /// (`hidesBottomBarWhenPushed`).
    public var hidesBottomBar: Bool
    /// `embed_in_navigation`: wrap this presented screen in a navigation controller, with a close
    /// button.
    public var embedInNavigation: Bool
    /// `login: required` on the screen: every route that shows it needs a logged-in user.
    public var loginRequired: Bool
    /// Where the screen is declared; nil when it was not read from a route file.
    public var range: Optional<SourceRange>  // spelled out: see `Action`
    /// Where its `show` value is written; nil when it was not read from a route file.
    public var showRange: Optional<SourceRange>

    /// A screen shown as `show`; the rest defaults to no tab, no params and every flag off.
    ///
    /// ```swift
    /// let compose = Screen(name: "compose", show: .present, embedInNavigation: true)
    /// ```
    public init(
        name: String, show: Presentation, tab: String? = nil, params: [ScreenParam] = [],
        hidesBottomBar: Bool = false, embedInNavigation: Bool = false, loginRequired: Bool = false,
        range: SourceRange? = nil, showRange: SourceRange? = nil
    ) {
        self.name = name
        self.show = show
        self.tab = tab
        self.params = params
        self.hidesBottomBar = hidesBottomBar
        self.embedInNavigation = embedInNavigation
        self.loginRequired = loginRequired
        self.range = range
        self.showRange = showRange
    }

    /// The declared param types by name (compared by code points), for normalizing params before
    /// comparing them.
    ///
    /// ```swift
    /// screen.paramTypes[CodePointKey("id")] // .int
    /// ```
    public var paramTypes: [CodePointKey: FieldType] {
        Dictionary(params.map { (CodePointKey($0.name), $0.type) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A declared screen parameter.
///
/// ```swift
/// let id = ScreenParam(name: "id", type: .int)
/// Screen(name: "message_detail", show: .push, params: [id]).paramTypes // ["id": .int]
/// ```
public struct ScreenParam: Sendable, Hashable {
    /// The key under the screen's `params`.
    public var name: String
    /// The declared type; a rule's value is converted to it before the app receives it.
    public var type: FieldType
    /// Where the param's name is written; nil when it was not read from a route file.
    public var range: Optional<SourceRange>  // spelled out: see `Action`

    /// A param named `name` of type `type`, declared at `range` when read from a route file.
    ///
    /// ```swift
    /// let ids = ScreenParam(name: "ids", type: .list(.int))
    /// ```
    public init(name: String, type: FieldType, range: SourceRange? = nil) {
        self.name = name
        self.type = type
        self.range = range
    }
}
