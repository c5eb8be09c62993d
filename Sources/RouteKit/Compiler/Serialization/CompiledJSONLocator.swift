/// Finds the value a `CompiledTableError` path names in the compiled table's bytes, so that the
/// error can say which line and column of the file it is about.
///
/// The decoder builds no offsets (a table that loads never needs them), so a failed load walks
/// the bytes once more along the path. It runs only on JSON the reader has already accepted:
/// strings, nesting and keys are known to be well formed, and the walk is a plain scan.
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
    /// names nothing in `bytes`.
    static func offset(of path: String, in bytes: [UInt8]) -> Int? {
        guard let steps = steps(of: path), !steps.isEmpty else { return nil }
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        for step in steps {
            let found: Bool
            switch step {
            case .member(let key): found = scanner.enterMember(key)
            case .element(let position): found = scanner.enterElement(position)
            }
            guard found else { return nil }
        }
        return scanner.index
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

    /// A cursor over JSON text the reader has accepted.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        /// Moves to the value of member `key` of the object here.
        mutating func enterMember(_ key: String) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
            index += 1
            skipSpace()
            while index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                let start = index
                skipString()
                let literal = String(decoding: bytes[start..<index], as: UTF8.self)
                let name = (try? JSONReader.read(literal)).flatMap { if case .string(let text) = $0 { text } else { nil } }
                skipSpace()
                index += 1  // the colon
                skipSpace()
                if name == key { return true }
                guard skipValueAndComma() else { return false }
            }
            return false
        }

        /// Moves to element `position` of the array here.
        mutating func enterElement(_ position: Int) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
            index += 1
            skipSpace()
            for _ in 0..<position {
                guard skipValueAndComma() else { return false }
            }
            return index < bytes.count && bytes[index] != UInt8(ascii: "]")
        }

        /// Skips a value and the comma after it; false at the end of its container.
        private mutating func skipValueAndComma() -> Bool {
            skipValue()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return false }
            index += 1
            skipSpace()
            return true
        }

        /// Skips a whole value, containers included, without recursion.
        private mutating func skipValue() {
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    switch bytes[index] {
                    case UInt8(ascii: "\""): skipString(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                } while depth > 0 && index < bytes.count
            default:
                let ends: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09]
                while index < bytes.count, !ends.contains(bytes[index]) { index += 1 }
            }
        }

        /// Skips a string from its opening quote to past its closing one.
        private mutating func skipString() {
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        }
    }
}
