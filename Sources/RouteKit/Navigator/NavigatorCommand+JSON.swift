// The JSON form of commands (SPEC §6), through JSONValue for the CLI and Codable for app code.
extension Navigator.Command {
    /// Reads a command from its JSON form. `params` may be left out (`{}`), as may
    /// `hides_bottom_bar` and `embed_in_navigation` (false), `expected_user` (null) and the
    /// alert texts (the defaults of `AlertText`).
    ///
    /// ```swift
    /// let command = try Navigator.Command(json: ["cmd": "pop_to_root", "tab": "home"])
    /// // .popToRoot(tab: "home")
    /// ```
    public init(json: JSONValue) throws {
        let reader = try JSONObjectReader(json, context: "command")
        let name = try reader.string("cmd")
        guard Self.names.contains(name) else {
            var message = "unknown command '\(name)'"
            if let close = Suggestion.closest(to: name, in: Self.names) {
                message += "; did you mean '\(close)'?"
            }
            throw reader.error(message, at: "cmd")
        }
        let fields = try JSONObjectReader(json, context: "'\(name)' command")
        try fields.rejectUnknownKeys(allowed: ["cmd"] + Self.keys(of: name))
        switch name {
        case "select_tab":
            self = .selectTab(try fields.string("tab"), index: try fields.int("index"))
        case "pop_to_root":
            self = .popToRoot(tab: try fields.string("tab"))
        case "push":
            self = .push(tab: try fields.string("tab"), screen: try fields.string("screen"),
                         params: try fields.object("params").dictionary,
                         hidesBottomBar: try fields.bool("hides_bottom_bar", default: false))
        case "present":
            self = .present(
                screen: try fields.string("screen"), params: try fields.object("params").dictionary,
                embedInNavigation: try fields.bool("embed_in_navigation", default: false))
        case "reload":
            self = .reload(screen: try fields.string("screen"), params: try fields.object("params").dictionary)
        case "show_alert":
            let defaults = AlertText()
            self = .showAlert(AlertText(
                title: try fields.string("title", default: defaults.title),
                message: try fields.string("message", default: defaults.message),
                confirm: try fields.string("confirm", default: defaults.confirm),
                cancel: try fields.string("cancel", default: defaults.cancel)))
        case "present_login":
            self = .presentLogin(screen: try fields.string("screen"),
                                 expectedUser: try fields.optionalString("expected_user"))
        case "dismiss_modals": self = .dismissModals
        case "dismiss_alert": self = .dismissAlert
        case "dismiss_login": self = .dismissLogin
        default: self = .clearBadge
        }
    }

    /// The command's JSON form, every key written.
    ///
    /// ```swift
    /// JSONWriter.write(Navigator.Command.popToRoot(tab: "home").jsonValue)
    /// // {"cmd":"pop_to_root","tab":"home"}
    /// ```
    public var jsonValue: JSONValue {
        var members: JSONObject = ["cmd": .string(name)]
        switch self {
        case .selectTab(let tab, let index):
            members["tab"] = .string(tab)
            members["index"] = .int(Int64(index))
        case .popToRoot(let tab):
            members["tab"] = .string(tab)
        case .push(let tab, let screen, let params, let hidesBottomBar):
            members["tab"] = .string(tab)
            members["screen"] = .string(screen)
            members["params"] = .object(JSONObject(params))
            members["hides_bottom_bar"] = .bool(hidesBottomBar)
        case .present(let screen, let params, let embedInNavigation):
            members["screen"] = .string(screen)
            members["params"] = .object(JSONObject(params))
            members["embed_in_navigation"] = .bool(embedInNavigation)
        case .reload(let screen, let params):
            members["screen"] = .string(screen)
            members["params"] = .object(JSONObject(params))
        case .showAlert(let alert):
            members["title"] = .string(alert.title)
            members["message"] = .string(alert.message)
            members["confirm"] = .string(alert.confirm)
            members["cancel"] = .string(alert.cancel)
        case .presentLogin(let screen, let expectedUser):
            members["screen"] = .string(screen)
            members["expected_user"] = expectedUser.map(JSONValue.string) ?? .null
        case .dismissModals, .dismissAlert, .dismissLogin, .clearBadge:
            break
        }
        return .object(members)
    }

    /// The keys a command of this name has besides `cmd`.
    private static func keys(of name: String) -> [String] {
        switch name {
        case "select_tab": ["tab", "index"]
        case "pop_to_root": ["tab"]
        case "push": ["tab", "screen", "params", "hides_bottom_bar"]
        case "present": ["screen", "params", "embed_in_navigation"]
        case "reload": ["screen", "params"]
        case "show_alert": ["title", "message", "confirm", "cancel"]
        case "present_login": ["screen", "expected_user"]
        default: []
        }
    }
}

extension Navigator.Command: Codable {
    /// Decodes the JSON form read by `init(json:)`.
    ///
    /// ```swift
    /// let command = try JSONDecoder().decode(Navigator.Command.self,
    ///                                        from: Data(#"{"cmd":"clear_badge"}"#.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        self = try CodableJSONValue.decode(decoder, Navigator.Command.init(json:))
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
