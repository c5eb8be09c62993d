/// A JSON value of a compiled table together with its path from the document root, so every
/// error names where it is: `rules[3].route.push[0].screen: expected a string`.
///
/// Building every node's path costs more than decoding the node, so a first pass runs without
/// paths (`tracksPaths` false, every path empty) and only a table that fails is decoded again
/// with them, to name where.
struct CompiledJSONNode {
    let value: CompiledJSONValue
    /// `rules[3].route`, `payload["aps.alert"]`; empty for the root, and everywhere when paths
    /// are not tracked.
    let path: String
    let tracksPaths: Bool

    init(_ value: CompiledJSONValue, path: String = "", tracksPaths: Bool = true) {
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
        return Self.memberPath(key, in: path)
    }

    /// The path of member `key` of the value at `path`: `path.key` for an identifier-like key,
    /// `path["key"]` for any other (`screens[2].params["item.id"]`).
    static func memberPath(_ key: String, in path: String) -> String {
        let identifier = !key.isEmpty && key.unicodeScalars.enumerated().allSatisfy { index, scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || (index > 0 && ("0"..."9").contains(scalar))
        }
        guard identifier else { return path + "[\(JSONWriter.quoted(key))]" }
        return path.isEmpty ? key : path + "." + key
    }

    /// The members of an object with `keys`: an unknown key or a missing required key is an error.
    func object(keys: CompiledKeys) throws(CompiledTableError) -> CompiledJSONObject {
        let members = try members()
        // The keys as the compiler writes them: settled in one walk.
        if let present = keys.presentInOrder(members) {
            return CompiledJSONObject(node: self, members: members, keys: keys, presentInOrder: present)
        }
        for key in members.map(\.key).sorted() where !keys.declared.contains(key) {
            throw CompiledJSONNode(value[key] ?? .null, path: memberPath(key))
                .error(CompiledTableMessages.unknownKey(key))
        }
        for key in keys.required where value[key] == nil {
            throw error(CompiledTableMessages.missingKey(key))
        }
        return CompiledJSONObject(node: self, members: members, keys: keys)
    }

    /// Every member of an object, by key, in the order of their keys' UTF-8 bytes.
    func entries() throws(CompiledTableError) -> [(key: String, node: CompiledJSONNode)] {
        var members = try members()
        let sorted = zip(members, members.dropFirst()).allSatisfy { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        if !sorted { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
        return members.map { member in
            (member.key, CompiledJSONNode(member.value, path: memberPath(member.key), tracksPaths: tracksPaths))
        }
    }

    private func members() throws(CompiledTableError) -> [CompiledJSONMember] {
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

/// An object whose keys `CompiledJSONNode.object(keys:)` has checked: none unknown, none of the
/// required ones missing.
struct CompiledJSONObject {
    let node: CompiledJSONNode
    let members: [CompiledJSONMember]
    let keys: CompiledKeys
    /// Bit `i` set when `keys.sorted[i]` is present, when the members are in the compiler's
    /// order: a member is then found by counting bits, comparing only the format's own constants.
    /// Nil for an object whose keys are in another order.
    var presentInOrder: UInt64? = nil

    /// The member `key`, or the value its absence stands for (`CompiledKeys`).
    subscript(key: String) -> CompiledJSONNode {
        let value: CompiledJSONValue
        if let present = presentInOrder, let position = keys.sorted.firstIndex(where: { sameKey($0, key) }) {
            let bit: UInt64 = 1 << position
            value = present & bit != 0
                ? members[(present & (bit - 1)).nonzeroBitCount].value : keys.absentValue(at: position)
        } else if let member = members.first(where: { sameKey($0.key, key) }) {
            value = member.value
        } else {
            value = keys.sorted.firstIndex { sameKey($0, key) }.map(keys.absentValue(at:)) ?? .null
        }
        return CompiledJSONNode(value, path: node.memberPath(key), tracksPaths: node.tracksPaths)
    }
}

/// `key == expected` for an expected key of the format, which is ASCII: no other string is equal
/// to one of another length (no character canonically decomposes to a lowercase ASCII letter or
/// `_`), and comparing lengths first spares most of the mismatches a full comparison.
@inline(__always)
func sameKey(_ key: String, _ expected: String) -> Bool {
    key.utf8.count == expected.utf8.count && key == expected
}
