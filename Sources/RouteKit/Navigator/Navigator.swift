/// The navigation state machine: feed it events, perform the commands it returns (SPEC §6).
///
/// A pure value: `send(_:)` changes the navigator's `state` and returns a `Step` with the outcome
/// and the commands for the app adapter; nothing touches UIKit. The navigator updates its model of
/// the UI as if every command it returns has been performed, so the adapter must perform them all,
/// in order, and report the user's own moves with `.uiState`.
///
/// ```swift
/// var navigator = Navigator(decider: compiledTable, user: session.userID)
/// guard let payload = JSONValue(userInfo: userInfo) else { return } // not JSON: nothing to route
/// let step = navigator.send(.notification(payload, .background))
/// for command in step.commands { perform(command) } // all of them, in order
/// ```
///
/// The model (`State`): the UI (`UISnapshot`: selected tab, each tab's stack above its root, the
/// modal stack), the logged-in user, and the `Phase`: launching (with the route held until
/// `ready`), idle, an alert up or the login screen up (each with the route waiting behind it).
///
/// A notification is handled with these checks, in this order; the first that decides, ends it:
/// 1. `clear_badge` first when the table's `defaults.clear_badge` is on (also for a `launch`
///    with a payload), whatever happens next.
/// 2. No route (no rule, no fallback): `unmatched`; anything waiting stays.
/// 3. Launching (between `launch` and `ready`): the route is held, replacing a held one:
///    `deferred`. On `ready` it is handled as if tapped (app state inactive).
/// 4. Foreground policy: inactive and background navigate; active uses the route's policy, and
///    `ignore` gives `ignored`.
/// 5. A `{user: …}` route while another user is logged in: `rejected_user_mismatch`, no alert.
/// 6. Policy `alert`: `show_alert`, outcome `alerted`; `alert_confirmed` goes on at step 7 (the
///    user is checked again: it may have changed meanwhile), `alert_cancelled` drops the route.
/// 7. Login needed (the route's `login`, or `login: required` on a screen it shows) while logged
///    out: `present_login` with the table's login screen and the route's user: `awaiting_login`.
///    `login_succeeded` logs the user in, dismisses the login and goes on at step 5.
/// 8. Perform (see `Navigator+Perform.swift` for `if_visible` and the command order).
/// Steps 6 to 8 first close a waiting alert or login (`dismiss_alert`, `dismiss_login`): a newer
/// notification replaces what waits only when it leads to an alert, a login or a navigation.
///
/// Where SPEC §6 is silent, the navigator does this:
/// - Before any `launch` the UI counts as ready (an app that never sends `launch`, or a navigator
///   made after launch, just works), at the table's first tab unless `ui` says otherwise.
/// - `launch` resets everything: the UI to its starting state, nothing held or waiting, the user
///   to the launch's `user`. A second `ready`, or `ready` without `launch`, does nothing (`none`).
/// - A login-gated route while the login screen is up replaces the waiting route like any other:
///   `dismiss_login`, then `present_login` again, since its expected user may differ.
/// - `login_succeeded` with nothing waiting (the user logged in elsewhere in the app), or while an
///   alert is up, just records the user (`none`); the alert's route is checked against that user
///   when confirmed.
/// - `logout` forgets the user and leaves the UI alone, even a screen of that user: the app decides
///   what a logout shows. A waiting alert or login stays; a confirmed alert then asks for login.
///   The navigator's own commands never uncover such a screen for someone else: before one could
///   (a `select_tab` of its tab, a `dismiss_modals` or `dismiss_login` above it, a push or present
///   the user could go back from onto it), that tab is popped to its root or the modals dismissed.
/// - A route that needs login in a table without `login_screen` (a table the checker should
///   reject) is `dropped`: nothing is shown, what waits stays.
/// - A push goes onto its screen's declared tab, which wins over a conflicting action `tab`; a
///   screen without one onto the action's `tab`, else the selected tab. `pop_to_root` applies to
///   that same tab (the first pushed screen's).
/// - `ui_state` is taken as the truth, normalized to the screens' declared param types; names the
///   table does not know are kept as reported. Modals never include the alert or the login screen.
/// - `replaceDecider(_:)` (a table accepted without an app release) changes the table between
///   events: a route held, alerting or waiting for login is performed with the table that decided
///   it; everything after uses the new one.
public struct Navigator: Sendable {
    /// What the navigator knows about the app: its UI, its user, and what is held or waiting.
    ///
    /// ```swift
    /// if case .awaitingLogin(let route) = navigator.state.phase { print(route.payload) }
    /// ```
    public struct State: Sendable, Hashable {
        /// The host UI as the navigator believes it is after every command it returned.
        public var ui: UISnapshot
        /// The logged-in user; nil when logged out.
        public var user: String?
        /// What is held or waiting, if anything.
        public var phase: Phase
        /// The screens of `ui` the navigator showed for a route that needed login, and the user
        /// each was shown to: it uncovers none of them for anybody else
        /// (see `Navigator+Concealing.swift`).
        public var gatedScreens: [ScreenPlace: String] = [:]

        /// A state; the navigator makes its own, tests build expected ones.
        ///
        /// ```swift
        /// let start = Navigator.State(ui: UISnapshot(selectedTab: "home"), user: "u1")
        /// ```
        public init(ui: UISnapshot, user: String? = nil, phase: Phase = .idle) {
            self.ui = ui
            self.user = user
            self.phase = phase
        }
    }

    /// Where the navigator is between events.
    ///
    /// ```swift
    /// navigator.send(.launch(payload: ["type": 3, "id": 7]))
    /// navigator.state.phase // .launching(held: PendingRoute(payload: ["type": 3, "id": 7], ...))
    /// ```
    public enum Phase: Sendable, Hashable {
        /// After `launch`, before `ready`: the root UI does not exist yet. `held` is the latest
        /// notification that routes somewhere, handled on `ready`.
        case launching(held: PendingRoute?)
        /// The UI is ready and nothing is waiting.
        case idle
        /// The notification alert is up; the route waits for the answer.
        case alerting(PendingRoute)
        /// The login screen is up; the route waits for the login.
        case awaitingLogin(PendingRoute)
    }

    /// A notification that is held or waiting, with the decision made when it arrived.
    ///
    /// ```swift
    /// let payload: JSONValue = ["type": 0]
    /// let route = Navigator.PendingRoute(payload: payload, decision: decider.decide(payload))
    /// ```
    public struct PendingRoute: Sendable, Hashable {
        /// The notification's payload as it arrived, before normalization.
        public var payload: JSONValue
        /// What the decider made of `payload` when it arrived.
        public var decision: Decision
        /// The table of the decider that made `decision`, whose screens, tabs and login screen
        /// perform it even after `replaceDecider`; nil for a route made in code, which uses the
        /// navigator's. Not compared: two routes with the same payload and decision are equal.
        var table: RouteTable?

        /// A route for `payload` with the decision made for it.
        ///
        /// ```swift
        /// let held = Navigator.PendingRoute(payload: [:], decision: .unmatched)
        /// ```
        public init(payload: JSONValue, decision: Decision) {
            self.payload = payload
            self.decision = decision
            table = nil
        }

        public static func == (lhs: PendingRoute, rhs: PendingRoute) -> Bool {
            lhs.payload == rhs.payload && lhs.decision == rhs.decision
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(payload)
            hasher.combine(decision)
        }
    }

    /// Decides every payload; its table gives tabs, screens, the login screen and the defaults.
    /// `replaceDecider(_:)` changes it between events.
    public private(set) var decider: any RouteDecider
    /// The model: UI, user and phase, as of the last event.
    public internal(set) var state: State

    /// A navigator whose UI is ready, showing `ui` (default: the table's first tab, every stack at
    /// its root, no modal), with `user` logged in.
    ///
    /// ```swift
    /// var navigator = Navigator(decider: compiledTable, user: "u1")
    /// ```
    public init(decider: any RouteDecider, ui: UISnapshot? = nil, user: String? = nil) {
        self.decider = decider
        let start = ui ?? UISnapshot(startingIn: decider.table)
        state = State(ui: start, user: user, phase: .idle)
        state.ui = normalized(start)
    }

    /// The route table the decider decides for.
    public var table: RouteTable { decider.table }

    /// Decides every later notification with `decider`: a new route table, accepted without an
    /// app release (`TableUpdate`). Call it between two events.
    ///
    /// What is under way keeps the decision it was made with, and the table that made it: a
    /// route held for `ready`, an alert up and a login waiting are performed (or dropped) as
    /// they were decided, with that table's screens, tabs and login screen. The next
    /// notification, launch or `ui_state` uses the new table. The UI model and the logged-in
    /// user stay as they are.
    ///
    /// ```swift
    /// let table = try tables.accept(downloaded)
    /// navigator.replaceDecider(table.decider)
    /// ```
    public mutating func replaceDecider(_ decider: any RouteDecider) {
        self.decider = decider
    }

    /// Handles one event: updates the model and returns the outcome and the commands to perform.
    ///
    /// ```swift
    /// let step = navigator.send(.notification(["type": 3, "id": 42], .background))
    /// // step.outcome == .performed
    /// // step.commands == [.clearBadge,   // the example table sets clear_badge: true
    /// //                   .push(tab: "home", screen: "message_detail", ...)]  // home is selected
    /// ```
    public mutating func send(_ event: NavigatorEvent) -> Step {
        var commands: [Command] = []
        let outcome: Outcome
        switch event {
        case .launch(let payload, let user):
            outcome = launch(payload, user: user, &commands)
        case .ready:
            outcome = ready(&commands)
        case .notification(let payload, let appState):
            outcome = notification(payload, appState, &commands)
        case .alertConfirmed:
            outcome = alertConfirmed(&commands)
        case .alertCancelled:
            outcome = alertCancelled()
        case .loginSucceeded(let user):
            outcome = loginSucceeded(user, &commands)
        case .loginCancelled:
            outcome = loginCancelled(&commands)
        case .logout:
            state.user = nil
            outcome = .none
        case .uiState(let snapshot):
            let reported = normalized(snapshot)
            state.gatedScreens = gatedScreens(of: reported)
            state.ui = reported
            outcome = .none
        }
        return Step(outcome: outcome, commands: commands)
    }
}
