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
            invalid-compiled-table error says why it does not load; a signed table
            (compile --sign) is checked the same way, its signature too when --key is given.
            With --contract, every tab, login screen, screen, way of showing a screen or
            param a table uses that the app contract lacks or has otherwise is an error
            (contract-tab, contract-login-screen, contract-screen, contract-show,
            contract-param) where the table declares or first shows it; a contract file that
            is not one is an invalid-contract error at its own line and column (exit 2).
            """,
        options: [
            .flag("strict", help: "Report warnings as errors (exit status 1 on any warning)"),
            .choice(
                "format", Format.allCases.map(\.rawValue), default: Format.text.rawValue,
                help: "Output format: compiler-style text, one JSON object, or GitHub annotations"),
            .value("contract", placeholder: "FILE",
                   help: "Check each table against this app contract (schemas/contract.schema.json)"),
            .key,
            .color,
        ],
        arguments: [
            .table(arity: .oneOrMore)
        ],
        exitStatuses: [
            (0, "No errors (warnings allowed without --strict)"),
            (1, "Errors found, or warnings with --strict"),
            (2, "Usage error, or a table, a key file or the contract could not be read or is not one"),
        ])

    var tables: [String]
    var strict: Bool
    var format: Format
    var color: ColorMode
    /// The app contract file to check the tables against (`--contract`).
    var contract: String?
    /// Public key files a signed TABLE must verify with (`--key`).
    var keys: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        tables = arguments.positionals
        strict = arguments.flag("strict")
        format = try arguments.choice("format", as: Format.self, default: .text)
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
        contract = arguments.value("contract")
        keys = arguments.values(of: "key")
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let trusted = keys.isEmpty ? nil : try KeyFiles.trustedKeys(keys)
        var appContract: AppContract?
        if let contract {
            switch try ContractInput.read(contract) {
            case .success(let read): appContract = read
            case .failure(let problem):
                report(problem, context: context)
                return .usage
            }
        }
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
                    loaded = try Self.checkCompiled(input, trusted: trusted, contract: appContract)
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
            var found = table.diagnostics
            if trusted != nil {
                let refusal = SignedInput.Refusal.notSigned
                found.append(Diagnostic(.error, refusal.code, refusal.message(for: path), at: .wholeFile(path)))
            }
            if let appContract, let checked = table.table {
                found += appContract.mismatches(in: checked).map { $0.diagnostic() }
            }
            let diagnostics = found.map(promoted).sorted(by: Diagnostic.sortsBefore)
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

    /// Loads a compiled table (`routecheck compile` output), or the one inside a signed table
    /// (its signature checked with `trusted`, when given): its rule count, or an
    /// `invalid-compiled-table` error saying why it does not load, an `invalid-signed-table` or
    /// `untrusted-table` error for a signed table that does not read or is refused, and an error
    /// for each mismatch with `contract`.
    static func checkCompiled(_ input: TableInput, trusted: TrustedKeys? = nil, contract: AppContract? = nil)
        throws(CLIError) -> (rules: Int, diagnostics: [Diagnostic])
    {
        let path = input.path
        let unwrapped: SignedInput.Unwrapped
        switch SignedInput.unwrap(try input.compiledBytes(), trusted: trusted) {
        case .success(let found): unwrapped = found
        case .failure(let refusal):
            var place = SourceRange.wholeFile(path)
            if case .invalid(.malformed(_, _, let position?)) = refusal { place = SourceRange(file: path, at: position) }
            return (0, [Diagnostic(.error, refusal.code, refusal.message(for: path), at: place)])
        }
        let inside = unwrapped.signed != nil
        do throws(CompiledTableError) {
            let program = try CompiledTableFormat.decode(unwrapped.table)
            var mismatches = contract?.mismatches(in: program.table) ?? []
            // Inside a signed table, a line and column of the compiled text would point nowhere.
            if !inside { mismatches = CompiledTableFormat.locate(mismatches, in: unwrapped.table) }
            return (program.rules.count, mismatches.map { $0.diagnostic(compiledFile: path) })
        } catch {
            let message = "the compiled table \(inside ? "inside the signed table " : "")does not load: \(error.reason)"
            let place = error.position.map { inside ? .wholeFile(path) : SourceRange(file: path, at: $0) } ?? .wholeFile(path)
            return (0, [Diagnostic(.error, "invalid-compiled-table", message, at: place)])
        }
    }

    /// Shows why the contract file is not a contract, in the output format.
    private func report(_ problem: ContractInput.Problem, context: CommandContext) {
        switch format {
        case .text:
            let renderer = TextDiagnosticRenderer(files: [problem.file], colored: context.colors(.error, mode: color))
            context.console.err(renderer.render([problem.diagnostic]))
        case .json:
            let summary = DiagnosticSummary(tables: 0, files: 0, rules: 0, errors: 1, warnings: 0)
            context.console.out(JSONDiagnosticRenderer.render([problem.diagnostic], summary: summary) + "\n")
        case .github:
            context.console.out(GitHubAnnotationRenderer.render([problem.diagnostic]))
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
