/// What a command is called and accepts: everything `--help`, usage lines and the parser need.
///
/// ```swift
/// CommandConfiguration(
///     name: "graph", abstract: "Draw tabs, screens and the rules that lead to them",
///     options: [.choice("format", ["dot", "mermaid"], default: "dot", help: "Graph language")],
///     arguments: [ArgumentSpec("TABLE", help: "A route table: a YAML file or a directory")])
/// ```
public struct CommandConfiguration: Sendable {
    /// The command's name on the command line: `validate`.
    public var name: String
    /// One line for `routecheck --help`, a capitalized phrase without a final period.
    public var abstract: String
    /// Longer help shown by `routecheck <name> --help`, after the abstract (may be empty).
    public var discussion: String
    /// The options, in the order help shows them (`--help` is added automatically).
    public var options: [OptionSpec]
    /// The positional arguments, in order.
    public var arguments: [ArgumentSpec]
    /// Exit statuses and their meaning, for help: `[(0, "no errors"), …]`.
    public var exitStatuses: [(status: Int32, meaning: String)]

    /// A command called `name`; everything but the abstract defaults to empty.
    ///
    /// ```swift
    /// let configuration = CommandConfiguration(
    ///     name: "schema", abstract: "Print a JSON Schema for the payloads a table understands",
    ///     arguments: [ArgumentSpec("TABLE", help: "A route table: a YAML file or a directory")],
    ///     exitStatuses: [(0, "schema written"), (1, "the table has errors")])
    /// ```
    public init(
        name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [],
        arguments: [ArgumentSpec] = [], exitStatuses: [(status: Int32, meaning: String)] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.exitStatuses = exitStatuses
    }

    /// Every option including `--help`.
    public var allOptions: [OptionSpec] { options + [.help] }

    /// `routecheck validate [--strict] [--format text|json|github] TABLE...`.
    public var usage: String {
        var parts = ["\(RouteCheckCLI.toolName) \(name)"]
        parts += options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
        parts += arguments.map(\.synopsis)
        return parts.joined(separator: " ")
    }
}

/// What a running command can use: the console, the environment and the color decision.
///
/// ```swift
/// let colored = context.colors(.output, mode: .auto)
/// context.console.out(TextDiagnosticRenderer(files: files, colored: colored).render(diagnostics))
/// ```
public struct CommandContext {
    /// Where the command writes its output and its errors.
    ///
    /// ```swift
    /// context.console.out("digraph {}\n")
    /// ```
    public let console: Console
    /// The environment the tool runs in; `NO_COLOR` and `TERM` decide colors.
    ///
    /// ```swift
    /// CommandContext(console: .capturing(), environment: ["TERM": "dumb"]).environment["TERM"] // "dumb"
    /// ```
    public let environment: [String: String]

    /// A context writing to `console`, whose `environment` (`NO_COLOR`, `TERM`) decides colors.
    ///
    /// ```swift
    /// let context = CommandContext(console: .capturing(), environment: ["NO_COLOR": "1"])
    /// context.colors(.output, mode: .always) // false
    /// ```
    public init(console: Console, environment: [String: String]) {
        self.console = console
        self.environment = environment
    }

    /// Whether to color `stream` in `mode`.
    ///
    /// ```swift
    /// let mode = try arguments.choice("color", as: ColorMode.self, default: .auto)
    /// let colored = context.colors(.error, mode: mode)
    /// ```
    public func colors(_ stream: Console.Stream, mode: ColorMode) -> Bool {
        mode.isEnabled(terminal: console.isTerminal(stream), environment: environment)
    }
}

/// A `routecheck` subcommand: a type with a configuration, an initializer from parsed arguments
/// and a `run()`.
///
/// Add a command by writing a type that conforms and listing it once in
/// `RouteCheckCLI.commands`:
///
/// ```swift
/// struct GraphCommand: Command {
///     static let configuration = CommandConfiguration(
///         name: "graph", abstract: "Draw tabs, screens and the rules that lead to them",
///         options: [.choice("format", ["dot", "mermaid"], default: "dot", help: "Graph language")],
///         arguments: [ArgumentSpec("TABLE", help: "A route table")])
///     var table: String
///     var format: String
///     init(_ arguments: ParsedArguments) throws(CLIError) {
///         table = try arguments.positional(0)
///         format = arguments.value("format") ?? "dot"
///     }
///     func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
///         context.console.out("digraph {}\n")
///         return .success
///     }
/// }
/// ```
///
/// The parser has already rejected unknown options, missing values, values outside a choice and
/// the wrong number of positional arguments before `init` runs; `--help` never reaches `init`.
public protocol Command {
    static var configuration: CommandConfiguration { get }
    init(_ arguments: ParsedArguments) throws(CLIError)
    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus
}
