/// Base64 (RFC 4648 §4: the standard alphabet, `=` padding), as signed tables and key files
/// write bytes.
///
/// Decoding is strict, so that one text stands for one byte string: no whitespace or line
/// breaks, padding only at the end and only as needed, and the unused low bits of the last
/// character zero. A lenient decoder reads `QQ==` and `QR==` as the same byte, so a changed
/// character of a signed table could go unnoticed; this one refuses the second.
///
/// ```swift
/// Base64.encode([0x41, 0x42]) // "QUI="
/// Base64.decode("QUI=")       // [0x41, 0x42]
/// Base64.decode("QUJ=")       // nil: the last character's unused bits are not zero
/// ```
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each ASCII byte in the alphabet; 0xFF for any other byte.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// `bytes` as base64 text, padded with `=` to a multiple of four characters.
    ///
    /// ```swift
    /// Base64.encode(Array("hi".utf8)) // "aGk="
    /// ```
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(chunk >> UInt32(shift) & 0x3F)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(rest == 2 ? alphabet[Int(chunk >> 6 & 0x3F)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil when it is not strict base64 (see the type's summary).
    ///
    /// ```swift
    /// Base64.decode("aGk=") // [0x68, 0x69]
    /// Base64.decode("aGk")  // nil: not padded
    /// ```
    public static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decodeCharacters($0) }
    }

    /// The bytes of a line of base64, as a key file holds it: spaces, tabs and line breaks
    /// around it are left out, none within.
    ///
    /// ```swift
    /// Base64.decode(line: "aGk=\n") // [0x68, 0x69]
    /// ```
    public static func decode(line text: String) -> [UInt8]? {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return decode(bytes[0..<0]) }
        return decode(bytes[first...last])
    }

    /// The bytes the base64 characters `text` encode, or nil when they are not strict base64.
    ///
    /// ```swift
    /// Base64.decode(Array("aGk=".utf8)[...]) // [0x68, 0x69]
    /// ```
    public static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        text.withUnsafeBufferPointer { decodeCharacters($0) }
    }

    private static func decodeCharacters(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        guard !text.isEmpty else { return [] }
        let padding = text[text.count - 1] == UInt8(ascii: "=") ? (text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1) : 0
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3 - padding)
        var index = 0
        let body = text.count - (padding > 0 ? 4 : 0)
        while index < body {
            let a = values[Int(text[index])], b = values[Int(text[index + 1])]
            let c = values[Int(text[index + 2])], d = values[Int(text[index + 3])]
            guard (a | b | c | d) & 0xC0 == 0 else { return nil }  // 0xFF: not in the alphabet
            let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            output.append(UInt8(truncatingIfNeeded: chunk >> 16))
            output.append(UInt8(truncatingIfNeeded: chunk >> 8))
            output.append(UInt8(truncatingIfNeeded: chunk))
            index += 4
        }
        guard padding > 0 else { return output }
        let a = values[Int(text[index])], b = values[Int(text[index + 1])]
        let c = padding == 1 ? values[Int(text[index + 2])] : 0
        guard (a | b | c) & 0xC0 == 0 else { return nil }
        // The bits past the last whole byte must be zero: one text per byte string.
        guard padding == 1 ? c & 0x03 == 0 : b & 0x0F == 0 else { return nil }
        let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
        output.append(UInt8(truncatingIfNeeded: chunk >> 16))
        if padding == 1 { output.append(UInt8(truncatingIfNeeded: chunk >> 8)) }
        return output
    }
}
