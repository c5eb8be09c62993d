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
    /// How many leading bytes are read to tell a compiled table from YAML.
    static let sniffLength = 4096

    /// Loads the table at `path`; its diagnostics, when it has errors, go to `stream` (standard
    /// error unless the command's output is the report itself, as for `test`).
    static func load(
        _ path: String, context: CommandContext, stream: Console.Stream = .error,
        color: ColorMode = .auto
    ) throws(CLIError) -> RoutingProgram {
        try InputPath.checkReadable(path)
        if isCompiledTable(path) { return try loadCompiled(path, context: context) }
        let table: CheckedTable
        do throws(TableLoadError) {
            // Running a table shows no warnings: the rule analysis is `validate`'s.
            table = try TableLoader.load(path: path, analyze: false)
        } catch {
            throw .io(error.description)
        }
        guard let program = table.program else {
            var summary = DiagnosticSummary(
                tables: 1, files: table.files.count, rules: table.ruleCount, errors: 0, warnings: 0)
            summary.count(table.diagnostics)
            let renderer = TextDiagnosticRenderer(
                files: table.files, colored: context.colors(stream, mode: color))
            let text = renderer.render(table.diagnostics) + summary.line + "\n"
                + "Error: the table '\(path)' has the errors shown above; fix them first\n"
            if stream == .output { context.console.out(text) } else { context.console.err(text) }
            throw .exit(.findings)
        }
        return program
    }

    /// Whether `path` names a compiled table: a file ending in `.json`, or a file that is not
    /// named `.yaml`/`.yml` whose first byte other than whitespace is `{`. Directories and
    /// unreadable paths are route tables (whose loader reports them).
    static func isCompiledTable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { return false }
        let name = path.lowercased()
        if name.hasSuffix(".json") { return true }
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { return false }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: sniffLength) else { return false }
        return CompiledTableFormat.looksCompiled(head)
    }

    /// Reads and decodes a compiled table; a table that does not load ends the command with
    /// exit status 1 and the reader's message.
    static func loadCompiled(_ path: String, context: CommandContext) throws(CLIError)
        -> RoutingProgram
    {
        let bytes = try readCompiled(path)
        do throws(CompiledTableError) {
            return try CompiledTableFormat.decode(bytes)
        } catch {
            context.console.err("Error: cannot load the compiled table '\(path)': \(error.description)\n")
            throw .exit(.findings)
        }
    }

    /// The bytes of a compiled table file, reading one byte past the limit so that an oversized
    /// file is reported by the decoder rather than truncated.
    static func readCompiled(_ path: String) throws(CLIError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io("cannot read '\(path)': " + FileProblem.reason(reading: path))
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: CompiledTableFormat.maxBytes + 1) ?? Data()
            return [UInt8](data)
        } catch {
            throw .io("cannot read '\(path)': " + FileProblem.reason(reading: path, error: error))
        }
    }
}
