/// The recursive-descent reader behind `JSONReader`, working on raw bytes.
///
/// Recursion is safe because depth is checked before each nested array or object is entered.
struct JSONByteParser {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    var index = 0
    var depth = 0
    let maxDepth: Int
    let maxStringBytes: Int

    init(_ bytes: UnsafePointer<UInt8>, count: Int, limits: JSONReadLimits = .payload) {
        self.bytes = bytes
        self.count = count
        maxDepth = limits.maxDepth
        maxStringBytes = limits.maxStringBytes
    }

    /// A parser for a whole document, once its size is known to be within `limits`.
    init(document bytes: UnsafeRawBufferPointer, limits: JSONReadLimits = .payload) throws(JSONReadError) {
        guard bytes.count <= limits.maxBytes else {
            let document = limits == .payload ? "payload" : "input"
            throw JSONReadError(
                code: JSONReadError.tooLarge,
                message: "\(document) is larger than \(limits.maxBytes) bytes",
                offset: limits.maxBytes)
        }
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONReadError(code: JSONReadError.syntax, message: "unexpected end of input", offset: 0)
        }
        self.init(base.assumingMemoryBound(to: UInt8.self), count: bytes.count, limits: limits)
    }

    mutating func readDocument() throws(JSONReadError) -> JSONValue {
        try startDocument()
        let value = try readValue()
        try endDocument()
        return value
    }

    /// Rejects a byte order mark and moves to the first value.
    mutating func startDocument() throws(JSONReadError) {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw error(JSONReadError.syntax, "byte order mark is not allowed", at: 0)
        }
        skipWhitespace()
    }

    /// After the value: only whitespace may follow.
    mutating func endDocument() throws(JSONReadError) {
        skipWhitespace()
        if index < count {
            throw error(JSONReadError.syntax, "unexpected \(describe(index)) after the value", at: index)
        }
    }

    func error(_ code: String, _ message: String, at offset: Int) -> JSONReadError {
        JSONReadError(code: code, message: message, offset: offset)
    }

    /// A byte for a message: the character when printable ASCII, else its hex value.
    func describe(_ offset: Int) -> String {
        guard offset < count else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Compact JSON (most payloads) has none: one byte decides.
        guard index < count, bytes[index] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        let eightSpaces: UInt64 = 0x2020_2020_2020_2020
        while index < count {
            // Indentation (a compiled table is pretty-printed): the spaces that start the next
            // eight bytes are counted at once, from the first byte that is not one.
            if index &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
                // A zero byte for each space; the first byte is the lowest.
                let spaces = (word ^ eightSpaces).trailingZeroBitCount / 8
                if spaces > 0 {
                    index &+= spaces
                    continue
                }
            }
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    mutating func readValue() throws(JSONReadError) -> JSONValue {
        guard index < count else {
            throw error(JSONReadError.syntax, "unexpected end of input", at: index)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        default: throw unexpectedValue()
        }
    }

    func unexpectedValue() -> JSONReadError {
        let message: String
        switch bytes[index] {
        case UInt8(ascii: "/"): message = "comments are not allowed"
        case UInt8(ascii: "N"), UInt8(ascii: "I"): message = "NaN and Infinity are not allowed"
        case UInt8(ascii: "+"): message = "numbers cannot start with '+'"
        case UInt8(ascii: "."): message = "numbers must start with a digit"
        case UInt8(ascii: "'"): message = "strings must use double quotes"
        default: message = "expected a value, found \(describe(index))"
        }
        return error(JSONReadError.syntax, message, at: index)
    }

    mutating func readLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONReadError) -> JSONValue {
        let length = word.utf8CodeUnitCount
        let start = index
        let matches = count - index >= length
            && (0..<length).allSatisfy { bytes[start + $0] == word.utf8Start[$0] }
        guard matches else {
            throw error(JSONReadError.syntax, "expected a value, found \(describe(index))", at: index)
        }
        index += length
        return value
    }

    mutating func readNumber() throws(JSONReadError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < count, isDigit(bytes[index]) else {
            throw error(JSONReadError.syntax, "expected a digit after '-', found \(describe(index))", at: index)
        }
        // The magnitude is gathered as unsigned so that Int64.min is read exactly.
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, isDigit(bytes[index]) {
                throw error(JSONReadError.syntax, "leading zeros are not allowed", at: start)
            }
        } else {
            while index < count, isDigit(bytes[index]) {
                let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carried) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                overflow = overflow || overflowed || carried
                magnitude = sum
                index += 1
            }
        }
        var integral = true
        if index < count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            try readDigits("after '.'")
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            integral = false
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try readDigits("in the exponent")
        }
        if integral, !overflow {
            if !negative, magnitude <= UInt64(Int64.max) { return .int(Int64(magnitude)) }
            if negative, magnitude <= UInt64(Int64.max) + 1 { return .int(Int64(truncatingIfNeeded: 0 &- magnitude)) }
        }
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: index - start), as: UTF8.self)
        let value = Double(text) ?? .infinity
        // Any other number is the nearest double, an integer past 64 bits included, as CEL's JSON
        // conversion reads it (SPEC §4): 12345678901234567891 is 12345678901234567168.0, never
        // its digits in a string. A number past every double (`1e400`, or an integer of 310
        // digits) has no value.
        guard value.isFinite else {
            throw error(JSONReadError.numberOutOfRange, "number out of range", at: start)
        }
        return .double(value)
    }

    private mutating func readDigits(_ place: String) throws(JSONReadError) {
        guard index < count, isDigit(bytes[index]) else {
            throw error(JSONReadError.syntax, "expected a digit \(place), found \(describe(index))", at: index)
        }
        while index < count, isDigit(bytes[index]) { index += 1 }
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// At a `{` or `[`: enters one level deeper and moves past the bracket and any whitespace.
    /// Returns true, having left the level again, when the container is empty.
    mutating func openContainer(closing: UInt8) throws(JSONReadError) -> Bool {
        depth += 1
        if depth > maxDepth {
            throw error(JSONReadError.tooDeep, "nesting deeper than \(maxDepth) levels", at: index)
        }
        index += 1
        skipWhitespace()
        guard index < count, bytes[index] == closing else { return false }
        index += 1
        depth -= 1
        return true
    }

    // The per-member steps below check the expected byte inline and leave whitespace and errors
    // to an out-of-line path: they run for every key and value of every payload.

    /// At a member's key, which must be a string: returns the offset of its opening quote.
    @inline(__always)
    func keyStart() throws(JSONReadError) -> Int {
        guard index < count, bytes[index] == UInt8(ascii: "\"") else { throw notAKey() }
        return index
    }

    private func notAKey() -> JSONReadError {
        error(JSONReadError.syntax, "expected a string key, found \(describe(index))", at: index)
    }

    /// After a key: moves past the `:` and the whitespace around it.
    @inline(__always)
    mutating func readColon() throws(JSONReadError) {
        if index < count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            skipWhitespace()
            return
        }
        try readSpacedColon()
    }

    private mutating func readSpacedColon() throws(JSONReadError) {
        skipWhitespace()
        guard index < count, bytes[index] == UInt8(ascii: ":") else {
            throw error(JSONReadError.syntax, "expected ':' after key, found \(describe(index))", at: index)
        }
        index += 1
        skipWhitespace()
    }

    func duplicateKey(_ key: String, at offset: Int) -> JSONReadError {
        error(JSONReadError.duplicateKey, "duplicate key '\(key)'", at: offset)
    }

    /// After an element or member: moves past a `,` and returns false, or past the closing bracket
    /// (leaving the level) and returns true. A comma right before the closing bracket is an error.
    @inline(__always)
    mutating func closeOrComma(_ closing: UInt8) throws(JSONReadError) -> Bool {
        // `,` then the next key or value, or the closing bracket, with no whitespace around.
        if index &+ 1 < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ","), bytes[index &+ 1] > 0x20, bytes[index &+ 1] != closing {
                index &+= 1
                return false
            }
            if byte == closing {
                index &+= 1
                depth -= 1
                return true
            }
        }
        return try closeOrSpacedComma(closing)
    }

    private mutating func closeOrSpacedComma(_ closing: UInt8) throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard index < count else {
            throw error(JSONReadError.syntax, "unexpected end of input", at: index)
        }
        if bytes[index] == closing {
            index += 1
            depth -= 1
            return true
        }
        guard bytes[index] == UInt8(ascii: ",") else {
            let expected = Character(Unicode.Scalar(closing))
            throw error(JSONReadError.syntax, "expected ',' or '\(expected)', found \(describe(index))", at: index)
        }
        let comma = index
        index += 1
        skipWhitespace()
        if index < count, bytes[index] == closing {
            throw error(JSONReadError.syntax, "trailing comma is not allowed", at: comma)
        }
        return false
    }

    private mutating func readObject() throws(JSONReadError) -> JSONValue {
        if try openContainer(closing: UInt8(ascii: "}")) { return .object([:]) }
        // Sized up front for typical payloads (a dozen top-level keys, small nested objects) so
        // that dictionaries rarely grow and rehash, without making every small object large.
        var members = JSONObject(minimumCapacity: depth == 1 ? 12 : 4)
        repeat {
            let keyStart = try keyStart()
            let key = try readString()
            try readColon()
            if members.updateValue(try readValue(), forKey: key) != nil {
                throw duplicateKey(key, at: keyStart)
            }
        } while try !closeOrComma(UInt8(ascii: "}"))
        return .object(members)
    }

    private mutating func readArray() throws(JSONReadError) -> JSONValue {
        .array(try readElements { parser throws(JSONReadError) in try parser.readValue() })
    }

    /// At a `[`: the elements of the array, each read by `element`.
    mutating func readElements<Element>(
        _ element: (inout JSONByteParser) throws(JSONReadError) -> Element
    ) throws(JSONReadError) -> [Element] {
        var elements: [Element] = []
        if try openContainer(closing: UInt8(ascii: "]")) { return elements }
        repeat {
            elements.append(try element(&self))
        } while try !closeOrComma(UInt8(ascii: "]"))
        return elements
    }
}
