/// Something that happened to the app, fed to `Navigator.send(_:)`.
///
/// Each case has a JSON form (SPEC §6), read by `init(json:)` and written by `jsonValue`:
/// `{"event":"notification","payload":{"type":3},"app_state":"background"}`.
///
/// ```swift
/// var navigator = Navigator(decider: compiledTable)
/// navigator.send(.launch(payload: ["type": 3, "id": 7]))   // deferred until ready
/// navigator.send(.ready)                                    // performed
/// navigator.send(.notification(["target": "notice"], .active))
/// ```
public enum NavigatorEvent: Sendable, Hashable {
    /// The app state a notification is handled in.
    ///
    /// Only `active` is treated differently (the route's `foreground` policy applies); inactive
    /// and background are both taps. The raw value is the JSON `app_state`.
    ///
    /// ```swift
    /// let step = navigator.send(.notification(["type": 3, "id": 42], .inactive)) // a tap: performed
    /// ```
    public enum AppState: String, Sendable, Hashable, Codable, CaseIterable {
        /// The notification arrived while the app was in the foreground.
        case active
        /// The user tapped it while the app was inactive.
        case inactive
        /// The user tapped it while the app was in the background.
        case background
    }

    /// The app (re)started, launched by tapping `payload` when there is one, with `user` logged in
    /// from a saved session. The UI is rebuilt from scratch and is not ready until `ready`.
    case launch(payload: JSONValue? = nil, user: String? = nil)
    /// The root UI exists: a notification held since `launch` is handled now, as if tapped.
    case ready
    /// A notification was opened (inactive, background) or arrived in the foreground (active).
    case notification(JSONValue, AppState)
    /// The user answered the notification alert with its confirm button ("View").
    case alertConfirmed
    /// The user answered the notification alert with its cancel button.
    case alertCancelled
    /// `user` logged in, on the login screen the navigator asked for or elsewhere in the app.
    case loginSucceeded(user: String)
    /// The user closed the login screen without logging in.
    case loginCancelled
    /// The user logged out. The UI is left as it is.
    case logout
    /// The user moved: a full snapshot of the UI as it is now.
    case uiState(UISnapshot)

    /// The event's name in its JSON form, such as `"login_succeeded"`.
    ///
    /// ```swift
    /// NavigatorEvent.alertConfirmed.name // "alert_confirmed"
    /// ```
    public var name: String {
        switch self {
        case .launch: "launch"
        case .ready: "ready"
        case .notification: "notification"
        case .alertConfirmed: "alert_confirmed"
        case .alertCancelled: "alert_cancelled"
        case .loginSucceeded: "login_succeeded"
        case .loginCancelled: "login_cancelled"
        case .logout: "logout"
        case .uiState: "ui_state"
        }
    }

    /// Every event name of the JSON form, for messages and suggestions.
    public static let names = [
        "launch", "ready", "notification", "alert_confirmed", "alert_cancelled", "login_succeeded",
        "login_cancelled", "logout", "ui_state",
    ]
}
