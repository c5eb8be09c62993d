extension PayloadLimits {
    /// Why a payload is not one that `JSONReader` would have read from JSON text.
    ///
    /// ```swift
    /// PayloadLimits.problem(in: ["x": .double(.infinity)])?.path // ["x"]
    /// ```
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// One of the `JSONReadError` code constants, as reading JSON text would have given.
        public var code: String
        /// A single lowercase phrase, such as `nesting deeper than 32 levels`.
        public var message: String
        /// The object keys that lead to the offending value, outermost first; it stops at the
        /// first array on the way (the problem is then somewhere in that array).
        public var path: [String]
        /// Whether the problem is the last key of `path` itself (a key too long), not its value.
        public var isKey: Bool

        public var description: String { message }
    }

    /// The first way `payload` breaks these limits or has no JSON text at all (a NaN or an
    /// infinity), or nil when it is a payload `JSONReader` could have read.
    ///
    /// Payloads read by `JSONReader` already keep the limits. This is for payloads built some
    /// other way — from a YAML file, where `.inf` is a number and nothing bounds a scalar at
    /// 16 KiB, or by app code. Size is counted as compact JSON (`JSONWriter`'s output). Object
    /// keys are visited in sorted order, so the same payload always names the same problem.
    ///
    /// ```swift
    /// PayloadLimits.problem(in: ["type": 3])                 // nil
    /// PayloadLimits.problem(in: ["x": .double(.nan)])?.code  // "json-number-out-of-range"
    /// ```
    public static func problem(in payload: JSONValue) -> Problem? {
        var path: [String] = []
        var size = SizeBounds()
        if let problem = problem(in: payload, depth: 1, path: &path, inArray: false, size: &size) {
            return problem
        }
        // Written out only when the bounds cannot tell: most payloads are far under the limit,
        // and one built in code can be far over it (its text larger still).
        guard size.least <= maxBytes, size.most <= maxBytes || JSONWriter.write(payload).utf8.count <= maxBytes
        else {
            return Problem(code: JSONReadError.tooLarge,
                           message: "payload is larger than \(maxBytes) bytes as compact JSON",
                           path: [], isKey: false)
        }
        return nil
    }

    /// The fewest and the most bytes `JSONWriter` can write a payload in, compact: a number in
    /// one digit or at most 32 characters, a string with no escape or every byte escaped
    /// (`\u0001`, six bytes), with or without the commas.
    private struct SizeBounds {
        var least = 0
        var most = 0

        mutating func add(least: Int, most: Int) {
            self.least += least
            self.most += most
        }

        mutating func add(string text: String, extra: Int) {
            add(least: text.utf8.count + extra, most: 6 * text.utf8.count + extra)
        }
    }

    /// `path` holds the keys down to `value` while it is inspected; once inside an array it no
    /// longer grows (`inArray`), so a problem there is placed at that array.
    private static func problem(in value: JSONValue, depth: Int, path: inout [String],
                                inArray: Bool, size: inout SizeBounds) -> Problem? {
        func found(_ code: String, _ message: String, isKey: Bool = false) -> Problem {
            Problem(code: code, message: message, path: path, isKey: isKey)
        }
        var tooDeep: Problem { found(JSONReadError.tooDeep, "nesting deeper than \(maxDepth) levels") }
        switch value {
        case .null, .bool:
            size.add(least: 4, most: 5)
        case .int:
            size.add(least: 1, most: 20)
        case .double(let number):
            size.add(least: 1, most: 32)
            if !number.isFinite {
                return found(JSONReadError.numberOutOfRange, "number out of range: JSON has no \(number)")
            }
        case .string(let text):
            size.add(string: text, extra: 2)
            if text.utf8.count > maxStringBytes {
                return found(JSONReadError.stringTooLong, "string longer than \(maxStringBytes) bytes")
            }
        case .array(let items):
            if depth > maxDepth { return tooDeep }
            size.add(least: 2, most: 2 + items.count)
            for item in items {
                if let problem = problem(in: item, depth: depth + 1, path: &path, inArray: true,
                                         size: &size) { return problem }
            }
        case .object(let members):
            if depth > maxDepth { return tooDeep }
            size.add(least: 2, most: 2 + members.count)
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if !inArray { path.append(key) }
                defer { if !inArray { path.removeLast() } }
                size.add(string: key, extra: 3)
                if key.utf8.count > maxStringBytes {
                    return found(JSONReadError.stringTooLong, "key longer than \(maxStringBytes) bytes",
                                 isKey: !inArray)
                }
                if let problem = problem(in: member, depth: depth + 1, path: &path, inArray: inArray,
                                         size: &size) { return problem }
            }
        }
        return nil
    }
}
