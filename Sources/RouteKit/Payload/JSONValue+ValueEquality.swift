extension JSONValue {
    /// Whether two values are equal as CEL compares them: structurally, with numbers compared by
    /// value across int and double (`1` and `1.0` are the same number), at every depth.
    ///
    /// `==` tells `.int(1)` from `.double(1)`, as a JSON document does; this is the equality a
    /// screen's `any` param and a test file's expected value mean, where an app that reports its
    /// UI through `JSONSerialization` may well send `1.0` for `1`.
    ///
    /// ```swift
    /// JSONValue.int(1).equalsByValue(.double(1))      // true
    /// JSONValue.array([1, "a"]).equalsByValue([1.0, "a"]) // true
    /// JSONValue.int(1).equalsByValue("1")              // false
    /// JSONValue.string("\u{E9}").equalsByValue("e\u{301}") // false: strings compare code points
    /// ```
    public func equalsByValue(_ other: JSONValue) -> Bool {
        switch (self, other) {
        case (.int(let integer), .double(let double)), (.double(let double), .int(let integer)):
            return Double(exactly: integer) == double
        case (.string(let left), .string(let right)):
            // As CEL compares strings: by code points, so "\u{E9}" and "e\u{301}" differ.
            return left.hasSameScalars(as: right)
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.equalsByValue($1) }
        case (.object(let left), .object(let right)):
            return Self.membersEqualByValue(left, right)
        default:
            return self == other
        }
    }

    /// `equalsByValue` for two objects' members (keys compared by code points).
    ///
    /// ```swift
    /// JSONValue.membersEqualByValue(["id": 42], ["id": 42.0]) // true
    /// JSONValue.membersEqualByValue(JSONObject(screen.params), JSONObject(other.params))
    /// ```
    public static func membersEqualByValue(_ left: JSONObject, _ right: JSONObject) -> Bool {
        guard left.count == right.count else { return false }
        for (key, value) in left {
            guard let other = right[key], value.equalsByValue(other) else { return false }
        }
        return true
    }
}
