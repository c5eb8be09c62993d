import RouteKit

/// Scalars and flow collections of the subset: everything that lies on one line.
extension YAMLSubsetReader {
    /// How a plain scalar's text ends.
    enum PlainStop {
        /// At `: ` (or `:` ending the line in block context): the scalar is a key.
        case colon
        case lineEnd
        /// At ` #`.
        case comment
        /// At `,`, `[`, `]`, `{` or `}` in a flow collection.
        case flowIndicator
        /// At something the subset does not read, such as `a:b` in a flow collection.
        case unsupported
    }

    /// Where the plain scalar starting at `start` ends: its text's end (trailing spaces
    /// excluded), where scanning stopped, and why.
    func plainStop(from start: Int, flow: Bool) -> (end: Int, stoppedAt: Int, stop: PlainStop) {
        Self.plainStop(in: bytes, from: start, flow: flow)
    }

    private static func plainStop(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flow: Bool)
        -> (end: Int, stoppedAt: Int, stop: PlainStop)
    {
        var cursor = start
        var end = start
        while true {
            // Runs of bytes that end nothing (most of a scalar) are skipped in a tight loop.
            if isOrdinaryInPlainScalar(bytes[cursor]) {
                repeat { cursor += 1 } while isOrdinaryInPlainScalar(bytes[cursor])
                end = cursor
            }
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "\n"):
                return (end, cursor, .lineEnd)
            case UInt8(ascii: ":"):
                let next = bytes[cursor + 1]
                if next == UInt8(ascii: " ") || (!flow && next == UInt8(ascii: "\n")) {
                    return (end, cursor, .colon)
                }
                if flow { return (end, cursor, .unsupported) }
                end = cursor + 1
            case UInt8(ascii: " "):
                if bytes[cursor + 1] == UInt8(ascii: "#") { return (end, cursor, .comment) }
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"):
                if flow { return (end, cursor, .flowIndicator) }
                end = cursor + 1
            default:
                end = cursor + 1
            }
            cursor += 1
        }
    }

    /// Whether `byte` is one a plain scalar's scan passes over: not a line break, space, colon or
    /// flow indicator (`,[]{}`). Tested against a bit mask, which costs less than the scan's
    /// `switch` over the byte did.
    @inline(__always)
    private static func isOrdinaryInPlainScalar(_ byte: UInt8) -> Bool {
        let belowSixtyFour: UInt64 = 1 << 0x0A | 1 << 0x20 | 1 << 0x2C | 1 << 0x3A
        let belowOneTwentyEight: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        let stops = byte < 64 ? belowSixtyFour : belowOneTwentyEight
        return byte >= 128 || stops >> UInt64(byte & 63) & 1 == 0
    }

    /// Whether a plain scalar may start at the cursor: not at an indicator, except a `-` that
    /// is followed by text (`-5`).
    func canStartPlainScalar(flow: Bool) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "-"):
            let next = bytes[index + 1]
            if isSpaceOrBreak(next) { return false }
            return !(flow && Self.isFlowIndicator(next))
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"),
            UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"),
            UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: " "), UInt8(ascii: "\n"):
            return false
        default:
            return true
        }
    }

    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"):
            true
        default:
            false
        }
    }

    /// A plain scalar value at the cursor; the cursor stops where the scalar's scan stopped.
    mutating func plainScalar(flow: Bool) throws(Declined) -> Node {
        guard canStartPlainScalar(flow: flow) else { throw Declined() }
        let start = index
        let (end, stoppedAt, stop) = plainStop(from: start, flow: flow)
        switch stop {
        case .colon, .unsupported: throw Declined()
        case .lineEnd, .comment: if flow { throw Declined() }
        case .flowIndicator: break
        }
        index = stoppedAt
        return Node(.scalar(Node.Scalar(text(start, end))), range: range(from: start, to: end))
    }

    /// A mapping key at the cursor and its text; the cursor moves past its colon.
    ///
    /// Only keys that the core schema reads as strings (a letter first, and not a spelling of
    /// `null`, `true` or `false`) are read, so that comparing texts finds every duplicate.
    mutating func key(flow: Bool) throws(Declined) -> (node: Node, name: String) {
        let start = index
        switch bytes[start] {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): break
        default: throw Declined()
        }
        let (end, stoppedAt, stop) = plainStop(from: start, flow: flow)
        guard stop == .colon, stoppedAt - start <= Self.maxKeyLength, !isNullOrBool(start, end) else {
            throw Declined()
        }
        let name = text(start, end)
        let range = range(from: start, to: end)
        index = stoppedAt + 1
        return (Node(.scalar(Node.Scalar(name)), range: range), name)
    }

    /// Whether the bytes from `start` to `end` spell `null`, `true` or `false` in one of the
    /// core schema's spellings (all lowercase, capitalized, or all uppercase).
    func isNullOrBool(_ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 4: spells("null", at: start) || spells("true", at: start)
        case 5: spells("false", at: start)
        default: false
        }
    }

    /// Whether the bytes at `start` are `word` (lowercase ASCII letters) written in lowercase,
    /// capitalized, or in uppercase.
    private func spells(_ word: StaticString, at start: Int) -> Bool {
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let first = bytes[start]
        guard first == letters[0] || first == letters[0] - 0x20 else { return false }
        let upper = bytes[start + 1] == letters[1] - 0x20
        for offset in 1..<letters.count where bytes[start + offset] != (upper ? letters[offset] - 0x20 : letters[offset]) {
            return false
        }
        return !upper || first != letters[0]
    }

    /// A quoted scalar on one line, without escapes.
    mutating func quotedScalar() throws(Declined) -> Node {
        let start = index
        let quote = bytes[start]
        var cursor = start + 1
        while bytes[cursor] != quote {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"")) {
                throw Declined()
            }
            cursor += 1
        }
        if quote == UInt8(ascii: "'"), bytes[cursor + 1] == quote { throw Declined() }
        index = cursor + 1
        let style: Node.ScalarStyle = quote == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted
        return Node(.scalar(Node.Scalar(text(start + 1, cursor), style: style)),
                    range: range(from: start, to: index))
    }

    /// The text of the bytes from `start` to `end` (checked to be UTF-8, so no repair is needed).
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    // MARK: - Flow collections

    /// A flow collection, quoted scalar or plain scalar at the cursor.
    mutating func flowNode() throws(Declined) -> Node {
        switch bytes[index] {
        case UInt8(ascii: "["): return try flowCollection(isMapping: false)
        case UInt8(ascii: "{"): return try flowCollection(isMapping: true)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quotedScalar()
        default: return try plainScalar(flow: true)
        }
    }

    /// `[a, b]` or `{a: 1, b: 2}`, closed on the same line.
    mutating func flowCollection(isMapping: Bool) throws(Declined) -> Node {
        try enter()
        defer { depth -= 1 }
        let close = isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let start = position(index)
        index += 1
        try skipSpaces(atLeastOne: false)
        var items: [Node] = []
        var pairs: [Node.Pair] = []
        // Most mappings have a handful of entries: one allocation for them, not one per doubling.
        if isMapping { pairs.reserveCapacity(Self.usualEntries) }
        var keys = DistinctKeys()
        if bytes[index] != close {
            while true {
                if isMapping {
                    let key = try key(flow: true)
                    try keys.insert(key.name, before: pairs)
                    try skipSpaces(atLeastOne: false)
                    pairs.append(Node.Pair(key: key.node, value: try flowNode()))
                } else {
                    items.append(try flowNode())
                }
                try skipSpaces(atLeastOne: false)
                guard bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
                try skipSpaces(atLeastOne: false)
                // An empty or trailing entry (`[a, ]`, `[a,, b]`) is left to libyaml.
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): throw Declined()
                default: break
                }
            }
        }
        guard bytes[index] == close else { throw Declined() }
        index += 1
        let end = position(index)
        let content: Node.Content = isMapping ? .mapping(pairs) : .sequence(items)
        return Node(content, range: range(start, end))
    }
}

/// Declines a mapping with a duplicate key, keys compared by code points (libyaml's path reports
/// it). While a mapping is small
/// (most have a handful of keys) its entries so far are searched, so no storage is allocated;
/// past `linearLimit` the names move to a set, so that a mapping of thousands of keys stays linear.
struct DistinctKeys {
    private static let linearLimit = 8
    private var set: Set<CodePointKey>?

    /// Adds `name`, the key of the entry about to be appended to `pairs` (the entries so far,
    /// every key a plain scalar), or declines when a key of `pairs` is already `name`.
    mutating func insert(_ name: String, before pairs: [Node.Pair]) throws(YAMLSubsetReader.Declined) {
        if var keys = set {
            set = nil  // uniquely referenced while inserting
            guard keys.insert(CodePointKey(name)).inserted else { throw YAMLSubsetReader.Declined() }
            set = keys
            return
        }
        guard !pairs.contains(where: { CodePointKey(Self.name(of: $0)) == CodePointKey(name) }) else {
            throw YAMLSubsetReader.Declined()
        }
        if pairs.count >= Self.linearLimit {
            var keys = Set(pairs.lazy.map { CodePointKey(Self.name(of: $0)) })
            keys.insert(CodePointKey(name))
            set = keys
        }
    }

    private static func name(of pair: Node.Pair) -> String {
        if case .scalar(let scalar) = pair.key.content { scalar.value } else { "" }
    }
}
