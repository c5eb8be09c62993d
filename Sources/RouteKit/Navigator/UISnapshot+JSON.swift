// The JSON form of a UI snapshot: the fields of a `ui_state` event (SPEC §6).
extension UISnapshot {
    /// Reads `{"selected_tab": …, "stacks": {tab: [entry…]}, "modals": [entry…]}`, where an entry
    /// is a screen name or `{"screen": …, "params": {…}}`; `stacks` and `modals` may be left out.
    ///
    /// ```swift
    /// let ui = try UISnapshot(json: ["selected_tab": "me", "stacks": ["me": ["my_messages"]]])
    /// ```
    public init(json: JSONValue) throws {
        try self.init(json: json, context: "UI snapshot", extraKeys: [])
    }

    init(json: JSONValue, context: String, extraKeys: [String]) throws {
        let reader = try JSONObjectReader(json, context: context)
        try reader.rejectUnknownKeys(allowed: extraKeys + ["selected_tab", "stacks", "modals"])
        let selectedTab = try reader.string("selected_tab")
        var stacks: [String: [ScreenInstance]] = [:]
        for (tab, value) in try reader.object("stacks") {
            guard case .array(let entries) = value else {
                throw reader.mismatch("stacks.\(tab)", "an array", value, path: ["stacks", tab])
            }
            stacks[tab] = try entries.map {
                try Self.entry($0, in: "stacks.\(tab)", of: context, path: reader.path + ["stacks", tab])
            }
        }
        let modals = try reader.array("modals").map {
            try Self.entry($0, in: "modals", of: context, path: reader.path + ["modals"])
        }
        self.init(selectedTab: selectedTab, stacks: stacks, modals: modals)
    }

    /// The JSON form; a screen without params is written as its name.
    ///
    /// ```swift
    /// JSONWriter.write(UISnapshot(selectedTab: "home").jsonValue)
    /// // {"modals":[],"selected_tab":"home","stacks":{}}
    /// ```
    public var jsonValue: JSONValue {
        .object([
            "selected_tab": .string(selectedTab),
            "stacks": .object(JSONObject(stacks.mapValues { .array($0.map(Self.entryJSON)) })),
            "modals": .array(modals.map(Self.entryJSON)),
        ])
    }

    /// `path` leads to the entry's list: an error inside an entry is placed at the list.
    private static func entry(_ value: JSONValue, in key: String, of context: String, path: [String]) throws
        -> ScreenInstance
    {
        if case .string(let name) = value { return ScreenInstance(screen: name) }
        // Either form is right, so the message names both: "must be an object" alone would send
        // someone who wrote `5` for a screen name to wrap it in braces.
        guard case .object = value else {
            throw NavigatorJSONError(
                "an entry of '\(key)' in \(context) must be a screen name or {screen, params}, "
                    + "found \(JSONObjectReader.kind(of: value))", path: path)
        }
        let reader = try JSONObjectReader(value, context: "an entry of '\(key)' in \(context)", path: path)
        try reader.rejectUnknownKeys(allowed: ["screen", "params"])
        let params = try reader.object("params")
        // Params are held to a payload's limits: the navigator compares them with a payload's.
        if let problem = PayloadLimits.problem(in: .object(params)) {
            throw NavigatorJSONError("'params' of an entry of '\(key)' in \(context): \(problem.message)",
                                     path: path)
        }
        return ScreenInstance(screen: try reader.string("screen"), params: params.dictionary)
    }

    private static func entryJSON(_ instance: ScreenInstance) -> JSONValue {
        guard !instance.params.isEmpty else { return .string(instance.screen) }
        return .object(["screen": .string(instance.screen), "params": .object(JSONObject(instance.params))])
    }
}

extension UISnapshot: Codable {
    /// Decodes the JSON form read by `init(json:)`.
    ///
    /// ```swift
    /// let data = Data(#"{"selected_tab":"me"}"#.utf8)
    /// let ui = try JSONDecoder().decode(UISnapshot.self, from: data)
    /// ```
    public init(from decoder: any Decoder) throws {
        self = try CodableJSONValue.decode(decoder, UISnapshot.init(json:))
    }

    /// Encodes the JSON form that `jsonValue` gives; sort keys in the encoder for stable output.
    ///
    /// ```swift
    /// let encoder = JSONEncoder()
    /// encoder.outputFormatting = .sortedKeys
    /// let data = try encoder.encode(value)
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try CodableJSONValue(jsonValue).encode(to: encoder)
    }
}
