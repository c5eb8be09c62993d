/// The text of one source file, with a line index for rendering diagnostics.
///
/// ```swift
/// let file = SourceFile(path: "routes/app.yaml", text: "version: 1\n")
/// file.line(1) // "version: 1"
/// ```
public struct SourceFile: Sendable {
    /// The file's path, as diagnostics name it.
    public let path: String
    /// The whole text of the file.
    public let text: String
    /// UTF-8 offsets at which each line starts.
    private let lineStarts: [Int]
    /// The UTF-8 continuation bytes (those that start no scalar) before each multiple of
    /// `checkpointStride`; empty when there are none (ASCII). A column is then found without
    /// counting the line from its start: a flow-style file can be one line of megabytes.
    private let continuationCounts: [Int]
    private static let checkpointStride = 1_024

    /// A file's text, with its lines indexed.
    ///
    /// ```swift
    /// let file = SourceFile(path: "routes/app.yaml", text: "version: 1\ntabs: [home]\n")
    /// ```
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        // Scanned as a buffer: through the string's UTF-8 view it cost about 30 instructions a
        // byte, 3% of loading a large table.
        lineStarts = text.utf8.withContiguousStorageIfAvailable(Self.lineStarts)
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.lineStarts)
        continuationCounts = text.utf8.withContiguousStorageIfAvailable(Self.continuationCounts)
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.continuationCounts)
    }

    private static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        guard let base = bytes.baseAddress else { return starts }
        // Eight bytes at a time: a word's line breaks are the bytes that XOR with a break makes
        // zero, each flagged by its high bit. The subtraction's borrow can also flag a 0x0B just
        // after a break, so each flagged byte is looked at; most words have no break at all.
        let lineBreaks: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var offset = 0
        while offset + 8 <= bytes.count {
            let zeroWhereBreak = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                ^ lineBreaks
            var flagged = (zeroWhereBreak &- 0x0101_0101_0101_0101) & ~zeroWhereBreak & 0x8080_8080_8080_8080
            while flagged != 0 {
                let position = offset + flagged.trailingZeroBitCount / 8
                if bytes[position] == UInt8(ascii: "\n") { starts.append(position + 1) }
                flagged &= flagged &- 1
            }
            offset += 8
        }
        for position in offset..<bytes.count where bytes[position] == UInt8(ascii: "\n") {
            starts.append(position + 1)
        }
        return starts
    }

    private static func continuationCounts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard !isASCII(bytes) else { return [] }
        var counts: [Int] = []
        var continuations = 0
        for offset in bytes.indices {
            if offset % checkpointStride == 0 { counts.append(continuations) }
            if bytes[offset] & 0xC0 == 0x80 { continuations += 1 }
        }
        if bytes.count % checkpointStride == 0 { counts.append(continuations) }
        return counts
    }

    /// Eight bytes at a time: nearly every route file is ASCII, and its scan is part of a load.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset + 8 <= bytes.count {
            if UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            offset += 8
        }
        return bytes[offset...].allSatisfy { $0 < 0x80 }
    }

    /// The position of byte `offset` in `bytes` that may not all be text, such as JSON that a
    /// reader refused for an invalid byte: only the bytes before the offset are decoded, and
    /// they are valid UTF-8, so the column counts the characters an editor shows.
    ///
    /// ```swift
    /// SourceFile.position(ofOffset: 12, in: Array("{\n  \"é\": 1,}".utf8)) // line 2, column 10
    /// ```
    public static func position(ofOffset offset: Int, in bytes: some Collection<UInt8>) -> SourcePosition {
        let before = bytes.prefix(max(0, offset))
        return SourceFile(path: "", text: String(decoding: before, as: UTF8.self)).position(ofOffset: before.count)
    }

    /// The continuation bytes before `offset` (at most the text's length).
    private func continuations(before offset: Int) -> Int {
        guard !continuationCounts.isEmpty else { return 0 }
        let checkpoint = offset / Self.checkpointStride
        let utf8 = text.utf8
        var count = continuationCounts[checkpoint]
        var index = utf8.index(utf8.startIndex, offsetBy: checkpoint * Self.checkpointStride)
        let end = utf8.index(utf8.startIndex, offsetBy: offset)
        while index < end {
            if utf8[index] & 0xC0 == 0x80 { count += 1 }
            index = utf8.index(after: index)
        }
        return count
    }

    /// The number of lines: one more than the line breaks, so text ending in a newline counts an
    /// empty last line.
    public var lineCount: Int { lineStarts.count }

    /// The text's UTF-8 bytes from offset `start` to `end` (the end of the text when nil),
    /// clamped to the text: what is written at a range, to tell how it was written.
    ///
    /// ```swift
    /// SourceFile(path: "app.yaml", text: "when: *w\n").utf8(from: 6, to: 8).first // UInt8(ascii: "*")
    /// ```
    func utf8(from start: Int, to end: Int? = nil) -> Substring.UTF8View {
        let bytes = text.utf8
        let upper = min(max(end ?? bytes.count, 0), bytes.count)
        let lower = min(max(start, 0), upper)
        return bytes[bytes.index(bytes.startIndex, offsetBy: lower) ..< bytes.index(bytes.startIndex, offsetBy: upper)]
    }

    /// The text of a 1-based line, without its line break; nil past the end.
    ///
    /// ```swift
    /// SourceFile(path: "app.yaml", text: "version: 1\r\ntabs: [home]\n").line(1) // "version: 1"
    /// ```
    public func line(_ number: Int) -> String? {
        lineBounds(number).map { String(scalars(in: $0)) }
    }

    /// The UTF-8 offsets of a 1-based line's text, without its line break; nil past the end.
    func lineBounds(_ number: Int) -> Range<Int>? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] - 1 : text.utf8.count
        if end > start, utf8(from: end - 1, to: end).first == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The text's scalars between two UTF-8 offsets that start scalars.
    func scalars(in bounds: Range<Int>) -> Substring.UnicodeScalarView {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: bounds.upperBound)
        return text[lower..<upper].unicodeScalars
    }

    /// The number of scalars between two UTF-8 offsets.
    func scalarCount(in bounds: Range<Int>) -> Int {
        bounds.count - (continuations(before: bounds.upperBound) - continuations(before: bounds.lowerBound))
    }

    /// The UTF-8 offset of the scalar `index` scalars after `bounds.lowerBound`, or the upper
    /// bound when there are fewer. It starts from the nearest checkpoint, so it reads at most
    /// `checkpointStride` bytes however long the line: a diagnostic far into a one-line file of
    /// megabytes costs what one near its start does.
    func offset(ofScalar index: Int, in bounds: Range<Int>) -> Int {
        guard !continuationCounts.isEmpty else { return min(bounds.lowerBound + index, bounds.upperBound) }
        let base = continuations(before: bounds.lowerBound)
        // The scalars that start before checkpoint k grow with k: find the last checkpoint in
        // the line that is not past the scalar.
        var low = bounds.lowerBound / Self.checkpointStride + 1
        var high = bounds.upperBound / Self.checkpointStride
        var start = bounds.lowerBound
        var counted = 0
        while low <= high {
            let mid = (low + high) / 2
            let before = (mid * Self.checkpointStride - bounds.lowerBound) - (continuationCounts[mid] - base)
            if before <= index {
                start = mid * Self.checkpointStride
                counted = before
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        for byte in utf8(from: start, to: bounds.upperBound) {
            if byte & 0xC0 != 0x80 {
                if counted == index { return start }
                counted += 1
            }
            start += 1
        }
        return bounds.upperBound
    }

    /// The position of a UTF-8 byte offset (clamped to the file), with its column in scalars.
    ///
    /// ```swift
    /// let file = SourceFile(path: "app.yaml", text: "é: 1\n")
    /// file.position(ofOffset: 2) // line 1, column 2: `é` is two bytes but one column
    /// ```
    public func position(ofOffset offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, text.utf8.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let lineStart = lineStarts[low]
        let scalars = (clamped - lineStart) - (continuations(before: clamped) - continuations(before: lineStart))
        return SourcePosition(line: low + 1, column: scalars + 1, offset: clamped)
    }
}
