import RouteKit

/// A stand-in for the app adapter: applies the navigator's commands to its own model of the UI,
/// written independently of the navigator, and reports any command that makes no sense for the UI
/// as it is (`pop_to_root` at the root, `dismiss_alert` with no alert up, a second login, …).
struct UISimulator {
    var selectedTab: String
    var stacks: [String: [ScreenInstance]] = [:]
    var modals: [ScreenInstance] = []
    var alertUp = false
    var loginUp = false
    /// The table whose screens and login screen commands are checked against: the one that
    /// decided the route being performed (`InvariantHarness` sets it when tables are swapped).
    var table: RouteTable

    init(table: RouteTable, ui: UISnapshot? = nil) {
        self.table = table
        selectedTab = table.tabs.first ?? ""
        if let ui { show(ui) }
    }

    var snapshot: UISnapshot {
        UISnapshot(selectedTab: selectedTab, stacks: stacks, modals: modals)
    }

    /// What the real UI does on its own when the event happens, before any command arrives.
    mutating func observe(_ event: NavigatorEvent) {
        switch event {
        case .launch:
            self = UISimulator(table: table)
        case .alertConfirmed, .alertCancelled:
            alertUp = false  // an answered alert closes itself
        case .uiState(let ui):
            show(ui)
        case .ready, .notification, .loginSucceeded, .loginCancelled, .logout:
            break
        }
    }

    /// Performs `command`; returns why it is inconsistent with the UI, if it is.
    mutating func apply(_ command: Navigator.Command) -> String? {
        switch command {
        case .selectTab(let tab, let index):
            guard tab != selectedTab else { return "select_tab to the selected tab '\(tab)'" }
            guard table.tabs.indices.contains(index), table.tabs[index] == tab else {
                return "select_tab '\(tab)' with index \(index)"
            }
            selectedTab = tab
        case .popToRoot(let tab):
            guard !(stacks[tab] ?? []).isEmpty else { return "pop_to_root of '\(tab)' at its root" }
            stacks[tab] = nil
        case .push(let tab, let screen, let params, let hides):
            guard tab == selectedTab else {
                return "push onto '\(tab)' while '\(selectedTab)' is shown"
            }
            guard modals.isEmpty else { return "push under a modal" }
            guard hides == (table.screen(named: screen)?.hidesBottomBar ?? false) else {
                return "push of '\(screen)' with hides_bottom_bar \(hides)"
            }
            stacks[tab, default: []].append(ScreenInstance(screen: screen, params: params))
        case .present(let screen, let params, _):
            modals.append(ScreenInstance(screen: screen, params: params))
        case .dismissModals:
            guard !modals.isEmpty else { return "dismiss_modals with no modal" }
            modals = []
        case .reload(let screen, let params):
            let top = modals.last ?? stacks[selectedTab]?.last
            guard let top, top.screen == screen, top.params == params else {
                return "reload of '\(screen)' \(params) not on top"
            }
        case .showAlert:
            guard !alertUp, !loginUp else { return "show_alert while an alert or a login is up" }
            alertUp = true
        case .dismissAlert:
            guard alertUp else { return "dismiss_alert without an alert" }
            alertUp = false
        case .presentLogin(let screen, _):
            guard !alertUp, !loginUp else { return "present_login while an alert or a login is up" }
            guard screen == table.loginScreen else { return "present_login of '\(screen)'" }
            loginUp = true
        case .dismissLogin:
            guard loginUp else { return "dismiss_login without a login" }
            loginUp = false
        case .clearBadge:
            break
        }
        return nil
    }

    private mutating func show(_ ui: UISnapshot) {
        selectedTab = ui.selectedTab
        stacks = ui.stacks.mapValues { $0.map(normalized) }.filter { !$0.value.isEmpty }
        modals = ui.modals.map(normalized)
    }

    /// A reported screen's params as the app means them: the table declares `int` and `string`
    /// params, and the app may report an `int` as decimal text or an integral double, a `string`
    /// as an integer. Written apart from the navigator's normalizer, for the forms the tests use.
    private func normalized(_ instance: ScreenInstance) -> ScreenInstance {
        guard let screen = table.screen(named: instance.screen) else { return instance }
        var result = instance
        for param in screen.params {
            guard let value = instance.params[param.name] else { continue }
            switch (param.type, value) {
            case (.int, .string(let text)):
                if let number = Int64(text), text == String(number) {
                    result.params[param.name] = .int(number)
                }
            case (.int, .double(let number)):
                if let exact = Int64(exactly: number) { result.params[param.name] = .int(exact) }
            case (.string, .int(let number)):
                result.params[param.name] = .string(String(number))
            case (.string, .double(let number)):
                if let exact = Int64(exactly: number) {
                    result.params[param.name] = .string(String(exact))
                }
            default:
                break
            }
        }
        return result
    }
}
