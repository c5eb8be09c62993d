import Foundation
import RouteKit
import RouteKitSodium
import Testing

/// `routecheck keygen`, `compile --sign`, `verify` and `--key` through the built binary
/// (SPEC §10): files, modes, exit statuses and what each prints.
@Suite struct SignedTableCLITests {
    /// A copy of the example table in `routes/` and a key pair `keys/ci.key` (+ `.pub`) made from
    /// a fixed seed, mode 0600; `other.key` is a second pair.
    static func workspace() throws -> TemporaryDirectory {
        let dir = try CompileCommandTests.exampleTable()
        try writeKey(Self.key, to: "keys/ci.key", in: dir)
        try writeKey(Self.otherKey, to: "other.key", in: dir)
        return dir
    }

    static let key = try! Ed25519SigningKey(seed: (1...32).map(UInt8.init))
    static let otherKey = try! Ed25519SigningKey(seed: (101...132).map(UInt8.init))
    static let keyID = SignedTable.keyID(ofPublicKey: key.publicKey, verifier: SodiumVerifier())

    static func writeKey(_ key: Ed25519SigningKey, to path: String, in dir: TemporaryDirectory) throws {
        let file = try dir.write(path, Base64.encode(key.seed) + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try dir.write(path + ".pub", Base64.encode(key.publicKey) + "\n")
    }

    static func mode(_ dir: TemporaryDirectory, _ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.url.appendingPathComponent(path).path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    // MARK: keygen

    @Test func keygenWritesAPrivateAndAPublicKey() throws {
        let dir = try TemporaryDirectory()
        let run = try runRouteCheck(["keygen", "-o", "ci.key"], in: dir.url)
        #expect(run.status == 0, "\(run)")
        let seed = try #require(Base64.decode(line: String(decoding: try CompileCommandTests.contents(dir, "ci.key"), as: UTF8.self)))
        let publicKey = try #require(Base64.decode(line: String(decoding: try CompileCommandTests.contents(dir, "ci.key.pub"), as: UTF8.self)))
        #expect(seed.count == 32 && publicKey.count == 32)
        #expect(try Ed25519SigningKey(seed: seed).publicKey == publicKey)
        #expect(try Self.mode(dir, "ci.key") == 0o600)
        #expect(try Self.mode(dir, "ci.key.pub") == 0o644)
        let id = SignedTable.keyID(ofPublicKey: publicKey, verifier: SodiumVerifier())
        #expect(run.stdout == """
            private key: ci.key (mode 0600): keep it secret, in the CI job that signs tables
            public key:  ci.key.pub, key id \(id): trust it in the app

            """)
        // One line of base64 each.
        #expect(String(decoding: try CompileCommandTests.contents(dir, "ci.key"), as: UTF8.self).split(separator: "\n").count == 1)

        let again = try runRouteCheck(["keygen", "-o", "ci.key"], in: dir.url)
        #expect(again.status == 2)
        #expect(again.stderr == "Error: refusing to overwrite 'ci.key': it exists; remove it or choose another name\n")
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("ci.key"))
        let publicLeft = try runRouteCheck(["keygen", "-o", "ci.key"], in: dir.url)
        #expect(publicLeft.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("ci.key").path))
    }

    @Test(arguments: [
        (["keygen"], "Error: give the private key's file with -o KEY"),
        (["keygen", "-o", "-"], "Error: a private key is not written to standard output; give a file with -o KEY"),
        (["keygen", "-o", "missing/ci.key"], "Error: cannot write 'missing/ci.key': the folder 'missing' does not exist"),
    ])
    func keygenRefusesWhatItCannotDo(arguments: [String], message: String) throws {
        let dir = try TemporaryDirectory()
        let run = try runRouteCheck(arguments, in: dir.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix(message), "\(run)")
        #expect(try CompileCommandTests.files(in: dir) == [])
    }

    // MARK: compile --sign and verify

    @Test func aSignedTableIsVerifiedAndDecidedWith() throws {
        let dir = try Self.workspace()
        let compile = try runRouteCheck(["compile", "routes/", "-o", "routes.signed.json", "--sign", "keys/ci.key",
                                         "--table-version", "42"], in: dir.url)
        #expect(compile == RouteCheckRun(stdout: "", stderr: "", status: 0), "\(compile)")
        let text = String(decoding: try CompileCommandTests.contents(dir, "routes.signed.json"), as: UTF8.self)
        #expect(text.hasPrefix(#"{"format": "routekit-signed", "version": 1, "key_id": ""# + Self.keyID
                               + #"", "table_version": 42, "table": ""#))
        let signed = try SignedTable(reading: Array(text.utf8))
        _ = try runRouteCheck(["compile", "routes/", "-o", "routes.json"], in: dir.url)
        #expect(signed.table == [UInt8](try CompileCommandTests.contents(dir, "routes.json")))

        let verify = try runRouteCheck(["verify", "routes.signed.json", "--key", "keys/ci.key.pub", "--min-version", "41"],
                                       in: dir.url)
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stdout == """
            ok   envelope: routekit-signed version 1, \(text.utf8.count) bytes
            ok   key: \(Self.keyID) is trusted (keys/ci.key.pub)
            ok   signature: valid Ed25519 signature of the table, its version and its key id
            ok   table version: 42, at least 41
            ok   table: loads: 9 rules, 4 tabs, 8 screens
            accepted: table version 42, signed with key \(Self.keyID)

            """)

        // Every table-taking command decides with the table inside, with or without --key.
        for arguments in [["eval", "routes.signed.json"], ["eval", "routes.signed.json", "--key", "keys/ci.key.pub"]] {
            let eval = try runRouteCheck(arguments + ["--payload", #"{"type": 3, "id": 42}"#], in: dir.url)
            let plain = try runRouteCheck(["eval", "routes/", "--payload", #"{"type": 3, "id": 42}"#], in: dir.url)
            #expect(eval == plain, "\(arguments)")
        }
        let validate = try runRouteCheck(["validate", "--key", "keys/ci.key.pub", "routes.signed.json"], in: dir.url)
        #expect(validate.stdout == "1 table, 1 file, 9 rules: 0 errors, 0 warnings\n", "\(validate)")
        let cases = CompileCommandTests.repositoryRoot.appendingPathComponent("routes/launch.test.yaml")
        try dir.write("launch.test.yaml", try String(contentsOf: cases, encoding: .utf8))
        for command in [["graph"], ["schema"], ["test", "routes.signed.json", "launch.test.yaml"]] {
            let table = command.count > 1 ? [] : ["routes.signed.json"]
            let run = try runRouteCheck(command + table + ["--key", "keys/ci.key.pub"], in: dir.url)
            #expect(run.status == 0, "\(command) \(run)")
        }
    }

    @Test func verifyRefusesEachWayWithItsReason() throws {
        let dir = try Self.workspace()
        _ = try runRouteCheck(["compile", "routes/", "-o", "signed.json", "--sign", "keys/ci.key", "--table-version", "7"],
                              in: dir.url)
        var bytes = [UInt8](try CompileCommandTests.contents(dir, "signed.json"))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: dir.url.appendingPathComponent("tampered.json"))
        try Data(bytes.prefix(bytes.count / 3)).write(to: dir.url.appendingPathComponent("cut.json"))
        let otherID = SignedTable.keyID(ofPublicKey: Self.otherKey.publicKey, verifier: SodiumVerifier())
        let cases: [([String], String)] = [
            (["signed.json", "--key", "other.key.pub"],
             "refused: signed with key \(Self.keyID), which is not trusted (trusted: \(otherID))"),
            (["tampered.json", "--key", "keys/ci.key.pub"],
             "refused: the signature does not verify with key \(Self.keyID): the table or its version was changed after signing, or another key signed it"),
            (["signed.json", "--key", "keys/ci.key.pub", "--min-version", "8"],
             "refused: table version 7 is lower than 8, the lowest accepted: an older table must not replace a newer one"),
            (["cut.json", "--key", "keys/ci.key.pub"],
             "refused: the signed table ends early, after \(bytes.count / 3) bytes: it was cut off"),
            (["routes/messages.yaml", "--key", "keys/ci.key.pub"],
             "refused: not a valid signed table: invalid JSON: expected a value, found '#' at line 1, column 1"),
        ]
        for (arguments, last) in cases {
            let run = try runRouteCheck(["verify"] + arguments, in: dir.url)
            #expect(run.status == 1, "\(arguments) \(run)")
            #expect(run.stdout.hasSuffix(last + "\n"), "\(arguments) \(run)")
            #expect(run.stderr == "")
        }
        // A compiled table that is not signed.
        _ = try runRouteCheck(["compile", "routes/", "-o", "plain.json"], in: dir.url)
        let plain = try runRouteCheck(["verify", "plain.json", "--key", "keys/ci.key.pub"], in: dir.url)
        #expect(plain.status == 1)
        #expect(plain.stdout.hasSuffix("refused: not a signed table: 'format' is 'routekit-compiled', expected 'routekit-signed'\n"))
        // Rotation: either of two keys, given as --key twice or after FILE.
        for keys in [["--key", "other.key.pub", "--key", "keys/ci.key.pub"], ["--key", "other.key.pub", "keys/ci.key.pub"]] {
            let run = try runRouteCheck(["verify", "signed.json"] + keys, in: dir.url)
            #expect(run.status == 0, "\(keys) \(run)")
        }
    }

    @Test(arguments: [
        (["verify", "signed.json"], "Error: give the public key to trust with --key PUB (routecheck keygen writes KEY.pub)"),
        (["verify", "missing.json", "--key", "keys/ci.key.pub"], "Error: cannot read 'missing.json': no such file or directory"),
        (["verify", "signed.json", "--key", "nokey.pub"], "Error: cannot read 'nokey.pub': no such file or directory"),
        (["verify", "signed.json", "--key", "routes/app.yaml"], "Error: 'routes/app.yaml' is not a public key"),
        (["verify", "signed.json", "--key", "keys/ci.key"], "Error: 'keys/ci.key' looks like a private key ('keys/ci.key.pub' is beside it); trust the public key: --key keys/ci.key.pub"),
        (["verify", "signed.json", "--key", "keys/ci.key.pub", "--min-version", "-1"], "Error: invalid value '-1' for option '--min-version'"),
        (["verify", "signed.json", "--key", "keys/ci.key.pub", "--contract", "routes/app.yaml"], "routes/app.yaml:1:1: error: not an app contract: invalid JSON"),
    ])
    func verifyIsAUsageErrorForBadInputs(arguments: [String], message: String) throws {
        let dir = try Self.workspace()
        _ = try runRouteCheck(["compile", "routes/", "-o", "signed.json", "--sign", "keys/ci.key", "--table-version", "1"],
                              in: dir.url)
        let run = try runRouteCheck(arguments, in: dir.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix(message), "\(run)")
        #expect(run.stdout == "")
    }

    @Test(arguments: [
        (["--sign", "keys/ci.key"], 2, "Error: a signed table needs its version: give --table-version N too"),
        (["--table-version", "3"], 2, "Error: --table-version numbers a signed table: give --sign KEY too"),
        (["--sign", "keys/ci.key", "--table-version", "x"], 2, "Error: invalid value 'x' for option '--table-version'"),
        (["--sign", "keys/ci.key", "--table-version", "-4"], 2, "Error: invalid value '-4' for option '--table-version'"),
        (["--sign", "keys/ci.key", "--table-version", "9223372036854775808"], 2, "Error: invalid value '9223372036854775808'"),
        (["--sign", "keys/ci.key.pub", "--table-version", "1"], 2, "Error: 'keys/ci.key.pub' is a public key; sign with the private key"),
        (["--sign", "loose.key", "--table-version", "1"], 2, "Error: the private key file 'loose.key' can be read or written by others (mode 0644); anyone who reads it can sign tables your apps trust: make it private with 'chmod 600 loose.key'"),
        (["--sign", "routes/app.yaml", "--table-version", "1"], 2, "Error: the private key file 'routes/app.yaml' can be read or written by others"),
        (["--key", "keys/ci.key.pub"], 1, "Error: 'routes/' is not a signed table, and --key asks for one"),
    ])
    func compileRefusesToSignWithoutAGoodKeyAndVersion(extra: [String], status: Int32, message: String) throws {
        let dir = try Self.workspace()
        try dir.write("loose.key", Base64.encode(Self.key.seed) + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: dir.url.appendingPathComponent("loose.key").path)
        let run = try runRouteCheck(["compile", "routes/", "-o", "out.json"] + extra, in: dir.url)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.hasPrefix(message), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out.json").path))
    }

    @Test func aPrivateKeyFileThatIsNotOneIsRefused() throws {
        let dir = try Self.workspace()
        try dir.write("bad.key", "not base64\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: dir.url.appendingPathComponent("bad.key").path)
        let run = try runRouteCheck(["compile", "routes/", "-o", "out.json", "--sign", "bad.key", "--table-version", "1"], in: dir.url)
        #expect(run.status == 2)
        #expect(run.stderr == "Error: 'bad.key' is not a private key: expected one line of base64 of a 32-byte seed (as routecheck keygen writes)\n")
    }

    /// `KeyFiles.maxBytes` (4 KiB): a key line padded with blanks to the limit is read, one
    /// byte more is not a key file.
    @Test func aKeyFileIsReadUpToItsLimit() throws {
        let dir = try Self.workspace()
        _ = try runRouteCheck(["compile", "routes/", "-o", "signed.json", "--sign", "keys/ci.key", "--table-version", "1"],
                              in: dir.url)
        let line = Base64.encode(Self.key.publicKey)
        try dir.write("padded.pub", line + String(repeating: " ", count: 4096 - line.utf8.count))
        try dir.write("long.pub", line + String(repeating: " ", count: 4097 - line.utf8.count))
        let atLimit = try runRouteCheck(["verify", "signed.json", "--key", "padded.pub"], in: dir.url)
        #expect(atLimit.status == 0, "\(atLimit)")
        let past = try runRouteCheck(["verify", "signed.json", "--key", "long.pub"], in: dir.url)
        #expect(past.status == 2)
        #expect(past.stderr.hasPrefix("Error: 'long.pub' is not a public key"), "\(past)")
    }

    @Test func otherCommandsRefuseATableTheKeysDoNotVouchFor() throws {
        let dir = try Self.workspace()
        _ = try runRouteCheck(["compile", "routes/", "-o", "signed.json", "--sign", "other.key", "--table-version", "1"],
                              in: dir.url)
        let eval = try runRouteCheck(["eval", "signed.json", "--key", "keys/ci.key.pub", "--payload", "{}"], in: dir.url)
        #expect(eval.status == 1)
        #expect(eval.stderr.hasPrefix("Error: refusing the signed table 'signed.json': signed with key "), "\(eval)")
        let validate = try runRouteCheck(["validate", "--key", "keys/ci.key.pub", "signed.json", "routes/"], in: dir.url)
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("signed.json:1:1: error: refusing the signed table 'signed.json': signed with key "), "\(validate)")
        #expect(validate.stdout.contains("[untrusted-table]"))
        #expect(validate.stdout.contains("error: 'routes/' is not a signed table, and --key asks for one"), "\(validate)")
        #expect(validate.stdout.hasSuffix("2 tables, 6 files, 9 rules: 2 errors, 0 warnings\n"), "\(validate)")
        // Without --key, the table inside is used.
        let unchecked = try runRouteCheck(["eval", "signed.json", "--payload", "{}"], in: dir.url)
        #expect(unchecked.status == 0, "\(unchecked)")
    }
}
