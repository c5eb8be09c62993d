import RouteKit
import RouteKitSodium
import Testing

private typealias F = SigningFixture

/// The envelope of SPEC §10: what is signed, byte for byte; how the envelope is written and
/// read; and `TrustedKeys.open` accepting a good table with several trusted keys.
@Suite struct SignedTableTests {
    @Test func theSignedMessageIsSPECsLayout() {
        let message = SignedTable.message(keyID: "0123456789abcdef", tableVersion: 42, table: Array("{}\n".utf8))
        #expect(message == Array("routekit-signed-table\n1\n0123456789abcdef\n42\n{}\n".utf8))
    }

    @Test func theEnvelopeIsWrittenInSPECsOrderAndReadBack() throws {
        let bytes = F.signed(version: 7)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format": "routekit-signed", "version": 1, "key_id": ""# + F.keyID(F.key)
                               + #"", "table_version": 7, "table": ""#))
        #expect(text.hasSuffix("\"}\n"))
        let signed = try SignedTable(reading: bytes)
        #expect(signed.version == 1)
        #expect(signed.keyID == F.keyID(F.key))
        #expect(signed.tableVersion == 7)
        #expect(signed.table == F.compiled)
        #expect(signed.signature.count == 64)
        #expect(Array(signed.text.utf8) == bytes)
        #expect(SignedTable.isSignedTable(bytes))
        #expect(!SignedTable.isSignedTable(F.compiled))
        #expect(!SignedTable.isSignedTable(Array("tabs: [home]\n".utf8)))
    }

    /// An envelope written by other tools: members in any order, any JSON whitespace.
    @Test func anyMemberOrderAndSpacingIsRead() throws {
        let signed = try SignedTable(reading: F.signed())
        let reordered = """
            {
              "signature" : "\(Base64.encode(signed.signature))",
              "table" : "\(Base64.encode(signed.table))",
              "table_version" : 42,
              "key_id" : "\(signed.keyID)",
              "version" : 1,
              "format" : "routekit-signed"
            }
            """
        let verified = try F.trusted().open(Array(reordered.utf8))
        #expect(verified.tableVersion == 42)
        #expect(verified.keyID == F.keyID(F.key))
    }

    @Test func aGoodTableIsOpenedWithEitherOfTwoTrustedKeys() throws {
        let keys = F.trusted([F.otherKey, F.key])
        #expect(keys.keys.map(\.id) == [F.keyID(F.otherKey), F.keyID(F.key)])
        let byFirst = try keys.open(F.signed(by: F.key), minimumVersion: 42, contract: F.contract)
        let bySecond = try keys.open(F.signed(version: 43, by: F.otherKey), minimumVersion: 42)
        #expect(byFirst.keyID == F.keyID(F.key))
        #expect(bySecond.keyID == F.keyID(F.otherKey))
        #expect(byFirst.program.rules.count == F.program.rules.count)
        let payload: JSONValue = ["type": "3", "id": 42]
        #expect(byFirst.decider.decide(payload) == F.program.decide(payload))
    }

    @Test func publicKeysAreReadFromBase64() throws {
        let keys = try TrustedKeys(base64: [Base64.encode(F.key.publicKey) + "\n"], verifier: F.verifier)
        #expect(keys.keys.map(\.publicKey) == [F.key.publicKey])
        #expect(throws: TrustedKeys.KeyError.self) { try TrustedKeys(base64: ["abc"], verifier: F.verifier) }
        #expect(throws: TrustedKeys.KeyError.self) {
            try TrustedKeys(publicKeys: [Array(F.key.publicKey.dropLast())], verifier: F.verifier)
        }
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var path: String
        var message: String
        var testDescription: String { name }
    }

    static let good = try! SignedTable(reading: SigningFixture.signed(Array("{}".utf8)))
    static func envelope(_ members: [String: String]) -> String {
        var fields = ["format": #""routekit-signed""#, "version": "1", "key_id": "\"\(good.keyID)\"",
                      "table_version": "42", "table": "\"\(Base64.encode(good.table))\"",
                      "signature": "\"\(Base64.encode(good.signature))\""]
        for (key, value) in members { fields[key] = value.isEmpty ? nil : value }
        return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    static let malformed = [
        Malformed(name: "not an object", text: "[]", path: "", message: "expected a JSON object"),
        Malformed(name: "no format", text: envelope(["format": ""]), path: "", message: "missing key 'format'"),
        Malformed(name: "no version", text: envelope(["version": ""]), path: "", message: "missing key 'version'"),
        Malformed(name: "version 0", text: envelope(["version": "0"]), path: "version",
                  message: "unsupported version 0 (expected 1)"),
        Malformed(name: "version as text", text: envelope(["version": #""1""#]), path: "version",
                  message: "expected an integer"),
        Malformed(name: "unknown key", text: envelope(["comment": #""hi""#]), path: "comment",
                  message: "unknown key 'comment'"),
        Malformed(name: "no signature", text: envelope(["signature": ""]), path: "",
                  message: "missing key 'signature'"),
        Malformed(name: "short key id", text: envelope(["key_id": #""abc""#]), path: "key_id",
                  message: "expected 16 lowercase hex digits"),
        Malformed(name: "uppercase key id", text: envelope(["key_id": "\"\(good.keyID.uppercased())\""]), path: "key_id",
                  message: "expected 16 lowercase hex digits"),
        Malformed(name: "negative version", text: envelope(["table_version": "-1"]), path: "table_version",
                  message: "expected a table version of 0 or more"),
        Malformed(name: "fractional version", text: envelope(["table_version": "4.5"]), path: "table_version",
                  message: "expected an integer"),
        Malformed(name: "table not base64", text: envelope(["table": #""e30*""#]), path: "table",
                  message: "expected strict base64 (RFC 4648: no line breaks, '=' padding, no stray bits)"),
        Malformed(name: "table with a line break", text: envelope(["table": #""e3\n0=""#]), path: "table",
                  message: "expected strict base64 (RFC 4648: no line breaks, '=' padding, no stray bits)"),
        Malformed(name: "short signature", text: envelope(["signature": #""AAAA""#]), path: "signature",
                  message: "expected a 64-byte signature, found 3 bytes"),
    ]

    @Test(arguments: malformed)
    func aMalformedEnvelopeIsRefusedNamingWhere(_ example: Malformed) {
        let bytes = Array(example.text.utf8)
        do {
            _ = try SignedTable(reading: bytes)
            Issue.record("\(example.name) was read")
        } catch {
            guard case .malformed(let path, let message, let position) = error else {
                Issue.record("\(example.name): \(error)")
                return
            }
            #expect(path == example.path)
            #expect(message == example.message)
            if !path.isEmpty { #expect(position != nil, "\(example.name) has no position") }
        }
    }

    @Test func otherDocumentsAreNotSignedTables() {
        #expect(throws: SignedTableError.notSigned(format: "'routekit-compiled'")) {
            try SignedTable(reading: F.compiled)
        }
        #expect(throws: SignedTableError.newerEnvelope(version: 2)) {
            try SignedTable(reading: Array(Self.envelope(["version": "2", "extra": "true"]).utf8))
        }
        #expect(throws: SignedTableError.malformed(path: "", message: "invalid JSON: unexpected end of input",
                                                   position: nil)) {
            try SignedTable(reading: [])
        }
    }

    @Test func everyErrorSaysWhyInOneLine() throws {
        let errors: [SignedTableError] = [
            .tooLarge(size: 100), .truncated(size: 10), .malformed(path: "table", message: "expected a string", position: nil),
            .notSigned(format: "'x'"), .newerEnvelope(version: 2), .untrustedKey(keyID: "a", trusted: []),
            .badSignature(keyID: "a"), .rollback(tableVersion: 1, minimum: 2), .newerTableFormat(version: 9),
            .invalidTable(CompiledTableError(path: "rules", message: "expected an array")),
            .contractMismatch([ContractMismatch(code: "contract-tab", message: "tab 'x' is not in the app contract", path: "tabs[0]")]),
            .storageFailed(reason: "cannot write 'x': No space left on device"),
        ]
        let descriptions = errors.map(\.description)
        #expect(Set(descriptions).count == errors.count)
        for description in descriptions { #expect(!description.contains("\n"), "\(description)") }
        #expect(descriptions[7] == "table version 1 is lower than 2, the lowest accepted: an older table must not replace a newer one")
    }
}
