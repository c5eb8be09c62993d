import ConformanceData
import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// The subset reader against libyaml: wherever it reads a file, the nodes (values, styles,
/// tags, ranges) must be libyaml's, and libyaml must report nothing.
@Suite struct YAMLSubsetReaderTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The subset reader's root for `text`, or nil when it declines.
    static func subsetRoot(_ text: String) -> Node? {
        Array(text.utf8).withUnsafeBufferPointer { YAMLSubsetReader.read($0, file: "t.yaml") }
    }

    /// nil when the subset reader declines `bytes` or reads them exactly as libyaml does;
    /// otherwise what differs.
    static func disagreement(_ bytes: [UInt8]) -> String? {
        let content = YAMLReader.withoutByteOrderMark(bytes)
        guard let subset = content.withUnsafeBufferPointer({ YAMLSubsetReader.read($0, file: "t.yaml") })
        else { return nil }
        let libyaml = YAMLReader.read(bytes, file: "t.yaml", size: nil, subset: false)
        if let first = libyaml.diagnostics.first { return "libyaml reports \(first.code): \(first.message)" }
        guard let root = libyaml.root else { return "libyaml reads no document" }
        if subset == root { return nil }
        return difference(subset, root, at: "root") ?? "the trees differ"
    }

    static func difference(_ subset: Node, _ libyaml: Node, at path: String) -> String? {
        if subset.range != libyaml.range {
            return "\(path): range \(describe(subset.range)) vs libyaml \(describe(libyaml.range))"
        }
        if subset.tag != libyaml.tag { return "\(path): tag \(subset.tag ?? "none") vs \(libyaml.tag ?? "none")" }
        switch (subset.content, libyaml.content) {
        case (.scalar(let a), .scalar(let b)):
            return a == b ? nil : "\(path): scalar \(a) vs libyaml \(b)"
        case (.sequence(let a), .sequence(let b)):
            guard a.count == b.count else { return "\(path): \(a.count) items vs libyaml \(b.count)" }
            for (offset, pair) in zip(a, b).enumerated() {
                if let found = difference(pair.0, pair.1, at: "\(path)[\(offset)]") { return found }
            }
            return nil
        case (.mapping(let a), .mapping(let b)):
            guard a.count == b.count else { return "\(path): \(a.count) pairs vs libyaml \(b.count)" }
            for (offset, pair) in zip(a, b).enumerated() {
                if let found = difference(pair.0.key, pair.1.key, at: "\(path).key\(offset)")
                    ?? difference(pair.0.value, pair.1.value, at: "\(path).value\(offset)")
                {
                    return found
                }
            }
            return nil
        default:
            return "\(path): kinds differ"
        }
    }

    static func describe(_ range: SourceRange) -> String {
        "\(range.start.line):\(range.start.column)@\(range.start.offset)-\(range.end.line):\(range.end.column)@\(range.end.offset)"
    }

    static func yamlFiles(under directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if ["yaml", "yml"].contains(url.pathExtension) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    // MARK: - Route files

    @Test func readsTheExampleRoutesAsLibYAMLDoes() throws {
        let files = Self.yamlFiles(under: Self.repository.appendingPathComponent("routes"))
            + Self.yamlFiles(under: Self.repository.appendingPathComponent("Tests/Fixtures"))
        try #require(files.count >= 10)
        var read = 0
        for file in files {
            let bytes = try Array(Data(contentsOf: file))
            if bytes.withUnsafeBufferPointer({ YAMLSubsetReader.read($0, file: "t.yaml") }) != nil { read += 1 }
            #expect(Self.disagreement(bytes) == nil, "\(file.lastPathComponent)")
        }
        // Every example route file is in the subset, so loading them skips libyaml.
        for name in ["app.yaml", "messages.yaml", "notices.yaml", "screens.yaml", "tabs.yaml"] {
            let bytes = try Array(Data(contentsOf: Self.repository.appendingPathComponent("routes/\(name)")))
            #expect(bytes.withUnsafeBufferPointer { YAMLSubsetReader.read($0, file: "t.yaml") } != nil, "\(name)")
        }
        #expect(read >= 10)
    }

    @Test func readsATypicalTable() throws {
        let text = """
            # yaml-language-server: $schema=../schemas/routes.schema.json
            version: 1
            tabs: [home, discover, messages, me]
            login_screen: login
            screens:
              login: {show: present, embed_in_navigation: true}
              detail_0: {show: push, tab: home, params: {id: int}}
            payload:
              type: string   # the kind of notification
              aps.badge: int

            defaults:
              alert: {title: "New message", message: '{aps.alert}'}
            fallback: none
            routes:
            - name: r1-type
              when: type == "kind1" && id >= 3600 && id < 3700
              push: detail_0
              params: {id: id}
              # a comment between keys
            - name: r2
              when: type in ["batch2", "digest2"] || has(uid)
              push: [detail_0, {screen: detail_0, params: {id: -5}}]
              login: {user: uid}
            other:
              - a:b
              - http://example.com/x?y=1#z
              -   spaced  item   # comment
              - [ ]
              - { }
              - key : value
                second: 2

            """
        let root = try #require(Self.subsetRoot(text))
        #expect(Self.disagreement(Array(text.utf8)) == nil)
        #expect(root["routes"]?[1]?["when"]?.scalarValue == "type in [\"batch2\", \"digest2\"] || has(uid)")
        #expect(root["other"]?[2]?.scalarValue == "spaced  item")
        #expect(root["defaults"]?["alert"]?["message"]?.style == .singleQuoted)
    }

    /// Each line is a file that the subset reader leaves to libyaml.
    @Test(arguments: [
        "a: 1", // no final line break
        "a:\tb\n", "a: b\r\n", "a: x\u{85}y\n", "a: x\u{2028}y\n", "a: \u{FEFF}x\n", "a: x\u{FFFE}\n", // tab, CR, NEL, LS, BOM
        "- a\n", "[a]\n", "\"a\": 1\n", "  a: 1\n", // root not a block mapping at column 0
        "---\na: 1\n", "a: 1\n...\n", "%YAML 1.2\n---\na: 1\n", // markers, directives
        "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: |\n  text\n", "a: >\n  text\n", // anchors, tags, block scalars
        "a:\nb: 1\n", "a:\n", "a: 1\na: 2\n", "<<: {b: 1}\n", "null: 1\n", "True: 1\n", "NULL: 1\n", "FALSE: 1\n", "a: {false: 1}\n", "1: a\n", // keys and empty values
        "a: one\n  two\n", "a: \"one\n  two\"\n", "a: [1,\n  2]\n", // multi-line scalars and flow
        "a: \"x\\ty\"\n", "a: 'it''s'\n", "a: [1, ]\n", "a: [1,, 2]\n", "a: {b: }\n", "a: [b: 1]\n",
        "a: {b:c}\n", "a: b: c\n", "a: - b\n", "a: ? b\n", "a: [b] c\n", "a: \"b\"c\n", "a: [b]#c\n",
        "a:\n  - - b\n", "a:\n  -\n    b\n", "a:\n  - # c\n    b\n", "a:\n- b\n  c: 1\n",
        "a:\n  b: 1\n c: 2\n", "a:\n    b: 1\n  c: 2\n", "a:\n  - b\n  c: 1\n",
    ])
    func declines(_ text: String) {
        #expect(Self.subsetRoot(text) == nil, "\(text.debugDescription)")
    }

    /// Every control byte but LF, and DEL, is declined wherever it falls in a long line: the
    /// text is checked eight bytes at a time, and a byte at any place in a word must stop it.
    @Test func declinesAControlByteAtAnyPlaceInALine() {
        let line = Array("title: abcdefghijklmnopqrstuvwxyz0123456789\n".utf8)
        let controls = (0x00..<0x20).filter { $0 != 0x0A }.map(UInt8.init) + [0x7F]
        for position in 7..<(line.count - 1) {
            for control in controls {
                var bytes = line
                bytes[position] = control
                let declined = bytes.withUnsafeBufferPointer { YAMLSubsetReader.read($0, file: "t.yaml") } == nil
                #expect(declined, "byte \(control) at \(position)")
            }
        }
        #expect(line.withUnsafeBufferPointer { YAMLSubsetReader.read($0, file: "t.yaml") } != nil)
    }

    /// Every printable ASCII character, and one beyond ASCII, inside, before and after a plain
    /// scalar, in block and flow context: the scan passes over most bytes by a bit mask, and
    /// each byte either side of a stopping byte (`\n :,[]{}` and space) must be read as
    /// libyaml reads it, or declined.
    @Test func everyCharacterInAPlainScalarIsReadAsLibYAMLReadsIt() {
        let characters = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) } + ["\u{E9}", "\u{212A}"]
        for character in characters {
            for text in ["a\(character)b", "ab\(character)", "ab \(character)c", "ab\(character) c"] {
                for file in ["title: \(text)\n", "s: {title: \(text)}\n", "s: [\(text), x]\n",
                             "\(text): 1\n"] {
                    let problem = Self.disagreement(Array(file.utf8))
                    #expect(problem == nil, "\(file.debugDescription): \(problem ?? "")")
                }
            }
        }
    }

    /// Only the core schema's spellings of null and the booleans are declined as keys; other
    /// mixes of case are strings, for libyaml's path too.
    /// A leading byte order mark is skipped before either reader sees the file.
    @Test func aByteOrderMarkFirst() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("a: 1\nb: [x]\n".utf8)
        #expect(Self.disagreement(bytes) == nil)
        let root = try #require(YAMLReader.read(bytes, file: "t.yaml").root)
        #expect(root.range.start.offset == 0)
        #expect(root.keys == ["a", "b"])
    }

    @Test func keysThatLookLikeNullOrBooleans() {
        let text = "nULL: 1\nTrUE: 2\nfALSE: 3\nnulls: 4\nFalsey: 5\nm: {tRUE: 6}\n"
        #expect(Self.subsetRoot(text)?.keys == ["nULL", "TrUE", "fALSE", "nulls", "Falsey", "m"])
        #expect(Self.disagreement(Array(text.utf8)) == nil)
    }

    /// Text beyond ASCII: columns count Unicode scalars, as libyaml's marks do, and offsets stay
    /// UTF-8 bytes.
    @Test(arguments: [
        "a: caf\u{E9}\n", "title: \"Nouveau message \u{1F4E9}\"\nmessage: '\u{4E2D}\u{6587} {aps.alert}'\n",
        "k: [\u{E9}t\u{E9}, \u{4E2D}\u{6587}, {x: \u{1F600}}]  # \u{E7}a\nn\u{E4}mlich: 1\n",
        "r:\n  - name: \u{E9}\u{E9}\n    when: t == \"\u{1F4E9}\" && u == '\u{E9}'\n  - \u{A0}nbsp\n",
    ])
    func readsTextBeyondASCII(_ text: String) throws {
        let root = try #require(Self.subsetRoot(text))
        #expect(Self.disagreement(Array(text.utf8)) == nil)
        // A block mapping ends after its last entry: here, just before the final line break.
        #expect(root.range.end.offset == text.utf8.count - 1)
    }

    /// One line of 100,000 two-byte scalars in a flow sequence: columns are counted once along
    /// the line, not from its start for each item (quadratic). Measured ~0.1 s in a debug
    /// build; the bound only catches a return of the quadratic count.
    @Test func aLongLineBeyondASCIIIsReadInLinearTime() throws {
        let count = 100_000
        let text = "a: [" + Array(repeating: "\u{E9}", count: count).joined(separator: ", ") + "]\n"
        let started = ContinuousClock.now
        let root = try #require(Self.subsetRoot(text))
        #expect(ContinuousClock.now - started < .seconds(20))
        let last = try #require(root["a"]?[count - 1])
        // "a: [" is 4 scalars, and each earlier item with its ", " is 3.
        #expect(last.range.start.column == 5 + 3 * (count - 1))
        #expect(last.range.start.offset == 4 + 4 * (count - 1))
    }

    /// Bytes that are not UTF-8 are left to libyaml, which reports them.
    @Test(arguments: [[0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3], [0x80]])
    func declinesBytesThatAreNotUTF8(_ sequence: [UInt8]) {
        let bytes = Array("a: x".utf8) + sequence + Array(" y\n".utf8)
        #expect(bytes.withUnsafeBufferPointer { YAMLSubsetReader.read($0, file: "t.yaml") } == nil)
        #expect(YAMLReader.read(bytes, file: "t.yaml").hasErrors)
    }

    /// Keys compare by code points (SPEC §3, §4), in the subset reader as in libyaml's path:
    /// "ká" written with a combining accent and with a precomposed one are two keys, although
    /// Swift's `==` calls them equal; the same code points twice are a duplicate.
    @Test func canonicallyEquivalentKeysAreTwoKeys() {
        let text = "ka\u{301}: 1\nk\u{E1}: 2\n"
        #expect(Self.subsetRoot(text) != nil)
        #expect(readYAML(text).diagnostics.isEmpty)
        let repeated = "k\u{E1}: 1\nk\u{E1}: 2\n"
        #expect(Self.subsetRoot(repeated) == nil)
        #expect(readYAML(repeated).diagnostics.map(\.code.rawValue) == ["duplicate-key"])
        // Past the subset's linear search: a set of the names.
        let many = (0..<12).map { "k\($0): 0\n" }.joined()
        #expect(Self.subsetRoot(many + text) != nil)
        #expect(Self.subsetRoot(many + repeated) == nil)
    }

    /// A file past `YAMLLimits.maxFileSize` is declined, as libyaml's path refuses it.
    @Test func filesPastTheSizeLimitAreDeclined() {
        let line = "k: " + String(repeating: "v", count: 1_000) + "\n"
        let atLimit = "a: 1\n" + String(repeating: "# " + String(repeating: "c", count: 1_020) + "\n",
                                          count: YAMLLimits.maxFileSize / 1_024 - 1)
        let padded = atLimit + String(repeating: "#", count: YAMLLimits.maxFileSize - atLimit.utf8.count - 1) + "\n"
        #expect(padded.utf8.count == YAMLLimits.maxFileSize)
        #expect(Self.subsetRoot(padded) != nil)
        #expect(Self.subsetRoot(padded + line) == nil)
        #expect(readYAML(padded + line).diagnostics.map(\.code.rawValue) == ["file-too-large"])
    }

    @Test func keysUpToTheLibYAMLLimit() {
        let atLimit = String(repeating: "k", count: YAMLSubsetReader.maxKeyLength)
        let pastLimit = atLimit + "k"
        #expect(Self.subsetRoot("\(atLimit): 1\n") != nil)
        #expect(Self.disagreement(Array("\(atLimit): 1\n".utf8)) == nil)
        #expect(Self.subsetRoot("\(pastLimit): 1\n") == nil)
        #expect(readYAML("\(pastLimit): 1\n").hasErrors, "libyaml refuses a longer key too")
    }

    @Test func nestingUpToTheDepthLimit() {
        func nested(_ depth: Int) -> String {
            "a: " + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "\n"
        }
        #expect(Self.subsetRoot(nested(YAMLSubsetReader.maxDepth)) != nil)
        #expect(Self.disagreement(Array(nested(YAMLSubsetReader.maxDepth).utf8)) == nil)
        #expect(Self.subsetRoot(nested(YAMLSubsetReader.maxDepth + 1)) == nil)
        #expect(readYAML(nested(YAMLSubsetReader.maxDepth + 1)).root != nil, "libyaml reads it instead")
    }

    /// Duplicate keys are found by scanning up to 8 keys and through a set past that; a mapping
    /// with one is declined either way, and libyaml's path reports it.
    @Test(arguments: [7, 8, 9, 40])
    func duplicateKeysAreDeclinedAtAnySize(keys: Int) {
        let distinct = (0..<keys).map { "k\($0): \($0)\n" }.joined()
        #expect(Self.subsetRoot(distinct)?.keys.count == keys)
        #expect(Self.disagreement(Array(distinct.utf8)) == nil)
        let duplicated = distinct + "k\(keys - 1): again\n"
        #expect(Self.subsetRoot(duplicated) == nil)
        #expect(readYAML(duplicated).diagnostics.map(\.code.rawValue) == ["duplicate-key"])
        let flow = "m: {" + (0..<keys).map { "k\($0): 1" }.joined(separator: ", ") + ", k0: 2}\n"
        #expect(Self.subsetRoot(flow) == nil)
    }

    @Test(.needs(.yamlTestSuite)) func yamlTestSuiteCasesAgree() throws {
        let names = try YAMLTestSuiteTests.caseNames()
        try #require(names.count == 402)
        let suite = try YAMLTestSuiteTests.suiteDirectory()
        var read = 0
        for name in names {
            let url = suite.appendingPathComponent("\(name)/in.yaml")
            let bytes = try Array(Data(contentsOf: url))
            if bytes.withUnsafeBufferPointer({ YAMLSubsetReader.read($0, file: "t.yaml") }) != nil { read += 1 }
            #expect(Self.disagreement(bytes) == nil, "\(name)")
        }
        // The suite is mostly YAML's corners; these 15 cases are in the subset.
        #expect(read == 15)
    }

    /// Seeded random edits of the example routes with YAML's significant characters: wherever
    /// the subset reader still reads the result, it agrees with libyaml.
    @Test func mutatedRouteFilesAgree() throws {
        let sources = try Self.yamlFiles(under: Self.repository.appendingPathComponent("routes"))
            .map { try Array(Data(contentsOf: $0)) }
        // Whole characters, a few of them beyond ASCII, and stray bytes of one.
        let alphabet = Array(" \n-:#[]{},\"'ab1?&*!|>%.".utf8).map { [$0] }
            + ["\u{E9}", "\u{4E2D}", "\u{1F4E9}", "\u{85}"].map { Array($0.utf8) } + [[0xC3], [0xA9]]
        var state: UInt64 = 0x5EED_5B5E
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var read = 0
        for round in 0..<4_000 {
            var bytes = sources[round % sources.count]
            for _ in 0...next(3) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes.insert(contentsOf: alphabet[next(alphabet.count)], at: at)
                case 1: if bytes.count > 1 { bytes.remove(at: at) }
                default: bytes.replaceSubrange(at...at, with: alphabet[next(alphabet.count)])
                }
            }
            if bytes.withUnsafeBufferPointer({ YAMLSubsetReader.read($0, file: "t.yaml") }) != nil { read += 1 }
            let found = Self.disagreement(bytes)
            #expect(found == nil, "round \(round): \(found ?? "")\n\(String(decoding: bytes, as: UTF8.self))")
            if found != nil { break }
        }
        #expect(read > 1_000)
    }
}
