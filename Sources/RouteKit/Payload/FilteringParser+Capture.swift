/// Paths into a JSON object whose values a `FilteringParser` builds while it validates the rest
/// of the document without building it: the declared fields a routing table reads, such as
/// `type` and `aps.badge`.
///
/// A level of the tree is a `KeptKeyTable` of the names at that depth; each name may be captured
/// itself (its whole value is built), lead to deeper captured paths, or both.
///
/// ```swift
/// let capture = PathCapture([["type"], ["aps", "badge"]]) // values[0] is type, values[1] aps.badge
/// ```
final class PathCapture: Sendable {
    let names: KeptKeyTable
    /// By ordinal in `names`: where the name's own value goes, if it is captured.
    let outputs: [Int?]
    /// By ordinal in `names`: the captured paths below the name.
    let children: [PathCapture?]

    /// Captures `paths[i]` into output `i`; an empty path captures nothing.
    convenience init(_ paths: [[String]]) {
        self.init(paths.enumerated().filter { !$1.isEmpty }.map { (path: $1[...], output: $0) })
    }

    private init(_ paths: [(path: ArraySlice<String>, output: Int)]) {
        names = KeptKeyTable(paths.compactMap(\.path.first))
        var outputs = [Int?](repeating: nil, count: names.ordered.count)
        var below = [[(path: ArraySlice<String>, output: Int)]](repeating: [], count: names.ordered.count)
        for (path, output) in paths {
            guard let first = path.first, let ordinal = names.ordinal(of: first) else { continue }
            if path.count == 1 {
                outputs[ordinal] = output
            } else {
                below[ordinal].append((path.dropFirst(), output))
            }
        }
        self.outputs = outputs
        children = below.map { $0.isEmpty ? nil : PathCapture($0) }
    }

    /// Stores into `values` the value at each path below a value that was built whole, walking
    /// its objects as a dictionary lookup would.
    func capture(from value: JSONValue, into values: UnsafeMutableBufferPointer<JSONValue?>) {
        guard case .object(let members) = value else { return }
        for (ordinal, name) in names.ordered.enumerated() {
            guard let member = members[name] else { continue }
            if let output = outputs[ordinal] { values[output] = member }
            children[ordinal]?.capture(from: member, into: values)
        }
    }
}

extension FilteringParser {
    /// Validates the whole document exactly as `readDocument(keeping:)` does and, when it is an
    /// object, stores the value at each path of `capture` into `values` (which must hold nil for
    /// every output), building nothing else. Returns nil for an object document, and the
    /// document's value otherwise.
    mutating func readDocument(
        capturing capture: PathCapture, into values: UnsafeMutableBufferPointer<JSONValue?>
    ) throws(JSONReadError) -> JSONValue? {
        try parser.startDocument()
        guard parser.index < parser.count, parser.bytes[parser.index] == UInt8(ascii: "{") else {
            let value = try parser.readValue()
            try parser.endDocument()
            return value
        }
        try readObject(capturing: capture, into: values)
        try parser.endDocument()
        return nil
    }

    private mutating func readObject(
        capturing capture: PathCapture, into values: UnsafeMutableBufferPointer<JSONValue?>
    ) throws(JSONReadError) {
        if try parser.openContainer(closing: UInt8(ascii: "}")) { return }
        var seen = ObjectKeys(base: keys.count)
        repeat {
            let key = try scanKey()
            try parser.readColon()
            if let ordinal = keptOrdinal(key, capture.names) {
                let below = capture.children[ordinal]
                if let output = capture.outputs[ordinal] {
                    let value = try parser.readValue()
                    values[output] = value
                    below?.capture(from: value, into: values)
                } else if let below, parser.index < parser.count, parser.bytes[parser.index] == UInt8(ascii: "{") {
                    try readObject(capturing: below, into: values)
                } else {
                    try skipValue()
                }
            } else {
                try skipValue()
            }
            try insert(key, into: &seen)
        } while try !parser.closeOrComma(UInt8(ascii: "}"))
        keys.truncate(to: seen.base)
    }
}
