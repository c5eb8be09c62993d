import RouteKit
import Testing

/// `SourceFile.position(ofOffset:)` counts columns in Unicode scalars without walking the line
/// from its start (a flow-style file can be one line of megabytes): checked against counting,
/// for every offset, across the index's 1,024-byte checkpoints.
@Suite struct SourceFileColumnTests {
    static func counted(_ text: String, _ offset: Int) -> SourcePosition {
        let bytes = Array(text.utf8)[..<offset]
        let lineStart = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        let line = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = bytes[lineStart...].filter { $0 & 0xC0 != 0x80 }.count + 1
        return SourcePosition(line: line, column: column, offset: offset)
    }

    @Test(arguments: [
        "version: 1\ntabs: [home]\n",
        String(repeating: "a", count: 3_000) + "\n" + String(repeating: "é😀x", count: 700) + "\nend",
        "ü\n" + String(repeating: "ab€", count: 1_000),
        String(repeating: "é", count: 1_024),
        // Line breaks at every place in the eight-byte words the line index reads at once, a
        // word of nothing but breaks, and bytes one bit from a break (0x0B, and 0x8A: "Ê" is C3 8A).
        (0..<18).map { String(repeating: "x", count: $0) }.joined(separator: "\n") + "\n\n\n\n\n\n\n\n\n\u{0B}Ê\n",
        "\n" + (0..<40).map { String(repeating: "Ê", count: $0 % 5) }.joined(separator: "\n"),
        // A 0x0B right after a break, at every place in a word: the word-at-a-time test for
        // zero bytes flags it too, and it must not count as a line.
        (0..<9).map { String(repeating: "x", count: $0) + "\n\u{0B}\u{0B}\n\u{0B}" }.joined(),
    ])
    func everyOffsetMatchesCounting(_ text: String) {
        let file = SourceFile(path: "t.yaml", text: text)
        for offset in 0...text.utf8.count {
            #expect(file.position(ofOffset: offset) == Self.counted(text, offset), "offset \(offset)")
        }
        #expect(file.lineCount == text.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1)
        // Past the end is the end.
        #expect(file.position(ofOffset: text.utf8.count + 5) == Self.counted(text, text.utf8.count))
    }
}
