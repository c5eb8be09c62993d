extension Decision {
    /// The decision as JSON, as `routecheck eval --format json` prints it (keys in
    /// `JSONKeyOrder.spec`).
    ///
    /// `rule`/`index` follow `--payloads` (`null`/`-1` unless a rule matched); `source` says
    /// `rule`, `fallback` or `none`.
    ///
    /// ```json
    /// {"rule":"message-detail","index":0,"action":{"tab":"home","pop_to_root":true,"present":null,
    ///  "push":[{"screen":"message_detail","params":{"id":42}}]},"alert":{…},"foreground":"alert",
    ///  "if_visible":"reload","login":{"required":false,"user":null},"source":"rule"}
    /// ```
    public var jsonValue: JSONValue {
        var object: JSONObject = [
            "rule": ruleName.map(JSONValue.string) ?? .null,
            "index": .int(Int64(ruleIndex ?? -1)),
            "source": .string(sourceName),
        ]
        guard let action else {
            object["action"] = .null
            return .object(object)
        }
        object["action"] = [
            "tab": action.tab.map(JSONValue.string) ?? .null,
            "pop_to_root": .bool(action.popToRoot),
            "push": .array(action.push.map(\.jsonValue)),
            "present": action.present?.jsonValue ?? .null,
        ]
        object["login"] = login.jsonValue
        object["foreground"] = .string(foreground.rawValue)
        object["if_visible"] = .string(ifVisible.rawValue)
        object["alert"] = [
            "title": .string(alert.title), "message": .string(alert.message),
            "confirm": .string(alert.confirm), "cancel": .string(alert.cancel),
        ]
        return .object(object)
    }

    /// The matched rule's name; nil for the fallback or no match.
    public var ruleName: String? {
        if case .rule(let name, _) = source { return name }
        return nil
    }

    /// The matched rule's index in table order; nil for the fallback or no match.
    public var ruleIndex: Int? {
        if case .rule(_, let index) = source { return index }
        return nil
    }

    var sourceName: String {
        switch source {
        case .rule: "rule"
        case .fallback: "fallback"
        case .none: "none"
        }
    }
}

extension ScreenInstance {
    var jsonValue: JSONValue { ["screen": .string(screen), "params": .object(JSONObject(params))] }
}

extension LoginRequirement {
    var jsonValue: JSONValue {
        switch self {
        case .none: ["required": false, "user": nil]
        case .required: ["required": true, "user": nil]
        case .user(let id): ["required": true, "user": .string(id)]
        }
    }
}
