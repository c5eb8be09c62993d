/// When to color output: `--color auto|always|never`.
///
/// `auto` colors a stream only when it is a terminal, `NO_COLOR` is unset or empty and `TERM` is
/// not `dumb`. An explicit `always` wins over `NO_COLOR` (as no-color.org allows: a command-line
/// flag is the user's own choice).
///
/// ```swift
/// ColorMode.auto.isEnabled(terminal: true, environment: ["NO_COLOR": "1"]) // false
/// ```
public enum ColorMode: String, Sendable, CaseIterable {
    case auto
    case always
    case never

    /// Whether to color a stream that is (or is not) a terminal.
    public func isEnabled(terminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return terminal
        }
    }
}
