/// The characters the YAML subset reader reads: valid UTF-8 of what libyaml calls printable,
/// without any character libyaml treats specially, in lines that end with LF.
///
/// Left out, so that the reader declines the file and libyaml reads it: tabs and other control
/// characters, CR, NEL (U+0085), the line and paragraph separators (U+2028, U+2029) that libyaml
/// breaks lines at, the byte order mark (U+FEFF) that it skips at the start of a line, U+FFFE and
/// U+FFFF, and every byte sequence that is not UTF-8 (overlong forms, surrogates, past U+10FFFF).
///
/// ```swift
/// SubsetText.check(buffer) // true: ASCII; false: other characters, all supported; nil: declined
/// ```
enum SubsetText {
    /// nil when `bytes` hold a character outside the subset or do not end with LF; otherwise
    /// whether they are all ASCII.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.last == UInt8(ascii: "\n") else { return nil }
        var isASCII = true
        var index = 0
        while index < bytes.count {
            index = printableASCIIRun(bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F || byte == UInt8(ascii: "\n") else { return nil }
                index += 1
                continue
            }
            isASCII = false
            guard let (scalar, length) = decode(bytes, at: index), isSupported(scalar) else { return nil }
            index += length
        }
        return isASCII
    }

    /// The end of the run of whole eight-byte words from `index` that hold only printable ASCII
    /// (0x20 to 0x7E, no line break): most of a route file, checked a word at a time. Whatever
    /// stops the run is checked a byte at a time by the caller.
    private static func printableASCIIRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A byte below 0x20 or of 0x80 and above, or a byte equal to 0x7F, sets its high bit
            // in one of these (the classic "has a byte less than n" and "has a zero byte" tests).
            let below = (word &- ones &* 0x20) & ~word & highs
            let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
            guard (below | delete | (word & highs)) == 0 else { break }
            index += 8
        }
        return index
    }

    /// The scalar of the multi-byte UTF-8 sequence at `index`, and its length; nil when the bytes
    /// there are not one (a stray continuation byte, an overlong form, a surrogate, a value past
    /// U+10FFFF, or a sequence cut short).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
        case 0xE0: length = 3; scalar = 0; lowest = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
        case 0xED: length = 3; scalar = 0x0D; highest = 0x9F
        case 0xF0: length = 4; scalar = 0; lowest = 0x90
        case 0xF1...0xF3: length = 4; scalar = UInt32(lead & 0x07)
        case 0xF4: length = 4; scalar = 4; highest = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let (low, high) = offset == 1 ? (lowest, highest) : (0x80, 0xBF)
            guard byte >= low && byte <= high else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return (scalar, length)
    }

    private static func isSupported(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0...0xD7FF: scalar != 0x2028 && scalar != 0x2029
        case 0xE000...0xFFFD: scalar != 0xFEFF
        case 0x10000...0x10FFFF: true
        default: false
        }
    }
}
