/// The order `JSONWriter` writes an object's keys in: some keys first, in a given order, and the
/// rest after them sorted by their UTF-8 bytes. Either way the same value gives the same text.
///
/// ``spec`` is SPEC's order for what `routecheck` prints — `cmd` first and then a command's
/// fields as SPEC lists them, an event's `event` first and then its fields, `outcome` before
/// `commands`, `rule` before `index`, a diagnostic's `file`, `line`, `column`, `end_line`,
/// `end_column`, `severity`, `code`, `message` — so that output reads as SPEC shows it. The order
/// applies at every depth, so a screen param or payload key that happens to share one of these
/// names comes first among its siblings; the output is the same for the same value all the same.
///
/// ```swift
/// let push: JSONValue = ["cmd": "push", "tab": "home", "screen": "detail", "params": [:], "hides_bottom_bar": true]
/// JSONWriter.write(push, keyOrder: .spec)
/// // {"cmd":"push","tab":"home","screen":"detail","params":{},"hides_bottom_bar":true}
/// ```
public struct JSONKeyOrder: Sendable {
    private let ranks: [CodePointKey: Int]

    /// `leading` keys first, in this order; all other keys after them, by their UTF-8 bytes.
    ///
    /// ```swift
    /// let order = JSONKeyOrder(leading: ["name"]) // {"name":…,"a":…,"b":…}
    /// ```
    public init(leading: [String]) {
        var ranks: [CodePointKey: Int] = [:]
        for (rank, key) in leading.enumerated() where ranks[CodePointKey(key)] == nil { ranks[CodePointKey(key)] = rank }
        self.ranks = ranks
    }

    /// Every key by its UTF-8 bytes.
    public static let bytes = JSONKeyOrder(leading: [])

    /// SPEC's order for `routecheck`'s output (§6 events and commands, §7 `eval`, `simulate` and
    /// diagnostics).
    /// One list serves every kind of object, so keys that two kinds share keep one relative
    /// order: `title` < `message` < `confirm` (an alert) and `code` < `message` (a diagnostic).
    public static let spec = JSONKeyOrder(leading: [
        "cmd", "event", "payload", "app_state", "required", "user", "selected_tab", "stacks", "modals",
        "outcome", "commands", "rule", "tab", "index", "screen", "params", "hides_bottom_bar",
        "embed_in_navigation", "expected_user", "file", "line", "column", "end_line", "end_column",
        "title", "severity", "code", "message", "confirm", "cancel", "diagnostics", "summary",
        "tables", "files", "rules", "errors", "warnings",
    ])

    /// `keys` in this order.
    func sorted(_ keys: some Sequence<String>) -> [String] {
        keys.sorted { first, second in
            let firstRank = ranks[CodePointKey(first)] ?? Int.max
            let secondRank = ranks[CodePointKey(second)] ?? Int.max
            if firstRank != secondRank { return firstRank < secondRank }
            return first.utf8.lexicographicallyPrecedes(second.utf8)
        }
    }
}
