/// A JSON value: a notification payload, a parameter, an event.
///
/// Integers that fit in 64 bits are `.int`; every other number is `.double`, an integer past 64
/// bits included (as CEL's JSON conversion reads it: `12345678901234567891` is the double
/// 12345678901234567168.0). Objects are `JSONObject`s, keyed by code points; their key order is
/// not kept, and encoders write keys sorted, so output is deterministic.
///
/// Equality and hashing compare strings and object keys by code points, as JSON and CEL do:
/// `.string("\u{E9}") != .string("e\u{301}")`, although Swift's `String` calls the two equal.
///
/// ```swift
/// let payload: JSONValue = ["type": 3, "aps": ["alert": "Hello"]]
/// payload["aps"]?["alert"] // .string("Hello")
/// ```
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in 64 bits.
    case int(Int64)
    /// Any other number: one with a fraction or an exponent, or an integer past 64 bits (the
    /// nearest double to it).
    case double(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object: members keyed by code points; their order is not kept.
    case object(JSONObject)

    /// The member of an object (the key compared by code points), or nil for a missing key or a
    /// value that is not an object.
    ///
    /// ```swift
    /// let payload: JSONValue = ["aps": ["badge": 3]]
    /// payload["aps"]?["badge"] // .int(3)
    /// payload["aps"]?["badge"]?["count"] // nil: 3 is not an object
    /// ```
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` as `.null`.
    ///
    /// ```swift
    /// let payload: JSONValue = ["id": 42, "ratio": 0.5, "tags": ["a"], "read": false, "thread": nil]
    /// payload["thread"] // .null
    /// ```
    public init(nilLiteral: ()) { self = .null }
    /// A boolean literal as `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal as `.int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A floating-point literal as `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal as `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal as `.array`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal as `.object`; the last of repeated keys wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var members = JSONObject(minimumCapacity: elements.count)
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}
