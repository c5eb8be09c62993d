extension Navigator {
    /// One thing the app adapter must do to its UI, in the order given.
    ///
    /// The navigator updates its model as if each command has been performed, so an adapter runs
    /// them all, in order, and reports the user's own moves with a `ui_state` event. JSON form
    /// (`jsonValue`, `init(json:)`):
    /// `{"cmd":"push","tab":"home","screen":"message_detail","params":{"id":42},"hides_bottom_bar":true}`.
    ///
    /// ```swift
    /// for command in navigator.send(event).commands {
    ///     switch command {
    ///     case .selectTab(_, let index): tabBarController.selectedIndex = index
    ///     case .clearBadge: application.applicationIconBadgeNumber = 0
    ///     default: break
    ///     }
    /// }
    /// ```
    public enum Command: Sendable, Hashable {
        /// Select `tab`, at `index` in the tab bar (`-1` if the table does not list the tab).
        case selectTab(String, index: Int)
        /// Pop `tab`'s navigation stack to its root.
        case popToRoot(tab: String)
        /// Push `screen` onto `tab`'s navigation stack.
        case push(tab: String, screen: String, params: [String: JSONValue], hidesBottomBar: Bool)
        /// Present `screen` modally, on top of any modal already up.
        case present(screen: String, params: [String: JSONValue], embedInNavigation: Bool)
        /// Dismiss every presented screen.
        case dismissModals
        /// Refresh the visible `screen` for a notification that leads to it again.
        case reload(screen: String, params: [String: JSONValue])
        /// Show the notification alert.
        case showAlert(AlertText)
        /// Close the alert the navigator asked for, unanswered.
        case dismissAlert
        /// Present the login screen; `expectedUser` is the only user the waiting route is for.
        case presentLogin(screen: String, expectedUser: String?)
        /// Close the login screen the navigator asked for.
        case dismissLogin
        /// Set the app icon badge to zero.
        case clearBadge

        /// The command's name in its JSON form, such as `"select_tab"`.
        ///
        /// ```swift
        /// Navigator.Command.dismissModals.name // "dismiss_modals"
        /// ```
        public var name: String {
            switch self {
            case .selectTab: "select_tab"
            case .popToRoot: "pop_to_root"
            case .push: "push"
            case .present: "present"
            case .dismissModals: "dismiss_modals"
            case .reload: "reload"
            case .showAlert: "show_alert"
            case .dismissAlert: "dismiss_alert"
            case .presentLogin: "present_login"
            case .dismissLogin: "dismiss_login"
            case .clearBadge: "clear_badge"
            }
        }

        /// Every command name of the JSON form, for messages and suggestions.
        public static let names = [
            "select_tab", "pop_to_root", "push", "present", "dismiss_modals", "reload",
            "show_alert", "dismiss_alert", "present_login", "dismiss_login", "clear_badge",
        ]
    }
}
