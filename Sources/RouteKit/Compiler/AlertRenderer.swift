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
        return Template(template).render { path in value(at: path, in: payload) }
    }

    static func value(at path: [String], in payload: JSONValue) -> JSONValue? {
        var current: JSONValue? = payload
        for key in path { current = current?[key] }
        return current
    }

    /// How long a text made of several parts may grow, in UTF-8 bytes. A template of thousands of
    /// placeholders over 16 KiB payload strings rendered megabytes per decision (a 64 MB title,
    /// 1.2 GB of memory); no alert shows more than a few lines.
    public static let maxRenderedBytes = 16_384

    /// `text` cut to its first characters within ``maxRenderedBytes``, then "…".
    static func cut(_ text: String) -> String {
        var kept = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            guard bytes <= maxRenderedBytes - 3 else { break }
            kept.append(character)
        }
        return kept + "…"
    }

    static func text(of value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        // As a `string` field reads a number: `2.0` shows as "2", `2.5` as "2.5".
        case .double(let number)? where number.isFinite: return PayloadNormalizer.text(of: number)
        case .object(let members)?:
            // An APNs alert dictionary: its body is what a person reads, rendered as the value
            // itself would be (a number as text). Without one, or with a nested object or list
            // there, there is nothing to read, and JSON text is not for people.
            switch members["body"] {
            case .object?, .array?: return ""
            case let body: return text(of: body)
            }
        case let other?: return JSONWriter.write(other)
        }
    }

    /// A text split into literal parts and placeholders, once, so that rendering it for many
    /// payloads only looks values up. A placeholder runs from a `{` to the next `}`; a `{` with
    /// no `}` after it is literal text.
    ///
    /// ```swift
    /// AlertRenderer.Template("New: {aps.alert}").segments // [.text("New: "), .placeholder(["aps", "alert"])]
    /// ```
    struct Template: Sendable {
        enum Segment: Sendable, Hashable {
            case text(String)
            /// The dotted path's components.
            case placeholder([String])
        }

        let segments: [Segment]

        init(_ template: String) {
            guard template.utf8.contains(UInt8(ascii: "{")) else {
                segments = [.text(template)]
                return
            }
            var segments: [Segment] = []
            var rest = Substring(template)
            while let open = rest.firstIndex(of: "{") {
                guard let close = rest[open...].firstIndex(of: "}") else { break }
                if open > rest.startIndex { segments.append(.text(String(rest[..<open]))) }
                let path = rest[rest.index(after: open)..<close]
                segments.append(.placeholder(
                    path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty || segments.isEmpty { segments.append(.text(String(rest))) }
            self.segments = segments
        }

        /// The paths of the placeholders, in order.
        var placeholders: [[String]] {
            segments.compactMap { if case .placeholder(let path) = $0 { path } else { nil } }
        }

        /// Where, in Unicode scalars, the `{` is that has no `}` after it and so renders as
        /// written: only the text after the last placeholder can hold one.
        var unclosedBrace: Int? {
            guard case .text(let tail)? = segments.last, let brace = tail.unicodeScalars.firstIndex(of: "{")
            else { return nil }
            let before = placedPlaceholders.last?.scalars.upperBound ?? 0
            return before + tail.unicodeScalars.distance(from: tail.unicodeScalars.startIndex, to: brace)
        }

        /// The placeholders with where each is in the template, braces included, in Unicode
        /// scalars: `{tpye}` in `"Hi {tpye}"` is at 3..<9.
        var placedPlaceholders: [(path: [String], scalars: Range<Int>)] {
            var placed: [(path: [String], scalars: Range<Int>)] = []
            var offset = 0
            for segment in segments {
                switch segment {
                case .text(let text):
                    offset += text.unicodeScalars.count
                case .placeholder(let path):
                    let width = path.reduce(path.count + 1) { $0 + $1.unicodeScalars.count }
                    placed.append((path, offset..<offset + width))
                    offset += width
                }
            }
            return placed
        }

        /// The text with each placeholder replaced by the text of `value(path)`, cut to
        /// ``AlertRenderer/maxRenderedBytes`` (then ending in "…").
        func render(_ value: ([String]) -> JSONValue?) -> String {
            // A text that is one placeholder, such as `{aps.alert}`, is the value's own string.
            if segments.count == 1, case .placeholder(let path) = segments[0] {
                return AlertRenderer.text(of: value(path))
            }
            var output = ""
            for segment in segments {
                let piece = switch segment {
                case .text(let text): text
                case .placeholder(let path): AlertRenderer.text(of: value(path))
                }
                guard output.utf8.count + piece.utf8.count <= AlertRenderer.maxRenderedBytes else {
                    return AlertRenderer.cut(output + piece)
                }
                output += piece
            }
            return output
        }
    }
}
