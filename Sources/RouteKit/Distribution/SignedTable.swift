/// A compiled table signed for delivery without an app release (SPEC §10): the JSON envelope
/// `routecheck compile --sign` writes and `TrustedKeys.open` checks.
///
/// ```json
/// {"format": "routekit-signed", "version": 1, "key_id": "8f4e1c2a9b3d5e7f", "table_version": 42,
///  "table": "<base64 of the compiled table's bytes>", "signature": "<base64 Ed25519 signature>"}
/// ```
///
/// The signature is Ed25519 over `signedMessage`: `"routekit-signed-table\n" + version + "\n" +
/// key_id + "\n" + table_version + "\n"` followed by the compiled table's bytes, so that neither
/// the table, nor its version, nor the key it names can change without breaking it. `key_id` is
/// the first 16 hex digits of the SHA-256 of the raw 32-byte public key.
///
/// ```swift
/// let signed = try SignedTable(reading: bytes)   // the shape only: nothing is verified yet
/// signed.tableVersion                             // 42
/// let verified = try keys.open(bytes)              // signature, version, table, contract
/// ```
public struct SignedTable: Sendable, Hashable {
    /// The value of the envelope's `format` key.
    public static let formatName = "routekit-signed"
    /// The envelope `version` this RouteKit writes and reads; a newer one is refused.
    public static let currentVersion: Int64 = 1
    /// The largest signed table read, in bytes (90 MiB): the largest compiled table
    /// (`CompiledTableFormat.maxBytes`, 64 MiB) is 85.4 MiB in base64, and the envelope's other
    /// members take a few hundred bytes. A larger file is refused before it is read.
    public static let maxBytes = 90 * 1024 * 1024
    /// How many hex digits of the public key's SHA-256 a key id has.
    public static let keyIDLength = 16
    /// The length of an Ed25519 signature, in bytes.
    public static let signatureLength = 64
    /// The length of an Ed25519 public key, in bytes.
    public static let publicKeyLength = 32

    /// The envelope version: `currentVersion` for every table read or made by this RouteKit.
    public var version: Int64
    /// The id of the key that signed it: 16 lowercase hex digits.
    public var keyID: String
    /// The table's own version number, increasing with every table published; an app refuses
    /// one lower than the last it accepted.
    public var tableVersion: Int64
    /// The compiled table's bytes, as `routecheck compile` writes them.
    public var table: [UInt8]
    /// The Ed25519 signature of `signedMessage`, 64 bytes.
    public var signature: [UInt8]

    /// An envelope of the current version around `table`.
    ///
    /// ```swift
    /// let message = SignedTable.message(keyID: id, tableVersion: 42, table: compiled)
    /// let signed = SignedTable(keyID: id, tableVersion: 42, table: compiled, signature: key.sign(message))
    /// ```
    public init(keyID: String, tableVersion: Int64, table: [UInt8], signature: [UInt8]) {
        version = Self.currentVersion
        self.keyID = keyID
        self.tableVersion = tableVersion
        self.table = table
        self.signature = signature
    }

    /// The bytes the signature covers: `"routekit-signed-table\n" + version + "\n" + key_id +
    /// "\n" + table_version + "\n"`, the numbers in decimal, then the table's bytes.
    ///
    /// ```swift
    /// SignedTable.message(keyID: "0123456789abcdef", tableVersion: 7, table: Array("{}".utf8))
    /// // "routekit-signed-table\n1\n0123456789abcdef\n7\n{}" as UTF-8
    /// ```
    public static func message(version: Int64 = currentVersion, keyID: String, tableVersion: Int64,
                               table: [UInt8]) -> [UInt8] {
        var message = Array("routekit-signed-table\n\(version)\n\(keyID)\n\(tableVersion)\n".utf8)
        message.reserveCapacity(message.count + table.count)
        message += table
        return message
    }

    /// What this table's signature covers.
    public var signedMessage: [UInt8] {
        Self.message(version: version, keyID: keyID, tableVersion: tableVersion, table: table)
    }

    /// The key id of a 32-byte public key: the first 16 hex digits (lowercase) of its SHA-256.
    ///
    /// ```swift
    /// SignedTable.keyID(ofPublicKey: publicKey, verifier: SodiumVerifier()) // "8f4e1c2a9b3d5e7f"
    /// ```
    public static func keyID(ofPublicKey publicKey: [UInt8], verifier: any SignatureVerifier) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var id: [UInt8] = []
        for byte in verifier.sha256(publicKey).prefix(keyIDLength / 2) {
            id.append(digits[Int(byte >> 4)])
            id.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: id, as: UTF8.self)
    }

    /// The compiled table inside, loaded, and checked against `contract` when one is given.
    /// Only for a table whose signature `TrustedKeys.verify` has checked: the bytes of any other
    /// are not to be decided with.
    ///
    /// ```swift
    /// try keys.verify(signed)
    /// let program = try signed.loadTable(contract: contract)
    /// ```
    public func loadTable(contract: AppContract? = nil) throws(SignedTableError) -> RoutingProgram {
        do throws(CompiledTableError) {
            guard let contract else { return try CompiledTableFormat.decode(table) }
            return try CompiledTableFormat.decode(table, contract: contract)
        } catch {
            if let version = error.newerFormat { throw .newerTableFormat(version: version) }
            if !error.contractMismatches.isEmpty { throw .contractMismatch(error.contractMismatches) }
            throw .invalidTable(error)
        }
    }

    /// The envelope as JSON on one line, members in SPEC's order, with a final newline: what
    /// `routecheck compile --sign` writes.
    ///
    /// ```swift
    /// try signed.text.write(…) // {"format": "routekit-signed", "version": 1, "key_id": …}
    /// ```
    public var text: String {
        "{\"format\": \"\(Self.formatName)\", \"version\": \(version), \"key_id\": \(JSONWriter.quoted(keyID)), "
            + "\"table_version\": \(tableVersion), \"table\": \"\(Base64.encode(table))\", "
            + "\"signature\": \"\(Base64.encode(signature))\"}\n"
    }
}
