import RouteKit
import RouteKitYAML

/// `routecheck validate [--strict] [--format text|json|github] TABLE...`: loads and checks each
/// table and reports every diagnostic.
///
/// ```
/// $ routecheck validate routes/
/// routes/app/messages.yaml:12:11: error: unknown screen 'mesage_detail'; did you mean 'message_detail'? [unknown-screen]
///     push: mesage_detail
///           ^~~~~~~~~~~~~
/// 1 table, 4 files, 12 rules: 1 error, 0 warnings
/// ```
struct ValidateCommand: Command {
    enum Format: String, CaseIterable { case text, json, github }

    static let configuration = CommandConfiguration(
        name: "validate",
        abstract: "Check route tables and report their problems",
        discussion: """
            Loads each TABLE (a .yaml/.yml file or a directory of them) and reports every
            problem, sorted by file and position, then a summary line (text and github formats).
            With --strict, warnings are reported as errors (severity "error" in every format) and
            count as errors in the summary and the exit status. At most \(DiagnosticCap.maxShown)
            diagnostics are shown per table; the summary counts all of them. A table that cannot
            be read is reported on standard error and the others are still checked. A compiled
            table (routecheck compile output) is checked by loading it: an
            invalid-compiled-table error says why it does not load.
            """,
        options: [
            .flag("strict", help: "Report warnings as errors (exit status 1 on any warning)"),
            .choice(
                "format", Format.allCases.map(\.rawValue), default: Format.text.rawValue,
                help: "Output format: compiler-style text, one JSON object, or GitHub annotations"),
            .color,
        ],
        arguments: [
            .table(arity: .oneOrMore)
        ],
        exitStatuses: [
            (0, "No errors (warnings allowed without --strict)"),
            (1, "Errors found, or warnings with --strict"),
            (2, "Usage error, or a table could not be read"),
        ])

    var tables: [String]
    var strict: Bool
    var format: Format
    var color: ColorMode

    init(_ arguments: ParsedArguments) throws(CLIError) {
        tables = arguments.positionals
        strict = arguments.flag("strict")
        format = try arguments.choice("format", as: Format.self, default: .text)
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let console = context.console
        var status = ExitStatus.success
        var summary = DiagnosticSummary(tables: 0, files: 0, rules: 0, errors: 0, warnings: 0)
        var files: [SourceFile] = []
        var shown: [Diagnostic] = []
        var suppressedNotes: [String] = []
        /// Tables that could not be read (exit 2), said on standard error and, for a CI reading
        /// the output, in github and JSON form too.
        var unreadable: [(path: String, message: String)] = []
        func refuse(_ message: String, _ path: String) {
            console.err("Error: \(message)\n")
            unreadable.append((path, message))
            status = .usage
        }

        for path in tables {
            let table: CheckedTable
            let input: TableInput
            do throws(CLIError) {
                input = try TableInput.open(path)
            } catch {
                if case .io(let message) = error { refuse(message, path) }
                continue
            }
            if input.isCompiled {
                // A compiled table holds no sources to check again; validating it means loading it.
                let loaded: (rules: Int, diagnostics: [Diagnostic])
                do throws(CLIError) {
                    loaded = try Self.checkCompiled(input)
                } catch {
                    if case .io(let message) = error { refuse(message, path) }
                    continue
                }
                summary.tables += 1
                summary.files += 1
                summary.rules += loaded.rules
                summary.count(loaded.diagnostics)
                shown += loaded.diagnostics
                continue
            }
            do throws(TableLoadError) {
                table = try input.loadRouteTable()
            } catch {
                refuse(error.description, path)
                continue
            }
            let diagnostics = table.diagnostics.map(promoted).sorted(by: Diagnostic.sortsBefore)
            summary.tables += 1
            summary.files += table.files.count
            summary.rules += table.ruleCount
            summary.count(diagnostics)
            files += table.files
            let cap = DiagnosticCap(diagnostics, in: path, per: "table")
            shown += cap.shown
            summary.suppressed += cap.suppressed
            if let note = cap.note { suppressedNotes.append(note) }
        }
        // A machine reading JSON gets a JSON object even when no table could be read.
        if summary.tables == 0, format == .text { return status }
        shown.sort(by: Diagnostic.sortsBefore)
        // Every format counts a table that could not be read as an error, as JSON lists it as one.
        var counted = summary
        counted.errors += unreadable.count

        switch format {
        case .text:
            let renderer = TextDiagnosticRenderer(
                files: files, colored: context.colors(.output, mode: color))
            console.out(renderer.render(shown))
            suppressedNotes.forEach { console.out("note: \($0)\n") }
            console.out(counted.line + "\n")
        case .json:
            // A table that could not be read is an error a JSON reader must not miss.
            let unread = unreadable.map {
                Diagnostic(.error, "unreadable-table", $0.message, at: .wholeFile($0.path))
            }
            console.out(JSONDiagnosticRenderer.render(unread + shown, summary: counted) + "\n")
        case .github:
            unreadable.forEach { console.out("::error::\(GitHubAnnotationRenderer.escapeData($0.message))\n") }
            console.out(GitHubAnnotationRenderer.render(shown))
            suppressedNotes.forEach { console.out("::notice::\(GitHubAnnotationRenderer.escapeData($0))\n") }
            console.out(counted.line + "\n")
        }
        if summary.errors > 0 { status = max(status, .findings) }
        return status
    }

    /// Loads a compiled table (`routecheck compile` output): its rule count, or an
    /// `invalid-compiled-table` error saying why it does not load.
    static func checkCompiled(_ input: TableInput) throws(CLIError) -> (rules: Int, diagnostics: [Diagnostic]) {
        let path = input.path
        let bytes = try input.compiledBytes()
        do throws(CompiledTableError) {
            return (try CompiledTableFormat.decode(bytes).rules.count, [])
        } catch {
            let message = "the compiled table does not load: \(error.reason)"
            let place = error.position.map { SourceRange(file: path, at: $0) } ?? .wholeFile(path)
            return (0, [Diagnostic(.error, "invalid-compiled-table", message, at: place)])
        }
    }

    /// With `--strict`, a warning becomes an error.
    private func promoted(_ diagnostic: Diagnostic) -> Diagnostic {
        guard strict, diagnostic.severity == .warning else { return diagnostic }
        var copy = diagnostic
        copy.severity = .error
        return copy
    }
}
