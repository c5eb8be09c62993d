extension SignedTable {
    static let envelopeKeys: CompiledKeys = ["format", "version", "key_id", "table_version", "table", "signature"]

    /// The bounds a signed table is read under: its size, and a string as long as the file (the
    /// base64 table). Nothing in it nests, but another document given in its place (a compiled
    /// table) may, as deep as a payload, and is then refused for what it is.
    static let readLimits = JSONReadLimits(maxBytes: maxBytes, maxDepth: PayloadLimits.maxDepth, maxStringBytes: maxBytes)

    /// Reads a signed table's envelope: strict JSON with exactly SPEC's six keys, `format`
    /// `routekit-signed`, a known `version`, a key id of 16 lowercase hex digits, a
    /// non-negative integer `table_version`, and strict base64 for the table and the 64-byte
    /// signature. Nothing is verified: `TrustedKeys` does that.
    ///
    /// ```swift
    /// let signed = try SignedTable(reading: downloaded)
    /// print(signed.keyID, signed.tableVersion)
    /// ```
    public init(reading bytes: [UInt8]) throws(SignedTableError) {
        guard bytes.count <= Self.maxBytes else { throw .tooLarge(size: bytes.count) }
        let root: CompiledJSONValue
        do {
            root = try CompiledJSONValue.read(bytes, limits: Self.readLimits)
        } catch {
            if Self.isCutOff(bytes, error) { throw .truncated(size: bytes.count) }
            throw .malformed(path: "", message: "invalid JSON: \(error.message)",
                             position: bytes.isEmpty ? nil : SourceFile.position(ofOffset: error.offset, in: bytes))
        }
        do throws(CompiledTableError) {
            self = try Self.decode(CompiledJSONNode(root))
        } catch {
            if let version = error.newerFormat { throw .newerEnvelope(version: version) }
            if error.path == "format", case .string(let format)? = root["format"] {
                throw .notSigned(format: "'\(format)'")
            }
            let offset = CompiledJSONLocator.offset(of: error.path, in: bytes, limits: Self.readLimits)
            throw .malformed(path: error.path, message: error.message,
                             position: offset.map { SourceFile.position(ofOffset: $0, in: bytes) })
        }
    }

    /// Whether JSON that does not read stops before its end: the reader ran out of input in a
    /// value, or in a string that was never closed. A download cut short is told apart from a
    /// file that is wrong where it is.
    private static func isCutOff(_ bytes: [UInt8], _ error: JSONReadError) -> Bool {
        guard error.code == JSONReadError.syntax, !bytes.isEmpty else { return false }
        return error.offset >= bytes.count || error.message == "missing closing '\"'"
    }

    /// Whether `bytes` are JSON whose top-level `format` is `routekit-signed`: a signed table
    /// (well formed or not) rather than a compiled table or YAML. Walks only as far as `format`.
    ///
    /// ```swift
    /// SignedTable.isSignedTable(Array(#"{"format": "routekit-signed"}"#.utf8)) // true
    /// ```
    public static func isSignedTable(_ bytes: [UInt8]) -> Bool {
        // Any size: only the walk to `format` is made, and one too large is still a signed table
        // (which `init(reading:)` then refuses as too large).
        let walk = JSONReadLimits(maxBytes: .max, maxDepth: readLimits.maxDepth, maxStringBytes: .max)
        guard let start = CompiledJSONLocator.offset(of: "format", in: bytes, limits: walk) else { return false }
        let expected = Array("\"\(formatName)\"".utf8)
        return bytes[start...].starts(with: expected)
    }

    private static func decode(_ root: CompiledJSONNode) throws(CompiledTableError) -> SignedTable {
        guard case .object = root.value else { throw root.error(CompiledTableMessages.expected("a JSON object")) }
        let formatNode = CompiledJSONNode(root.value["format"] ?? .null, path: "format")
        guard root.value["format"] != nil else { throw root.error(CompiledTableMessages.missingKey("format")) }
        guard try formatNode.string() == formatName else {
            throw formatNode.error("expected '\(formatName)'")
        }
        // The version before the other keys: a newer envelope is refused for its version.
        guard root.value["version"] != nil else { throw root.error(CompiledTableMessages.missingKey("version")) }
        let versionNode = CompiledJSONNode(root.value["version"] ?? .null, path: "version")
        let version = try versionNode.int()
        if version > currentVersion {
            var newer = versionNode.error("newer version")
            newer.newerFormat = version
            throw newer
        }
        guard version == currentVersion else {
            throw versionNode.error("unsupported version \(version) (expected \(currentVersion))")
        }
        let envelope = try root.object(keys: envelopeKeys)
        let keyNode = envelope["key_id"]
        let keyID = try keyNode.string()
        guard keyID.utf8.count == keyIDLength,
            keyID.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { throw keyNode.error("expected \(keyIDLength) lowercase hex digits") }
        let versionOfTable = envelope["table_version"]
        let tableVersion = try versionOfTable.int()
        guard tableVersion >= 0 else { throw versionOfTable.error("expected a table version of 0 or more") }
        let table = try base64(envelope["table"])
        let signature = try base64(envelope["signature"])
        guard signature.count == signatureLength else {
            throw envelope["signature"].error("expected a \(signatureLength)-byte signature, found \(signature.count) bytes")
        }
        return SignedTable(keyID: keyID, tableVersion: tableVersion, table: table, signature: signature)
    }

    private static func base64(_ node: CompiledJSONNode) throws(CompiledTableError) -> [UInt8] {
        guard let bytes = Base64.decode(try node.string()) else {
            throw node.error("expected strict base64 (RFC 4648: no line breaks, '=' padding, no stray bits)")
        }
        return bytes
    }
}
