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
        var leastSize = 0
        if let problem = problem(in: payload, depth: 1, path: &path, inArray: false, leastSize: &leastSize) {
            return problem
        }
        // Written out only when it may fit: a payload built in code can be far larger than the
        // limit, and its text would be larger still.
        guard leastSize <= maxBytes, JSONWriter.write(payload).utf8.count <= maxBytes else {
            return Problem(code: JSONReadError.tooLarge,
                           message: "payload is larger than \(maxBytes) bytes as compact JSON",
                           path: [], isKey: false)
        }
        return nil
    }

    /// `path` holds the keys down to `value` while it is inspected; once inside an array it no
    /// longer grows (`inArray`), so a problem there is placed at that array. `leastSize` adds up
    /// the fewest bytes compact JSON can write each part in (a number one digit, a string with
    /// no escapes, no commas).
    private static func problem(in value: JSONValue, depth: Int, path: inout [String],
                                inArray: Bool, leastSize: inout Int) -> Problem? {
        func found(_ code: String, _ message: String, isKey: Bool = false) -> Problem {
            Problem(code: code, message: message, path: path, isKey: isKey)
        }
        var tooDeep: Problem { found(JSONReadError.tooDeep, "nesting deeper than \(maxDepth) levels") }
        switch value {
        case .null, .bool:
            leastSize += 4
        case .int:
            leastSize += 1
        case .double(let number):
            leastSize += 1
            if !number.isFinite {
                return found(JSONReadError.numberOutOfRange, "number out of range: JSON has no \(number)")
            }
        case .string(let text):
            leastSize += text.utf8.count + 2
            if text.utf8.count > maxStringBytes {
                return found(JSONReadError.stringTooLong, "string longer than \(maxStringBytes) bytes")
            }
        case .array(let items):
            if depth > maxDepth { return tooDeep }
            leastSize += 2
            for item in items {
                if let problem = problem(in: item, depth: depth + 1, path: &path, inArray: true,
                                         leastSize: &leastSize) { return problem }
            }
        case .object(let members):
            if depth > maxDepth { return tooDeep }
            leastSize += 2
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if !inArray { path.append(key) }
                defer { if !inArray { path.removeLast() } }
                leastSize += key.utf8.count + 3
                if key.utf8.count > maxStringBytes {
                    return found(JSONReadError.stringTooLong, "key longer than \(maxStringBytes) bytes",
                                 isKey: !inArray)
                }
                if let problem = problem(in: member, depth: depth + 1, path: &path, inArray: inArray,
                                         leastSize: &leastSize) { return problem }
            }
        }
        return nil
    }
}
