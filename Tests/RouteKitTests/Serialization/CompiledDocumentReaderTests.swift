@testable import RouteKit
import Testing

/// The direct reader of compiled tables: it reads the compiler's own form into the same table as
/// the reader through a JSON value, and declines every other form, which that reader then reads
/// or refuses as before.
@Suite struct CompiledDocumentReaderTests {
    private static func canonicalText() throws -> String {
        CompiledTableFormat.encode(try CompiledFormatFixture.program())
    }

    private static func direct(_ text: String) -> RouteTable? {
        Array(text.utf8).withUnsafeBufferPointer { CompiledDocumentReader.table($0) }
    }

    private static func expectSameTable(_ table: RouteTable, _ expected: RouteTable) {
        #expect(table.version == expected.version)
        #expect(table.tabs == expected.tabs)
        #expect(table.loginScreen == expected.loginScreen)
        #expect(table.screens == expected.screens)
        #expect(Set(table.payloadFields) == Set(expected.payloadFields))
        #expect(table.defaults == expected.defaults)
        #expect(table.rules == expected.rules)
        #expect(table.fallback == expected.fallback)
    }

    @Test func readsTheCompilersOwnFormAsTheValueReaderDoes() throws {
        // The fixture uses every member of the format: every login form, alert texts, policies,
        // push stacks with params, present, escapes and non-ASCII names, rules without a source.
        let text = try Self.canonicalText()
        let table = try #require(Self.direct(text))
        Self.expectSameTable(table, try CompiledTableFormat.decodeTableThroughValue(Array(text.utf8)))
        Self.expectSameTable(table, try CompiledFormatFixture.program().table)
    }

    @Test func readsGeneratedTablesAsTheValueReaderDoes() throws {
        // The differential test's tables: every operator, params, the three login forms, alert
        // overrides, policies, fallbacks. Some leave a screen's param unbound, which the checker
        // lets pass (a route file's reader reports it) and a compiled table's readers refuse.
        var read = 0
        for seed in UInt64(0)..<200 {
            var generator = CompiledTableGenerator(seed: seed)
            let generated = generator.table()
            // The generator names a login screen without declaring it.
            let table = RouteTable(
                tabs: generated.tabs, loginScreen: generated.loginScreen,
                screens: generated.screens + [Screen(name: "login", show: .present)],
                payloadFields: generated.payloadFields, defaults: generated.defaults, rules: generated.rules,
                fallback: generated.fallback)
            let program = try #require(TableChecker.check(table, sources: []).program)
            let bytes = Array(CompiledTableFormat.encode(program).utf8)
            let direct = bytes.withUnsafeBufferPointer { CompiledDocumentReader.table($0) }
            let throughValue = try? CompiledTableFormat.decodeTableThroughValue(bytes)
            #expect((direct == nil) == (throughValue == nil), "seed \(seed)")
            if let direct, let throughValue {
                Self.expectSameTable(direct, throughValue)
                Self.expectSameTable(direct, table)
                read += 1
            }
        }
        #expect(read >= 50, "\(read) of 200 tables read")
    }

    @Test func readsTheSmallDocumentDirectly() throws {
        let text = CompiledFormatTests.smallDocument
        let table = try #require(Self.direct(text))
        Self.expectSameTable(table, try CompiledTableFormat.decodeTableThroughValue(Array(text.utf8)))
    }

    /// Forms the value reader reads into the same table, which the direct reader leaves to it.
    @Test func readsTheCompactFormDirectly() throws {
        // Only the whitespace differs from what `routecheck compile` writes.
        let text = JSONWriter.write(try JSONReader.read(try Self.canonicalText()))
        let table = try #require(Self.direct(text))
        Self.expectSameTable(table, try CompiledFormatFixture.program().table)
    }

    /// Forms the value reader reads into the same table, which the direct reader leaves to it.
    @Test(arguments: ["keys in another order", "a member holding null"])
    func declinesOtherFormsThatStillRead(_ form: String) throws {
        let canonical = try Self.canonicalText()
        let text = form == "keys in another order"
            ? JSONWriter.write(try JSONReader.read(canonical), pretty: true,
                               keyOrder: JSONKeyOrder(leading: ["when", "screen", "name"]))
            : canonical.replacing(#""push": ["#, with: #""present": null, "push": ["#, maxReplacements: 1)
        #expect(text != canonical)
        #expect(Self.direct(text) == nil)
        Self.expectSameTable(try CompiledTableFormat.decode(text: text).table,
                             try CompiledFormatFixture.program().table)
    }

    @Test func declinesFormatOne() throws {
        let text = CompiledFormatTests.formatOneDocument
        #expect(Self.direct(text) == nil)
        Self.expectSameTable(try CompiledTableFormat.decode(text: text).table,
                             try #require(Self.direct(CompiledFormatTests.smallDocument)))
    }

    /// Broken documents: declined, and refused with the value reader's message.
    @Test(arguments: [
        (#""index": 1,"#, #""index": 1.0,"#, "rules[1].index: expected an integer"),
        (#""index": 1,"#, #""index": 1, "extra": 0,"#, "rules[1].extra: unknown key 'extra'"),
        (#""index": 1,"#, #""index": 2,"#, "rules[1].index: expected 1, the rule's position in 'rules'"),
        (#""name": "thread-stack""#, #""name": "detail""#, "rules[1].name: duplicate rule name 'detail'"),
        (#""screen": "thread""#, #""screen": "threads""#, "unknown screen 'threads'"),
        (#""screen": "thread""#, #""screen": "notice""#, "is shown with 'present', not 'push'"),
        (#""line": 1000"#, #""line": 0"#, "expected a positive integer"),
        (#""format_version": 2"#, #""format_version": 3"#, "compiled table format 3 is newer"),
    ])
    func declinesBrokenDocumentsAndTheValueReaderSaysWhy(_ found: String, _ replacement: String,
                                                        _ message: String) throws {
        let canonical = try Self.canonicalText()
        #expect(canonical.contains(found))
        let text = canonical.replacing(found, with: replacement, maxReplacements: 1)
        #expect(Self.direct(text) == nil)
        let error = #expect(throws: CompiledTableError.self) { try CompiledTableFormat.decode(text: text) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func declinesParamNamesTheValueReaderFindsEqual() throws {
        // "é" composed and decomposed: equal as `String`s, so a duplicate key to the value reader.
        let text = CompiledFormatTests.smallDocument.replacing(
            #""id": "id""#, with: "\"\u{E9}\": \"id\", \"e\u{301}\": \"id\"", maxReplacements: 1)
        #expect(Self.direct(text) == nil)
        #expect(throws: CompiledTableError.self) { try CompiledTableFormat.decode(text: text) }
    }

    @Test func readsUpToTheSizeLimit() throws {
        let small = Array(CompiledFormatTests.smallDocument.utf8)
        #expect(small.withUnsafeBufferPointer { CompiledDocumentReader.table($0, maxBytes: small.count) } != nil)
        #expect(small.withUnsafeBufferPointer { CompiledDocumentReader.table($0, maxBytes: small.count - 1) } == nil)
        // The format's own bound, one byte past it: declined (and refused as too large by
        // `CompiledTableFormat.decode`, `CompiledFormatErrorTests.refusesOversizedInput`).
        var tooLarge = [UInt8](repeating: UInt8(ascii: " "), count: CompiledTableFormat.maxBytes + 1)
        tooLarge.replaceSubrange(0..<small.count, with: small)
        #expect(tooLarge.withUnsafeBufferPointer { CompiledDocumentReader.table($0) } == nil)
    }
}
