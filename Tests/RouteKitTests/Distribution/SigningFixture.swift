import Foundation
import RouteKit
import RouteKitSodium
import RouteKitYAML

/// Keys, tables and signed tables for the tests of signed tables: two fixed keys, the example
/// app's table in `routes/` compiled, and its app contract in `contract/`.
enum SigningFixture {
    /// The repository's root, three levels above this file's folder.
    static let root: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return components.joined(separator: "/")
    }()

    static let key = try! Ed25519SigningKey(seed: (1...32).map(UInt8.init))
    static let otherKey = try! Ed25519SigningKey(seed: (101...132).map(UInt8.init))
    static let verifier = SodiumVerifier()

    static func keyID(_ signer: Ed25519SigningKey) -> String {
        SignedTable.keyID(ofPublicKey: signer.publicKey, verifier: verifier)
    }

    /// The keys an app trusts: `key`, and `otherKey` too when asked.
    static func trusted(_ keys: [Ed25519SigningKey] = [key]) -> TrustedKeys {
        try! TrustedKeys(publicKeys: keys.map(\.publicKey), verifier: verifier)
    }

    /// The example table, checked.
    static let program: RoutingProgram = {
        let checked = try! TableLoader.load(path: root + "/routes")
        return checked.program!
    }()

    /// The example table as `routecheck compile` writes it.
    static let compiled: [UInt8] = Array(CompiledTableFormat.encode(program).utf8)

    /// A one-rule table on the example app's tabs and screens: it satisfies the example app's
    /// contract, and smaller ones too.
    static let small: [UInt8] = {
        let yaml = """
            version: 1
            tabs: [home, discover, messages, me]
            login_screen: login
            screens:
              message_detail: {show: push, tab: home, params: {id: int}, hides_bottom_bar: true}
              login: {show: present, embed_in_navigation: true}
            payload: {id: int}
            routes:
              - name: detail
                when: has(id)
                push: message_detail
                params: {id: id}
            """
        let checked = TableLoader.load(path: "small.yaml", bytes: Array(yaml.utf8), size: nil)
        return Array(CompiledTableFormat.encode(checked.program!).utf8)
    }()

    /// The example app's contract, `contract/app.contract.json`.
    static let contract: AppContract = {
        try! AppContract(json: readFile(root + "/contract/app.contract.json"))
    }()

    /// `table` signed by `signer` as version `tableVersion`: the envelope's bytes.
    static func signed(_ table: [UInt8] = compiled, version tableVersion: Int64 = 42,
                       by signer: Ed25519SigningKey = key) -> [UInt8] {
        let id = keyID(signer)
        let signature = signer.sign(SignedTable.message(keyID: id, tableVersion: tableVersion, table: table))
        return Array(SignedTable(keyID: id, tableVersion: tableVersion, table: table, signature: signature).text.utf8)
    }

    static func readFile(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }
}

/// A fresh folder under the temporary directory, removed with what it holds when released.
final class ScratchFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("routekit-tests-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The names in the folder, hidden ones included, sorted.
    func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func write(_ name: String, _ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(bytes))
    }
}
