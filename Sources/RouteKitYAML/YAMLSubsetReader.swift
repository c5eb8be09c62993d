import RouteKit

/// Reads the subset of YAML that route files are nearly always written in straight into nodes,
/// without libyaml, and declines everything else (nil). `YAMLReader` then reads the file with
/// libyaml as before, so the subset has to be read exactly as libyaml reads it, never completely.
///
/// libyaml's event parse is itself the larger part of reading a table, and most of the rest
/// was turning its events (character marks, C strings, one call per event) into nodes.
///
/// The subset, where libyaml gives the same nodes at the same positions and reports nothing:
/// - UTF-8 text of printable characters and LF line breaks (no tab, CR, NEL, U+2028/2029, byte
///   order mark or control character: see `SubsetText`), ending in a line break, within
///   ``YAMLLimits/maxFileSize``;
/// - a block mapping at the root; no directives or document markers;
/// - block mappings whose keys are plain, start with an ASCII letter, are not `null`, `true` or
///   `false` in the core schema's spellings, and differ from each other (so no merge key `<<`);
/// - block sequences, indented under their key or not, with scalar, flow or `- key: value` items;
/// - single-line plain scalars, single-line quoted scalars without escapes (`\`, `''`), and flow
///   sequences and mappings that open and close on one line, with no empty or trailing entry;
/// - comments and blank lines.
///
/// Anchors, aliases, tags, block scalars, multi-line scalars, empty values, explicit `?` keys,
/// anything deeper than ``maxDepth`` and anything libyaml would reject are declined. The tests
/// (`YAMLSubsetReaderTests`) and the YAML reader's fuzzer compare the two readers node by node.
///
/// ```swift
/// let root = bytes.withUnsafeBufferPointer { YAMLSubsetReader.read($0, file: "app.yaml") }
/// ```
package struct YAMLSubsetReader {
    /// Collections nested deeper than this are declined, leaving the limit of
    /// ``YAMLLimits/maxNestingDepth`` and its diagnostic to the libyaml path.
    package static let maxDepth = 32
    /// The longest key read (1,024 bytes): libyaml refuses a longer "simple key".
    package static let maxKeyLength = 1024
    /// The entries a mapping's storage is first made for: a rule's or a screen's usual count.
    /// Not a limit; a longer mapping grows.
    static let usualEntries = 4

    struct Declined: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    /// Whether every byte is ASCII: columns are then byte counts.
    let isASCII: Bool
    /// The cursor, the 0-based line it is on and where that line starts.
    var index = 0
    var line = 0
    var lineStart = 0
    var depth = 0
    /// A byte offset on the cursor's line and its column, for counting columns in scalars.
    var columnCheckpoint = (offset: 0, column: 1)

    /// The root node of `bytes` (a file's content without its byte order mark), or nil when
    /// the file is outside the subset.
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> Node? {
        // Past the limit, libyaml's path reports `file-too-large`: a tree here would disagree.
        guard bytes.count <= YAMLLimits.maxFileSize, let isASCII = SubsetText.check(bytes) else { return nil }
        var reader = YAMLSubsetReader(bytes: bytes, file: file, isASCII: isASCII)
        return try? reader.readDocument()
    }

    mutating func readDocument() throws(Declined) -> Node {
        guard let indent = try nextContentLine(), indent == 0, !startsSequenceEntry() else {
            throw Declined()
        }
        let root = try blockMapping(indent: 0)
        guard isAtEnd else { throw Declined() }
        return root
    }

    // MARK: - Block collections

    /// A block mapping whose first key is at the cursor, in column `indent` (0-based).
    mutating func blockMapping(indent: Int) throws(Declined) -> Node {
        try enter()
        defer { depth -= 1 }
        let start = position(index)
        var pairs: [Node.Pair] = []
        // Most mappings (a rule, a screen) have a handful of entries: one allocation for them,
        // not one per doubling.
        pairs.reserveCapacity(Self.usualEntries)
        var keys = DistinctKeys()
        while true {
            let key = try key(flow: false)
            try keys.insert(key.name, before: pairs)
            let value = try blockValue(ofKeyIn: indent)
            pairs.append(Node.Pair(key: key.node, value: value))
            guard let next = currentIndent else { break }
            if next < indent { break }
            guard next == indent, !startsSequenceEntry() else { throw Declined() }
        }
        // After the last entry, as libyaml's reading gives it (`YAMLTreeBuilder`).
        let end = pairs.last.map(YAMLTreeBuilder.writtenEnd) ?? position(index)
        return Node(.mapping(pairs), range: range(start, end))
    }

    /// A block sequence whose first `-` is at the cursor, in column `indent`. An indentless
    /// sequence (`- item` in the column of its mapping's key) ends at the next key.
    mutating func blockSequence(indent: Int, indentless: Bool) throws(Declined) -> Node {
        try enter()
        defer { depth -= 1 }
        let start = position(index)
        var items: [Node] = []
        while true {
            index += 1
            try skipSpaces(atLeastOne: true)
            items.append(try sequenceItem())
            guard let next = currentIndent else { break }
            if next == indent, startsSequenceEntry() { continue }
            if next < indent || (next == indent && indentless) { break }
            throw Declined()
        }
        let end = items.last?.range.end ?? position(index)
        return Node(.sequence(items), range: range(start, end))
    }

    /// The item after `- `: a `key: value` mapping, a scalar or a flow collection.
    mutating func sequenceItem() throws(Declined) -> Node {
        switch bytes[index] {
        case UInt8(ascii: "\n"), UInt8(ascii: "#"):
            throw Declined()
        case UInt8(ascii: "-") where isSpaceOrBreak(bytes[index + 1]):
            throw Declined()
        case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try valueEndingLine(flowNode())
        default:
            if plainStop(from: index, flow: false).stop == .colon {
                return try blockMapping(indent: index - lineStart)
            }
            return try valueEndingLine(plainScalar(flow: false))
        }
    }

    /// The value after `key:` (the cursor is past the colon), on this line or the next ones.
    mutating func blockValue(ofKeyIn indent: Int) throws(Declined) -> Node {
        try skipSpaces(atLeastOne: false)
        switch bytes[index] {
        case UInt8(ascii: "\n"), UInt8(ascii: "#"):
            try finishLine()
            guard let next = try nextContentLine() else { throw Declined() }
            if next > indent {
                return startsSequenceEntry()
                    ? try blockSequence(indent: next, indentless: false)
                    : try blockMapping(indent: next)
            }
            guard next == indent, startsSequenceEntry() else { throw Declined() }
            return try blockSequence(indent: indent, indentless: true)
        case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try valueEndingLine(flowNode())
        default:
            return try valueEndingLine(plainScalar(flow: false))
        }
    }

    /// `node`, after checking that only a comment follows it on its line; moves to the next
    /// line with content.
    mutating func valueEndingLine(_ node: Node) throws(Declined) -> Node {
        try finishLine()
        _ = try nextContentLine()
        return node
    }

    // MARK: - Lines

    /// The column of the content at the cursor, or nil at the end of the file.
    var currentIndent: Int? { isAtEnd ? nil : index - lineStart }

    var isAtEnd: Bool { index == bytes.count }

    /// Whether the cursor is at a block sequence's `- ` (or a `-` ending its line).
    func startsSequenceEntry() -> Bool {
        bytes[index] == UInt8(ascii: "-") && isSpaceOrBreak(bytes[index + 1])
    }

    /// Skips blank and comment lines from the start of a line to the next content, and gives its
    /// column; nil at the end of the file. Document markers there are declined.
    mutating func nextContentLine() throws(Declined) -> Int? {
        while index < bytes.count {
            var cursor = index
            while bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            switch bytes[cursor] {
            case UInt8(ascii: "\n"):
                index = cursor
            case UInt8(ascii: "#"):
                index = cursor
                while bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default:
                index = cursor
                if cursor == lineStart, isDocumentMarker() { throw Declined() }
                return cursor - lineStart
            }
            newLine()
        }
        return nil
    }

    /// After a value: spaces, an optional comment (after a space), then the line break.
    mutating func finishLine() throws(Declined) {
        let before = index
        try skipSpaces(atLeastOne: false)
        if bytes[index] == UInt8(ascii: "#") {
            guard index > before || bytes[index - 1] == UInt8(ascii: " ") else { throw Declined() }
            while bytes[index] != UInt8(ascii: "\n") { index += 1 }
        }
        guard bytes[index] == UInt8(ascii: "\n") else { throw Declined() }
        newLine()
    }

    /// Moves past the line break at the cursor.
    mutating func newLine() {
        index += 1
        line += 1
        lineStart = index
    }

    mutating func skipSpaces(atLeastOne: Bool) throws(Declined) {
        let start = index
        while bytes[index] == UInt8(ascii: " ") { index += 1 }
        if atLeastOne, index == start { throw Declined() }
    }

    /// `---` or `...` at the start of a line.
    func isDocumentMarker() -> Bool {
        let first = bytes[index]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return index + 2 < bytes.count && bytes[index + 1] == first && bytes[index + 2] == first
    }

    mutating func enter() throws(Declined) {
        depth += 1
        if depth > Self.maxDepth { throw Declined() }
    }

    func isSpaceOrBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
    }

    /// The position of `offset`, which is on the cursor's line (or the end of the file).
    ///
    /// Columns count Unicode scalars, as libyaml's marks do: in a file that is not all ASCII they
    /// are counted from a checkpoint that moves forward along the line with the positions asked
    /// for, so that a long line costs its length once, not once per scalar on it.
    @inline(__always)
    mutating func position(_ offset: Int) -> SourcePosition {
        guard !isASCII else {
            return SourcePosition(line: line + 1, column: offset - lineStart + 1, offset: offset)
        }
        if columnCheckpoint.offset < lineStart || columnCheckpoint.offset > offset {
            columnCheckpoint = (lineStart, 1)
        }
        var (cursor, column) = columnCheckpoint
        while cursor < offset {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        columnCheckpoint = (cursor, column)
        return SourcePosition(line: line + 1, column: column, offset: offset)
    }

    @inline(__always)
    func range(_ start: SourcePosition, _ end: SourcePosition) -> SourceRange {
        SourceRange(file: file, start: start, end: end)
    }

    /// The range from offset `start` to offset `end`, both on the cursor's line.
    @inline(__always)
    mutating func range(from start: Int, to end: Int) -> SourceRange {
        let startPosition = position(start)
        let endPosition = position(end)
        return range(startPosition, endPosition)
    }
}
