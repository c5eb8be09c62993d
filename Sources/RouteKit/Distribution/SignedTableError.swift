/// Why a signed table is refused: one case per reason, each with what an app logs or a CI step
/// prints (`description`), so that any failure can keep the last good table and say why.
///
/// The checks run in this order, and the first that fails decides: size, shape (JSON, the
/// envelope's keys and values), envelope version, trusted key, signature, table version, the
/// compiled table inside (its format, whether it loads), the app contract, and, in
/// `TableUpdate`, storing it.
///
/// ```swift
/// do { try update.accept(downloaded) }
/// catch .rollback(let offered, let minimum) { log("replayed table \(offered) < \(minimum)") }
/// catch { log("kept table \(update.current.tableVersion): \(error)") }
/// ```
public enum SignedTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Larger than `SignedTable.maxBytes`; not read.
    case tooLarge(size: Int)
    /// Ends before the JSON does: cut off, as by an interrupted download.
    case truncated(size: Int)
    /// Not a signed table's JSON: invalid JSON, a missing or unknown key, a value of the wrong
    /// kind, a key id or signature of the wrong form, base64 that is not strict. `path` names the
    /// member (empty for the document) and `position` its line and column when known.
    case malformed(path: String, message: String, position: SourcePosition?)
    /// A JSON document of another `format`, such as an unsigned compiled table.
    case notSigned(format: String)
    /// A signed-table `version` newer than this RouteKit reads.
    case newerEnvelope(version: Int64)
    /// Signed with a key whose id is not among the trusted ones.
    case untrustedKey(keyID: String, trusted: [String])
    /// The signature does not verify with the trusted key of that id: the table, its version or
    /// its key id was changed after signing, or it was signed by another key.
    case badSignature(keyID: String)
    /// Authentic, but its `table_version` is lower than the lowest accepted: an older table
    /// replayed (a rollback), or below `--min-version`.
    case rollback(tableVersion: Int64, minimum: Int64)
    /// Authentic, but the compiled table inside has a `format_version` newer than this RouteKit
    /// reads.
    case newerTableFormat(version: Int64)
    /// Authentic, but the compiled table inside does not load.
    case invalidTable(CompiledTableError)
    /// Authentic and loads, but does not satisfy the app contract.
    case contractMismatch([ContractMismatch])
    /// Accepted, but could not be stored as the last good table (the update is not taken).
    case storageFailed(reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let size):
            // `size` is what was given, which a reader that stops past the limit cuts short.
            return "the signed table is larger than the limit of \(SignedTable.maxBytes) bytes (at least \(size) bytes)"
        case .truncated(let size):
            return "the signed table ends early, after \(size) bytes: it was cut off"
        case .malformed(let path, let message, let position):
            let place = position.map { " at line \($0.line), column \($0.column)" } ?? ""
            return "not a valid signed table: " + (path.isEmpty ? "" : "\(path): ") + message + place
        case .notSigned(let format):
            return "not a signed table: 'format' is \(format), expected '\(SignedTable.formatName)'"
        case .newerEnvelope(let version):
            return "signed table version \(version) is newer than this RouteKit (reads \(SignedTable.currentVersion))"
        case .untrustedKey(let keyID, let trusted):
            let keys = trusted.isEmpty ? "no key is trusted" : "trusted: " + trusted.joined(separator: ", ")
            return "signed with key \(keyID), which is not trusted (\(keys))"
        case .badSignature(let keyID):
            return "the signature does not verify with key \(keyID): the table or its version was "
                + "changed after signing, or another key signed it"
        case .rollback(let tableVersion, let minimum):
            return "table version \(tableVersion) is lower than \(minimum), the lowest accepted: "
                + "an older table must not replace a newer one"
        case .newerTableFormat(let version):
            return "the compiled table inside has format \(version), newer than this RouteKit reads "
                + "(\(CompiledTableFormat.oldestReadableVersion) to \(CompiledTableFormat.currentVersion))"
        case .invalidTable(let error):
            return "the compiled table inside does not load: \(error)"
        case .contractMismatch(let mismatches):
            return ContractMessages.notSatisfied(mismatches)
        case .storageFailed(let reason):
            return "the table could not be stored as the last good one: \(reason)"
        }
    }
}
