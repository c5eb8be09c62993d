/// A checked route table: tabs, screens, payload fields, defaults and rules, in declaration order.
///
/// Built from YAML by `TableDecoder` (positions kept for diagnostics) or loaded from a compiled
/// table. Every name it holds refers to a declared tab or screen.
///
/// ```swift
/// let detail = table.screen(named: "message_detail")
/// let home = table.tabIndex(of: "home") // 0
/// ```
public struct RouteTable: Sendable {
    /// The route file format version this table was written in.
    public var version: Int
    /// Tab bar order: a tab's index is its position.
    public var tabs: [String]
    /// Where each of `tabs` is written, in the same order; empty when the table was not read
    /// from route files (an app contract's mismatches point here).
    public var tabRanges: [SourceRange]
    /// `login_screen`: presented when a route needs a logged-in user and nobody is; nil when not
    /// declared.
    public var loginScreen: String?
    /// Where `login_screen`'s value is written; nil when it was not read from a route file.
    public var loginScreenRange: Optional<SourceRange>  // spelled out: see `Action`
    /// `screens`: every screen a notification can open, in declaration order.
    public var screens: [Screen] {
        // Screens set after `init` are looked up by their new names.
        didSet { (screenNames, firstScreenPositions) = Self.index(screens) }
    }
    /// `payload`: the declared fields in declaration order, nested mappings flattened to dotted
    /// paths.
    public var payloadFields: [PayloadField]
    /// `defaults`: table-wide policies, with SPEC's values for keys left out.
    public var defaults: Defaults
    /// `routes`: the rules, in table order; the first that matches and can be performed wins.
    public var rules: [Rule]
    /// Performed when no rule matches; nil for `fallback: none`.
    public var fallback: Route?

    /// A table; version 1, without a login screen, payload fields or fallback, and SPEC's defaults
    /// unless told.
    ///
    /// ```swift
    /// let table = RouteTable(tabs: ["home"], screens: [Screen(name: "inbox", show: .push)], rules: [])
    /// table.tabIndex(of: "home") // 0
    /// ```
    public init(
        version: Int = 1, tabs: [String], loginScreen: String? = nil, screens: [Screen],
        payloadFields: [PayloadField] = [], defaults: Defaults = Defaults(), rules: [Rule],
        fallback: Route? = nil
    ) {
        self.version = version
        self.tabs = tabs
        tabRanges = []
        self.loginScreen = loginScreen
        loginScreenRange = nil
        self.screens = screens
        self.payloadFields = payloadFields
        self.defaults = defaults
        self.rules = rules
        self.fallback = fallback
        (screenNames, firstScreenPositions) = Self.index(screens)
    }

    /// The distinct names of `screens`, and where the first screen of each name is.
    private static func index(_ screens: [Screen]) -> (NameIndex, [Int]) {
        var names = NameIndex(minimumCapacity: screens.count)
        var positions: [Int] = []
        for (position, screen) in screens.enumerated() where names.insert(screen.name).inserted {
            positions.append(position)
        }
        return (names, positions)
    }

    /// Each distinct screen name once.
    private var screenNames: NameIndex
    /// For each of `screenNames`, the position in `screens` of the first screen declared with it.
    private var firstScreenPositions: [Int]

    /// The position in `screens` of the screen declared as `name` (the first, if declared twice).
    ///
    /// ```swift
    /// table.screenPosition(named: "message_detail").map { table.screens[$0].show } // .push
    /// ```
    func screenPosition(named name: String) -> Int? {
        screenNames.position(of: name).map { firstScreenPositions[$0] }
    }

    /// The screen declared as `name` (the first one, if declared twice), or nil.
    ///
    /// ```swift
    /// table.screen(named: "message_detail")?.show // .push
    /// ```
    public func screen(named name: String) -> Screen? {
        screenPosition(named: name).map { screens[$0] }
    }

    /// The params the screen declared as `name` declares, or nil when no screen is.
    ///
    /// ```swift
    /// table.params(ofScreen: "message_detail")?.map(\.name) // ["id"]
    /// ```
    func params(ofScreen name: String) -> [ScreenParam]? {
        screenPosition(named: name).map { screens[$0].params }
    }

    /// Whether any of the named screens is declared `login: required` (unknown names are not).
    ///
    /// ```swift
    /// table.anyRequiresLogin(action.steps.lazy.map(\.screen)) // true when one is gated
    /// ```
    func anyRequiresLogin(_ names: some Sequence<String>) -> Bool {
        names.contains(where: requiresLogin)
    }

    /// Whether a screen `action` shows is declared `login: required`; its steps are read in
    /// place (`Action.forEachStep`).
    ///
    /// ```swift
    /// table.anyRequiresLogin(of: rule.route.action) // true when one of its screens is gated
    /// ```
    func anyRequiresLogin(of action: Action) -> Bool {
        var found = false
        action.forEachStep { step, _ in found = found || requiresLogin(step.screen) }
        return found
    }

    private func requiresLogin(_ screen: String) -> Bool {
        screenPosition(named: screen).map { screens[$0].loginRequired } == true
    }

    /// The tab a back stack of the named screens is built on: the first tab one of them declares
    /// (screens without a tab go onto it too), or nil when none declares one.
    ///
    /// ```swift
    /// table.stackTab(of: ["list", "message_detail"]) // "home" when only the detail declares it
    /// ```
    func stackTab(of names: some Sequence<String>) -> String? {
        for name in names {
            if let tab = screenPosition(named: name).flatMap({ screens[$0].tab }) { return tab }
        }
        return nil
    }

    /// The position of tab `name` in the tab bar, or nil when it is not a tab.
    ///
    /// ```swift
    /// table.tabIndex(of: "me") // 2 for `tabs: [home, discover, me]`
    /// ```
    public func tabIndex(of name: String) -> Int? { tabs.firstIndex { $0.hasSameScalars(as: name) } }

    /// Declared payload fields as the expression checker and the normalizer want them: type by
    /// path, paths compared by code points (`d.\u{E9}` and `d.e\u{301}` are two fields).
    ///
    /// ```swift
    /// table.fieldTypes["type"] // .int
    /// ```
    public var fieldTypes: [CodePointKey: FieldType] {
        Dictionary(payloadFields.map { (CodePointKey($0.path), $0.type) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A declared payload field: a path such as `type` or `aps.badge`, and its type.
///
/// ```swift
/// // payload: {type: int, aps: {badge: int}}
/// table.payloadFields.map(\.path) // ["type", "aps.badge"]
/// ```
public struct PayloadField: Sendable, Hashable {
    /// The dotted path from the payload's top level: `type`, `aps.badge`.
    public var path: String
    /// The declared type; the payload's value is converted to it before any rule reads it.
    public var type: FieldType
    /// Where the field's key is written; nil when the field was not read from a route file.
    public var range: SourceRange?

    /// A field declared at `path` with `type`; `range` is where its key was written.
    ///
    /// ```swift
    /// let badge = PayloadField(path: "aps.badge", type: .int)
    /// ```
    public init(path: String, type: FieldType, range: SourceRange? = nil) {
        self.path = path
        self.type = type
        self.range = range
    }
}
