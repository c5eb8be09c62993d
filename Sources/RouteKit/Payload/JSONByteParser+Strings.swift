/// Strings are validated in place and built once from their byte slice; only strings with escapes
/// are copied through a buffer. The same scan serves `PayloadReader`, which validates skipped
/// strings without building them: its sink only counts the decoded bytes.
extension JSONByteParser {
    /// What a scanned string held, for callers that compare raw key bytes.
    enum StringForm {
        /// ASCII only, without escapes: the raw bytes are the string.
        case ascii
        /// Valid UTF-8 with non-ASCII bytes, without escapes.
        case unicode
        /// With escapes: the decoded bytes went to the sink.
        case escaped
    }

    /// Reads a string starting at its opening quote.
    mutating func readString() throws(JSONReadError) -> String {
        let start = index + 1
        var buffer: [UInt8] = []
        if try scanString(into: &buffer) == .escaped { return String(decoding: buffer, as: UTF8.self) }
        let length = index - 1 - start
        if length <= 8, length > 0, let known = knownString(at: start, length: length) { return known }
        return String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
    }

    /// Validates the string at `index` (its opening quote) and moves past its closing quote. Once
    /// an escape is met, every decoded byte of the string goes to `sink`; before, nothing does.
    mutating func scanString<Sink: DecodedBytes>(into sink: inout Sink) throws(JSONReadError) -> StringForm {
        let quote = index
        index += 1
        let start = index
        var form = StringForm.ascii
        while true {
            skipPlainBytes()
            guard index < count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard index - start <= maxStringBytes else { throw stringTooLong(quote) }
                index += 1
                return form
            }
            if byte == UInt8(ascii: "\\") {
                try scanEscapedString(quote: quote, from: start, into: &sink)
                return .escaped
            }
            if byte < 0x20 { throw controlCharacter() }
            if byte < 0x80 {
                index += 1
            } else {
                index += try utf8SequenceLength()
                form = .unicode
            }
        }
        throw error(JSONReadError.syntax, "missing closing '\"'", at: quote)
    }

    /// Skips eight bytes at a time up to the first byte that is a quote, a backslash, a control
    /// character or non-ASCII; most payload strings are plain ASCII.
    @inline(__always)
    private mutating func skipPlainBytes() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index &+ 8 <= count {
            // Byte 0 in the low bits on every platform, so the lowest flag is the first byte.
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // Bit 7 of a byte is set when it is a zero byte (below 0x20 for `control`) or non-ASCII.
            // Borrows only flag bytes above a flagged one, so the lowest flag is exact.
            let control = (word &- ones &* 0x20) & ~word
            let zeros = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            let special = (control | zeros | word) & highs
            if special != 0 {
                index &+= special.trailingZeroBitCount &>> 3
                return
            }
            index &+= 8
        }
    }

    /// Short strings that nearly every payload has, in a 32-slot table indexed by a multiplicative
    /// hash of their bytes packed into a word (first byte lowest). Raw strings hold no zero bytes,
    /// so with the zero padding equal words mean equal strings; a slot keeps its first claimant.
    private static let knownStrings: [String] = {
        var strings = [String](repeating: "", count: 32)
        let known = [
            "aps", "alert", "title", "subtitle", "body", "badge", "sound", "default", "category",
            "type", "id", "uid", "target", "data", "url", "pageKey",
        ]
        for string in known where strings[knownSlot(packed(string))].isEmpty {
            strings[knownSlot(packed(string))] = string
        }
        return strings
    }()

    private static let knownWords: [UInt64] = knownStrings.map(packed)

    private static func packed(_ string: String) -> UInt64 {
        string.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    @inline(__always)
    private static func knownSlot(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) &>> 59)
    }

    /// A ready-made `String` for a known string of at most 8 bytes, so that the common keys cost
    /// no decoding.
    @inline(__always)
    private func knownString(at start: Int, length: Int) -> String? {
        var word: UInt64
        if start &+ 8 <= count {
            word = UInt64(littleEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self))
            if length < 8 { word &= (1 &<< (UInt64(length) &<< 3)) &- 1 }
        } else {
            word = 0
            for offset in 0..<length { word |= UInt64(bytes[start + offset]) << (offset << 3) }
        }
        let slot = Self.knownSlot(word)
        return Self.knownWords[slot] == word ? Self.knownStrings[slot] : nil
    }

    private func stringTooLong(_ quote: Int) -> JSONReadError {
        error(JSONReadError.stringTooLong, "string longer than \(maxStringBytes) bytes", at: quote)
    }

    private func controlCharacter() -> JSONReadError {
        error(JSONReadError.syntax, "unescaped control character \(describe(index)) in string", at: index)
    }

    /// The slow path for strings with escapes: the validated bytes go through the sink.
    private mutating func scanEscapedString<Sink: DecodedBytes>(
        quote: Int, from start: Int, into buffer: inout Sink
    ) throws(JSONReadError) {
        buffer.reserveCapacity(index - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: index - start))
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard buffer.count <= maxStringBytes else { throw stringTooLong(quote) }
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                try readEscape(into: &buffer)
            } else if byte < 0x20 {
                throw controlCharacter()
            } else if byte < 0x80 {
                buffer.append(byte)
                index += 1
            } else {
                let length = try utf8SequenceLength()
                buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + index, count: length))
                index += length
            }
        }
        throw error(JSONReadError.syntax, "missing closing '\"'", at: quote)
    }

    private mutating func readEscape<Sink: DecodedBytes>(into buffer: inout Sink) throws(JSONReadError) {
        let start = index
        guard index + 1 < count else {
            throw error(JSONReadError.syntax, "unexpected end of input", at: count)
        }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4(escapeStart: start)
            if scalar >= 0xDC00, scalar <= 0xDFFF { throw loneSurrogate(scalar, at: start) }
            if scalar >= 0xD800, scalar <= 0xDBFF {
                guard index + 1 < count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw loneSurrogate(scalar, at: start) }
                let lowStart = index
                index += 2
                let low = try readHex4(escapeStart: lowStart)
                guard low >= 0xDC00, low <= 0xDFFF else { throw loneSurrogate(scalar, at: start) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            appendUTF8(scalar, to: &buffer)
        default:
            index = start
            let shown = letter >= 0x20 && letter < 0x7F ? String(Unicode.Scalar(letter)) : "?"
            throw error(JSONReadError.syntax, "invalid escape '\\\(shown)'", at: start)
        }
    }

    private func loneSurrogate(_ value: UInt32, at offset: Int) -> JSONReadError {
        let hex = String(value, radix: 16, uppercase: true)
        return error(JSONReadError.syntax, "lone surrogate '\\u\(hex)' is not allowed", at: offset)
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else {
                throw error(JSONReadError.syntax, "invalid unicode escape", at: escapeStart)
            }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(JSONReadError.syntax, "invalid unicode escape", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func appendUTF8<Sink: DecodedBytes>(_ scalar: UInt32, to buffer: inout Sink) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (a byte ≥ 0x80), per RFC 3629:
    /// no overlong forms, no surrogates, nothing past U+10FFFF.
    private func utf8SequenceLength() throws(JSONReadError) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw invalidUTF8()
        }
        guard index + length <= count else { throw invalidUTF8() }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { throw invalidUTF8() }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { throw invalidUTF8() }
        return length
    }

    private func invalidUTF8() -> JSONReadError {
        error(JSONReadError.invalidUTF8, "invalid UTF-8 byte sequence", at: index)
    }
}

/// Where a string's decoded bytes go: a buffer to build the string from, or a counter when the
/// string is only validated.
protocol DecodedBytes {
    var count: Int { get }
    mutating func reserveCapacity(_ minimumCapacity: Int)
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension [UInt8]: DecodedBytes {}

/// Counts decoded bytes, so that skipped strings meet the same length limit without a buffer.
struct DecodedByteCount: DecodedBytes {
    var count = 0
    func reserveCapacity(_ minimumCapacity: Int) {}
    mutating func append(_ byte: UInt8) { count += 1 }
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
}
