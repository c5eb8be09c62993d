/// How `routecheck` ends: 0 ok, 1 findings, 2 usage or I/O.
///
/// ```swift
/// return summary.errors > 0 ? .findings : .success
/// ```
public enum ExitStatus: Int32, Sendable, Comparable {
    /// Nothing wrong was found.
    case success = 0
    /// The input was read and has problems: errors, failed tests, a bad payload.
    case findings = 1
    /// The command line was wrong or an input could not be read.
    case usage = 2

    /// Orders statuses by exit code, so `max` keeps the more serious one.
    public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The few ways a command stops early; `RouteCheckCLI` turns each into a message and an exit code.
///
/// ```swift
/// throw CLIError.usage("missing value for option '--payload'")
/// // Error: missing value for option '--payload'
/// // Usage: routecheck eval TABLE …
/// // See 'routecheck eval --help'
/// ```
public enum CLIError: Error, Sendable, Equatable {
    /// The command line is wrong: exit 2, printing the message, the usage and a pointer to help.
    case usage(String)
    /// An input could not be read or an output written: exit 2, printing only the message.
    case io(String)
    /// Stop with this status; the command has already printed what it had to say.
    case exit(ExitStatus)
}
