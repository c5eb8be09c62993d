import RouteKit
import RouteKitSodium
import Testing

private typealias F = SigningFixture

/// `TableUpdate` across launches: the bundled table first, an accepted one kept and verified
/// again at the next launch, and back to the bundled table whenever the stored one fails a
/// check, without letting an older table in.
@Suite struct TableUpdateTests {
    static func launch(_ folder: ScratchFolder, bundled: Int64 = 40, keys: TrustedKeys = F.trusted(),
                       contract: AppContract? = F.contract) throws -> TableUpdate {
        try TableUpdate(bundled: F.signed(F.small, version: bundled), keys: keys, contract: contract,
                        lastGood: LastGoodTableFile(path: folder.path + "/tables/last-good.json"))
    }

    @Test func theFirstLaunchUsesTheBundledTable() throws {
        let folder = ScratchFolder()
        let update = try Self.launch(folder)
        #expect(update.origin == .bundled)
        #expect(update.current.tableVersion == 40)
        #expect(update.lowestAcceptedVersion == 40)
        #expect(update.launchProblem == nil)
        #expect(folder.entries() == [])
    }

    @Test func anAcceptedTableIsStoredAndUsedAtTheNextLaunch() throws {
        let folder = ScratchFolder()
        var update = try Self.launch(folder)
        let accepted = try update.accept(F.signed(version: 42))
        #expect(accepted.tableVersion == 42)
        #expect(update.origin == .update)
        #expect(update.current.program.rules.count == F.program.rules.count)
        #expect(F.readFile(folder.path + "/tables/last-good.json") == F.signed(version: 42))

        let next = try Self.launch(folder)
        #expect(next.origin == .lastGood)
        #expect(next.current.tableVersion == 42)
        #expect(next.lowestAcceptedVersion == 42)
        #expect(next.launchProblem == nil)
    }

    @Test func aStoredTableChangedOnTheDeviceFallsBackToTheBundledOne() throws {
        let folder = ScratchFolder()
        var update = try Self.launch(folder)
        try update.accept(F.signed(version: 42))
        var stored = F.readFile(folder.path + "/tables/last-good.json")
        stored[stored.count / 2] ^= 0x01
        LastGoodTableFile(path: folder.path + "/tables/last-good.json").writeForTests(stored)

        let next = try Self.launch(folder)
        #expect(next.origin == .bundled)
        #expect(next.current.tableVersion == 40)
        #expect(next.launchProblem == .badSignature(keyID: F.keyID(F.key)))
        // Not authentic: its version does not count.
        #expect(next.lowestAcceptedVersion == 40)
    }

    /// A key dropped in a later app version (rotated out, or leaked) no longer vouches for what
    /// it signed.
    @Test func aStoredTableByAKeyNoLongerTrustedIsNotUsed() throws {
        let folder = ScratchFolder()
        var update = try Self.launch(folder, keys: F.trusted([F.key, F.otherKey]))
        try update.accept(F.signed(version: 42, by: F.otherKey))
        let next = try Self.launch(folder, keys: F.trusted([F.key]))
        #expect(next.origin == .bundled)
        #expect(next.launchProblem == .untrustedKey(keyID: F.keyID(F.otherKey), trusted: [F.keyID(F.key)]))
    }

    /// An app update whose contract the stored table does not satisfy: the bundled table, and
    /// still no table older than the stored one.
    @Test func aStoredTableForAnotherAppVersionIsNotUsedButItsVersionCounts() throws {
        let folder = ScratchFolder()
        var update = try Self.launch(folder)
        try update.accept(F.signed(version: 42))
        let newApp = AppContract(tabs: F.contract.tabs, loginScreen: F.contract.loginScreen,
                                 screens: F.contract.screens.filter { $0.name != "notice" })
        var next = try Self.launch(folder, contract: newApp)
        #expect(next.origin == .bundled)
        guard case .contractMismatch(let mismatches)? = next.launchProblem else {
            Issue.record("\(String(describing: next.launchProblem))")
            return
        }
        #expect(mismatches.map(\.code) == ["contract-screen"])
        #expect(next.lowestAcceptedVersion == 42)
        #expect(throws: SignedTableError.rollback(tableVersion: 41, minimum: 42)) {
            try next.accept(F.signed(F.small, version: 41))
        }
        try next.accept(F.signed(F.small, version: 43))
        #expect(next.current.tableVersion == 43)
    }

    @Test func aBundledTableNewerThanTheStoredOneWins() throws {
        let folder = ScratchFolder()
        var update = try Self.launch(folder)
        try update.accept(F.signed(version: 42))
        let next = try Self.launch(folder, bundled: 50)
        #expect(next.origin == .bundled)
        #expect(next.current.tableVersion == 50)
        #expect(next.lowestAcceptedVersion == 50)
        #expect(next.launchProblem == nil)
    }

    @Test func aBundledTableThatFailsIsABuildMistake() throws {
        let folder = ScratchFolder()
        #expect(throws: SignedTableError.untrustedKey(keyID: F.keyID(F.key), trusted: [F.keyID(F.otherKey)])) {
            try Self.launch(folder, keys: F.trusted([F.otherKey]))
        }
    }

    @Test func anUnreadableStoredTableIsAProblemNotAFailure() throws {
        let folder = ScratchFolder()
        folder.write("tables", Array("a file where the folder should be".utf8))
        let update = try Self.launch(folder)
        #expect(update.origin == .bundled)
        guard case .storageFailed? = update.launchProblem else {
            Issue.record("\(String(describing: update.launchProblem))")
            return
        }
    }

    @Test func theStoredFileIsReplacedWholeAndAlone() throws {
        let folder = ScratchFolder()
        let file = LastGoodTableFile(path: folder.path + "/a/b/last-good.json")
        #expect(try file.read() == nil)
        try file.write(Array("first".utf8))
        try file.write(Array("second".utf8))
        #expect(try file.read() == Array("second".utf8))
    }
}

extension LastGoodTableFile {
    /// Writes `bytes` as a test's stand-in for a change made on the device.
    func writeForTests(_ bytes: [UInt8]) {
        try! write(bytes)
    }
}
