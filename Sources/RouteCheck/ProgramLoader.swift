import RouteKit
import RouteKitYAML

/// Loads a table for the commands that decide (eval, simulate, test, compile): a table with
/// errors is reported on standard error, like `validate` prints it, and ends the command with
/// exit status 1.
enum ProgramLoader {
    static func load(_ path: String, context: CommandContext) throws(CLIError) -> RoutingProgram {
        try InputPath.checkReadable(path)
        let table: CheckedTable
        do throws(TableLoadError) {
            table = try TableLoader.load(path: path)
        } catch {
            throw .io(error.description)
        }
        guard let program = table.program else {
            let renderer = TextDiagnosticRenderer(
                files: table.files, colored: context.colors(.error, mode: .auto))
            context.console.err(renderer.render(table.diagnostics.filter { $0.severity == .error }))
            context.console.err("Error: the table '\(path)' has errors; run 'routecheck validate \(path)' for details\n")
            throw .exit(.findings)
        }
        return program
    }
}
