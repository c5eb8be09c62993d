/// The route table an app decides with, and the one place it changes: a signed table the app
/// downloaded (however it likes; RouteKit does no networking) is accepted only when it passes
/// every check, then kept as the last good table; anything else keeps the table the app has.
///
/// - At launch, the last good table is read and verified again like a new download (trusted
///   key, signature, table format, app contract): a file changed on the device, a key no longer
///   trusted or an app version whose contract it does not satisfy falls back to the bundled
///   table, and `launchProblem` says why. The first launch has no last good table and uses the
///   bundled one; a bundled table newer than the stored one (an app update) wins too.
/// - `accept(_:)` checks a download: size and shape, a trusted key, the signature, a
///   `table_version` not lower than the last accepted (or bundled) one, the table's format and
///   the app contract. Only then is it stored (atomically: `LastGoodTableFile`) and made
///   current. On any failure it throws a `SignedTableError` and nothing changes, on disk or in
///   `current`.
///
/// ```swift
/// var tables = try TableUpdate(bundled: bundledBytes, keys: keys, contract: contract,
///                              lastGood: LastGoodTableFile(path: storePath))
/// var navigator = Navigator(decider: tables.current.decider)
/// // later, with bytes from the network:
/// do {
///     let table = try tables.accept(downloaded)
///     navigator.replaceDecider(table.decider)  // between two events
/// } catch {
///     log("kept table \(tables.current.tableVersion): \(error)")
/// }
/// ```
public struct TableUpdate: Sendable {
    /// Where the current table came from.
    ///
    /// ```swift
    /// if tables.origin == .bundled, let problem = tables.launchProblem { log(problem) }
    /// ```
    public enum Origin: Sendable, Hashable {
        /// The signed table shipped in the app bundle.
        case bundled
        /// The last good table stored by an earlier `accept`, verified again at launch.
        case lastGood
        /// A table accepted since launch.
        case update
    }

    /// The keys whose signatures are accepted.
    public let keys: TrustedKeys
    /// What this app version implements; nil accepts any table that loads.
    public let contract: AppContract?
    /// Where accepted tables are kept.
    public let lastGood: LastGoodTableFile
    /// The table to decide with.
    public private(set) var current: VerifiedTable
    /// Where `current` came from.
    public private(set) var origin: Origin
    /// The lowest `table_version` an update may have: the highest version accepted so far (by
    /// this launch, stored, or bundled). Equal is accepted: the same table delivered again.
    public private(set) var lowestAcceptedVersion: Int64
    /// Why the stored last good table was not used at launch, when there was one and it failed
    /// a check; nil otherwise.
    public private(set) var launchProblem: SignedTableError?

    /// The tables at launch: the bundled signed table and the last good one, whichever is newer
    /// among those that pass every check (see the type's summary).
    ///
    /// Throws only when the bundled table itself fails a check — a build mistake (signed with a
    /// key this app version does not trust, or not satisfying its contract) to fix before release.
    ///
    /// ```swift
    /// let tables = try TableUpdate(bundled: bundledBytes, keys: keys, contract: contract, lastGood: file)
    /// ```
    public init(bundled: [UInt8], keys: TrustedKeys, contract: AppContract? = nil,
                lastGood: LastGoodTableFile) throws(SignedTableError) {
        self.keys = keys
        self.contract = contract
        self.lastGood = lastGood
        current = try keys.open(bundled, contract: contract)
        origin = .bundled
        lowestAcceptedVersion = current.tableVersion
        launchProblem = nil
        let stored: [UInt8]
        do throws(SignedTableError) {
            guard let bytes = try lastGood.read() else { return }
            stored = bytes
        } catch {
            launchProblem = error
            return
        }
        do throws(SignedTableError) {
            let table = try keys.open(stored, contract: contract)
            lowestAcceptedVersion = max(lowestAcceptedVersion, table.tableVersion)
            if table.tableVersion >= current.tableVersion {
                current = table
                origin = .lastGood
            }
        } catch {
            launchProblem = error
            // Authentic, but not for this app version: its version was still accepted once, and
            // an older table must not come back.
            switch error {
            case .newerTableFormat, .invalidTable, .contractMismatch:
                if let signed = try? SignedTable(reading: stored) {
                    lowestAcceptedVersion = max(lowestAcceptedVersion, signed.tableVersion)
                }
            default:
                break
            }
        }
    }

    /// Checks a downloaded signed table and, when it passes, stores it as the last good table
    /// and makes it current; returns it for the navigator (`Navigator.replaceDecider`).
    ///
    /// Throws the first check that fails (`SignedTableError`), or `.storageFailed` when it cannot
    /// be stored; `current` and the stored file are then left as they were.
    ///
    /// ```swift
    /// let table = try tables.accept(downloaded)
    /// navigator.replaceDecider(table.decider)
    /// ```
    @discardableResult
    public mutating func accept(_ bytes: [UInt8]) throws(SignedTableError) -> VerifiedTable {
        let table = try keys.open(bytes, minimumVersion: lowestAcceptedVersion, contract: contract)
        try lastGood.write(bytes)
        current = table
        origin = .update
        lowestAcceptedVersion = table.tableVersion
        return table
    }
}
