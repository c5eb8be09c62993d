/// When to color output: `--color auto|always|never`.
///
/// `auto` colors a stream only when it is a terminal, `NO_COLOR` is unset or empty and `TERM` is
/// not `dumb`; `always` colors even when not on a terminal. `NO_COLOR` (set and not empty) turns
/// color off whatever the mode, as SPEC §7 says: never with `NO_COLOR`.
///
/// ```swift
/// ColorMode.auto.isEnabled(terminal: true, environment: ["NO_COLOR": "1"]) // false
/// ```
public enum ColorMode: String, Sendable, CaseIterable {
    case auto
    case always
    case never

    /// Whether to color a stream that is (or is not) a terminal.
    ///
    /// ```swift
    /// ColorMode.auto.isEnabled(terminal: true, environment: ["TERM": "dumb"])  // false
    /// ColorMode.always.isEnabled(terminal: false, environment: [:])           // true: piped, still colored
    /// ```
    public func isEnabled(terminal: Bool, environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if environment["TERM"] == "dumb" { return false }
            return terminal
        }
    }
}
