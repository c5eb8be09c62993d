extension JSONValue {
    /// The kind of value in words, for messages: "null", "a boolean", "a number", "a string",
    /// "an array" or "an object".
    ///
    /// ```swift
    /// "the payload must be a JSON object, found \(value.kindDescription)"
    /// ```
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
