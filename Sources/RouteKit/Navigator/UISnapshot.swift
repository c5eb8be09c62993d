/// The navigator's model of the host app's UI: the selected tab, what is pushed above each tab's
/// root, and the modal stack.
///
/// A tab whose stack is empty is at its root; empty stacks are not stored, so two snapshots of the
/// same UI are equal however they were built. The alert and the login screen are not part of the
/// modal stack: the navigator tracks those itself (see `Navigator.Phase`).
///
/// ```swift
/// let ui = UISnapshot(selectedTab: "me",
///                     stacks: ["me": [ScreenInstance(screen: "my_messages")]])
/// ui.stack(of: "me").count   // 1
/// ui.stack(of: "home")       // [] (at its root)
/// ```
public struct UISnapshot: Sendable, Hashable {
    /// The tab shown in the tab bar, by name.
    public var selectedTab: String
    /// The presented screens, bottom first; the last one is on top.
    public var modals: [ScreenInstance]
    private var storedStacks: [String: [ScreenInstance]]

    /// A snapshot; empty stacks are the same as absent ones.
    ///
    /// ```swift
    /// let ui = UISnapshot(selectedTab: "home", stacks: ["home": []])
    /// ui == UISnapshot(selectedTab: "home") // true
    /// ```
    public init(selectedTab: String, stacks: [String: [ScreenInstance]] = [:],
                modals: [ScreenInstance] = []) {
        self.selectedTab = selectedTab
        self.modals = modals
        storedStacks = stacks.filter { !$0.value.isEmpty }
    }

    /// The UI as an app starts: the table's first tab selected, every stack at its root, no modal.
    ///
    /// ```swift
    /// UISnapshot(startingIn: table).selectedTab // "home"
    /// ```
    public init(startingIn table: RouteTable) {
        self.init(selectedTab: table.tabs.first ?? "")
    }

    /// Each tab's screens above its root, bottom first; tabs at their root are absent.
    public var stacks: [String: [ScreenInstance]] {
        get { storedStacks }
        set { storedStacks = newValue.filter { !$0.value.isEmpty } }
    }

    /// The screens pushed above `tab`'s root, bottom first; `[]` when the tab is at its root.
    ///
    /// ```swift
    /// ui.stack(of: "home").last?.screen // the screen on top of the home tab, if any
    /// ```
    public func stack(of tab: String) -> [ScreenInstance] {
        storedStacks[tab] ?? []
    }

    mutating func push(_ screen: ScreenInstance, onto tab: String) {
        storedStacks[tab, default: []].append(screen)
    }

    mutating func popToRoot(_ tab: String) {
        storedStacks[tab] = nil
    }
}
