/// Writes `--help` text for the tool and for each command, and the usage-error block.
///
/// ```swift
/// print(HelpFormatter.help(for: ValidateCommand.configuration))
/// // OVERVIEW: Check route tables and report their problems
/// // …
/// ```
public enum HelpFormatter {
    /// Width of the name column in option, argument and command lists.
    static let nameColumn = 28

    /// Help for one command: overview, discussion, usage, arguments, options, exit status.
    ///
    /// ```swift
    /// console.out(HelpFormatter.help(for: GraphCommand.configuration))
    /// // OVERVIEW: Draw tabs, screens and the rules that lead to them
    /// ```
    public static func help(for configuration: CommandConfiguration) -> String {
        var text = "OVERVIEW: \(configuration.abstract)\n\n"
        if !configuration.discussion.isEmpty { text += configuration.discussion + "\n\n" }
        text += "USAGE: \(configuration.usage)\n"
        if !configuration.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in configuration.arguments {
                text += row(argument.synopsis, argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in configuration.allOptions {
            var name = option.synopsis
            if let short = option.short { name = "-\(short), " + name }
            var help = option.help
            if case .value(_, _, let defaultValue?) = option.kind { help += " (default: \(defaultValue))" }
            text += row(name, help)
        }
        if !configuration.exitStatuses.isEmpty {
            text += "\nEXIT STATUS:\n"
            for (status, meaning) in configuration.exitStatuses {
                text += row(String(status), meaning)
            }
        }
        return text
    }

    /// Help for the tool: overview, usage, options and the list of commands.
    ///
    /// ```swift
    /// console.out(HelpFormatter.toolHelp(commands: RouteCheckCLI.commands))
    /// ```
    public static func toolHelp(commands: [any Command.Type]) -> String {
        var text = "OVERVIEW: \(RouteCheckCLI.abstract)\n\n"
        text += "USAGE: \(RouteCheckCLI.usage)\n\n"
        text += "OPTIONS:\n"
        text += row("-h, --help", "Show help information")
        text += row("--version", "Show the version")
        text += "\nCOMMANDS:\n"
        for command in commands {
            text += row(command.configuration.name, command.configuration.abstract)
        }
        text += "\nSee '\(RouteCheckCLI.toolName) help <command>' for detailed help.\n"
        return text
    }

    /// The three lines of a usage error: `Error: …`, `Usage: …`, `See '… --help'`.
    ///
    /// ```swift
    /// HelpFormatter.usageError("missing TABLE", usage: "routecheck graph TABLE",
    ///                          helpCommand: "routecheck graph")
    /// // "Error: missing TABLE\nUsage: routecheck graph TABLE\nSee 'routecheck graph --help'\n"
    /// ```
    public static func usageError(_ message: String, usage: String, helpCommand: String) -> String {
        "Error: \(message)\nUsage: \(usage)\nSee '\(helpCommand) --help'\n"
    }

    private static func row(_ name: String, _ help: String) -> String {
        let indented = "  " + name
        if indented.count + 2 > nameColumn {
            return indented + "\n" + String(repeating: " ", count: nameColumn) + help + "\n"
        }
        return indented + String(repeating: " ", count: nameColumn - indented.count) + help + "\n"
    }
}
