// The JSON form of a step, one line of `routecheck simulate`: {"outcome": …, "commands": [...]}.
extension Navigator.Step {
    /// Reads `{"outcome": "performed", "commands": [...]}`; `commands` may be left out (`[]`).
    ///
    /// ```swift
    /// let step = try Navigator.Step(json: ["outcome": "deferred", "commands": []])
    /// ```
    public init(json: JSONValue) throws {
        let reader = try JSONObjectReader(json, context: "step")
        try reader.rejectUnknownKeys(allowed: ["outcome", "commands"])
        self.init(outcome: try Navigator.Outcome(json: try reader.required("outcome")),
                  commands: try reader.array("commands").map(Navigator.Command.init(json:)))
    }

    /// The step's JSON form.
    ///
    /// ```swift
    /// JSONWriter.write(Navigator.Step(outcome: .none).jsonValue)
    /// // {"commands":[],"outcome":"none"}
    /// ```
    public var jsonValue: JSONValue {
        .object(["outcome": outcome.jsonValue, "commands": .array(commands.map(\.jsonValue))])
    }
}

extension Navigator.Step: Codable {
    /// Decodes the JSON form read by `init(json:)`.
    ///
    /// ```swift
    /// let step = try JSONDecoder().decode(Navigator.Step.self, from: Data(line.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        self = try CodableJSONValue.decode(decoder, Navigator.Step.init(json:))
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

extension Navigator.Outcome {
    /// Reads an outcome from its snake_case string.
    ///
    /// ```swift
    /// try Navigator.Outcome(json: "awaiting_login") // .awaitingLogin
    /// ```
    public init(json: JSONValue) throws {
        guard case .string(let name) = json else {
            throw NavigatorJSONError(
                "an outcome must be a string, found \(JSONObjectReader.kind(of: json))")
        }
        guard let outcome = Self(rawValue: name) else {
            var message = "unknown outcome '\(name)'"
            if let close = Suggestion.closest(to: name, in: Self.allCases.map(\.rawValue)) {
                message += "; did you mean '\(close)'?"
            }
            throw NavigatorJSONError(message)
        }
        self = outcome
    }

    /// The outcome as its snake_case string.
    ///
    /// ```swift
    /// Navigator.Outcome.rejectedUserMismatch.jsonValue // "rejected_user_mismatch"
    /// ```
    public var jsonValue: JSONValue { .string(rawValue) }
}
