/// A picture of a route table as data: its tabs and screens grouped the way the app shows them,
/// one node per rule (in table order) and the fallback, and edges from each rule to where it
/// leads. Renderers turn it into a graph language (`DOTRenderer`, `MermaidRenderer`).
///
/// Everything comes out in declaration order, so the same table always gives the same graph.
///
/// ```swift
/// let graph = RouteGraph.draw(program)
/// print(DOTRenderer.render(graph))
/// ```
public struct RouteGraph: Sendable, Hashable {
    /// What a node stands for; renderers choose a shape and style per kind.
    ///
    /// ```swift
    /// let graph = RouteGraph.draw(program)
    /// graph.nodes.filter { $0.kind == .rule }.count == program.rules.count // true: one node per rule
    /// ```
    public enum NodeKind: Sendable, Hashable {
        /// A tab of the tab bar (the root of its stack).
        case tab
        /// A screen pushed onto a navigation stack.
        case pushedScreen
        /// A screen presented modally.
        case modalScreen
        /// A rule's predicate.
        case rule
        /// What happens when no rule matches.
        case fallback
    }

    /// One box of the picture.
    ///
    /// ```swift
    /// RouteGraph.Node(id: "tab:home", kind: .tab, lines: ["home", "tab 0"])
    /// ```
    public struct Node: Sendable, Hashable {
        /// Unique in the graph and stable: `tab:home`, `screen:notice`, `rule:notice`, `fallback`.
        public var id: String
        /// What the node stands for, which decides its shape.
        public var kind: NodeKind
        /// The text of the box: a title line, then details.
        public var lines: [String]
        /// A screen that needs a logged-in user (`login: required` on the screen).
        public var loginGated: Bool
        /// The table's `login_screen`.
        public var isLoginScreen: Bool

        /// A node; neither login-gated nor the login screen unless told.
        ///
        /// ```swift
        /// let login = RouteGraph.Node(id: "screen:login", kind: .modalScreen, lines: ["login"],
        ///                             isLoginScreen: true)
        /// ```
        public init(id: String, kind: NodeKind, lines: [String], loginGated: Bool = false,
                    isLoginScreen: Bool = false) {
            self.id = id
            self.kind = kind
            self.lines = lines
            self.loginGated = loginGated
            self.isLoginScreen = isLoginScreen
        }
    }

    /// A titled box around nodes and smaller groups: the tab bar, one tab's stack, the modals.
    ///
    /// ```swift
    /// RouteGraph.Group(id: "modals", title: "modals", nodes: ["screen:notice"])
    /// ```
    public struct Group: Sendable, Hashable {
        /// Unique among groups and stable: `tabbar`, `tab0`, `modals`, `rules`.
        public var id: String
        /// The caption of the box, such as `tab bar`, `home stack`, `modals` or
        /// `rules, first match wins`.
        public var title: String
        /// The ids of the nodes directly inside, in order.
        public var nodes: [String]
        /// The groups nested directly inside, in order.
        public var groups: [Group]

        /// A group holding `nodes` (by id) and nested `groups`, both empty by default.
        ///
        /// ```swift
        /// let home = RouteGraph.Group(id: "tab0", title: "home", nodes: ["tab:home"])
        /// let tabBar = RouteGraph.Group(id: "tabbar", title: "tab bar", groups: [home])
        /// ```
        public init(id: String, title: String, nodes: [String] = [], groups: [Group] = []) {
            self.id = id
            self.title = title
            self.nodes = nodes
            self.groups = groups
        }
    }

    /// What an edge shows.
    ///
    /// ```swift
    /// graph.edges.filter { $0.kind == .login }.map(\.from) // the rules (and fallback) that need a login
    /// ```
    public enum EdgeKind: Sendable, Hashable {
        /// From a rule (or the fallback) to where it leads first.
        case route
        /// From one pushed screen to the next one of the same back stack, or to a screen
        /// presented on top of it.
        case backStack
        /// From a rule (or the fallback) to the login screen it shows when nobody is logged in.
        case login
    }

    /// An arrow between two nodes.
    ///
    /// ```swift
    /// RouteGraph.Edge(from: "rule:notice", to: "screen:notice", kind: .route, lines: ["present"])
    /// ```
    public struct Edge: Sendable, Hashable {
        /// The id of the node the arrow starts at.
        public var from: String
        /// The id of the node the arrow points to.
        public var to: String
        /// What the arrow shows, which decides its style.
        public var kind: EdgeKind
        /// The label, one entry per line; empty for none.
        public var lines: [String]

        /// An arrow from node id `from` to node id `to`, labelled with `lines`.
        ///
        /// ```swift
        /// let back = RouteGraph.Edge(from: "screen:inbox", to: "screen:message_detail", kind: .backStack)
        /// ```
        public init(from: String, to: String, kind: EdgeKind, lines: [String] = []) {
            self.from = from
            self.to = to
            self.kind = kind
            self.lines = lines
        }
    }

    /// Every node, in order: tabs, screens, rules, fallback.
    public var nodes: [Node]
    /// The top-level groups, in order.
    public var groups: [Group]
    /// Every arrow, in order.
    public var edges: [Edge]

    /// A graph from its parts; `draw(_:)` makes one from a program.
    ///
    /// ```swift
    /// let home = RouteGraph.Node(id: "tab:home", kind: .tab, lines: ["home"])
    /// let graph = RouteGraph(nodes: [home], groups: [], edges: [])
    /// ```
    public init(nodes: [Node], groups: [Group], edges: [Edge]) {
        self.nodes = nodes
        self.groups = groups
        self.edges = edges
    }

    /// The node with `id`, if any.
    ///
    /// ```swift
    /// graph.node("tab:home")?.lines // ["home", "tab 0"]
    /// ```
    public func node(_ id: String) -> Node? { nodes.first { $0.id == id } }

    /// Nodes that belong to no group, in order (none when drawn by `draw`).
    ///
    /// ```swift
    /// graph.ungroupedNodes.isEmpty // true
    /// ```
    public var ungroupedNodes: [Node] {
        var grouped: Set<String> = []
        func collect(_ group: Group) {
            grouped.formUnion(group.nodes)
            group.groups.forEach(collect)
        }
        groups.forEach(collect)
        return nodes.filter { !grouped.contains($0.id) }
    }

    /// Node ids for a table's names: tabs and screens may share a name, so each has a prefix.
    ///
    /// ```swift
    /// RouteGraph.NodeID.screen("notice") // "screen:notice"
    /// ```
    public enum NodeID {
        /// The id of a tab's node: `tab:` and the name.
        ///
        /// ```swift
        /// RouteGraph.NodeID.tab("home") // "tab:home"
        /// ```
        public static func tab(_ name: String) -> String { "tab:" + name }
        /// The id of a screen's node: `screen:` and the name.
        ///
        /// ```swift
        /// RouteGraph.NodeID.screen("notice") // "screen:notice"
        /// ```
        public static func screen(_ name: String) -> String { "screen:" + name }
        /// The id of a rule's node: `rule:` and the name.
        ///
        /// ```swift
        /// RouteGraph.NodeID.rule("message-detail") // "rule:message-detail"
        /// ```
        public static func rule(_ name: String) -> String { "rule:" + name }
        /// The id of the fallback's node: `fallback`.
        public static let fallback = "fallback"
    }
}
