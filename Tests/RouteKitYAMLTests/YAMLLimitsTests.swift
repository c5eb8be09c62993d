import RouteKit
import RouteKitYAML
import Testing

@Suite struct YAMLLimitsTests {
    /// A valid file of exactly `size` bytes: one key with a long plain value.
    static func file(ofSize size: Int) -> [UInt8] {
        Array("a: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: size - 4) + [0x0A]
    }

    @Test func fileSizeAtTheLimitIsRead() {
        let document = YAMLReader.read(Self.file(ofSize: YAMLLimits.maxFileSize), file: "t.yaml")
        #expect(document.diagnostics.isEmpty)
        #expect(document.root != nil)
    }

    @Test func fileSizePastTheLimitIsRejected() {
        let document = YAMLReader.read(Self.file(ofSize: YAMLLimits.maxFileSize + 1), file: "t.yaml")
        #expect(document.root == nil)
        #expect(document.diagnostics.map(\.rendered) == [
            "1:1: file-too-large: file is larger than the limit of 4194304 bytes; split it into several files",
        ])
    }

    static func flowNesting(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    static func blockNesting(_ depth: Int) -> String {
        (0..<depth).map { String(repeating: " ", count: $0) + "k:\n" }.joined()
            + String(repeating: " ", count: depth) + "v\n"
    }

    @Test func nestingAtTheLimitIsRead() {
        #expect(readYAML(Self.flowNesting(YAMLLimits.maxNestingDepth)).diagnostics.isEmpty)
        #expect(readYAML(Self.blockNesting(YAMLLimits.maxNestingDepth)).diagnostics.isEmpty)
    }

    @Test func nestingPastTheLimitIsRejected() {
        let flow = readYAML(Self.flowNesting(YAMLLimits.maxNestingDepth + 1))
        #expect(flow.root == nil)
        #expect(flow.diagnostics.map(\.rendered) == [
            "1:65: nesting-too-deep: collections nest deeper than 64 levels; flatten them",
        ])
        let block = readYAML(Self.blockNesting(YAMLLimits.maxNestingDepth + 1))
        #expect(block.diagnostics.map(\.code) == ["nesting-too-deep"])
        #expect(block.diagnostics.first?.range.start.line == 65)
    }

    @Test func deepNestingFailsFast() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let document = readYAML(String(repeating: "[", count: 100_000))
            #expect(document.diagnostics.map(\.code) == ["nesting-too-deep"])
            let block = readYAML(Self.blockNesting(2_000))
            #expect(block.diagnostics.map(\.code) == ["nesting-too-deep"])
        }
        #expect(elapsed < .seconds(20), "a hang check, not a timing")
    }

    static func aliases(_ count: Int) -> String {
        "a: &a x\nb: [" + Array(repeating: "*a", count: count).joined(separator: ", ") + "]\n"
    }

    @Test func aliasExpansionAtTheLimitIsRead() {
        let document = readYAML(Self.aliases(YAMLLimits.maxAliasExpansion))
        #expect(document.diagnostics.isEmpty)
        if case .sequence(let items)? = document.root?["b"]?.content {
            #expect(items.count == YAMLLimits.maxAliasExpansion)
        } else {
            Issue.record("no sequence")
        }
    }

    @Test func aliasExpansionPastTheLimitIsRejected() {
        let document = readYAML(Self.aliases(YAMLLimits.maxAliasExpansion + 1))
        #expect(document.root == nil)
        #expect(document.diagnostics.map(\.code) == ["alias-expansion-limit"])
        #expect(document.diagnostics.first?.message == "aliases expand to more than 10000 nodes; write the values out or use fewer aliases")
    }

    @Test func aliasBombFailsFast() {
        var text = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text += "l\(level): &l\(level) ["
                + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let clock = ContinuousClock()
        var document: YAMLDocument?
        let elapsed = clock.measure { document = readYAML(text) }
        #expect(elapsed < .seconds(20), "a hang check, not a timing")
        #expect(document?.root == nil)
        #expect(document?.diagnostics.map(\.rendered) == [
            "4:45: alias-expansion-limit: aliases expand to more than 10000 nodes; write the values out or use fewer aliases",
        ])
    }
}
