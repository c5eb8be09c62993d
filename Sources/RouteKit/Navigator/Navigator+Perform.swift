// Performing a route (SPEC §6 rule 4), and keeping the UI model in step with every command.
extension Navigator {
    /// Emits the commands that show the decision's action, after any alert and login.
    ///
    /// With `if_visible: reload` a target already on top with the same params is reloaded, never
    /// shown twice. Otherwise: `dismiss_modals` when the action touches a tab and a modal is up,
    /// `select_tab` when it changes, `pop_to_root` when the stack is deeper than its root, then the
    /// pushes in order and the presented screen on top of any modal. `table` is the one that made
    /// the decision: its screens' tabs and flags, and its tab indexes.
    mutating func perform(_ decision: Decision, in table: RouteTable, _ commands: inout [Command]) {
        guard let action = decision.action else { return }
        // Who the screens are shown to, when the route needed login for them (it is performed
        // only for a logged-in user).
        let viewer = needsLogin(decision, in: table) ? state.user : nil
        // A back stack is built on one tab, so that `push: [list, detail]` with only `detail`
        // on `home` puts `list` under it there, after one `select_tab` (SPEC §6.4's order).
        let workTab = table.stackTab(of: action.push.lazy.map(\.screen)) ?? action.tab ?? state.ui.selectedTab
        let touchesTab = action.tab != nil || action.popToRoot || !action.push.isEmpty
        let pushTabs = action.push.map { table.screen(named: $0.screen)?.tab ?? workTab }
        // Going to another tab with no modal to dismiss uncovers nothing on the one left.
        let leavesSelectedTab = touchesTab && workTab != state.ui.selectedTab && state.ui.modals.isEmpty
        conceal(tabs: touchesTab ? [workTab] + pushTabs : [], includingSelected: !leavesSelectedTab, &commands)
        let reloads = decision.ifVisible == .reload
        if reloads, let target = action.present, let top = state.ui.modals.last,
            isSame(top, target, in: table)
        {
            emit(.reload(screen: target.screen, params: target.params), &commands, shownTo: viewer)
            return
        }
        if reloads, action.present == nil, let target = action.push.last, let targetTab = pushTabs.last {
            if let top = state.ui.stack(of: targetTab).last, isSame(top, target, in: table) {
                if !state.ui.modals.isEmpty { emit(.dismissModals, &commands) }
                select(targetTab, in: table, &commands)
                emit(.reload(screen: target.screen, params: target.params), &commands, shownTo: viewer)
                return
            }
        }
        if touchesTab {
            if !state.ui.modals.isEmpty { emit(.dismissModals, &commands) }
            select(workTab, in: table, &commands)
        }
        if action.popToRoot, !state.ui.stack(of: workTab).isEmpty {
            emit(.popToRoot(tab: workTab), &commands)
        }
        for (entry, tab) in zip(action.push, pushTabs) {
            select(tab, in: table, &commands)
            let hides = table.screen(named: entry.screen)?.hidesBottomBar ?? false
            emit(.push(tab: tab, screen: entry.screen, params: entry.params, hidesBottomBar: hides),
                 &commands, shownTo: viewer)
        }
        if let modal = action.present {
            let embeds = table.screen(named: modal.screen)?.embedInNavigation ?? false
            emit(.present(screen: modal.screen, params: modal.params, embedInNavigation: embeds),
                 &commands, shownTo: viewer)
        }
    }

    /// Appends `command` and updates the UI model as if the adapter has performed it; `viewer`
    /// is who a pushed, presented or reloaded screen is shown to when its route needed login.
    mutating func emit(_ command: Command, _ commands: inout [Command], shownTo viewer: String? = nil) {
        commands.append(command)
        recordGating(of: command, shownTo: viewer)
        switch command {
        case .selectTab(let tab, _):
            state.ui.selectedTab = tab
        case .popToRoot(let tab):
            state.ui.popToRoot(tab)
        case .push(let tab, let screen, let params, _):
            state.ui.push(ScreenInstance(screen: screen, params: params), onto: tab)
        case .present(let screen, let params, _):
            state.ui.modals.append(ScreenInstance(screen: screen, params: params))
        case .dismissModals:
            state.ui.modals.removeAll()
        case .reload, .showAlert, .dismissAlert, .presentLogin, .dismissLogin, .clearBadge:
            // Alert and login are tracked by the phase; the rest leave the UI as it is.
            break
        }
    }

    private mutating func select(_ tab: String, in table: RouteTable, _ commands: inout [Command]) {
        guard tab != state.ui.selectedTab else { return }
        emit(.selectTab(tab, index: table.tabIndex(of: tab) ?? -1), &commands)
    }

    /// Same screen, and the same params once both are normalized to the screen's declared types
    /// (`"42"` and `42` are the same `int` param), numbers compared by value as CEL does (`1`
    /// and `1.0` are the same `any` param).
    private func isSame(_ shown: ScreenInstance, _ target: ScreenInstance, in table: RouteTable) -> Bool {
        shown.screen.hasSameScalars(as: target.screen)
            && JSONValue.membersEqualByValue(
                JSONObject(normalized(shown, in: table).params), JSONObject(normalized(target, in: table).params))
    }

    /// `snapshot` with every known screen's params normalized to their declared types.
    func normalized(_ snapshot: UISnapshot) -> UISnapshot {
        UISnapshot(selectedTab: snapshot.selectedTab,
                   stacks: snapshot.stacks.mapValues { $0.map { normalized($0, in: table) } },
                   modals: snapshot.modals.map { normalized($0, in: table) })
    }

    /// Params of a known screen normalized to their declared types; a value that cannot be
    /// normalized, or an undeclared param, is kept as it is (so it compares unequal to any
    /// normalized value, as it should).
    func normalized(_ instance: ScreenInstance, in table: RouteTable) -> ScreenInstance {
        guard let screen = table.screen(named: instance.screen), !screen.params.isEmpty else {
            return instance
        }
        let types = screen.paramTypes
        var result = instance
        for (name, value) in instance.params {
            guard let type = types[CodePointKey(name)], let normal = PayloadNormalizer.normalize(value, as: type)
            else { continue }
            result.params[name] = normal
        }
        return result
    }
}
