internal import CYAML
import RouteKit

/// Turns libyaml marks into `SourcePosition`s in one forward pass over the file.
///
/// libyaml's `index` counts characters, not bytes, so the UTF-8 offset is found by walking a
/// cursor that moves with the (almost monotonic) event marks; for ASCII files it is the index.
/// libyaml also breaks lines at a lone CR, NEL, LS and PS, while `SourceFile` breaks only at
/// LF; files that contain those get their line and column recomputed from the offset.
struct SourcePositionMapper {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let isASCII: Bool
    private let marksMatchLines: Bool
    private var characterCursor = 0
    private var byteCursor = 0
    private var lineStarts: [Int] = []
    /// The offset of the first CR not followed by LF: YAML, and libyaml, break a line there, but
    /// positions here count lines at LF, as editors that show the file that way do.
    let firstLoneCarriageReturn: Int?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var ascii = true
        var matching = true
        var loneCarriageReturn: Int?
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte >= 0x80 {
                ascii = false
                if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0x85 { matching = false }
                if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                {
                    matching = false
                }
            } else if byte == 0x0D, index + 1 >= count || bytes[index + 1] != 0x0A {
                matching = false
                loneCarriageReturn = loneCarriageReturn ?? index
            }
            index += 1
        }
        isASCII = ascii
        marksMatchLines = matching
        firstLoneCarriageReturn = loneCarriageReturn
        if !matching { lineStarts = Self.lineStarts(of: bytes) }
    }

    /// The byte at a UTF-8 offset, nil past the end.
    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    mutating func position(_ mark: yaml_mark_t) -> SourcePosition {
        let offset = byteOffset(ofCharacter: mark.index)
        if marksMatchLines {
            return SourcePosition(line: mark.line + 1, column: mark.column + 1, offset: offset)
        }
        return position(ofOffset: offset)
    }

    /// `end` moved back over the line breaks and blanks before it: libyaml ends a block scalar
    /// where the next token starts, lines later, and a range (and a fix-it that replaces it)
    /// should end just after the last character written.
    mutating func endOfText(before end: SourcePosition) -> SourcePosition {
        var offset = min(end.offset, bytes.count)
        while offset > 0, bytes[offset - 1] == 0x0A || bytes[offset - 1] == 0x0D
            || bytes[offset - 1] == 0x20 || bytes[offset - 1] == 0x09 { offset -= 1 }
        return offset == end.offset ? end : position(ofOffset: offset)
    }

    /// The position of a byte offset, with LF-only lines (as `SourceFile` counts them).
    mutating func position(ofOffset offset: Int) -> SourcePosition {
        if lineStarts.isEmpty { lineStarts = Self.lineStarts(of: bytes) }
        let clamped = max(0, min(offset, bytes.count))
        let low = lineIndex(of: clamped)
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: low + 1, column: column, offset: clamped)
    }

    /// The first character that does not show (`InvisibleCharacter`) on the line of `offset`
    /// or the line before it, with its position: a no-break space pasted into `tab: home` or into
    /// an indentation makes libyaml fail there or one line later.
    mutating func invisibleCharacter(near offset: Int) -> (character: InvisibleCharacter, at: SourcePosition)? {
        guard !isASCII else { return nil }
        if lineStarts.isEmpty { lineStarts = Self.lineStarts(of: bytes) }
        let line = lineIndex(of: offset)
        for candidate in max(0, line - 1)...line {
            let start = lineStarts[candidate]
            let end = candidate + 1 < lineStarts.count ? lineStarts[candidate + 1] : bytes.count
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            guard let found = InvisibleCharacter.first(in: text) else { continue }
            let width = text.unicodeScalars.prefix(found.offset).reduce(0) { $0 + UTF8.width($1) }
            return (found, position(ofOffset: start + width))
        }
        return nil
    }

    /// The index in `lineStarts` of the line that holds `offset`.
    private func lineIndex(of offset: Int) -> Int {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        return low
    }

    private mutating func byteOffset(ofCharacter index: Int) -> Int {
        if isASCII { return min(index, bytes.count) }
        let count = bytes.count
        // Runs of ASCII, where characters are bytes, are skipped eight at a time.
        while index - characterCursor >= 8, count - byteCursor >= 8, let base = bytes.baseAddress {
            let word = UnsafeRawPointer(base + byteCursor)
                .loadUnaligned(as: UInt64.self)
            guard word & 0x8080_8080_8080_8080 == 0 else { break }
            byteCursor += 8
            characterCursor += 8
        }
        while characterCursor < index, byteCursor < count {
            byteCursor += 1
            while byteCursor < count, bytes[byteCursor] & 0xC0 == 0x80 { byteCursor += 1 }
            characterCursor += 1
        }
        while characterCursor > index, byteCursor > 0 {
            byteCursor -= 1
            while byteCursor > 0, bytes[byteCursor] & 0xC0 == 0x80 { byteCursor -= 1 }
            characterCursor -= 1
        }
        return byteCursor
    }

    private static func lineStarts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        for index in bytes.indices where bytes[index] == 0x0A { starts.append(index + 1) }
        return starts
    }
}
