import Foundation
import RouteKit
import RouteKitYAML

/// Loads a table for the commands that decide (eval, simulate, test, compile): a route table
/// (a YAML file or a directory) or a compiled table (`routecheck compile` output).
///
/// A table with errors is reported on standard error, like `validate` prints it, and ends the
/// command with exit status 1; so does a compiled table that cannot be loaded.
///
/// ```swift
/// let program = try ProgramLoader.load("compiled.json", context: context)
/// ```
enum ProgramLoader {
    /// Loads the table at `path`; its diagnostics, when it has errors, go to `stream` (standard
    /// error unless the command's output is the report itself, as for `test`).
    static func load(
        _ path: String, context: CommandContext, stream: Console.Stream = .error,
        color: ColorMode = .auto
    ) throws(CLIError) -> RoutingProgram {
        let input = try TableInput.open(path)
        if input.isCompiled { return try loadCompiled(input, context: context) }
        let table: CheckedTable
        do throws(TableLoadError) {
            // Running a table shows no warnings: the rule analysis is `validate`'s.
            table = try input.loadRouteTable(analyze: false)
        } catch {
            throw .io(error.description)
        }
        guard let program = table.program else {
            var summary = DiagnosticSummary(
                tables: 1, files: table.files.count, rules: table.ruleCount, errors: 0, warnings: 0)
            summary.count(table.diagnostics)
            let renderer = TextDiagnosticRenderer(
                files: table.files, colored: context.colors(stream, mode: color))
            let text = DiagnosticCap(table.diagnostics, in: path, per: "table").rendered(with: renderer)
                + summary.line + "\n"
                + "Error: the table '\(path)' has the errors shown above; fix them first\n"
            if stream == .output { context.console.out(text) } else { context.console.err(text) }
            throw .exit(.findings)
        }
        return program
    }

    /// Reads and decodes a compiled table; a table that does not load ends the command with
    /// exit status 1 and the reader's message.
    static func loadCompiled(_ input: TableInput, context: CommandContext) throws(CLIError)
        -> RoutingProgram
    {
        let bytes = try input.compiledBytes()
        do throws(CompiledTableError) {
            return try CompiledTableFormat.decode(bytes)
        } catch {
            context.console.err("Error: cannot load the compiled table '\(input.path)': \(error.description)\n")
            throw .exit(.findings)
        }
    }
}
