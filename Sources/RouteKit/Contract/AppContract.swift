/// What an app version implements, owned by the app: its tabs in tab bar order, its login screen,
/// and the screens it can show, each with how it can be shown and the params it takes (SPEC §10,
/// `schemas/contract.schema.json`).
///
/// A route table delivered without an app release must not name anything this app version lacks:
/// `mismatches(in:)` lists what a table uses that the contract does not have, and
/// `CompiledTableFormat.decode(_:contract:)` refuses such a table.
///
/// ```swift
/// let contract = try AppContract(json: Array(#"""
///     {"contract": 1, "tabs": ["home", "me"], "login_screen": "login",
///      "screens": {"message_detail": {"show": ["push"], "params": {"id": "int"}},
///                  "login": {"show": ["present"]}}}
///     """#.utf8))
/// contract.mismatches(in: program.table).map(\.message) // [] when the table fits
/// ```
public struct AppContract: Sendable, Hashable {
    /// The contract format version this RouteKit reads and writes (`"contract": 1`).
    public static let currentVersion: Int64 = 1

    /// The largest contract file read, in bytes (1 MiB): a contract lists an app's screens, a few
    /// hundred at most, and a bound keeps a hostile file from taking memory.
    public static let maxBytes = 1024 * 1024

    /// The bounds a contract file is read under: its size, nesting (the format is four levels
    /// deep) and strings.
    static let readLimits = JSONReadLimits(maxBytes: maxBytes, maxDepth: 8, maxStringBytes: 64 * 1024)

    /// A screen the app implements.
    ///
    /// ```swift
    /// AppContract.AppScreen(name: "message_detail", show: [.push],
    ///                       params: [ScreenParam(name: "id", type: .int)])
    /// ```
    public struct AppScreen: Sendable, Hashable {
        /// The screen's name, as route tables name it (compared code point by code point).
        public var name: String
        /// The ways the app can show it; a table's screen must use one of them.
        public var show: [Screen.Presentation]
        /// The params the app's screen takes, sorted by name; a table's screen declares exactly
        /// these, with the same types.
        public var params: [ScreenParam]

        /// A screen shown in the `show` ways that takes `params`.
        ///
        /// ```swift
        /// let notice = AppContract.AppScreen(name: "notice", show: [.present])
        /// ```
        public init(name: String, show: [Screen.Presentation], params: [ScreenParam] = []) {
            self.name = name
            self.show = show
            self.params = params.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        }
    }

    /// The app's tab bar, in order: a table's tab at index `i` must be `tabs[i]`.
    public var tabs: [String]
    /// The screen the app presents to log in; nil when the app has none.
    public var loginScreen: String?
    /// The screens the app implements, sorted by name.
    public private(set) var screens: [AppScreen]
    /// `screens` by name, for lookups by the tables it is checked against.
    private var screenPositions: [CodePointKey: Int]

    /// A contract of `tabs`, `loginScreen` and `screens`.
    ///
    /// ```swift
    /// let contract = AppContract(tabs: ["home", "me"], loginScreen: "login",
    ///                            screens: [AppContract.AppScreen(name: "login", show: [.present])])
    /// ```
    public init(tabs: [String], loginScreen: String? = nil, screens: [AppScreen]) {
        self.tabs = tabs
        self.loginScreen = loginScreen
        self.screens = screens.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        screenPositions = [:]
        for (position, screen) in self.screens.enumerated() where screenPositions[CodePointKey(screen.name)] == nil {
            screenPositions[CodePointKey(screen.name)] = position
        }
    }

    /// The app's screen named exactly `name` (code point by code point, as JSON and the route
    /// files compare names), or nil.
    ///
    /// ```swift
    /// contract.screen(named: "message_detail")?.show // [.push]
    /// ```
    public func screen(named name: String) -> AppScreen? {
        screenPositions[CodePointKey(name)].map { screens[$0] }
    }
}
