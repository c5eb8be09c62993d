import RouteKit

/// `routecheck graph TABLE [--format dot|mermaid]`: draws the tabs, the screens and which rules
/// lead where, in Graphviz DOT (default) or Mermaid.
///
/// ```
/// $ routecheck graph routes/ | dot -Tsvg -o docs/graph.svg
/// $ routecheck graph routes/ --format mermaid
/// ```
struct GraphCommand: Command {
    enum Format: String, CaseIterable { case dot, mermaid }

    static let configuration = CommandConfiguration(
        name: "graph",
        abstract: "Draw tabs, screens and the rules that lead to them",
        discussion: """
            Prints a graph of TABLE: the tab bar with each tab's stack of pushed screens, screens
            pushed onto whichever tab is selected, modal screens (double border), the login
            screen, and one node per rule (its name and 'when', in table order) plus the
            fallback, with an edge to where each leads: the tab it selects, the screen it pushes
            (a back stack continues as a chain of bold edges) or presents. Screens that need a
            logged-in user have a dashed border; a rule that needs login has a dashed edge to
            the login screen. The same table always gives the same output.

            Render DOT with Graphviz:
              routecheck graph routes/ | dot -Tsvg -o graph.svg
            Mermaid output goes in a ```mermaid block of Markdown.
            """,
        options: [
            .choice("format", Format.allCases.map(\.rawValue), default: Format.dot.rawValue,
                    help: "Graph language"),
            .key,
            .color,
        ],
        arguments: [
            .table()
        ],
        exitStatuses: [
            (0, "Drawn"),
            (1, "The table has errors (reported on standard error)"),
            (2, "Usage error, or a file could not be read"),
        ])

    var table: String
    var format: Format
    var color: ColorMode
    /// Public key files a signed TABLE must verify with (`--key`).
    var keys: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        table = try arguments.positional(0, name: "TABLE")
        format = try arguments.choice("format", as: Format.self, default: .dot)
        keys = arguments.values(of: "key")
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let program = try ProgramLoader.load(table, context: context, color: color, keys: keys)
        let graph = RouteGraph.draw(program)
        switch format {
        case .dot: context.console.out(DOTRenderer.render(graph))
        case .mermaid: context.console.out(MermaidRenderer.render(graph))
        }
        return .success
    }
}
