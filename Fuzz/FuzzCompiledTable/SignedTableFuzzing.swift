import Foundation
import FuzzSupport
import RouteKit
import RouteKitSodium

/// The fuzzer's signing key (a fixed seed) and the keys it trusts: that one only.
enum FuzzKeys {
    static let signer: Ed25519SigningKey = {
        do { return try Ed25519SigningKey(seed: (1...32).map(UInt8.init)) } catch { fatalError("\(error)") }
    }()
    static let keyID = SignedTable.keyID(ofPublicKey: signer.publicKey, verifier: SodiumVerifier())
    static let trusted: TrustedKeys = {
        do { return try TrustedKeys(publicKeys: [signer.publicKey], verifier: SodiumVerifier()) } catch { fatalError("\(error)") }
    }()

    /// `table` signed as `tableVersion` by the fuzzer's key.
    static func sign(_ table: [UInt8], tableVersion: Int64) -> [UInt8] {
        let message = SignedTable.message(keyID: keyID, tableVersion: tableVersion, table: table)
        return Array(SignedTable(keyID: keyID, tableVersion: tableVersion, table: table,
                                 signature: signer.sign(message)).text.utf8)
    }
}

/// A signed table from any bytes: a `SignedTableError` or an envelope, and an envelope written
/// again reads back the same. Whatever it holds, `TrustedKeys.open` accepts it only when its
/// signature verifies with the trusted key; signed again with that key, the table inside is
/// accepted exactly when it loads and satisfies the example app's contract, and then decides as
/// the table loaded directly does; and a table version below it is refused as a rollback.
func fuzzSignedTable(_ bytes: [UInt8]) {
    let signed: SignedTable
    do {
        signed = try SignedTable(reading: bytes)
    } catch {
        _ = error.description
        return
    }
    let text = Array(signed.text.utf8)
    require((try? SignedTable(reading: text)) == signed, "a signed table written again reads differently")
    let valid = FuzzKeys.trusted.keys.contains {
        $0.id == signed.keyID && SodiumVerifier().isValidSignature(signed.signature, of: signed.signedMessage, publicKey: $0.publicKey)
    }
    do {
        _ = try FuzzKeys.trusted.open(bytes)
        require(valid, "a signed table was opened without a valid signature")
    } catch {
        switch error {
        case .untrustedKey, .badSignature: require(!valid, "a valid signature was refused: \(error)")
        default: require(valid, "a table without a valid signature got past the signature: \(error)")
        }
    }

    let resigned = FuzzKeys.sign(signed.table, tableVersion: signed.tableVersion)
    let direct = Result { () throws(CompiledTableError) in
        try CompiledTableFormat.decode(signed.table, contract: FuzzContract.contract)
    }
    let opened = Result { () throws(SignedTableError) in
        try FuzzKeys.trusted.open(resigned, minimumVersion: signed.tableVersion, contract: FuzzContract.contract)
    }
    switch (direct, opened) {
    case (.success(let program), .success(let verified)):
        require(verified.tableVersion == signed.tableVersion, "the table version changed")
        for payload in Fixtures.payloads {
            require(verified.decider.decide(payload) == program.decide(payload),
                    "the signed table decides \(payload) unlike the table itself")
        }
        if signed.tableVersion < Int64.max {
            do {
                _ = try FuzzKeys.trusted.open(resigned, minimumVersion: signed.tableVersion + 1)
                require(false, "an older table was accepted")
            } catch {
                require(error == .rollback(tableVersion: signed.tableVersion, minimum: signed.tableVersion + 1),
                        "an older table was refused for \(error)")
            }
        }
    case (.failure(let loadError), .failure(let openError)):
        switch openError {
        case .newerTableFormat(let version): require(loadError.newerFormat == version, "newer format \(version)")
        case .contractMismatch(let mismatches): require(loadError.contractMismatches == mismatches, "mismatches differ")
        case .invalidTable(let error): require(error == loadError, "the table's error differs")
        default: require(false, "a table re-signed with the trusted key was refused for \(openError)")
        }
    default:
        require(false, "the table loads \(direct) but opening its signed form gives \(opened)")
    }
}

/// The example app's contract, from the checkout.
enum FuzzContract {
    static let contract: AppContract = {
        let path = Fixtures.repositoryRoot + "/contract/app.contract.json"
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
        let bytes = [UInt8](data)
        do { return try AppContract(json: bytes) } catch { fatalError("\(path): \(error)") }
    }()
}
