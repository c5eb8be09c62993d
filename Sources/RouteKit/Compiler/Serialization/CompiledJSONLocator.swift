/// Finds the value a `CompiledTableError` path names in the compiled table's bytes, so that the
/// error can say which line and column of the file it is about.
///
/// The decoder builds no offsets (a table that loads never needs them), so a failed load walks
/// the bytes once more along the path, with the payload reader's skipping walk
/// (`FilteringParser`): the members and elements before the one named are validated, not built.
///
/// ```swift
/// CompiledJSONLocator.offset(of: "rules[1].index", in: bytes) // the byte where `1` starts
/// ```
enum CompiledJSONLocator {
    /// One step of a path: an object member or an array element.
    enum Step: Equatable {
        case member(String)
        case element(Int)
    }

    /// The offset of the first byte of the value at `path`, or nil when the path is empty or
    /// names nothing in `bytes`. `limits` are those the document is read with: a compiled
    /// table's unless told (an app contract and a signed table have their own).
    static func offset(of path: String, in bytes: [UInt8],
                       limits: JSONReadLimits = CompiledTableFormat.readLimits) -> Int? {
        guard let steps = steps(of: path), !steps.isEmpty else { return nil }
        return bytes.withUnsafeBytes { raw in
            withUnsafeTemporaryAllocation(of: RawKey.self, capacity: 64) { keyStorage -> Int? in
                guard let document = try? JSONByteParser(document: raw, limits: limits)
                else { return nil }
                var walk = FilteringParser(document, keyStorage: keyStorage)
                defer { walk.keys.release() }
                do {
                    try walk.parser.startDocument()
                    for step in steps {
                        guard try walk.enter(step) else { return nil }
                    }
                    return walk.parser.index
                } catch {
                    return nil
                }
            }
        }
    }

    /// The offset of the byte where the string starting at `quote` (its opening `"`) writes its
    /// value's scalar number `scalar`: an escape (`\n`, `\u00e9`, a `\ud83d\ude00` pair) counts as
    /// one scalar, and so does a multi-byte UTF-8 sequence. The closing quote for a scalar past
    /// the end.
    static func offset(ofScalar scalar: Int, inStringAt quote: Int, in bytes: [UInt8]) -> Int {
        var index = quote + 1
        var counted = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), counted < scalar {
            index += width(ofScalarAt: index, in: bytes)
            counted += 1
        }
        return min(index, bytes.count)
    }

    private static func width(ofScalarAt index: Int, in bytes: [UInt8]) -> Int {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "\\") else {
            return byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        }
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return 2 }
        // A high surrogate's escape followed by another escape writes a single scalar.
        let isHigh = index + 3 < bytes.count && (bytes[index + 2] | 0x20) == UInt8(ascii: "d")
            && "89abAB".utf8.contains(bytes[index + 3])
        let escapeFollows = index + 7 < bytes.count && bytes[index + 6] == UInt8(ascii: "\\")
            && bytes[index + 7] == UInt8(ascii: "u")
        return isHigh && escapeFollows ? 12 : 6
    }

    /// The steps of a path as `CompiledJSONNode` writes it: `rules[3].route`, `payload["aps.alert"]`.
    static func steps(of path: String) -> [Step]? {
        var steps: [Step] = []
        var rest = Substring(path)
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
            } else if first == "[" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    guard let (key, after) = quotedKey(rest) else { return nil }
                    steps.append(.member(key))
                    rest = after
                } else {
                    let digits = rest.prefix { $0.isASCII && $0.isNumber }
                    guard let position = Int(digits) else { return nil }
                    steps.append(.element(position))
                    rest = rest.dropFirst(digits.count)
                }
                guard rest.first == "]" else { return nil }
                rest = rest.dropFirst()
            } else {
                let name = rest.prefix { $0 != "." && $0 != "[" }
                steps.append(.member(String(name)))
                rest = rest.dropFirst(name.count)
            }
        }
        return steps
    }

    /// A key written as a JSON string literal, and what follows it.
    private static func quotedKey(_ text: Substring) -> (String, Substring)? {
        var escaped = false
        for index in text.indices.dropFirst() {
            if escaped { escaped = false; continue }
            if text[index] == "\\" { escaped = true; continue }
            guard text[index] == "\"" else { continue }
            let end = text.index(after: index)
            guard case .string(let key)? = try? JSONReader.read(String(text[..<end])) else { return nil }
            return (key, text[end...])
        }
        return nil
    }
}

extension FilteringParser {
    /// Moves into the value a step names, from the container at `index`; false when there is none.
    fileprivate mutating func enter(_ step: CompiledJSONLocator.Step) throws(JSONReadError) -> Bool {
        switch step {
        case .member(let key):
            guard parser.index < parser.count, parser.bytes[parser.index] == UInt8(ascii: "{"),
                try !parser.openContainer(closing: UInt8(ascii: "}"))
            else { return false }
            repeat {
                let name = decode(try scanKey())
                try parser.readColon()
                if name == key { return true }
                try skipValue()
            } while try !parser.closeOrComma(UInt8(ascii: "}"))
            return false
        case .element(let position):
            guard parser.index < parser.count, parser.bytes[parser.index] == UInt8(ascii: "["),
                try !parser.openContainer(closing: UInt8(ascii: "]"))
            else { return false }
            for _ in 0..<position {
                try skipValue()
                if try parser.closeOrComma(UInt8(ascii: "]")) { return false }
            }
            return true
        }
    }
}
