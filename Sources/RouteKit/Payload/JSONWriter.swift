/// Writes `JSONValue`s as deterministic JSON text: object keys in a fixed order (by their UTF-8
/// bytes unless a ``JSONKeyOrder`` says otherwise), doubles in shortest round-trip form, the same
/// bytes for the same value on every platform.
///
/// ```swift
/// JSONWriter.write(["id": 42, "cmd": "push"]) // {"cmd":"push","id":42}
/// ```
public enum JSONWriter {
    /// Compact JSON on one line, or indented by two spaces when `pretty`; object keys in `keyOrder`.
    ///
    /// ```swift
    /// JSONWriter.write(["index": 0, "rule": "a"], keyOrder: .spec) // {"rule":"a","index":0}
    /// ```
    public static func write(_ value: JSONValue, pretty: Bool = false, keyOrder: JSONKeyOrder = .bytes) -> String {
        var output = ""
        append(value, to: &output, indent: pretty ? 0 : nil, keyOrder: keyOrder)
        return output
    }

    /// A JSON string literal for `text`, with quotes.
    ///
    /// ```swift
    /// print(JSONWriter.quoted("say \"hi\"\n")) // "say \"hi\"\n"
    /// ```
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendString(text, to: &output)
        return output
    }

    /// Doubles as JSON numbers, as Swift writes them: integral values keep a `.0` (`3.0`), very
    /// large or small ones take an exponent (`1e+19`), and non-finite values (which JSON cannot
    /// hold and the payload reader never produces) are written as `null`.
    ///
    /// ```swift
    /// JSONWriter.number(3)    // "3.0"
    /// JSONWriter.number(0.25) // "0.25"
    /// JSONWriter.number(.nan) // "null"
    /// ```
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return "\(value)"
    }

    private static func append(_ value: JSONValue, to output: inout String, indent: Int?,
                               keyOrder: JSONKeyOrder) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += Self.number(number)
        case .string(let text): appendString(text, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                newline(&output, indent.map { $0 + 1 })
                append(element, to: &output, indent: indent.map { $0 + 1 }, keyOrder: keyOrder)
            }
            newline(&output, indent)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            let keys = keyOrder.sorted(members.keys)
            for (position, key) in keys.enumerated() {
                if position > 0 { output += "," }
                newline(&output, indent.map { $0 + 1 })
                appendString(key, to: &output)
                output += indent == nil ? ":" : ": "
                append(members[key] ?? .null, to: &output, indent: indent.map { $0 + 1 }, keyOrder: keyOrder)
            }
            newline(&output, indent)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int?) {
        guard let indent else { return }
        output += "\n" + String(repeating: "  ", count: indent)
    }

    private static func appendString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
