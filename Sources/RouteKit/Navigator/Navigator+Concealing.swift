// Keeping login-gated screens from the wrong eyes (SPEC §6.3: "No sequence of events may show a
// login-gated screen to a logged-out user or another user's screen to the wrong user").
//
// A screen a route needed login for stays in the UI after a `logout` or a login as someone else:
// the app decides what a logout shows. The navigator must then not uncover it with its own
// commands — a `select_tab` of its tab, a `dismiss_modals` or `dismiss_login` above it, or a push
// or present that the user can go back from onto it. So it remembers who each such screen was
// shown to, and before a command could uncover one for anybody else it pops that tab to its root
// (`pop_to_root`, named by tab, works on a tab that is not selected) or dismisses the modals.
extension Navigator {
    /// Where a screen is in the UI model: a position in a tab's stack (0 is the first screen
    /// above the root), or in the modal stack.
    ///
    /// ```swift
    /// let place = Navigator.ScreenPlace(tab: "me", position: 0) // the first screen pushed on "me"
    /// ```
    public struct ScreenPlace: Sendable, Hashable {
        /// The tab whose stack holds the screen; nil for the modal stack.
        public var tab: String?
        /// The screen's position in that stack, bottom first.
        public var position: Int

        /// The place of the screen at `position` in `tab`'s stack, or in the modal stack.
        ///
        /// ```swift
        /// let topModal = Navigator.ScreenPlace(tab: nil, position: 0)
        /// ```
        public init(tab: String?, position: Int) {
            self.tab = tab
            self.position = position
        }
    }

    /// Pops every tab of `tabs`, and the selected tab unless `includingSelected` is false, that
    /// holds a gated screen the logged-in user may not see; then dismisses the modals when one
    /// of them is such a screen. Called before any command that could uncover a screen; does
    /// nothing in the usual case.
    mutating func conceal(tabs: some Sequence<String>, includingSelected: Bool = true,
                          _ commands: inout [Command]) {
        // Popping a tab forgets its gated screens, so a tab named twice is popped once.
        for tab in (includingSelected ? [state.ui.selectedTab] : []) + tabs where holdsHidden(tab: tab) {
            emit(.popToRoot(tab: tab), &commands)
        }
        if holdsHidden(tab: nil) { emit(.dismissModals, &commands) }
    }

    /// Whether the stack of `tab` (the modal stack for nil) holds a gated screen the logged-in
    /// user may not see.
    private func holdsHidden(tab: String?) -> Bool {
        state.gatedScreens.contains { place, viewer in
            // Code point by code point, as user ids are compared everywhere.
            place.tab == tab && state.user.map { viewer.hasSameScalars(as: $0) } != true
        }
    }

    /// Keeps `state.gatedScreens` in step with a command the adapter performs; `viewer` is the
    /// user a pushed, presented or reloaded screen is shown to, nil when it needs no login.
    mutating func recordGating(of command: Command, shownTo viewer: String?) {
        switch command {
        case .push(let tab, _, _, _):
            record(ScreenPlace(tab: tab, position: state.ui.stack(of: tab).count), viewer)
        case .present:
            record(ScreenPlace(tab: nil, position: state.ui.modals.count), viewer)
        case .reload:
            // The screen on top is shown again, for the route that reloads it.
            let topModal = state.ui.modals.count - 1
            let place = topModal >= 0
                ? ScreenPlace(tab: nil, position: topModal)
                : ScreenPlace(tab: state.ui.selectedTab, position: state.ui.stack(of: state.ui.selectedTab).count - 1)
            record(place, viewer)
        case .popToRoot(let tab):
            state.gatedScreens = state.gatedScreens.filter { $0.key.tab != tab }
        case .dismissModals:
            state.gatedScreens = state.gatedScreens.filter { $0.key.tab != nil }
        case .selectTab, .showAlert, .dismissAlert, .presentLogin, .dismissLogin, .clearBadge:
            break
        }
    }

    private mutating func record(_ place: ScreenPlace, _ viewer: String?) {
        state.gatedScreens[place] = viewer
    }

    /// The gated screens of a UI the app reports: those the navigator showed that are still
    /// where it showed them, with nothing new below. A screen the app put there itself is the
    /// app's to show: it knows who is logged in better than a navigator it may not have told.
    func gatedScreens(of reported: UISnapshot) -> [ScreenPlace: String] {
        var gated: [ScreenPlace: String] = [:]
        func carry(_ entries: [ScreenInstance], was previous: [ScreenInstance], tab: String?) {
            for (position, entry) in zip(entries, previous).enumerated() {
                guard entry.0 == entry.1 else { return }
                let place = ScreenPlace(tab: tab, position: position)
                gated[place] = state.gatedScreens[place]
            }
        }
        for (tab, stack) in reported.stacks { carry(stack, was: state.ui.stack(of: tab), tab: tab) }
        carry(reported.modals, was: state.ui.modals, tab: nil)
        return gated
    }
}
