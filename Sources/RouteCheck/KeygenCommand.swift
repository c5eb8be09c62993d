import RouteKit
import RouteKitSodium

/// `routecheck keygen -o KEY`: makes an Ed25519 key pair for signing tables (SPEC §10): `KEY`,
/// the private key (one line of base64 of a 32-byte seed, mode 0600), and `KEY.pub`, the public
/// key apps trust (one line of base64).
///
/// ```
/// $ routecheck keygen -o keys/routes.key
/// private key: keys/routes.key (mode 0600): keep it secret, in the CI job that signs tables
/// public key:  keys/routes.key.pub, key id 8f4e1c2a9b3d5e7f: trust it in the app
/// ```
struct KeygenCommand: Command {
    static let configuration = CommandConfiguration(
        name: "keygen",
        abstract: "Make an Ed25519 key pair for signing tables",
        discussion: """
            Writes KEY, the private key that 'routecheck compile --sign KEY' signs with (one
            line of base64 of a 32-byte Ed25519 seed, readable by its owner only: mode 0600),
            and KEY.pub, the public key (one line of base64 of 32 bytes) that apps trust and
            'routecheck verify --key' checks with. Prints the key id, the first 16 hex digits
            of the SHA-256 of the public key, which signed tables name. Neither file is
            overwritten: an existing KEY or KEY.pub is refused. Keys come from libsodium.
            """,
        options: [
            .value("output", short: "o", placeholder: "KEY",
                   help: "Where to write the private key (the public key goes to KEY.pub)").required
        ],
        exitStatuses: [
            (0, "Both files written"),
            (2, "Usage error, or a file exists or could not be written"),
        ])

    var output: String

    init(_ arguments: ParsedArguments) throws(CLIError) {
        guard let output = arguments.value("output"), !output.isEmpty else {
            throw .usage("give the private key's file with -o KEY")
        }
        guard output != "-" else {
            throw .usage("a private key is not written to standard output; give a file with -o KEY")
        }
        self.output = output
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let publicPath = KeyFiles.publicKeyPath(of: output)
        let key: Ed25519SigningKey
        do {
            key = try Ed25519SigningKey.generate()
        } catch {
            throw .io("cannot make a key: \(error)")
        }
        // Both names are checked before either file is made, so a refusal leaves nothing behind.
        try AtomicWriter.refuseExisting(output)
        try AtomicWriter.refuseExisting(publicPath)
        try AtomicWriter.createNew(Array((Base64.encode(key.seed) + "\n").utf8), at: output, mode: 0o600)
        do throws(CLIError) {
            try AtomicWriter.createNew(Array((Base64.encode(key.publicKey) + "\n").utf8), at: publicPath, mode: 0o644)
        } catch {
            AtomicWriter.remove(output)
            throw error
        }
        let keyID = SignedTable.keyID(ofPublicKey: key.publicKey, verifier: SodiumVerifier())
        context.console.out("""
            private key: \(output) (mode 0600): keep it secret, in the CI job that signs tables
            public key:  \(publicPath), key id \(keyID): trust it in the app

            """)
        return .success
    }
}
