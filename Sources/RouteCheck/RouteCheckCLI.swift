#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RouteKit

/// The `routecheck` command line: finds the command, parses its arguments, runs it, and turns
/// every error into a message and an exit code (0 ok, 1 findings, 2 usage or I/O).
///
/// ```swift
/// let status = RouteCheckCLI.main(["validate", "routes/"], environment: [:])
/// ```
public enum RouteCheckCLI {
    /// The tool's version, printed by `routecheck --version`.
    public static let version = "0.1.0"
    /// The tool's name, which starts every usage line.
    ///
    /// ```swift
    /// CommandConfiguration(name: "graph", abstract: "Draw the rules").usage // "routecheck graph"
    /// ```
    public static let toolName = "routecheck"
    /// One line for `routecheck --help`, shown after `OVERVIEW:`.
    ///
    /// ```swift
    /// RouteCheckCLI.abstract // "Check and exercise notification route tables"
    /// ```
    public static let abstract = "Check and exercise notification route tables"
    /// The tool's usage line, shown by `routecheck --help` and in usage errors before a command is found.
    ///
    /// ```swift
    /// RouteCheckCLI.usage // "routecheck <command> [options]"
    /// ```
    public static let usage = "\(toolName) <command> [options]"

    /// Every command, in the order `routecheck --help` lists them. Add a command with one line.
    public static var commands: [any Command.Type] {
        [
            ValidateCommand.self,
            EvalCommand.self,
            SimulateCommand.self,
            TestCommand.self,
            CompileCommand.self,
            GraphCommand.self,
            SchemaCommand.self,
            KeygenCommand.self,
            VerifyCommand.self,
        ]
    }

    /// Runs the tool on `arguments` (without the program name) with the process's standard
    /// output and error, flushing both before it returns the exit code.
    ///
    /// ```swift
    /// // main.swift of the routecheck executable
    /// exit(RouteCheckCLI.main(Array(CommandLine.arguments.dropFirst()),
    ///                         environment: ProcessInfo.processInfo.environment))
    /// ```
    public static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        let console = Console.standard()
        let status = run(arguments, environment: environment, console: console)
        console.flush()
        // `compile -o - > routes.json` on a full disk must not pass a CI step with half a file.
        // A reader that went away (`| head`) is not an error to report.
        guard let failure = console.outputFailure, failure != EPIPE else { return status }
        console.err("Error: cannot write to standard output: \(String(cString: strerror(failure)))\n")
        console.flush()
        return 2
    }

    /// Runs the tool writing to `console` (use `Console.capturing()` in tests); does not flush.
    ///
    /// ```swift
    /// let console = Console.capturing()
    /// let status = RouteCheckCLI.run(["--version"], environment: [:], console: console)
    /// console.flush()
    /// // status == 0, console.capturedOutput == "0.1.0\n"
    /// ```
    public static func run(_ arguments: [String], environment: [String: String], console: Console)
        -> Int32
    {
        guard let first = arguments.first else {
            console.err(HelpFormatter.usageError("missing command", usage: usage, helpCommand: toolName))
            return ExitStatus.usage.rawValue
        }
        switch first {
        case "-h", "--help":
            // `routecheck --help validate` asks for validate's help, as `help validate` does;
            // with `--version` or another option beside it, help wins, as in most tools.
            return help(Array(arguments.dropFirst().prefix(1)).filter { !$0.hasPrefix("-") }, console: console)
        case "--version":
            if let extra = arguments.dropFirst().first {
                if extra == "-h" || extra == "--help" { return help([], console: console) }
                console.err(HelpFormatter.usageError("unexpected argument '\(extra)' after '--version'",
                                                     usage: usage, helpCommand: toolName))
                return ExitStatus.usage.rawValue
            }
            console.out(version + "\n")
            return ExitStatus.success.rawValue
        case "help":
            return help(Array(arguments.dropFirst()), console: console)
        default:
            break
        }
        if first.hasPrefix("-") {
            var message = "unknown option '\(first)'"
            let name = first.drop { $0 == "-" }
            if let close = Suggestion.closest(to: String(name), in: ["help", "version"]) {
                message += "; did you mean '--\(close)'?"
            }
            console.err(HelpFormatter.usageError(message, usage: usage, helpCommand: toolName))
            return ExitStatus.usage.rawValue
        }
        guard let command = command(named: first, console: console) else {
            return ExitStatus.usage.rawValue
        }
        let context = CommandContext(console: console, environment: environment)
        return execute(command, Array(arguments.dropFirst()), context: context).rawValue
    }

    /// The command registered under `name`, or nil after printing "unknown command".
    static func command(named name: String, console: Console) -> (any Command.Type)? {
        var names: [String] = []
        for command in commands {
            let commandName = command.configuration.name
            if commandName == name { return command }
            names.append(commandName)
        }
        var message = "unknown command '\(name)'"
        if let close = Suggestion.closest(to: name, in: names) {
            message += "; did you mean '\(close)'?"
        } else if name == "version" {
            message += "; did you mean '--version'?"
        }
        console.err(HelpFormatter.usageError(message, usage: usage, helpCommand: toolName))
        return nil
    }

    /// Parses and runs one command, turning `CLIError` into output and a status.
    static func execute(_ command: any Command.Type, _ arguments: [String], context: CommandContext)
        -> ExitStatus
    {
        let configuration = command.configuration
        do throws(CLIError) {
            switch try ArgumentParser.parse(arguments, for: configuration) {
            case .help:
                context.console.out(HelpFormatter.help(for: configuration))
                return .success
            case .arguments(let parsed):
                return try command.init(parsed).run(context)
            }
        } catch {
            switch error {
            case .usage(let message):
                context.console.err(HelpFormatter.usageError(
                    message, usage: configuration.usage,
                    helpCommand: "\(toolName) \(configuration.name)"))
                return .usage
            case .io(let message):
                context.console.err("Error: \(message)\n")
                return .usage
            case .exit(let status):
                return status
            }
        }
    }

    /// `routecheck help [COMMAND]`.
    private static func help(_ arguments: [String], console: Console) -> Int32 {
        guard let name = arguments.first else {
            console.out(HelpFormatter.toolHelp(commands: commands))
            return ExitStatus.success.rawValue
        }
        guard let command = command(named: name, console: console) else {
            return ExitStatus.usage.rawValue
        }
        console.out(HelpFormatter.help(for: command.configuration))
        return ExitStatus.success.rawValue
    }
}
