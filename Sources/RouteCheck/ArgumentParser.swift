import RouteKit

/// Parses one command's arguments against its `CommandConfiguration`.
///
/// Accepts `--name value`, `--name=value`, `-x value`, flags, positionals anywhere, and `--` to
/// end options. `--help`/`-h` anywhere before `--` asks for help. Misspelled options get a
/// "did you mean" from `Suggestion.closest`.
///
/// ```swift
/// let check = CommandConfiguration(name: "check", abstract: "Check route tables",
///                                  options: [.flag("strict", help: "Warnings fail the check")],
///                                  arguments: [ArgumentSpec("TABLE", help: "A route table")])
/// switch try ArgumentParser.parse(["--strict", "routes/"], for: check) {
/// case .help: print(HelpFormatter.help(for: check))
/// case .arguments(let parsed): print(parsed.positionals) // ["routes/"]
/// }
/// ```
public enum ArgumentParser {
    /// What the command line asked for.
    ///
    /// ```swift
    /// let graph = CommandConfiguration(name: "graph", abstract: "Draw the rules",
    ///                                  arguments: [ArgumentSpec("TABLE", help: "A route table")])
    /// try ArgumentParser.parse(["-h"], for: graph)      // .help
    /// try ArgumentParser.parse(["routes/"], for: graph) // .arguments, whose positionals are ["routes/"]
    /// ```
    public enum Result: Sendable, Equatable {
        case help
        case arguments(ParsedArguments)
    }

    /// Parses the arguments after the command's name; throws the first usage error found.
    ///
    /// ```swift
    /// let result = try ArgumentParser.parse(["--strict", "routes/"], for: check) // `check` as above
    /// if case .arguments(let parsed) = result { print(parsed.positionals) } // ["routes/"]
    /// ```
    public static func parse(_ arguments: [String], for configuration: CommandConfiguration)
        throws(CLIError) -> Result
    {
        let options = configuration.allOptions
        var flags = Set<String>()
        var values: [String: [String]] = [:]
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        var helpRequested = false
        var firstError: CLIError?

        func record(_ error: CLIError) { if firstError == nil { firstError = error } }

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            let spec: OptionSpec?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                spec = options.first { $0.name == name }
            } else {
                name = String(argument.dropFirst())
                spec = name.count == 1 ? options.first { $0.short.map(String.init) == name } : nil
            }
            guard let spec else {
                let shown = argument.hasPrefix("--") ? "--\(name)" : argument
                var message = "unknown option '\(shown)'"
                if let close = Suggestion.closest(to: name, in: options.map(\.name)) {
                    message += "; did you mean '--\(close)'?"
                }
                record(.usage(message))
                continue
            }
            if spec == .help {
                helpRequested = true
                continue
            }
            switch spec.kind {
            case .flag:
                if inlineValue != nil {
                    record(.usage("option '--\(spec.name)' does not take a value"))
                }
                flags.insert(spec.name)
            case .value(_, let choices, _):
                var value = inlineValue
                // The next argument is the value, even when it starts with '-' (`-o -dash.json`,
                // `--payload -1`), unless it is an option of the command: then the value was
                // left out (`--payload --explain`).
                if value == nil, index < arguments.count, !Self.isOption(arguments[index], of: options) {
                    value = arguments[index]
                    index += 1
                }
                guard let value else {
                    record(.usage("missing value for option '--\(spec.name)'; "
                        + "for a value that starts with '-', write --\(spec.name)=VALUE"))
                    continue
                }
                if choices == nil, !spec.isRepeatable, values[spec.name] != nil {
                    // A setting given again overrides (`--format json` after an alias's
                    // `--format text`), but a second `--payload` or `-o` would drop the first
                    // without a word.
                    record(.usage("option '--\(spec.name)' is given twice; give it once"))
                    continue
                }
                if let choices, !choices.contains(value) {
                    var message = "invalid value '\(value)' for option '--\(spec.name)'"
                    if let close = Suggestion.closest(to: value, in: choices) {
                        message += "; did you mean '\(close)'?"
                    } else {
                        message += "; expected one of \(choices.joined(separator: ", "))"
                    }
                    record(.usage(message))
                    continue
                }
                values[spec.name, default: []].append(value)
            }
        }
        if helpRequested { return .help }
        if let firstError { throw firstError }
        try checkCount(positionals, against: configuration.arguments)

        var defaults: [String: String] = [:]
        for option in options {
            if case .value(_, _, let defaultValue?) = option.kind { defaults[option.name] = defaultValue }
        }
        return .arguments(
            ParsedArguments(flags: flags, values: values, positionals: positionals, defaults: defaults))
    }

    /// Whether `argument` names one of `options`: `--name`, `--name=value` or `-x`.
    private static func isOption(_ argument: String, of options: [OptionSpec]) -> Bool {
        if argument == "--" { return true }
        if argument.hasPrefix("--") {
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            return options.contains { $0.name == name }
        }
        guard argument.hasPrefix("-"), argument.count == 2, let letter = argument.last else { return false }
        return options.contains { $0.short == letter }
    }

    private static func checkCount(_ positionals: [String], against specs: [ArgumentSpec])
        throws(CLIError)
    {
        var remaining = positionals.count
        for spec in specs {
            switch spec.arity {
            case .one, .oneOrMore:
                guard remaining > 0 else { throw .usage("missing argument '\(spec.name)'") }
                remaining -= spec.arity == .one ? 1 : remaining
            case .optional:
                remaining -= min(1, remaining)
            case .zeroOrMore:
                remaining = 0
            }
        }
        if remaining > 0 {
            throw .usage("unexpected argument '\(positionals[positionals.count - remaining])'")
        }
    }
}
