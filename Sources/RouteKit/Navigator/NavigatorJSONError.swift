/// Why a JSON value is not a valid navigator event, command, step or UI snapshot.
///
/// The message follows the product's diagnostic style: lowercase, names in quotes, a suggestion
/// when a close name exists.
///
/// ```swift
/// do { _ = try NavigatorEvent(json: ["event": "lanch"]) }
/// catch let error as NavigatorJSONError {
///     print(error) // unknown event 'lanch'; did you mean 'launch'?
/// }
/// ```
public struct NavigatorJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A single lowercase phrase, with a suggestion when a close name exists.
    public var message: String
    /// Where in the value the problem is: the keys that lead to it, outermost first; empty for the
    /// value as a whole. A tool that has the text the value came from can underline that part.
    public var path: [String]
    /// Whether the problem is the last key of `path` itself (an unknown key), not its value.
    public var isKey: Bool

    /// An error with `message`, a single lowercase phrase, about the value at `path`.
    ///
    /// ```swift
    /// throw NavigatorJSONError("missing key 'event' in event")
    /// throw NavigatorJSONError("unknown key 'app_sate' in event", path: ["app_sate"], isKey: true)
    /// ```
    public init(_ message: String, path: [String] = [], isKey: Bool = false) {
        self.message = message
        self.path = path
        self.isKey = isKey
    }

    public var description: String { message }
}

/// Reads the members of one JSON object, with messages that name the object (`'push' command`).
struct JSONObjectReader {
    let members: JSONObject
    /// The object as messages name it, such as `'notification' event`.
    let context: String
    /// The keys from the outermost value to this object, for the errors' `path`.
    let path: [String]

    init(_ value: JSONValue, context: String, path: [String] = []) throws {
        guard case .object(let members) = value else {
            throw NavigatorJSONError(
                "\(context) must be an object, found \(Self.kind(of: value))", path: path)
        }
        self.members = members
        self.context = context
        self.path = path
    }

    /// An error about the value of `key`.
    func error(_ message: String, at key: String) -> NavigatorJSONError {
        NavigatorJSONError(message, path: path + [key])
    }

    /// Fails on a key outside `allowed`, which catches typos such as `app_sate`.
    func rejectUnknownKeys(allowed: [String]) throws {
        for key in members.keys.sorted() where !allowed.contains(key) {
            var message = "unknown key '\(key)' in \(context)"
            if let close = Suggestion.closest(to: key, in: allowed) {
                message += "; did you mean '\(close)'?"
            }
            throw NavigatorJSONError(message, path: path + [key], isKey: true)
        }
    }

    func required(_ key: String) throws -> JSONValue {
        guard let value = members[key] else {
            // `evnt` for `event`: the misspelling is the mistake to point at.
            if let typo = members.keys.sorted().first(where: { Suggestion.closest(to: $0, in: [key]) != nil }) {
                throw NavigatorJSONError("unknown key '\(typo)' in \(context); did you mean '\(key)'?",
                                         path: path + [typo], isKey: true)
            }
            throw NavigatorJSONError("missing key '\(key)' in \(context)", path: path)
        }
        return value
    }

    func string(_ key: String) throws -> String {
        let value = try required(key)
        guard case .string(let text) = value else { throw mismatch(key, "a string", value) }
        return text
    }

    /// A string, or nil for `null` or an absent key.
    func optionalString(_ key: String) throws -> String? {
        guard let value = members[key], value != .null else { return nil }
        guard case .string(let text) = value else {
            throw mismatch(key, "a string or null", value)
        }
        return text
    }

    func string(_ key: String, default fallback: String) throws -> String {
        members[key] == nil ? fallback : try string(key)
    }

    func int(_ key: String) throws -> Int {
        let value = try required(key)
        guard case .int(let number) = value, let result = Int(exactly: number) else {
            throw mismatch(key, "an integer", value)
        }
        return result
    }

    func bool(_ key: String, default fallback: Bool) throws -> Bool {
        guard let value = members[key] else { return fallback }
        guard case .bool(let flag) = value else { throw mismatch(key, "a boolean", value) }
        return flag
    }

    /// An object's members; `{}` for an absent key or `null`.
    func object(_ key: String) throws -> JSONObject {
        guard let value = members[key], value != .null else { return [:] }
        guard case .object(let result) = value else { throw mismatch(key, "an object", value) }
        return result
    }

    /// An array's elements; `[]` for an absent key or `null`.
    func array(_ key: String) throws -> [JSONValue] {
        guard let value = members[key], value != .null else { return [] }
        guard case .array(let result) = value else { throw mismatch(key, "an array", value) }
        return result
    }

    /// `key` as messages name it; `path`, when given, is where it is from this object.
    func mismatch(_ key: String, _ expected: String, _ found: JSONValue, path keys: [String]? = nil)
        -> NavigatorJSONError
    {
        NavigatorJSONError("'\(key)' in \(context) must be \(expected), found \(Self.kind(of: found))",
                           path: path + (keys ?? [key]))
    }

    /// The JSON kind, for messages: `object`, `string`, `int`, …
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
