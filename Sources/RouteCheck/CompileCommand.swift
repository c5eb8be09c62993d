#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RouteKit
import RouteKitSodium
import RouteKitYAML

/// `routecheck compile TABLE -o FILE [--sign KEY --table-version N]`: checks a table and writes
/// its compiled form, the deterministic JSON that `RouteKit` loads without libyaml
/// (`CompiledTableFormat`), or that form signed for delivery without an app release
/// (`SignedTable`, SPEC §10).
///
/// ```
/// $ routecheck compile routes/ -o routes.compiled.json
/// $ routecheck compile routes/ -o routes.signed.json --sign keys/routes.key --table-version 42
/// $ routecheck eval routes.compiled.json --payload '{"type": 3, "id": 42}'
/// ```
struct CompileCommand: Command {
    static let configuration = CommandConfiguration(
        name: "compile",
        abstract: "Write a table's compiled form for the app to load",
        discussion: """
            Checks TABLE (a .yaml/.yml file, a directory of them, or a compiled table) and
            writes the compiled table: deterministic JSON (the same table gives the same bytes)
            described by schemas/compiled.schema.json, which RouteKit loads without libyaml and
            'routecheck eval' accepts as its TABLE. The file is written whole or
            not at all: a temporary file in the same directory is renamed over FILE. A table
            with errors is reported on standard error (warnings too) and nothing is written.
            FILE may not be one of the table's own files, nor a .yaml file inside a directory
            TABLE (it would join the table); -o - writes to standard output.
            With --sign KEY and --table-version N, FILE is a signed table instead: a JSON
            envelope around the compiled table with N and an Ed25519 signature by KEY (a
            private key file of routecheck keygen, which must be private to its owner: mode
            0600), for apps to accept without a release (RouteKit's TableUpdate; check it with
            routecheck verify). N is the table's version, 0 or more, higher for every table
            published: apps refuse one lower than the last they accepted.
            """,
        options: [
            .value("output", short: "o", placeholder: "FILE",
                   help: "Where to write the compiled table (- for standard output)").required,
            .value("sign", placeholder: "KEY", help: "Sign with this private key file (routecheck keygen's KEY): write a signed table"),
            .value("table-version", placeholder: "N", help: "The signed table's version (with --sign): an integer, 0 or more, higher for every table published"),
            .key,
            .color,
        ],
        arguments: [
            .table()
        ],
        exitStatuses: [
            (0, "Compiled and written"),
            (1, "The table has errors, or a signed TABLE is refused by --key; nothing written"),
            (2, "Usage error, a file could not be read or written, a key file is not one or can be read by others, or FILE is an input of TABLE or would join it"),
        ])

    var table: String
    var output: String
    var color: ColorMode
    /// The private key file to sign with, and the table version to sign.
    var signing: (key: String, tableVersion: Int64)?
    /// Public key files a signed TABLE must verify with (`--key`).
    var keys: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        table = try arguments.positional(0, name: "TABLE")
        guard let output = arguments.value("output"), !output.isEmpty else {
            throw .usage("give the output file with -o FILE (or -o - for standard output)")
        }
        self.output = output
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
        keys = arguments.values(of: "key")
        switch (arguments.value("sign"), arguments.value("table-version")) {
        case (nil, nil):
            signing = nil
        case (let key?, let version?):
            signing = (key, try Self.tableVersion(version, option: "table-version"))
        case (nil, _?):
            throw .usage("--table-version numbers a signed table: give --sign KEY too")
        case (_?, nil):
            throw .usage("a signed table needs its version: give --table-version N too")
        }
    }

    /// A table version as the command line gives it: decimal digits, 0 to 2^63 - 1.
    static func tableVersion(_ text: String, option: String) throws(CLIError) -> Int64 {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let version = Int64(text) else {
            throw .usage("invalid value '\(text)' for option '--\(option)'; expected a whole number, 0 or more")
        }
        return version
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        // A key that cannot sign is found before any work (exit 2).
        let signer = try signing.map { signing throws(CLIError) in try KeyFiles.signingKey(at: signing.key) }
        let trusted = keys.isEmpty ? nil : try KeyFiles.trustedKeys(keys)
        let input = try TableInput.open(table)
        let program: RoutingProgram
        if input.isCompiled {
            try refuseOverwriting([table])
            program = try ProgramLoader.loadCompiled(input, context: context, trusted: trusted)
        } else {
            if trusted != nil {
                context.console.err("Error: \(SignedInput.Refusal.notSigned.message(for: table))\n")
                return .findings
            }
            let checked: CheckedTable
            do throws(TableLoadError) {
                checked = try input.loadRouteTable()
            } catch {
                throw .io(error.description)
            }
            try refuseOverwriting(checked.files.map(\.path))
            report(checked, context: context)
            guard let loaded = checked.program else {
                context.console.err("Error: the table '\(table)' has errors; nothing written\n")
                return .findings
            }
            program = loaded
        }
        let text = CompiledTableFormat.encode(program, sourceRoot: table)
        let bytes = Array(text.utf8)
        // Never write what the loader would refuse (say, a text past the reader's string bound).
        do throws(CompiledTableError) {
            _ = try CompiledTableFormat.decode(bytes)
        } catch {
            context.console.err("Error: the compiled table would not load: \(error.description); nothing written\n")
            return .findings
        }
        var written = (text: text, bytes: bytes)
        if let signer, let signing {
            let keyID = SignedTable.keyID(ofPublicKey: signer.publicKey, verifier: SodiumVerifier())
            let message = SignedTable.message(keyID: keyID, tableVersion: signing.tableVersion, table: bytes)
            let signed = SignedTable(keyID: keyID, tableVersion: signing.tableVersion, table: bytes,
                                     signature: signer.sign(message)).text
            written = (signed, Array(signed.utf8))
            // As for the table: never write what an app would refuse.
            do {
                _ = try TrustedKeys(publicKeys: [signer.publicKey], verifier: SodiumVerifier()).open(written.bytes)
            } catch {
                context.console.err("Error: the signed table would not verify: \(error); nothing written\n")
                return .findings
            }
        }
        if output == "-" {
            context.console.out(written.text)
        } else {
            try AtomicWriter.save(written.bytes, to: output)
        }
        return .success
    }

    /// Prints the table's diagnostics on standard error, as `validate` renders them, with the
    /// summary line when there are any.
    private func report(_ checked: CheckedTable, context: CommandContext) {
        guard !checked.diagnostics.isEmpty else { return }
        let renderer = TextDiagnosticRenderer(
            files: checked.files, colored: context.colors(.error, mode: color))
        context.console.err(renderer.render(checked.diagnostics))
        var summary = DiagnosticSummary(
            tables: 1, files: checked.files.count, rules: checked.ruleCount, errors: 0, warnings: 0)
        summary.count(checked.diagnostics)
        context.console.err(summary.line + "\n")
    }

    /// Refuses (exit 2) an output that is one of the table's input files, by path or by identity
    /// (a hard link or a symbolic link to it).
    private func refuseOverwriting(_ inputs: [String]) throws(CLIError) {
        guard output != "-" else { return }
        let target = AtomicWriter.identity(of: output)
        let targetPath = URL(fileURLWithPath: output).standardizedFileURL.path
        for input in inputs {
            let sameFile = target != nil && target == AtomicWriter.identity(of: input)
            let samePath = URL(fileURLWithPath: input).standardizedFileURL.path == targetPath
            if sameFile || samePath {
                throw .io("refusing to write '\(output)': it is an input file of the table '\(table)'")
            }
        }
        try refuseJoiningTheTable()
    }

    /// Refuses (exit 2) an output that the next load of a directory table would read as one of
    /// its route files (`routes/compiled.yaml`), which would break that table.
    private func refuseJoiningTheTable() throws(CLIError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: table, isDirectory: &isDirectory), isDirectory.boolValue,
              TableLoader.isRouteFile(URL(fileURLWithPath: output).lastPathComponent)
        else { return }
        let directory = URL(fileURLWithPath: table).resolvingSymlinksInPath().standardizedFileURL.path
        let target = URL(fileURLWithPath: output).deletingLastPathComponent()
            .resolvingSymlinksInPath().standardizedFileURL.path
        guard target == directory || target.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
        else { return }
        throw .io("refusing to write '\(output)': inside the table's directory '\(table)' it would be "
            + "read as one of its route files; write it elsewhere, or name it '.json'")
    }
}
