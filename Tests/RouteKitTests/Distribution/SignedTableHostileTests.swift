import RouteKit
import RouteKitSodium
import Testing

private typealias F = SigningFixture

/// Hostile signed tables (issue 45): each is refused with its own error by `TableUpdate.accept`,
/// the table in use stays, and nothing is written where the last good table is kept.
@Suite struct SignedTableHostileTests {
    /// An app that bundled version 40 of a small table and accepted version 42, keeping it in a
    /// scratch folder; the hostile tables offered are the example table's (`routes/`).
    struct App {
        let folder = ScratchFolder()
        var update: TableUpdate
        let stored: [UInt8]

        init(contract: AppContract? = F.contract) throws {
            let file = LastGoodTableFile(path: folder.path + "/last-good.json")
            update = try TableUpdate(bundled: F.signed(F.small, version: 40), keys: F.trusted(), contract: contract,
                                     lastGood: file)
            stored = F.signed(F.small, version: 42)
            try update.accept(stored)
        }

        /// Offers `bytes`; the error it is refused with. Checks that the app still decides with
        /// version 42 and that the folder holds the same file, byte for byte, and nothing else.
        mutating func refusal(_ bytes: [UInt8], _ comment: Comment? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation) -> SignedTableError? {
            var refused: SignedTableError?
            do {
                try update.accept(bytes)
            } catch {
                refused = error
            }
            #expect(update.current.tableVersion == 42, comment, sourceLocation: sourceLocation)
            #expect(update.origin == .update, comment, sourceLocation: sourceLocation)
            #expect(folder.entries() == ["last-good.json"], comment, sourceLocation: sourceLocation)
            #expect(SigningFixture.readFile(folder.path + "/last-good.json") == stored, comment,
                    sourceLocation: sourceLocation)
            return refused
        }
    }

    /// Every byte of the envelope changed, one at a time, in three ways (its lowest bit, its
    /// highest bit, all bits): never accepted. What a change becomes depends on where it falls:
    /// JSON that does not read, a key or value of the wrong form, another key id, or a signature
    /// that no longer verifies.
    @Test func aChangedByteAnywhereIsRefused() throws {
        var app = try App()
        let bytes = F.signed(Array(#"{"not": "checked before the signature"}"#.utf8), version: 43)
        var kinds: [String: Int] = [:]
        for position in bytes.indices {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var changed = bytes
                changed[position] ^= mask
                guard let error = app.refusal(changed, "byte \(position) ^ \(mask)") else {
                    Issue.record("byte \(position) ^ \(mask) was accepted")
                    continue
                }
                let kind = "\(error)".prefix(24)
                kinds[String(kind), default: 0] += 1
                if case .invalidTable = error { Issue.record("byte \(position) ^ \(mask) got past the signature") }
            }
        }
        #expect(kinds.count >= 4, "\(kinds)")
    }

    @Test func aSignatureByAnUntrustedKeyIsRefused() throws {
        var app = try App()
        let error = app.refusal(F.signed(version: 43, by: F.otherKey))
        #expect(error == .untrustedKey(keyID: F.keyID(F.otherKey), trusted: [F.keyID(F.key)]))
    }

    /// The attacker's key named by the trusted key's id: the id picks the key, the signature
    /// still has to verify with it.
    @Test func anUntrustedSignatureUnderATrustedKeyIdIsRefused() throws {
        var app = try App()
        let id = F.keyID(F.key)
        let signature = F.otherKey.sign(SignedTable.message(keyID: id, tableVersion: 43, table: F.compiled))
        let forged = SignedTable(keyID: id, tableVersion: 43, table: F.compiled, signature: signature)
        #expect(app.refusal(Array(forged.text.utf8)) == .badSignature(keyID: id))
    }

    @Test func aValidSignatureOverAnotherTableIsRefused() throws {
        var app = try App()
        let other = Array(CompiledTableFormat.encode(F.program).replacingOccurrences(of: "\"home\"", with: "\"me\"").utf8)
        var signed = try SignedTable(reading: F.signed(version: 43))
        signed.table = other
        #expect(app.refusal(Array(signed.text.utf8)) == .badSignature(keyID: F.keyID(F.key)))
        // Nor may the signature of version 43 carry version 44.
        signed = try SignedTable(reading: F.signed(version: 43))
        signed.tableVersion = 44
        #expect(app.refusal(Array(signed.text.utf8)) == .badSignature(keyID: F.keyID(F.key)))
    }

    @Test func aLowerVersionIsRefusedAndTheSameIsAccepted() throws {
        var app = try App()
        #expect(app.refusal(F.signed(version: 41)) == .rollback(tableVersion: 41, minimum: 42))
        #expect(app.refusal(F.signed(version: 0)) == .rollback(tableVersion: 0, minimum: 42))
        try app.update.accept(F.signed(version: 42))
        #expect(app.update.current.tableVersion == 42)
    }

    @Test func aNewerFormatIsRefused() throws {
        var app = try App()
        let newerTable = CompiledTableFormat.encode(F.program)
            .replacingOccurrences(of: "\"format_version\": 2", with: "\"format_version\": 3")
        #expect(app.refusal(F.signed(Array(newerTable.utf8), version: 43)) == .newerTableFormat(version: 3))
        let newerEnvelope = String(decoding: F.signed(version: 43), as: UTF8.self)
            .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        #expect(app.refusal(Array(newerEnvelope.utf8)) == .newerEnvelope(version: 2))
    }

    @Test func aTableThatDoesNotLoadIsRefusedAfterItsSignature() throws {
        var app = try App()
        guard case .invalidTable(let error)? = app.refusal(F.signed(Array("{}".utf8), version: 43)) else {
            Issue.record("not refused as an invalid table")
            return
        }
        #expect(error.message.contains("format"), "\(error)")
    }

    @Test func aContractMismatchIsRefusedNamingEachOne() throws {
        let lacking = AppContract(tabs: F.contract.tabs, loginScreen: F.contract.loginScreen,
                                  screens: F.contract.screens.filter { $0.name != "notice" && $0.name != "session" })
        var app = try App(contract: lacking)
        guard case .contractMismatch(let found)? = app.refusal(F.signed(version: 43)) else {
            Issue.record("not refused for the contract")
            return
        }
        #expect(found.map(\.code) == ["contract-screen", "contract-screen"])
        #expect(found.map(\.message).joined().contains("'notice'"))
        #expect(found.map(\.message).joined().contains("'session'"))
    }

    @Test func aTruncatedFileIsRefusedAtEveryLength() throws {
        var app = try App()
        let bytes = F.signed(version: 43)
        for length in stride(from: 1, to: bytes.count - 1, by: 7) {
            let error = app.refusal(Array(bytes.prefix(length)), "length \(length)")
            #expect(error == .truncated(size: length), "length \(length): \(String(describing: error))")
        }
        #expect(app.refusal([]) == .malformed(path: "", message: "invalid JSON: unexpected end of input", position: nil))
    }

    /// `SignedTable.maxBytes`: a table padded with JSON whitespace to exactly the limit is read;
    /// one byte more, or 100 MB, is refused before it is read.
    @Test func theSizeLimitHoldsAtItsValueAndPast() throws {
        var app = try App()
        let bytes = F.signed(version: 43)
        var padded = bytes
        padded.insert(contentsOf: [UInt8](repeating: 0x20, count: SignedTable.maxBytes - bytes.count), at: 1)
        #expect(padded.count == SignedTable.maxBytes)
        try app.update.accept(padded)
        #expect(app.update.current.tableVersion == 43)

        var again = try App()
        padded.insert(0x20, at: 1)
        #expect(again.refusal(padded) == .tooLarge(size: SignedTable.maxBytes + 1))
        let hundredMegabytes = bytes + [UInt8](repeating: 0x20, count: 100_000_000 - bytes.count)
        #expect(again.refusal(hundredMegabytes) == .tooLarge(size: 100_000_000))
    }

    /// A file that cannot be written leaves the table in use, and no temporary file.
    @Test func aTableThatCannotBeStoredIsNotTaken() throws {
        let folder = ScratchFolder()
        folder.write("file", Array("not a folder".utf8))
        var update = try TableUpdate(bundled: F.signed(version: 40), keys: F.trusted(),
                                     lastGood: LastGoodTableFile(path: folder.path + "/file/last-good.json"))
        do {
            try update.accept(F.signed(version: 43))
            Issue.record("accepted without storing it")
        } catch {
            guard case .storageFailed(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("is not a folder"), "\(reason)")
        }
        #expect(update.current.tableVersion == 40)
        #expect(update.origin == .bundled)
        #expect(folder.entries() == ["file"])
    }
}
