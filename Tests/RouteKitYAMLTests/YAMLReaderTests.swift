import RouteKit
import RouteKitYAML
import Testing

@Suite struct YAMLReaderTests {
    @Test func positionsAreOneBasedWithScalarColumnsAndByteOffsets() throws {
        let document = readYAML("é: x\nname: \"café\"\nlist:\n  - 😀 a\n")
        let root = try #require(document.root)
        #expect(document.diagnostics.isEmpty)
        #expect(root.at == "1:1")
        let name = try #require(root["name"])
        #expect(name.at == "2:7")
        #expect(name.range.start.offset == 12)
        #expect(name.range.end.column == 13)
        #expect(name.range.end.offset == 19)
        let item = try #require(root["list"]?[0])
        #expect(item.at == "4:5")
        #expect(item.range.start.offset == 30)
        #expect(item.range.end.column == 8)
        #expect(root["é"]?.range.start.offset == 4)
    }

    @Test func scalarStylesAreKept() throws {
        let root = try #require(readYAML("""
            a: plain
            b: 'single'
            c: "double"
            d: |
              literal
            e: >
              folded
            """).root)
        #expect(root["a"]?.style == .plain)
        #expect(root["b"]?.style == .singleQuoted)
        #expect(root["c"]?.style == .doubleQuoted)
        #expect(root["d"]?.style == .literal)
        #expect(root["d"]?.scalarValue == "literal\n")
        #expect(root["e"]?.style == .folded)
    }

    @Test func coreTagsAreKeptInFullForm() throws {
        let document = readYAML("a: !!str 3\nb: !!int '4'\nc: ! 5\nd: !!map {x: 1}\ne: !<tag:yaml.org,2002:float> 1")
        let root = try #require(document.root)
        #expect(document.diagnostics.isEmpty)
        #expect(root["a"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["a"]?.resolvedScalar == .string("3"))
        #expect(root["b"]?.resolvedScalar == .int(4))
        #expect(root["c"]?.tag == "!")
        #expect(root["c"]?.resolvedScalar == .string("5"))
        #expect(root["d"]?.tag == "tag:yaml.org,2002:map")
        #expect(root["e"]?.resolvedScalar == .double(1))
    }

    @Test func customTagsAreErrors() {
        let document = readYAML("a: !foo 1\nb: !!set {x}\nc: !!binary abc\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "1:4: custom-tag: custom tag '!foo' is not allowed; remove it, or, for an expression that starts with '!', put the whole value in quotes: '!foo 1'",
            "2:4: custom-tag: custom tag '!!set' is not allowed; remove it",
            "3:4: custom-tag: custom tag '!!binary' is not allowed; remove it",
        ])
        #expect(document.root != nil)
    }

    @Test func anExpressionThatStartsWithABangIsToldToBeQuoted() {
        let document = readYAML("a: !has(id)\nb: !(type == 1)\nc: !flag && x\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "1:4: custom-tag: custom tag '!has(id)' is not allowed; remove it, or, for an expression that starts with '!', put the whole value in quotes: '!has(id)'",
            "2:4: custom-tag: custom tag '!(type' is not allowed; remove it, or, for an expression that starts with '!', put the whole value in quotes: '!(type == 1)'",
            "3:11: yaml-syntax: did not find expected alphabetic or numeric character",
        ])
        #expect(document.diagnostics.last?.notes.last?.message
            == "a '*' or '&' at the start of a value, or after a '!' tag, is read as an alias or an anchor; put the whole value in quotes")
    }

    @Test func tagsThatDoNotFitTheValueAreErrors() {
        let document = readYAML("a: !!int abc\nb: !!seq x\nc: !!str [1]\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "1:4: tag-mismatch: 'abc' is not a valid '!!int'",
            "2:4: tag-mismatch: a scalar cannot have tag '!!seq'; remove the tag",
            "3:4: tag-mismatch: a sequence cannot have tag '!!str'; remove the tag",
        ])
    }

    @Test func aliasesExpandToTheAnchoredNode() throws {
        let root = try #require(readYAML("a: &x {k: 1}\nb: *x\nc: &s hi\nd: *s\n").root)
        #expect(root["b"]?["k"]?.resolvedScalar == .int(1))
        // The copy is placed at the alias, so a second declaration names its own place; the
        // nodes inside stay where the anchor wrote them.
        #expect(root["b"]?.at == "2:4")
        #expect(root["b"]?["k"]?.at == "1:11")
        #expect(root["d"]?.scalarValue == "hi")
        #expect(root["d"]?.at == "4:4")
    }

    @Test func undefinedAndRecursiveAliasesAreErrors() throws {
        let document = readYAML("a: *nope\nb: &r [*r]\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "1:4: undefined-alias: undefined alias '*nope'; define the anchor '&nope' before it",
            "2:8: undefined-alias: alias '*r' refers to the node that contains it",
        ])
        let root = try #require(document.root)
        #expect(root["a"]?.resolvedScalar == .null)
    }

    @Test func mergeKeysApplyWithExplicitKeysWinning() throws {
        let document = readYAML("""
            base: &base {show: push, tab: home}
            other: &other {tab: me, login: required}
            one:
              <<: *base
              tab: discover
            many:
              <<: [*base, *other]
              extra: 1
            """)
        #expect(document.diagnostics.isEmpty)
        let root = try #require(document.root)
        #expect(root["one"]?.keys == ["show", "tab"])
        #expect(root["one"]?["tab"]?.scalarValue == "discover")
        #expect(root["many"]?.keys == ["show", "tab", "login", "extra"])
        #expect(root["many"]?["tab"]?.scalarValue == "home")
    }

    @Test func mergeOfAScalarIsAnError() {
        let document = readYAML("a: {<<: 1}\nb: {<<: [{x: 1}, 2]}\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "1:9: invalid-merge: merge key '<<' needs a mapping or a sequence of mappings",
            "2:18: invalid-merge: merge key '<<' needs a mapping or a sequence of mappings",
        ])
    }

    /// `<<: *list` where the anchor is a list of names: one error, at the alias, not one at each
    /// name of the (correct) anchored list.
    @Test func mergeOfAnAliasedListOfScalarsIsOneErrorAtTheAlias() {
        let document = readYAML("tabs: &t [home, me]\na: {<<: *t, show: push}\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "2:9: invalid-merge: merge key '<<' needs a mapping or a sequence of mappings",
        ])
    }

    /// YAML breaks a line at a lone CR, and libyaml reads the file so; positions here count LF
    /// only, so the file is read with a warning at the first lone CR that says why they run on.
    @Test func aLoneCarriageReturnIsReadWithAWarningAtIt() throws {
        let document = readYAML("version: 1\r\ntabs: [home]\rroutes: []\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "2:13: lone-carriage-return: a line here ends with a lone CR (classic Mac line ending); lines in messages are counted at LF only, so positions after it are off; save the file with LF or CRLF line endings",
        ])
        #expect(document.diagnostics.first?.severity == .warning)
        #expect(try #require(document.root)["routes"] != nil)
    }

    /// YAML 1.2 §5.2: a NUL among the first two bytes means UTF-16 or UTF-32 without a byte order
    /// mark; it used to be "control character U+0000 is not allowed" at 1:2.
    @Test func utf16WithoutAByteOrderMarkIsNamed() {
        for bytes: [UInt8] in [[0x76, 0x00, 0x3A, 0x00], [0x00, 0x76, 0x00, 0x3A]] {
            let document = YAMLReader.read(bytes, file: "t.yaml")
            #expect(document.diagnostics.map(\.message) == [
                "file is encoded as UTF-16 or UTF-32, without a byte order mark; save it as UTF-8",
            ])
        }
    }

    @Test func duplicateKeysAreErrorsWithANoteAtTheFirst() throws {
        let document = readYAML("name: a\nid: 1\nname: b\n1: x\n0x1: y\n\"1\": z\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "3:1: duplicate-key: duplicate key 'name'; remove one of them",
            "5:1: duplicate-key: duplicate key '0x1'; remove one of them",
        ])
        let note = try #require(document.diagnostics.first?.notes.first)
        #expect(note.message == "key 'name' first appears here")
        #expect(note.range?.start.line == 1)
        #expect(document.diagnostics.last?.notes.first?.range?.start.line == 4)
        // The first one stays; the model sees each key once.
        #expect(document.root?["name"]?.scalarValue == "a")
    }

    /// A rule copied under another without its `- ` repeats every key of the item: the first
    /// repeat says how to start a new item, and is the one error; the rest of that item is not
    /// read into this one (its other keys would be more duplicates, or a conflict here).
    @Test func keysRepeatedInAListItemSuggestANewItem() throws {
        let document = readYAML("routes:\n  - name: a\n    tab: home\n    name: b\n    tab: me\n    push: x\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "4:5: duplicate-key: duplicate key 'name'; remove one of them",
        ])
        #expect(document.diagnostics.map { $0.notes.map(\.message) } == [
            ["key 'name' first appears here", "if this line starts another item of the list, begin it with '- '"],
        ])
        #expect(document.root?["routes"]?[0]?.keys == ["name", "tab"])
        // Outside a list item, a repeated key is only a repeat.
        let plain = readYAML("a:\n  name: a\n  name: b\n")
        #expect(plain.diagnostics.first?.notes.count == 1)
    }

    /// Keys are compared by scan up to 12 (the mapping's `KeyIndex.linearLimit`) and hashed past it;
    /// the subset reader, which declines a duplicate to libyaml's path, scans up to 8
    /// (`DistinctKeys.linearLimit`).
    @Test(arguments: [8, 9, 11, 12, 13, 100])
    func duplicateKeysInALargeMappingAreFound(keys: Int) {
        var text = ""
        for index in 0..<keys { text += "k\(index): \(index)\n" }
        #expect(readYAML(text).diagnostics.isEmpty)
        for duplicate in [0, keys / 2, keys - 1] {
            #expect(readYAML(text + "k\(duplicate): again\n").diagnostics.map(\.rendered) == [
                "\(keys + 1):1: duplicate-key: duplicate key 'k\(duplicate)'; remove one of them",
            ])
        }
    }

    @Test func aSecondDocumentIsAnError() {
        let document = readYAML("a: 1\n---\nb: 2\n")
        #expect(document.diagnostics.map(\.rendered) == [
            "2:1: multiple-documents: file holds more than one YAML document; put each in a file of its own",
        ])
        #expect(document.root?["a"] != nil)
    }

    @Test func aLaterDocumentOfNothingIsNoDocument() {
        // A stray `---` (or `---` and `...`) at the end of a file holds nothing to put elsewhere.
        for text in ["a: 1\n---\n", "a: 1\n---\n...\n", "a: 1\n...\n---\n# more to come\n---\n"] {
            let document = readYAML(text)
            #expect(document.diagnostics.isEmpty, "\(text)")
            #expect(document.root?["a"] != nil)
        }
        #expect(readYAML("a: 1\n---\n\"\"\n").diagnostics.map(\.rendered) == [
            "2:1: multiple-documents: file holds more than one YAML document; put each in a file of its own",
        ])
    }

    @Test func anEmptyStreamHasNoRoot() {
        for text in ["", "# only a comment\n", "\n\n", "---\n", "# a\n---\n# b\n", "---\n...\n"] {
            let document = readYAML(text)
            #expect(document.root == nil)
            #expect(document.diagnostics.isEmpty)
        }
    }

    @Test func syntaxErrorsArePositionedWithTheirContext() throws {
        let document = readYAML("screens:\n  a: [b, c\n  d: e\n")
        #expect(document.root == nil)
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.rendered == "3:4: yaml-syntax: did not find expected ',' or ']'")
        #expect(diagnostic.notes.first?.message == "while parsing a flow sequence")
        #expect(diagnostic.notes.first?.range?.start.line == 2)
        #expect(readYAML("a: b: c\n").diagnostics.map(\.rendered) == [
            "1:5: yaml-syntax: mapping values are not allowed in this context",
        ])
    }

    @Test func invalidUTF8IsPositionedAtTheByte() {
        let bytes = Array("name: ok\nté: x".utf8) + [0xFF] + Array(" y\n".utf8)
        let document = YAMLReader.read(bytes, file: "t.yaml")
        #expect(document.root == nil)
        #expect(document.diagnostics.map(\.rendered) == [
            "2:6: invalid-encoding: invalid UTF-8: byte 0xFF cannot start a character; save the file as UTF-8 (it may be in Latin-1 or Windows-1252)",
        ])
        #expect(document.diagnostics.first?.range.start.offset == 15)
        let truncated = YAMLReader.read(Array("a: é".utf8.dropLast()), file: "t.yaml")
        #expect(truncated.diagnostics.map(\.code) == ["invalid-encoding"])
        let control = YAMLReader.read(Array("a: b\u{1}".utf8), file: "t.yaml")
        #expect(control.diagnostics.map(\.rendered) == [
            "1:5: invalid-encoding: control character U+0001 is not allowed",
        ])
    }

    @Test func positionsFollowSourceFileLinesWithCarriageReturns() throws {
        let crlf = try #require(readYAML("a: 1\r\nb: 2\r\n").root)
        #expect(crlf["b"]?.at == "2:4")
        // libyaml breaks lines at a lone CR; SourceFile does not, and positions follow SourceFile.
        let text = "a: 1\rb: 2\nc: 3\n"
        let root = try #require(readYAML(text).root)
        let file = SourceFile(path: "t.yaml", text: text)
        let c = try #require(root["c"])
        #expect(c.range.start == file.position(ofOffset: c.range.start.offset))
        #expect(c.at == "2:4")
    }
}
