/// Carries a `JSONValue` through `Codable`, so the navigator's types get one JSON form whether an
/// app uses `JSONDecoder` or the CLI uses `JSONValue` and `JSONWriter`.
///
/// Internal on purpose: `JSONValue` itself stays free of any encoder's choices.
struct CodableJSONValue: Codable {
    var value: JSONValue

    /// An object member's key, as written.
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(_ value: JSONValue) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Bool before numbers and Int64 before Double, so `true` and `42` keep their kinds.
        if container.decodeNil() {
            value = .null
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            value = .int(number)
        } else if let number = try? container.decode(Double.self) {
            value = .double(number)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else if let elements = try? container.decode([CodableJSONValue].self) {
            value = .array(elements.map(\.value))
        } else {
            // Foundation's decoders hand an object over as a Swift dictionary, whose keys
            // compare by canonical equivalence: exact for ASCII keys.
            let members = try container.decode([String: CodableJSONValue].self)
            value = .object(JSONObject(members.mapValues(\.value)))
        }
    }

    func encode(to encoder: any Encoder) throws {
        if case .object(let members) = value {
            // Member by member, so that keys with different code points stay apart.
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, member) in members { try container.encode(CodableJSONValue(member), forKey: MemberKey(key)) }
            return
        }
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements.map(CodableJSONValue.init))
        case .object: break  // encoded above
        }
    }

    /// Decodes `T` from the JSON form it reads with `read`, reporting its errors as
    /// `DecodingError.dataCorrupted` with the navigator's message.
    static func decode<T>(_ decoder: any Decoder, _ read: (JSONValue) throws -> T) throws -> T {
        let json = try CodableJSONValue(from: decoder).value
        do {
            return try read(json)
        } catch let error as NavigatorJSONError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: error.message,
                underlyingError: error))
        }
    }
}
