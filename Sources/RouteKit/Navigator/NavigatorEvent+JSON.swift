// The JSON form of events (SPEC §6), through JSONValue for the CLI and Codable for app code.
extension NavigatorEvent {
    /// Reads an event from its JSON form; unknown events and keys, missing keys and wrong kinds
    /// are errors with a clear message.
    ///
    /// `launch` may leave out `payload` and `user` (null); `notification` may leave out
    /// `app_state`, which defaults to `background` as in test files. A `user` that is the empty
    /// string is refused: nobody is `null`. A payload is held to `PayloadLimits`, as if it had
    /// been read from JSON text on its own (``PayloadLimits/problem(in:)``): a NaN, an infinity,
    /// too deep, too long or too large is an error at that part of the payload.
    ///
    /// ```swift
    /// let event = try NavigatorEvent(json: ["event": "login_succeeded", "user": "u1"])
    /// // .loginSucceeded(user: "u1")
    /// ```
    public init(json: JSONValue) throws {
        let reader = try JSONObjectReader(json, context: "event")
        let name = try reader.string("event")
        guard Self.names.contains(name) else {
            var message = "unknown event '\(name)'"
            if let close = Suggestion.closest(to: name, in: Self.names) {
                message += "; did you mean '\(close)'?"
            }
            throw reader.error(message, at: "event")
        }
        let fields = try JSONObjectReader(json, context: "'\(name)' event")
        switch name {
        case "launch":
            try fields.rejectUnknownKeys(allowed: ["event", "payload", "user"])
            var payload: JSONValue?
            if let value = fields.members["payload"], value != .null {
                guard case .object = value else {
                    throw fields.mismatch("payload", "an object or null", value)
                }
                try Self.checkLimits(of: value, in: name)
                payload = value
            }
            let user = try fields.optionalString("user")
            if user?.isEmpty == true { throw Self.emptyUser(in: name) }
            self = .launch(payload: payload, user: user)
        case "notification":
            try fields.rejectUnknownKeys(allowed: ["event", "payload", "app_state"])
            let payload = try fields.required("payload")
            guard case .object = payload else {
                throw fields.mismatch("payload", "an object", payload)
            }
            try Self.checkLimits(of: payload, in: name)
            let stateName = try fields.string("app_state", default: AppState.background.rawValue)
            guard let appState = AppState(rawValue: stateName) else {
                let states = AppState.allCases.map(\.rawValue)
                var message = "unknown app_state '\(stateName)' in 'notification' event; expected "
                    + states.dropLast().joined(separator: ", ") + " or " + (states.last ?? "")
                if let close = Suggestion.closest(to: stateName, in: states) {
                    message += "; did you mean '\(close)'?"
                }
                throw fields.error(message, at: "app_state")
            }
            self = .notification(payload, appState)
        case "login_succeeded":
            try fields.rejectUnknownKeys(allowed: ["event", "user"])
            let user = try fields.string("user")
            if user.isEmpty { throw Self.emptyUser(in: name) }
            self = .loginSucceeded(user: user)
        case "ui_state":
            self = .uiState(try UISnapshot(json: json, context: "'ui_state' event",
                                           extraKeys: ["event"]))
        default:
            try fields.rejectUnknownKeys(allowed: ["event"])
            switch name {
            case "ready": self = .ready
            case "alert_confirmed": self = .alertConfirmed
            case "alert_cancelled": self = .alertCancelled
            case "login_cancelled": self = .loginCancelled
            default: self = .logout
            }
        }
    }

    // An empty id is refused rather than taken for a user: an app that writes "" for "nobody"
    // would otherwise have a logged-out user see login-gated screens.
    private static func emptyUser(in event: String) -> NavigatorJSONError {
        NavigatorJSONError("'user' in '\(event)' event is empty; a user id has at least one character"
            + (event == "launch" ? " (null or no 'user' for nobody)" : ""), path: ["user"])
    }

    private static func checkLimits(of payload: JSONValue, in event: String) throws(NavigatorJSONError) {
        guard let problem = PayloadLimits.problem(in: payload) else { return }
        throw NavigatorJSONError("'payload' in '\(event)' event: \(problem.message)",
                                 path: ["payload"] + problem.path, isKey: problem.isKey)
    }

    /// The event's JSON form, every key written (`null` for an absent payload or user).
    ///
    /// ```swift
    /// JSONWriter.write(NavigatorEvent.notification(["type": 3], .active).jsonValue)
    /// // {"app_state":"active","event":"notification","payload":{"type":3}}
    /// ```
    public var jsonValue: JSONValue {
        var members: JSONObject = ["event": .string(name)]
        switch self {
        case .launch(let payload, let user):
            members["payload"] = payload ?? .null
            members["user"] = user.map(JSONValue.string) ?? .null
        case .notification(let payload, let appState):
            members["payload"] = payload
            members["app_state"] = .string(appState.rawValue)
        case .loginSucceeded(let user):
            members["user"] = .string(user)
        case .uiState(let snapshot):
            if case .object(let fields) = snapshot.jsonValue {
                for (key, value) in fields where members[key] == nil { members[key] = value }
            }
        case .ready, .alertConfirmed, .alertCancelled, .loginCancelled, .logout:
            break
        }
        return .object(members)
    }
}

extension NavigatorEvent: Codable {
    /// Decodes the JSON form; a bad event is a `DecodingError.dataCorrupted` with the same message
    /// as `init(json:)`.
    ///
    /// ```swift
    /// let data = Data(#"{"event":"ready"}"#.utf8)
    /// let event = try JSONDecoder().decode(NavigatorEvent.self, from: data) // .ready
    /// ```
    public init(from decoder: any Decoder) throws {
        self = try CodableJSONValue.decode(decoder, NavigatorEvent.init(json:))
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
