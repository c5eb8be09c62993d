extension Node {
    /// The file position of the character at `offset` in this scalar's value.
    ///
    /// `offset` counts Unicode scalars of `Scalar.value`. The raw source between the node's
    /// start and end is re-scanned with YAML's rules for the scalar's style, so a problem inside
    /// a value — a predicate error in `when: type == "3"`, a bad name in a quoted or folded
    /// scalar — points at the exact line and column in the file. An offset at or past the end
    /// gives the position just after the value's last character; a collection gives its start.
    ///
    /// Exact for plain scalars (one or more lines), single-quoted (`''`), double-quoted
    /// (escapes, escaped and folded line breaks) and literal/folded block scalars (indentation,
    /// folding, chomping). Approximate: a character produced by folding a line break (a space, or
    /// a newline for an empty line) maps to the break; an escape maps to its backslash; a block
    /// scalar with an explicit indentation indicator finds its indentation from the value, which
    /// is exact unless the first content line is indented with tabs. A value reached through an
    /// alias (`when: *check`) gives the alias's position for every offset.
    ///
    /// ```swift
    /// // line 3: `    when: type == "3"`
    /// let position = node.sourcePosition(ofValueOffset: 8, in: file) // 3:19, the opening quote
    /// ```
    public func sourcePosition(ofValueOffset offset: Int, in file: SourceFile) -> SourcePosition {
        sourcePositions(ofValueOffsets: [offset], in: file)[0]
    }

    /// Where the value's scalars `scalars` (Unicode scalars of `Scalar.value`) are, without the
    /// file's text: exact when the scalar is written as it reads, on one line, plain or quoted, with
    /// no escape (its width in the file is then its value's, plus the quotes); otherwise the whole
    /// node, since escapes cannot be replayed without the text (`sourcePositions(ofValueOffsets:in:)`
    /// can).
    ///
    /// ```swift
    /// // `title: "Hi {tpye}"`, the value starting at column 8
    /// node.range(ofValueScalars: 3..<9) // columns 12..<18
    /// ```
    func range(ofValueScalars scalars: Range<Int>) -> SourceRange {
        guard case .scalar(let scalar) = content, range.start.line == range.end.line
        else { return range }
        let quotes: Int
        switch scalar.style {
        case .plain: quotes = 0
        case .singleQuoted, .doubleQuoted: quotes = 1
        case .literal, .folded: return range
        }
        let value = scalar.value
        let characters = value.unicodeScalars
        guard characters.count + 2 * quotes == range.end.column - range.start.column,
            value.utf8.count + 2 * quotes == range.end.offset - range.start.offset
        else { return range }
        // The value's characters sit one for one in the file, after the opening quote.
        func position(_ scalar: Int) -> SourcePosition {
            let count = min(max(0, scalar), characters.count)
            let index = characters.index(characters.startIndex, offsetBy: count)
            return SourcePosition(line: range.start.line, column: range.start.column + quotes + count,
                                  offset: range.start.offset + quotes + value.utf8.distance(from: value.startIndex, to: index))
        }
        return SourceRange(file: range.file, start: position(scalars.lowerBound),
                           end: position(scalars.upperBound))
    }

    /// `sourcePosition(ofValueOffset:in:)` for several offsets, in one pass over the source: an
    /// expression with hundreds of diagnostics re-scanned its whole text for each.
    ///
    /// ```swift
    /// let positions = node.sourcePositions(ofValueOffsets: [8, 11], in: file)
    /// let (start, end) = (positions[0], positions[1])
    /// ```
    public func sourcePositions(ofValueOffsets offsets: [Int], in file: SourceFile) -> [SourcePosition] {
        guard case .scalar(let scalar) = content else { return offsets.map { _ in range.start } }
        let utf8 = file.text.utf8
        let startOffset = max(0, min(range.start.offset, utf8.count))
        let endOffset = max(startOffset, min(range.end.offset, utf8.count))
        let start = utf8.index(utf8.startIndex, offsetBy: startOffset)
        let end = utf8.index(utf8.startIndex, offsetBy: endOffset)
        // One scalar's place is found by stopping there; several, by recording every place.
        let target = offsets.count == 1 ? max(0, offsets[0]) : Int.max
        var walker = ScalarSourceWalker(bytes: Array(utf8[start..<end]), target: target,
                                        recording: offsets.count > 1)
        let valueEnd = walker.locate(style: scalar.style, value: scalar.value)
        return offsets.map { offset in
            let local = offsets.count == 1 ? valueEnd : walker.place(ofScalar: max(0, offset)) ?? valueEnd
            return file.position(ofOffset: startOffset + local)
        }
    }
}

/// Replays YAML's scalar scanning over raw bytes, counting the value's scalars as they are
/// produced, until the target one; the result is a byte offset into `bytes`.
private struct ScalarSourceWalker {
    let bytes: [UInt8]
    let target: Int
    private var produced = 0
    private var found: Int?
    /// The offset of every value scalar produced, in order, when recording.
    private var places: [Int]?

    init(bytes: [UInt8], target: Int, recording: Bool = false) {
        self.bytes = bytes
        self.target = target
        places = recording ? [] : nil
    }

    /// Where the value's scalar at `index` was produced, when recording; nil past the value.
    func place(ofScalar index: Int) -> Int? {
        guard let places, index < places.count else { return nil }
        return places[index]
    }

    mutating func locate(style: Node.ScalarStyle, value: String) -> Int {
        // A value reached through an alias (`when: *check`) is placed at the alias as a whole:
        // its characters are written where the anchor is.
        if bytes.first == UInt8(ascii: "*") { return 0 }
        let start = skipProperties()
        let end: Int
        switch style {
        case .plain:
            end = flow(from: start, to: bytes.count, quote: 0)
        case .singleQuoted, .doubleQuoted:
            let quote = style == .singleQuoted ? UInt8(ascii: "'") : UInt8(ascii: "\"")
            let close = bytes.count > start + 1 && bytes[bytes.count - 1] == quote
                ? bytes.count - 1 : bytes.count
            end = flow(from: min(start + 1, close), to: close, quote: quote)
        case .literal, .folded:
            end = block(from: start, folded: style == .folded, value: value)
        }
        return found ?? end
    }

    /// Counts one produced value scalar that sits at `offset`; true once the target is reached.
    private mutating func emit(_ offset: Int) -> Bool {
        places?.append(offset)
        if produced == target {
            found = offset
            return true
        }
        produced += 1
        return false
    }

    // MARK: - Bytes

    private func isBlank(_ index: Int) -> Bool {
        index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09)
    }

    private func isBreak(_ index: Int) -> Bool {
        index < bytes.count && (bytes[index] == 0x0A || bytes[index] == 0x0D)
    }

    /// The index after the line break at `index` (CR LF counts as one break).
    private func afterBreak(_ index: Int) -> Int {
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
            return index + 2
        }
        return index + 1
    }

    private func afterCharacter(_ index: Int) -> Int {
        var next = index + 1
        while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    /// The range of a node with an anchor or a tag starts at them; the value follows them.
    private func skipProperties() -> Int {
        var index = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            while index < bytes.count, !isBlank(index), !isBreak(index) { index += 1 }
            while index < bytes.count, isBlank(index) || isBreak(index) || bytes[index] == UInt8(ascii: "#") {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, !isBreak(index) { index += 1 }
                } else {
                    index += 1
                }
            }
        }
        return index
    }

    // MARK: - Flow scalars (plain, single- and double-quoted)

    private mutating func flow(from start: Int, to end: Int, quote: UInt8) -> Int {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                var next = index
                var breaks: [Int] = []
                while next < end, isBlank(next) || isBreak(next) {
                    if isBreak(next) {
                        breaks.append(next)
                        next = afterBreak(next)
                    } else {
                        next += 1
                    }
                }
                if breaks.isEmpty {
                    for blank in index..<next where emit(blank) { return blank }
                } else if next < end {
                    // One break folds to a space; n breaks give n - 1 newlines.
                    for folded in breaks.count == 1 ? breaks : Array(breaks.dropFirst())
                    where emit(folded) {
                        return folded
                    }
                }
                index = next
                continue
            }
            if quote == UInt8(ascii: "'"), byte == quote, index + 1 < end, bytes[index + 1] == quote {
                if emit(index) { return index }
                index += 2
                continue
            }
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), index + 1 < end {
                let escaped = bytes[index + 1]
                if escaped == 0x0A || escaped == 0x0D {
                    index = afterBreak(index + 1)
                    while index < end, isBlank(index) { index += 1 }
                    continue
                }
                if emit(index) { return index }
                switch escaped {
                case UInt8(ascii: "x"): index += 4
                case UInt8(ascii: "u"): index += 6
                case UInt8(ascii: "U"): index += 10
                default: index = afterCharacter(index + 1)
                }
                index = min(index, end)
                continue
            }
            if emit(index) { return index }
            index = afterCharacter(index)
        }
        return min(index, end)
    }

    // MARK: - Block scalars (literal, folded)

    /// Follows libyaml's `yaml_parser_scan_block_scalar`, with the parent's indentation unknown.
    private mutating func block(from start: Int, folded: Bool, value: String) -> Int {
        var index = start + 1
        var increment = 0
        var chomping: UInt8 = 0
        while index < bytes.count, !isBlank(index), !isBreak(index) {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") {
                increment = Int(byte - UInt8(ascii: "0"))
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                chomping = byte
            }
            index += 1
        }
        while index < bytes.count, !isBreak(index) { index += 1 }
        guard index < bytes.count else { return index }
        index = afterBreak(index)
        var indent = increment > 0 ? explicitIndent(from: index, value: value) : 0
        var column = 0
        var trailingBreaks: [Int] = []
        blockBreaks(&index, &column, &indent, into: &trailingBreaks)
        var leadingBreak: Int?
        var leadingBlank = false
        while column == indent, index < bytes.count {
            let trailingBlank = isBlank(index)
            if folded, let _ = leadingBreak, !leadingBlank, !trailingBlank {
                if trailingBreaks.isEmpty, let folding = leadingBreak, emit(folding) {
                    return folding
                }
                leadingBreak = nil
            } else if let line = leadingBreak {
                if emit(line) { return line }
                leadingBreak = nil
            }
            for line in trailingBreaks where emit(line) { return line }
            trailingBreaks.removeAll()
            leadingBlank = isBlank(index)
            while index < bytes.count, !isBreak(index) {
                if emit(index) { return index }
                index = afterCharacter(index)
            }
            guard index < bytes.count else { break }
            leadingBreak = index
            index = afterBreak(index)
            blockBreaks(&index, &column, &indent, into: &trailingBreaks)
        }
        if chomping != UInt8(ascii: "-"), let line = leadingBreak, emit(line) { return line }
        if chomping == UInt8(ascii: "+") {
            for line in trailingBreaks where emit(line) { return line }
        }
        return min(leadingBreak ?? index, bytes.count)
    }

    /// Skips indentation and empty lines, recording the empty lines' breaks.
    private func blockBreaks(_ index: inout Int, _ column: inout Int, _ indent: inout Int,
                             into breaks: inout [Int])
    {
        var maxIndent = 0
        column = 0
        while true {
            while indent == 0 || column < indent, index < bytes.count, bytes[index] == 0x20 {
                index += 1
                column += 1
            }
            maxIndent = max(maxIndent, column)
            guard isBreak(index) else { break }
            breaks.append(index)
            index = afterBreak(index)
            column = 0
        }
        if indent == 0 { indent = max(maxIndent, 1) }
    }

    /// An indentation indicator is relative to the parent's indentation, which a scalar alone
    /// does not know; the first content line's spaces minus the value's leading spaces give it.
    private func explicitIndent(from start: Int, value: String) -> Int {
        var index = start
        var emptyLines = 0
        var values = value.utf8.makeIterator()
        var leadingSpaces = 0
        var counting = true
        while counting, let byte = values.next() {
            if byte == 0x0A, leadingSpaces == 0 { emptyLines += 1 } else if byte == 0x20 {
                leadingSpaces += 1
            } else {
                counting = false
            }
        }
        var skipped = 0
        var spaces = 0
        while index < bytes.count {
            spaces = 0
            while index < bytes.count, bytes[index] == 0x20 {
                index += 1
                spaces += 1
            }
            guard isBreak(index), skipped < emptyLines else { break }
            index = afterBreak(index)
            skipped += 1
        }
        return max(spaces - leadingSpaces, 1)
    }
}
