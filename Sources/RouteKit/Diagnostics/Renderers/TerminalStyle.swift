/// ANSI styles for colored diagnostics; every function returns `text` unchanged when disabled.
struct TerminalStyle: Sendable {
    var enabled: Bool

    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let red = "\u{1B}[31m"
    static let green = "\u{1B}[32m"
    static let magenta = "\u{1B}[35m"
    static let cyan = "\u{1B}[36m"

    func apply(_ codes: String..., to text: String) -> String {
        guard enabled, !text.isEmpty else { return text }
        return codes.joined() + text + Self.reset
    }

    func bold(_ text: String) -> String { apply(Self.bold, to: text) }

    /// `error:` in bold red, `warning:` in bold magenta, `note:` in bold cyan.
    func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: apply(Self.bold, Self.red, to: "error:")
        case .warning: apply(Self.bold, Self.magenta, to: "warning:")
        case .note: apply(Self.bold, Self.cyan, to: "note:")
        }
    }

    func caret(_ text: String) -> String { apply(Self.bold, Self.green, to: text) }
}
