/// Writes `--help` text for the tool and for each command, and the usage-error block.
///
/// ```swift
/// print(HelpFormatter.help(for: CommandConfiguration(name: "check", abstract: "Check route tables")))
/// // OVERVIEW: Check route tables
/// // …
/// ```
public enum HelpFormatter {
    /// Width of the name column in option, argument and command lists.
    static let nameColumn = 28
    /// Help is wrapped to this many columns, a terminal's default width: an unwrapped line
    /// breaks wherever the terminal does, in the middle of a word.
    static let width = 80

    /// Help for one command: overview, discussion, usage, arguments, options, exit status.
    ///
    /// ```swift
    /// console.out(HelpFormatter.help(for: GraphCommand.configuration))
    /// // OVERVIEW: Draw tabs, screens and the rules that lead to them
    /// ```
    public static func help(for configuration: CommandConfiguration) -> String {
        var text = "OVERVIEW: \(configuration.abstract)\n\n"
        if !configuration.discussion.isEmpty { text += reflowed(configuration.discussion) + "\n\n" }
        text += usageLines(configuration.usage)
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
        let margin = String(repeating: " ", count: nameColumn)
        // `wrapped` gives at least one line.
        var lines = wrapped(help, width: width - nameColumn).map { margin + $0 }
        if indented.count + 2 > nameColumn {
            lines.insert(indented, at: 0)
        } else {
            lines[0] = indented + lines[0].dropFirst(indented.count)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `USAGE: …`, broken between options (a bracketed group stays whole) and continued under
    /// the first option.
    private static func usageLines(_ usage: String) -> String {
        var groups: [String] = []
        var depth = 0
        for character in usage {
            if character == " ", depth == 0 {
                groups.append("")
                continue
            }
            if character == "[" || character == "(" { depth += 1 }
            if character == "]" || character == ")" { depth = max(0, depth - 1) }
            if groups.isEmpty { groups.append("") }
            groups[groups.count - 1].append(character)
        }
        let head = "USAGE: " + groups.prefix(2).joined(separator: " ")
        let margin = String(repeating: " ", count: head.count + 1)
        var lines = [head]
        for group in groups.dropFirst(2) where !group.isEmpty {
            if lines[lines.count - 1].count + 1 + group.count > width {
                lines.append(margin + group)
            } else {
                lines[lines.count - 1] += " " + group
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A discussion's prose refilled to `width`: the lines of a paragraph are joined and broken
    /// again, so its source may be wrapped anywhere (an interpolated number changes a line's
    /// length). An indented line, such as an example, stays a line of its own.
    static func reflowed(_ discussion: String) -> String {
        var lines: [String] = []
        var prose = ""
        func flush() {
            if !prose.isEmpty { lines += wrapped(prose, width: width) }
            prose = ""
        }
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || line.first == " " {
                flush()
                lines += line.isEmpty ? [""] : wrapped(String(line), width: width)
            } else {
                prose += (prose.isEmpty ? "" : " ") + line
            }
        }
        flush()
        return lines.joined(separator: "\n")
    }

    /// `text` broken between words into lines of at most `width` characters (a longer word
    /// keeps a line of its own); the leading spaces of an indented line stay on each piece.
    static func wrapped(_ text: String, width: Int) -> [String] {
        let indent = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var line = indent
        for word in text.dropFirst(indent.count).split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        lines.append(line)
        return lines
    }
}
