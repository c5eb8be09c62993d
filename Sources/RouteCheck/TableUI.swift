import RouteKit

/// Reads UI snapshots and events written by hand (`--ui`, an event file, a test file's `ui:` and
/// scenario events) against a table: `selected_tab` defaults to the table's first tab, and a tab
/// the table does not declare is an error.
///
/// The library's `UISnapshot(json:)` knows no table, and accepts any tab name: an adapter reports
/// what the app shows. Here the names were typed by a person, so `selected_tab: mee` is a typo
/// to point at, not a tab with no routes.
///
/// ```swift
/// let ui = try TableUI.snapshot(["stacks": ["me": ["my_messages"]]], table: table)
/// ui.selectedTab // "home", the table's first tab
/// try TableUI.event(["event": "ui_state", "selected_tab": "mee"], table: table)
/// // throws: unknown tab 'mee' in 'ui_state' event; did you mean 'me'?
/// ```
enum TableUI {
    /// A UI snapshot from its JSON form, as `--ui` and a test's `ui:` give it.
    static func snapshot(_ json: JSONValue, table: RouteTable) throws -> UISnapshot {
        let snapshot = try UISnapshot(json: withDefaultTab(json, table: table))
        try checkTabs(of: snapshot, json, in: "UI snapshot", table: table)
        return snapshot
    }

    /// An event from its JSON form; a `ui_state` event is read as `snapshot` reads a UI.
    static func event(_ json: JSONValue, table: RouteTable) throws -> NavigatorEvent {
        guard case .object(let members) = json, members["event"] == .string("ui_state") else {
            return try NavigatorEvent(json: json)
        }
        let event = try NavigatorEvent(json: withDefaultTab(json, table: table))
        if case .uiState(let snapshot) = event {
            try checkTabs(of: snapshot, json, in: "'ui_state' event", table: table)
        }
        return event
    }

    private static func withDefaultTab(_ json: JSONValue, table: RouteTable) -> JSONValue {
        guard case .object(var members) = json, members["selected_tab"] == nil else { return json }
        members["selected_tab"] = .string(table.tabs.first ?? "")
        return .object(members)
    }

    /// `json` is the snapshot's JSON form: a tab with an empty stack is not in `snapshot`.
    private static func checkTabs(of snapshot: UISnapshot, _ json: JSONValue, in context: String,
                                  table: RouteTable) throws {
        try check(snapshot.selectedTab, "selected_tab", in: context, table: table, path: ["selected_tab"])
        guard case .object(let members) = json, case .object(let stacks)? = members["stacks"] else { return }
        // Sorted, so that of several unknown tabs the same one is named every time.
        for tab in stacks.keys.sorted() {
            try check(tab, "stacks", in: context, table: table, path: ["stacks", tab], isKey: true)
        }
    }

    private static func check(_ tab: String, _ key: String, in context: String, table: RouteTable,
                              path: [String], isKey: Bool = false) throws {
        guard table.tabIndex(of: tab) == nil else { return }
        var message = "unknown tab '\(tab)' in '\(key)' of \(context)"
        if let close = Suggestion.closest(to: tab, in: table.tabs) {
            message += "; did you mean '\(close)'?"
        } else if table.tabs.isEmpty {
            message += "; the table declares no tabs"
        } else {
            message += "; the table's tabs are \(table.tabs.joined(separator: ", "))"
        }
        throw NavigatorJSONError(message, path: path, isKey: isKey)
    }
}
