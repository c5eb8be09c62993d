/// Brings a payload's declared fields to their declared types before predicates see them, so that
/// `{"type": "3"}` and `{"type": 3}` route alike; a value that cannot be converted is removed
/// (treated as missing) and reported.
///
/// Declared paths are top-level keys (`type`) or dotted paths into nested objects (`aps.badge`);
/// a key that itself contains a dot cannot be declared. The conversions (SPEC §4):
///
/// - `int`: integers; integral doubles in the `Int64` range; strings matching `-?[0-9]+` that fit
///   `Int64` (`"007"` is 7).
/// - `double`: numbers; strings in JSON number syntax within `Double`'s range.
/// - `string`: strings; integers and integral doubles in the `Int64` range as integer text
///   (`10086.0` → `"10086"`); other doubles in shortest round-trip form (`0.5` → `"0.5"`,
///   `1e300` → `"1e+300"`).
/// - `bool`: `true`/`false` and the strings `"true"`/`"false"`.
/// - `any`: anything, `null` included.
/// - `[T]`: arrays whose every element converts to `T`; otherwise the whole field is removed.
///
/// `null` converts to nothing but `any`. Absent fields, and fields under a parent that is not an
/// object, are not issues.
///
/// ```swift
/// let normalizer = PayloadNormalizer(fields: ["type": .int, "uid": .string])
/// let (payload, issues) = normalizer.normalize(["type": "3", "uid": 10086])
/// // payload == ["type": 3, "uid": "10086"], issues == []
/// ```
public struct PayloadNormalizer: Sendable {
    /// The declared fields: path to type.
    public let fields: [CodePointKey: FieldType]

    private struct Field: Sendable {
        var path: String
        var components: [String]
        var type: FieldType
    }

    /// Sorted by path, so that issues come out in a stable order and a parent (`aps`) is handled
    /// before its children (`aps.badge`).
    private let plan: [Field]

    /// Prepares the declared fields (path to type) for normalization.
    ///
    /// ```swift
    /// let normalizer = PayloadNormalizer(fields: ["type": .int, "aps.badge": .int])
    /// ```
    public init(fields: [CodePointKey: FieldType]) {
        self.fields = fields
        plan = fields.keys.sorted().compactMap { key in
            guard let type = fields[key] else { return nil }
            let components = key.string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            return Field(path: key.string, components: components, type: type)
        }
    }

    /// The payload with every declared field converted to its type, and the fields that could
    /// not be (which are removed). A payload that is not an object is returned unchanged.
    ///
    /// ```swift
    /// let (payload, issues) = PayloadNormalizer(fields: ["type": .int]).normalize(["type": "abc"])
    /// // payload == [:], issues[0].message == #"type: "abc" is not an int, treated as missing"#
    /// ```
    public func normalize(_ payload: JSONValue) -> (payload: JSONValue, issues: [NormalizationIssue]) {
        guard case .object = payload else { return (payload, []) }
        var result = payload
        var issues: [NormalizationIssue] = []
        for field in plan {
            // Looked up in the result, so a removed parent makes its children absent.
            guard let value = Self.lookup(result, field.components[...]) else { continue }
            switch Self.convert(value, to: field.type) {
            case .unchanged:
                continue
            case .converted(let normalized):
                Self.replace(&result, at: field.components[...], with: normalized)
            case .invalid:
                Self.replace(&result, at: field.components[...], with: nil)
                issues.append(Self.issue(field.path, value, field.type))
            }
        }
        return (result, issues)
    }

    /// The value converted to `type` by the rules above, or nil when it cannot be.
    ///
    /// ```swift
    /// PayloadNormalizer.normalize("42", as: .int) // .int(42)
    /// PayloadNormalizer.normalize(true, as: .int) // nil
    /// ```
    public static func normalize(_ value: JSONValue, as type: FieldType) -> JSONValue? {
        switch convert(value, to: type) {
        case .unchanged: value
        case .converted(let normalized): normalized
        case .invalid: nil
        }
    }

    private static func lookup(_ value: JSONValue, _ components: ArraySlice<String>) -> JSONValue? {
        var current = value
        for component in components {
            guard case .object(let members) = current, let member = members[component] else { return nil }
            current = member
        }
        return current
    }

    /// Sets (or, for nil, removes) the member at a path that `lookup` found.
    private static func replace(
        _ value: inout JSONValue, at components: ArraySlice<String>, with newValue: JSONValue?
    ) {
        guard case .object(var members) = value, let first = components.first else { return }
        // Dropping the enum's reference first lets the dictionary be mutated in place.
        value = .null
        if components.count == 1 {
            members[first] = newValue
        } else if var child = members[first] {
            members[first] = nil
            replace(&child, at: components.dropFirst(), with: newValue)
            members[first] = child
        }
        value = .object(members)
    }

    private static func issue(_ path: String, _ value: JSONValue, _ type: FieldType) -> NormalizationIssue {
        var shown = JSONWriter.write(value)
        if shown.count > 60 { shown = String(shown.prefix(57)) + "..." }
        let article = if case .int = type { "an" } else { "a" }
        return NormalizationIssue(
            path: path, value: value, expected: type,
            message: "\(path): \(shown) is not \(article) \(type), treated as missing")
    }
}
