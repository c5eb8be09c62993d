/// Renders diagnostics as GitHub Actions workflow commands, which GitHub shows as annotations on
/// the pull request's diff.
///
/// ```swift
/// GitHubAnnotationRenderer.render(diagnostic)
/// // ::error file=routes/app/messages.yaml,line=12,col=11,endLine=12,endColumn=23,title=unknown-screen::unknown screen 'mesage_detail'; did you mean 'message_detail'?
/// ```
///
/// Errors become `::error`, warnings `::warning` and notes `::notice`. `endColumn` is given only
/// for a range on one line and is inclusive (the last column of the range), as GitHub expects.
/// Notes and the fix-it are appended to the message on lines of their own. Escaping follows
/// GitHub's toolkit: `%`, CR and LF in the message; also `:` and `,` in properties.
public enum GitHubAnnotationRenderer {
    /// One workflow command line, ending in a newline.
    ///
    /// ```swift
    /// print(GitHubAnnotationRenderer.render(diagnostic), terminator: "")
    /// // ::warning file=routes/app.yaml,line=9,col=11,endLine=9,endColumn=19,title=never-matches::…
    /// ```
    public static func render(_ diagnostic: Diagnostic) -> String {
        let range = diagnostic.range
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        var properties = [
            "file=" + escapeProperty(range.file),
            "line=\(range.start.line)",
            "col=\(range.start.column)",
            "endLine=\(max(range.end.line, range.start.line))",
        ]
        if range.end.line == range.start.line {
            properties.append("endColumn=\(max(range.start.column, range.end.column - 1))")
        }
        if !diagnostic.code.rawValue.isEmpty {
            properties.append("title=" + escapeProperty(diagnostic.code.rawValue))
        }
        var message = diagnostic.message
        if let fixIt = diagnostic.fixIt, !fixIt.replacement.isEmpty {
            message += "\nfix-it: replace with '\(fixIt.replacement)'"
        }
        for note in diagnostic.notes {
            message += "\nnote: " + note.message
            if let noteRange = note.range {
                message += " (\(TextDiagnosticRenderer.location(noteRange)))"
            }
        }
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }

    /// The diagnostics one line each, in the order given.
    ///
    /// ```swift
    /// print(GitHubAnnotationRenderer.render(checked.diagnostics), terminator: "")
    /// ```
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    /// Escapes a command's message: `%` → `%25`, CR → `%0D`, LF → `%0A`.
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
            default: output.unicodeScalars.append(character)
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
