import Foundation
import RouteKit
import RouteKitYAML

/// Loads a table for the commands that decide (eval, simulate, test, compile): a route table
/// (a YAML file or a directory), a compiled table (`routecheck compile` output) or a signed one
/// (`compile --sign`), whose signature is checked when `--key` files are given.
///
/// A table with errors is reported on standard error, like `validate` prints it, and ends the
/// command with exit status 1; so does a compiled table that cannot be loaded, and a signed
/// table refused by the keys (with them, any table that is not signed).
///
/// ```swift
/// let program = try ProgramLoader.load("compiled.json", context: context)
/// ```
enum ProgramLoader {
    /// Loads the table at `path`; its diagnostics, when it has errors, go to `stream` (standard
    /// error unless the command's output is the report itself, as for `test`). With `keys`
    /// (public key files), only a signed table whose signature verifies with one is loaded.
    static func load(
        _ path: String, context: CommandContext, stream: Console.Stream = .error,
        color: ColorMode = .auto, keys: [String] = []
    ) throws(CLIError) -> RoutingProgram {
        let trusted = keys.isEmpty ? nil : try KeyFiles.trustedKeys(keys)
        let input = try TableInput.open(path)
        if input.isCompiled { return try loadCompiled(input, context: context, trusted: trusted) }
        if trusted != nil {
            context.console.err("Error: \(SignedInput.Refusal.notSigned.message(for: path))\n")
            throw .exit(.findings)
        }
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

    /// Reads and decodes a compiled table, or the one inside a signed table (its signature
    /// checked with `trusted`, when given); a table that does not load or is refused ends the
    /// command with exit status 1 and the reason.
    static func loadCompiled(_ input: TableInput, context: CommandContext, trusted: TrustedKeys? = nil)
        throws(CLIError) -> RoutingProgram
    {
        let unwrapped: SignedInput.Unwrapped
        switch SignedInput.unwrap(try input.compiledBytes(), trusted: trusted) {
        case .success(let found): unwrapped = found
        case .failure(let refusal):
            context.console.err("Error: \(refusal.message(for: input.path))\n")
            throw .exit(.findings)
        }
        do throws(CompiledTableError) {
            return try CompiledTableFormat.decode(unwrapped.table)
        } catch {
            let what = unwrapped.signed == nil ? "the compiled table '\(input.path)'"
                : "the compiled table inside the signed table '\(input.path)'"
            context.console.err("Error: cannot load \(what): \(error.description)\n")
            throw .exit(.findings)
        }
    }
}
