import RouteKit
import RouteKitYAML

/// `routecheck verify FILE --key PUB… [--min-version N] [--contract FILE]`: runs the checks an
/// app runs before it accepts a signed table (SPEC §10, `TrustedKeys.open`), one line per check,
/// and says whether the table is accepted or why it is refused.
///
/// ```
/// $ routecheck verify routes.signed.json --key keys/routes.key.pub --min-version 41
/// ok   envelope: routekit-signed version 1, 3412 bytes
/// ok   key: 8f4e1c2a9b3d5e7f is trusted (keys/routes.key.pub)
/// ok   signature: valid Ed25519 signature of the table, its version and its key id
/// ok   table version: 42, at least 41
/// ok   table: loads: 9 rules, 4 tabs, 8 screens
/// accepted: table version 42, signed with key 8f4e1c2a9b3d5e7f
/// ```
struct VerifyCommand: Command {
    static let configuration = CommandConfiguration(
        name: "verify",
        abstract: "Check a signed table as an app does before accepting it",
        discussion: """
            Runs the checks an app runs on a signed table before it decides with it, in the
            app's order, and prints one line per check: the envelope's form, a trusted key,
            the Ed25519 signature over the table, its version and its key id, the table
            version (at least --min-version), the compiled table inside (its format, and that
            it loads), and, with --contract, the app contract. The last line says 'accepted',
            or 'refused:' and why. --key may be given several times (key rotation: an app may
            trust an old and a new key at once); public key files after FILE are trusted too.
            """,
        options: [
            OptionSpec.value("key", placeholder: "PUB",
                             help: "Trust this public key file (keygen's KEY.pub); repeat for several").repeatable.required,
            .value("min-version", placeholder: "N",
                   help: "Refuse a table version lower than N (the last one an app accepted)"),
            .value("contract", placeholder: "FILE",
                   help: "Refuse a table that does not satisfy this app contract"),
        ],
        arguments: [
            ArgumentSpec("FILE", help: "A signed table (routecheck compile --sign)"),
            ArgumentSpec("PUB", arity: .zeroOrMore, help: "More public key files to trust, as --key does"),
        ],
        exitStatuses: [
            (0, "Accepted"),
            (1, "Refused"),
            (2, "Usage error, or a file could not be read, or a key or contract file is not one"),
        ])

    var file: String
    var keys: [String]
    var minimumVersion: Int64
    var contract: String?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        file = try arguments.positional(0, name: "FILE")
        keys = arguments.values(of: "key") + arguments.positionals.dropFirst()
        guard !arguments.values(of: "key").isEmpty else {
            throw .usage("give the public key to trust with --key PUB (routecheck keygen writes KEY.pub)")
        }
        minimumVersion = try arguments.value("min-version").map { text throws(CLIError) in
            try CompileCommand.tableVersion(text, option: "min-version")
        } ?? 0
        contract = arguments.value("contract")
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        // Every input is read before any check, so that a bad key or contract file is exit 2.
        let trusted = try KeyFiles.trustedKeys(keys)
        // Which file each trusted key came from, to say which one signed.
        var keyFiles: [(id: String, path: String)] = []
        for path in keys {
            keyFiles.append((SignedTable.keyID(ofPublicKey: try KeyFiles.publicKey(at: path), verifier: trusted.verifier), path))
        }
        let appContract = try contract.map { path throws(CLIError) in try Self.contract(at: path, context: context) }
        let read = try InputPath.readBytes(file, atMost: SignedTable.maxBytes + InputPath.byteOrderMarkLength)
        let bytes = YAMLReader.withoutByteOrderMark(read)

        let console = context.console
        func passed(_ check: String, _ detail: String) { console.out("ok   \(check): \(detail)\n") }
        func refused(_ check: String, _ error: SignedTableError, summary: String? = nil, details: [String] = [])
            -> ExitStatus
        {
            console.out("FAIL \(check): \(summary ?? error.description)\n")
            details.forEach { console.out("       \($0)\n") }
            console.out("refused: \(error)\n")
            return .findings
        }

        let signed: SignedTable
        do throws(SignedTableError) {
            signed = try SignedTable(reading: bytes)
        } catch {
            return refused("envelope", error)
        }
        passed("envelope", "\(SignedTable.formatName) version \(signed.version), \(bytes.count) bytes")
        guard let keyFile = keyFiles.first(where: { $0.id == signed.keyID }) else {
            return refused("key", .untrustedKey(keyID: signed.keyID, trusted: trusted.keys.map(\.id)))
        }
        passed("key", "\(signed.keyID) is trusted (\(keyFile.path))")
        do throws(SignedTableError) {
            try trusted.verify(signed)
        } catch {
            return refused("signature", error)
        }
        passed("signature", "valid Ed25519 signature of the table, its version and its key id")
        guard signed.tableVersion >= minimumVersion else {
            return refused("table version", .rollback(tableVersion: signed.tableVersion, minimum: minimumVersion))
        }
        passed("table version", "\(signed.tableVersion)" + (minimumVersion > 0 ? ", at least \(minimumVersion)" : ""))
        let program: RoutingProgram
        do throws(SignedTableError) {
            program = try signed.loadTable()
        } catch {
            return refused("table", error)
        }
        let table = program.table
        passed("table", "loads: \(Self.count(program.rules.count, "rule")), \(Self.count(table.tabs.count, "tab")), "
            + Self.count(table.screens.count, "screen"))
        if let appContract, let contract {
            let mismatches = appContract.mismatches(in: table)
            guard mismatches.isEmpty else {
                let count = Self.count(mismatches.count, "mismatch")
                return refused("contract", .contractMismatch(mismatches), summary: "\(count) with \(contract)",
                               details: mismatches.map { "\($0.path): \($0)" })
            }
            passed("contract", "satisfied (\(contract))")
        }
        console.out("accepted: table version \(signed.tableVersion), signed with key \(signed.keyID)\n")
        return .success
    }

    /// The contract at `path`; one that is not a contract is shown as `validate` shows errors,
    /// on standard error, and ends the command with exit status 2.
    private static func contract(at path: String, context: CommandContext) throws(CLIError) -> AppContract {
        switch try ContractInput.read(path) {
        case .success(let contract):
            return contract
        case .failure(let problem):
            let renderer = TextDiagnosticRenderer(files: [problem.file], colored: context.colors(.error, mode: .auto))
            context.console.err(renderer.render([problem.diagnostic]))
            throw .exit(.usage)
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : noun.hasSuffix("h") ? "es" : "s")"
    }
}
