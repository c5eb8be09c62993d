/// The public keys whose signatures an app (or `routecheck verify`) accepts, and the checks a
/// signed table must pass before anything decides with it.
///
/// Several keys may be trusted at once, so that keys can be rotated: ship an app version that
/// trusts the old and the new key, start signing with the new one, and drop the old one from a
/// later version (docs/remote-tables.md).
///
/// ```swift
/// let keys = try TrustedKeys(base64: ["6yFQ…=", "Qm9v…="], verifier: CryptoKitVerifier())
/// let verified = try keys.open(downloaded, minimumVersion: 41, contract: contract)
/// var navigator = Navigator(decider: verified.decider)
/// ```
public struct TrustedKeys: Sendable {
    /// A trusted public key and its id.
    ///
    /// ```swift
    /// keys.keys.map(\.id) // ["8f4e1c2a9b3d5e7f", "0b1c2d3e4f506172"]
    /// ```
    public struct Key: Sendable, Hashable {
        /// The raw 32-byte Ed25519 public key.
        public let publicKey: [UInt8]
        /// Its key id: the first 16 hex digits of its SHA-256.
        public let id: String
    }

    /// Why a public key cannot be trusted: not base64, or not 32 bytes.
    ///
    /// ```swift
    /// do { _ = try TrustedKeys(base64: ["abc"], verifier: verifier) }
    /// catch { print(error) } // public key 1 is not base64 of 32 bytes
    /// ```
    public struct KeyError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A single lowercase phrase.
        public var description: String
    }

    /// The trusted keys, in the order given, each once.
    public let keys: [Key]
    /// The Ed25519 and SHA-256 implementation.
    public let verifier: any SignatureVerifier

    /// Trusts the raw 32-byte Ed25519 `publicKeys`.
    ///
    /// ```swift
    /// let keys = try TrustedKeys(publicKeys: [signingKey.publicKey], verifier: SodiumVerifier())
    /// ```
    public init(publicKeys: [[UInt8]], verifier: any SignatureVerifier) throws(KeyError) {
        var keys: [Key] = []
        for (position, publicKey) in publicKeys.enumerated() {
            guard publicKey.count == SignedTable.publicKeyLength else {
                throw KeyError(description: "public key \(position + 1) is \(publicKey.count) bytes, not \(SignedTable.publicKeyLength)")
            }
            let key = Key(publicKey: publicKey, id: SignedTable.keyID(ofPublicKey: publicKey, verifier: verifier))
            if !keys.contains(key) { keys.append(key) }
        }
        self.keys = keys
        self.verifier = verifier
    }

    /// Trusts public keys written in base64, as `routecheck keygen` writes them in `KEY.pub`
    /// (whitespace around each is ignored).
    ///
    /// ```swift
    /// let keys = try TrustedKeys(base64: ["6yFQ…="], verifier: CryptoKitVerifier())
    /// ```
    public init(base64 publicKeys: [String], verifier: any SignatureVerifier) throws(KeyError) {
        var raw: [[UInt8]] = []
        for (position, text) in publicKeys.enumerated() {
            guard let key = Base64.decode(line: text), key.count == SignedTable.publicKeyLength else {
                throw KeyError(description: "public key \(position + 1) is not base64 of \(SignedTable.publicKeyLength) bytes")
            }
            raw.append(key)
        }
        try self.init(publicKeys: raw, verifier: verifier)
    }

    /// Checks that `signed` names a trusted key and that its signature verifies with it.
    ///
    /// ```swift
    /// try keys.verify(SignedTable(reading: bytes)) // throws .untrustedKey or .badSignature
    /// ```
    public func verify(_ signed: SignedTable) throws(SignedTableError) {
        // Ids are a hash prefix: two trusted keys may share one (never in practice), so each is tried.
        let candidates = keys.filter { $0.id == signed.keyID }
        guard !candidates.isEmpty else { throw .untrustedKey(keyID: signed.keyID, trusted: keys.map(\.id)) }
        let message = signed.signedMessage
        guard candidates.contains(where: {
            verifier.isValidSignature(signed.signature, of: message, publicKey: $0.publicKey)
        }) else { throw .badSignature(keyID: signed.keyID) }
    }

    /// Checks a signed table from its bytes and loads the compiled table inside, in this order:
    /// its size and shape, a trusted key, the signature, `table_version` at least
    /// `minimumVersion`, the compiled table's format and content, and the app `contract` when
    /// one is given. Nothing is decided with before all of them pass.
    ///
    /// ```swift
    /// let verified = try keys.open(bytes, minimumVersion: lastAccepted, contract: contract)
    /// verified.tableVersion // 42
    /// ```
    public func open(_ bytes: [UInt8], minimumVersion: Int64 = 0, contract: AppContract? = nil)
        throws(SignedTableError) -> VerifiedTable
    {
        let signed = try SignedTable(reading: bytes)
        try verify(signed)
        guard signed.tableVersion >= minimumVersion else {
            throw .rollback(tableVersion: signed.tableVersion, minimum: minimumVersion)
        }
        return VerifiedTable(signed, program: try signed.loadTable(contract: contract))
    }
}

/// A signed table that passed every check of `TrustedKeys.open`: who signed it, its version, and
/// the table ready to decide with.
///
/// ```swift
/// let verified = try keys.open(bytes)
/// navigator.replaceDecider(verified.decider)
/// ```
public struct VerifiedTable: Sendable {
    /// The id of the trusted key whose signature verified.
    public let keyID: String
    /// The table's `table_version`.
    public let tableVersion: Int64
    /// The indexed evaluator over the table, for the navigator.
    public let decider: CompiledTable

    /// The checked table the decider decides for.
    public var program: RoutingProgram { decider.program }

    init(_ signed: SignedTable, program: RoutingProgram) {
        keyID = signed.keyID
        tableVersion = signed.tableVersion
        decider = CompiledTable(program)
    }
}
