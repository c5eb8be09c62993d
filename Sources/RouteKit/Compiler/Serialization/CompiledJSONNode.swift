/// A JSON value of a compiled table together with its path from the document root, so every
/// error names where it is: `rules[3].route.push[0].screen: expected a string`.
///
/// Building every node's path costs more than decoding the node, so a first pass runs without
/// paths (`tracksPaths` false, every path empty) and only a table that fails is decoded again
/// with them, to name where.
struct CompiledJSONNode {
    let value: JSONValue
    /// `rules[3].route`, `payload["aps.alert"]`; empty for the root, and everywhere when paths
    /// are not tracked.
    let path: String
    let tracksPaths: Bool

    init(_ value: JSONValue, path: String = "", tracksPaths: Bool = true) {
        self.value = value
        self.path = path
        self.tracksPaths = tracksPaths
    }

    func error(_ message: String) -> CompiledTableError {
        CompiledTableError(path: path, message: message)
    }

    /// The path of a member: `.key` for identifier-like keys, `["key"]` for any other.
    func memberPath(_ key: String) -> String {
        guard tracksPaths else { return "" }
        let identifier = !key.isEmpty && key.unicodeScalars.enumerated().allSatisfy { index, scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || (index > 0 && ("0"..."9").contains(scalar))
        }
        guard identifier else { return path + "[\(JSONWriter.quoted(key))]" }
        return path.isEmpty ? key : path + "." + key
    }

    /// The members of an object that must have exactly `keys`: a missing or an unknown key is an
    /// error.
    func object(keys: [String]) throws(CompiledTableError) -> CompiledJSONObject {
        let members = try members()
        // Distinct expected keys, all present and no more: the common case, settled without sorting.
        if members.count == keys.count, keys.allSatisfy({ members[$0] != nil }) {
            return CompiledJSONObject(node: self, members: members)
        }
        for key in members.keys.sorted() where !keys.contains(key) {
            throw CompiledJSONNode(members[key] ?? .null, path: memberPath(key))
                .error(CompiledTableMessages.unknownKey(key))
        }
        for key in keys where members[key] == nil {
            throw error(CompiledTableMessages.missingKey(key))
        }
        return CompiledJSONObject(node: self, members: members)
    }

    /// Every member of an object, by key, in the order of their keys' UTF-8 bytes.
    func entries() throws(CompiledTableError) -> [(key: String, node: CompiledJSONNode)] {
        let members = try members()
        return members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { key in
            (key, CompiledJSONNode(members[key] ?? .null, path: memberPath(key), tracksPaths: tracksPaths))
        }
    }

    private func members() throws(CompiledTableError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw error(CompiledTableMessages.expected("an object"))
        }
        return members
    }

    func array() throws(CompiledTableError) -> [CompiledJSONNode] {
        guard case .array(let elements) = value else {
            throw error(CompiledTableMessages.expected("an array"))
        }
        guard tracksPaths else { return elements.map { CompiledJSONNode($0, tracksPaths: false) } }
        return elements.enumerated().map { CompiledJSONNode($1, path: path + "[\($0)]") }
    }

    func string() throws(CompiledTableError) -> String {
        guard case .string(let text) = value else {
            throw error(CompiledTableMessages.expected("a string"))
        }
        return text
    }

    /// A string, or nil for `null`.
    func optionalString() throws(CompiledTableError) -> String? {
        if case .null = value { return nil }
        guard case .string(let text) = value else {
            throw error(CompiledTableMessages.expected("a string or null"))
        }
        return text
    }

    func int() throws(CompiledTableError) -> Int64 {
        guard case .int(let number) = value else {
            throw error(CompiledTableMessages.expected("an integer"))
        }
        return number
    }

    func bool() throws(CompiledTableError) -> Bool {
        guard case .bool(let flag) = value else {
            throw error(CompiledTableMessages.expected("a boolean"))
        }
        return flag
    }

    /// A string that is one of `T`'s raw values.
    func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(CompiledTableError) -> T
    where T.RawValue == String {
        let text = try string()
        guard let chosen = T(rawValue: text) else {
            throw error(CompiledTableMessages.expectedValue(T.allCases.map(\.rawValue)))
        }
        return chosen
    }

    /// Like `choice`, or nil for `null`.
    func optionalChoice<T: RawRepresentable & CaseIterable>(_ type: T.Type)
        throws(CompiledTableError) -> T? where T.RawValue == String
    {
        if case .null = value { return nil }
        return try choice(type)
    }

    var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}

/// An object whose keys are known to be exactly the expected ones.
struct CompiledJSONObject {
    let node: CompiledJSONNode
    let members: [String: JSONValue]

    /// The member `key`, which `CompiledJSONNode.object(keys:)` has checked is present.
    subscript(key: String) -> CompiledJSONNode {
        CompiledJSONNode(members[key] ?? .null, path: node.memberPath(key), tracksPaths: node.tracksPaths)
    }
}
