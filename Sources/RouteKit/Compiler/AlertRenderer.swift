/// Fills `{path}` placeholders of alert texts from the payload.
///
/// `{aps.alert}` renders `aps.alert` when it is a string and its `body` when it is a dictionary
/// (APNs allows both); a missing value renders as nothing; numbers and booleans as JSON text.
///
/// ```swift
/// AlertRenderer.render("New: {aps.alert}", payload: ["aps": ["alert": ["body": "Hi"]]]) // "New: Hi"
/// ```
public enum AlertRenderer {
    /// The template with each `{path}` replaced by the payload's value at that dotted path.
    ///
    /// ```swift
    /// AlertRenderer.render("Order {order.id}", payload: ["order": ["id": 7]]) // "Order 7"
    /// AlertRenderer.render("Hi {name}", payload: [:])                          // "Hi "
    /// ```
    public static func render(_ template: String, payload: JSONValue) -> String {
        // Most texts ("View", "Cancel") have no placeholder; a byte scan settles them cheaply.
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                output += rest[open...]
                return output
            }
            let path = rest[rest.index(after: open)..<close]
            output += text(of: value(at: path, in: payload))
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return output
    }

    static func value(at path: Substring, in payload: JSONValue) -> JSONValue? {
        var current: JSONValue? = payload
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            current = current?[String(key)]
        }
        return current
    }

    static func text(of value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .object(let members)?:
            // An APNs alert dictionary: its body is what a person reads.
            if case .string(let body)? = members["body"] { return body }
            return JSONWriter.write(.object(members))
        case let other?: return JSONWriter.write(other)
        }
    }
}
