import RouteKit
import RouteKitYAML
import Testing

@Suite struct YAMLSourceMapTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain", text: "when: type == \"3\" && x\n"),
        Case(name: "plain, multi-line", text: "when: type == 3\n  && target   ==  4\n\n  || é > 1\n"),
        Case(name: "single-quoted", text: "when: 'it''s ''ok'' é'\n"),
        Case(name: "single-quoted, multi-line", text: "when: 'a  b\n   c\n\n   d  '\n"),
        Case(name: "double-quoted", text: "when: \"a \\\"q\\\" \\t \\u00e9 \\x41 z\"\n"),
        Case(name: "double-quoted, folded", text: "when: \"first\n  second \\\n    third\n\n  fourth\"\n"),
        Case(name: "literal", text: "when: |\n  type == 3\n    && x\n\n  || y\nnext: 1\n"),
        Case(name: "literal, keep", text: "when: |+\n  a\n  b\n\n\nnext: 1\n"),
        Case(name: "literal, explicit indent", text: "when: |2\n    indented\n  a\n"),
        Case(name: "folded", text: "when: >\n  type == 3\n  && x\n\n  || y\n    more\n  z\n"),
        Case(name: "folded, strip", text: "when: >-\n  a\n  b\n\n"),
        Case(name: "tagged and anchored", text: "when: &w !!str  type == 3\n"),
        Case(name: "nested in a sequence", text: "rules:\n  - when: >\n      a b\n      c\n"),
        Case(name: "emoji", text: "when: \"😀 é\" \n"),
    ]

    static func when(_ root: Node) -> Node? {
        root["when"] ?? root["rules"]?[0]?["when"]
    }

    /// Every value character copied from the source maps to that same source character.
    @Test(arguments: cases) func copiedCharactersMapToThemselves(_ c: Case) throws {
        let document = readYAML(c.text)
        // (An anchor no alias uses is a warning, beside the point here.)
        #expect(document.diagnostics.filter { $0.code != "unused-anchor" }.isEmpty)
        let root = try #require(document.root)
        let node = try #require(Self.when(root))
        let value = Array(try #require(node.scalarValue).unicodeScalars)
        let file = SourceFile(path: "t.yaml", text: c.text)
        let lines = c.text.split(separator: "\n", omittingEmptySubsequences: false)
        var previous = node.range.start
        for (index, scalar) in value.enumerated() {
            let position = node.sourcePosition(ofValueOffset: index, in: file)
            #expect(previous <= position, "offset \(index) goes backwards")
            previous = position
            guard scalar != " ", scalar != "\n" else { continue }
            let line = Array(lines[position.line - 1].unicodeScalars)
            let source = line[position.column - 1]
            #expect(source == scalar || source == "\\" || (scalar == "'" && source == "'"),
                    "value offset \(index) '\(scalar)' maps to '\(source)' at \(position.line):\(position.column)")
        }
    }

    /// Several offsets at once (one pass over the source) give what each gives alone, past the
    /// end of the value too.
    @Test(arguments: cases) func manyOffsetsAtOnceAgreeWithOneAtATime(_ c: Case) throws {
        let root = try #require(readYAML(c.text).root)
        let node = try #require(Self.when(root))
        let file = SourceFile(path: "t.yaml", text: c.text)
        let offsets = Array(0...(try #require(node.scalarValue).unicodeScalars.count + 2)).reversed() + [0, 1]
        let together = node.sourcePositions(ofValueOffsets: Array(offsets), in: file)
        #expect(together == offsets.map { node.sourcePosition(ofValueOffset: $0, in: file) })
    }

    static func position(_ text: String, _ offset: Int) throws -> String {
        let root = try #require(readYAML(text).root)
        let node = try #require(Self.when(root))
        let p = node.sourcePosition(ofValueOffset: offset, in: SourceFile(path: "t.yaml", text: text))
        return "\(p.line):\(p.column)"
    }

    @Test func pinnedPositions() throws {
        // `type == "3"`: the quote in the value is at offset 8.
        #expect(try Self.position("    when: type == \"3\"\n", 8) == "1:19")
        #expect(try Self.position("when: 'it''s x'\n", 4) == "1:13")
        #expect(try Self.position("when: \"\\u00e9 x\"\n", 2) == "1:15")
        #expect(try Self.position("when: a\n  b\n", 2) == "2:3")
        #expect(try Self.position("when: |\n  a\n  b\n", 2) == "3:3")
        #expect(try Self.position("when: >\n  a\n  b\n", 1) == "2:4")
        #expect(try Self.position("when: |2\n    x\n", 2) == "2:5")
        // At or past the end: just after the last character.
        #expect(try Self.position("when: abc\n", 3) == "1:10")
        #expect(try Self.position("when: abc\n", 99) == "1:10")
        #expect(try Self.position("when: \"abc\" \n", 3) == "1:11")
    }

    /// A block scalar's range ends just after its last character, not where libyaml's next
    /// token starts (the next line's column 1, or later past blank lines): a fix-it replacing
    /// `push: |-\n  detial\n` swallowed the line break and joined `tab: home` onto its line.
    @Test func aBlockScalarEndsAfterItsLastCharacter() throws {
        for (text, end) in [("push: |-\n  detial\nnext: 1\n", "2:9"), ("push: >\n  detial\n\n\nnext: 1\n", "2:9"),
                            ("push: |+\n  a  \n  b\n\n", "3:4"), ("push: |\n  x\n", "2:4")] {
            let node = try #require(readYAML(text).root?["push"])
            #expect("\(node.range.end.line):\(node.range.end.column)" == end, "\(text.debugDescription)")
        }
    }

    /// A block collection ends after its last entry as written, not at the next key past blank
    /// lines and comments (where libyaml's next token starts), with either reader.
    @Test func aBlockCollectionEndsAfterItsLastEntry() throws {
        let text = "when:\n  - a\n  - bc\n\n  # comment\n\nnext:\n  k: v\n  # trailing\nlast: [x, y]  # c\n"
        #expect(Array(text.utf8).withUnsafeBufferPointer { YAMLSubsetReader.read($0, file: "t.yaml") } != nil)
        for subset in [true, false] {
            let root = try #require(YAMLReader.read(Array(text.utf8), file: "t.yaml", size: nil, subset: subset).root)
            let ends = ["when", "next", "last"].compactMap { root[$0] }.map { "\($0.range.end.line):\($0.range.end.column)" }
            #expect(ends == ["3:7", "8:7", "10:13"], "subset: \(subset)")
            #expect("\(root.range.end.line):\(root.range.end.column)" == "10:13")
        }
    }

    @Test func aCollectionGivesItsStart() throws {
        let text = "when: [a]\n"
        let node = try #require(readYAML(text).root?["when"])
        let p = node.sourcePosition(ofValueOffset: 1, in: SourceFile(path: "t.yaml", text: text))
        #expect(p == node.range.start)
    }
}
