extension Navigator {
    /// What one event did: its outcome and the commands for the app adapter, in order.
    ///
    /// JSON form (`jsonValue`, `init(json:)`), as `routecheck simulate` prints it (keys in
    /// `JSONKeyOrder.spec`): `{"outcome":"unmatched","commands":[{"cmd":"clear_badge"}]}`.
    ///
    /// ```swift
    /// let step = navigator.send(.notification(["type": 3, "id": 42], .background))
    /// step.outcome   // .performed
    /// step.commands  // [.clearBadge, .push(tab: "home", ...)] with the example table
    /// ```
    public struct Step: Sendable, Hashable {
        /// How the event ended; `.unmatched` or `.ignored` means nothing was shown (an app may then
        /// show the system banner).
        public var outcome: Outcome
        /// What the adapter must do, in order.
        public var commands: [Command]

        /// A step; `send(_:)` makes them, tests and `routecheck test` compare them.
        ///
        /// ```swift
        /// let expected = Navigator.Step(outcome: .deferred, commands: [.clearBadge])
        /// ```
        public init(outcome: Outcome, commands: [Command] = []) {
            self.outcome = outcome
            self.commands = commands
        }
    }

    /// How an event ended, written in JSON as its snake_case raw value.
    ///
    /// ```swift
    /// Navigator.Outcome.awaitingLogin.rawValue // "awaiting_login"
    /// ```
    public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
        /// The route was performed (possibly as nothing more than a `reload`, or no command at all
        /// when the UI already shows it).
        case performed
        /// Held until `ready`.
        case deferred
        /// An alert is up; the route waits for the answer.
        case alerted
        /// The login screen is up; the route waits for the login.
        case awaitingLogin = "awaiting_login"
        /// A foreground notification whose route says `foreground: ignore`.
        case ignored
        /// No rule matched, and the table has no fallback or its fallback cannot be performed
        /// (a param or the login user cannot be computed from the payload).
        case unmatched
        /// The route was dropped: the alert or the login was cancelled, or login is needed and the
        /// table names no login screen.
        case dropped
        /// The route is addressed to another user than the one logged in (or logging in).
        case rejectedUserMismatch = "rejected_user_mismatch"
        /// The event decides nothing: `ui_state`, `logout`, a `launch` without a payload, a `ready`
        /// with nothing held, an answer or a login with nothing waiting.
        case none
    }
}
