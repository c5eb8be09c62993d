/// Renders diagnostics as GitHub Actions workflow commands, which GitHub shows as annotations on
/// the pull request's diff.
///
/// ```swift
/// GitHubAnnotationRenderer.render(diagnostic)
/// // ::error file=routes/app/messages.yaml,line=12,col=11::unknown screen 'mesage_detail'; did you mean 'message_detail'?
/// ```
///
/// Exactly SPEC's form, `::error file=…,line=…,col=…::message`: errors become `::error`, warnings
/// `::warning` and notes `::notice`, and the message is the diagnostic's own, as in JSON. Each
/// note follows as a `::notice` line of its own, ending with the problem it belongs to in
/// parentheses, at its position, or, for a note without one (advice such as "close the list
/// with ']'"), at the diagnostic's: GitHub shows an annotation without a file in the run's
/// summary only, away from the line it is about. Escaping follows GitHub's toolkit: `%`, CR and
/// LF in the message; also `:` and `,` in properties. Other control characters become U+FFFD.
public enum GitHubAnnotationRenderer {
    /// The diagnostic's workflow command line and one per note, each ending in a newline.
    ///
    /// ```swift
    /// print(GitHubAnnotationRenderer.render(diagnostic), terminator: "")
    /// // ::warning file=routes/app.yaml,line=9,col=11::rule 'b' never matches…
    /// ```
    public static func render(_ diagnostic: Diagnostic) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        var output = line(command, at: diagnostic.range, diagnostic.message)
        // GitHub shows each annotation on its own, often in another file ("first declared here"
        // beside the first declaration): a note says which problem it belongs to.
        let about = diagnostic.severity == .note ? "" : " (\(command): \(diagnostic.message))"
        for note in diagnostic.notes {
            output += line("notice", at: note.range ?? diagnostic.range, note.message + about)
        }
        return output
    }

    private static func line(_ command: String, at range: SourceRange?, _ message: String) -> String {
        guard let range else { return "::\(command)::\(escapeData(message))\n" }
        return "::\(command) file=\(escapeProperty(range.file)),line=\(range.start.line),"
            + "col=\(range.start.column)::\(escapeData(message))\n"
    }

    /// The diagnostics in the order given, each followed by its notes.
    ///
    /// ```swift
    /// print(GitHubAnnotationRenderer.render(checked.diagnostics), terminator: "")
    /// ```
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    /// Escapes a command's message: `%` → `%25`, CR → `%0D`, LF → `%0A`; other control
    /// characters and bidi controls become U+FFFD.
    ///
    /// ```swift
    /// GitHubAnnotationRenderer.escapeData("100%\nsure") // "100%25%0Asure"
    /// ```
    public static func escapeData(_ text: String) -> String {
        var output = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            // Other control characters, which GitHub's toolkit leaves, are shown as the text
            // form shows them: a log is not a terminal that escape codes may drive.
            default: output.unicodeScalars.append(SourceExcerpt.displayed(character))
            }
        }
        return output
    }

    /// Escapes a property value: as `escapeData`, and also `:` → `%3A`, `,` → `%2C`.
    ///
    /// ```swift
    /// GitHubAnnotationRenderer.escapeProperty("a,b:c.yaml") // "a%2Cb%3Ac.yaml"
    /// ```
    public static func escapeProperty(_ text: String) -> String {
        var output = ""
        for character in escapeData(text).unicodeScalars {
            switch character {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }
}
