extension Diagnostic {
    /// The longest message a diagnostic keeps, in Unicode scalars. A message quotes what was
    /// written, and a 3 MB scalar where a screen name belongs would otherwise make a 3 MB line in
    /// every output form; past this length each long quoted text keeps its start and end.
    ///
    /// ```swift
    /// Diagnostic.maxMessageLength // 1000
    /// ```
    public static let maxMessageLength = 1_000

    /// How much of a quoted text a shortened message keeps: its first and last scalars.
    static let keptQuotedHead = 60
    static let keptQuotedTail = 20

    /// `message` within `maxMessageLength`: the quoted texts (between `'`) longer than what is
    /// kept of them are cut in the middle, marked with `…`, and then, if it is still too long,
    /// the message itself.
    ///
    /// ```swift
    /// Diagnostic.bounded("unknown screen '" + String(repeating: "a", count: 5000) + "'")
    /// // "unknown screen 'aaaa…aaaa'" (60 and 20 letters)
    /// ```
    static func bounded(_ message: String) -> String {
        guard message.unicodeScalars.count > maxMessageLength else { return message }
        var parts = message.split(separator: "'", omittingEmptySubsequences: false).map(String.init)
        for index in parts.indices where index % 2 == 1 {
            parts[index] = elided(parts[index], head: keptQuotedHead, tail: keptQuotedTail)
        }
        let shortened = parts.joined(separator: "'")
        let tail = maxMessageLength / 4
        return elided(shortened, head: maxMessageLength - tail - 1, tail: tail)
    }

    /// `text` with its middle replaced by `…` when it is longer than `head + tail + 1` scalars.
    private static func elided(_ text: String, head: Int, tail: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > head + tail + 1 else { return text }
        var result = String.UnicodeScalarView(scalars.prefix(head))
        result.append("…")
        result.append(contentsOf: scalars.suffix(tail))
        return String(result)
    }
}
