/// Renders diagnostics as a compiler does: a `file:line:col: severity: message [code]` line, the
/// source line as it is in the file and a caret line under the range (as in SPEC §7, where
/// column 11 of `    push: mesage_detail` is the `m`), then an indented fix-it and the notes.
///
/// ```swift
/// let renderer = TextDiagnosticRenderer(files: checked.files, colored: false)
/// print(renderer.render(diagnostic), terminator: "")
/// // routes/app/messages.yaml:12:11: error: unknown screen 'mesage_detail'; did you mean 'message_detail'? [unknown-screen]
/// //     push: mesage_detail
/// //           ^~~~~~~~~~~~~
/// ```
///
/// A diagnostic whose file is not among `files` (or whose line is past the end) is rendered
/// without its source line. Colors are ANSI escapes, used only when `colored` is true.
public struct TextDiagnosticRenderer: Sendable {
    /// Whether to emit ANSI colors (bold locations, red errors, magenta warnings, cyan notes,
    /// green carets).
    public var colored: Bool
    /// Whether to print a `fix-it: replace with '…'` line after the caret line.
    public var showsFixIts: Bool
    private let files: [String: SourceFile]

    /// A renderer that quotes source lines from `files`; colored output only when `colored`.
    ///
    /// ```swift
    /// let renderer = TextDiagnosticRenderer(files: checked.files, colored: true, showsFixIts: false)
    /// ```
    public init(files: [SourceFile], colored: Bool = false, showsFixIts: Bool = true) {
        var byPath: [String: SourceFile] = [:]
        for file in files { byPath[file.path] = file }
        self.files = byPath
        self.colored = colored
        self.showsFixIts = showsFixIts
    }

    /// All lines of one diagnostic, each ending in a newline.
    ///
    /// ```swift
    /// print(renderer.render(diagnostic), terminator: "")
    /// // routes/app.yaml:3:12: error: unknown tab 'hom'; did you mean 'home'? [unknown-tab]
    /// //       tab: hom
    /// //            ^~~
    /// //     fix-it: replace with 'home'
    /// ```
    public func render(_ diagnostic: Diagnostic) -> String {
        let style = TerminalStyle(enabled: colored)
        let message = SourceExcerpt.sanitized(diagnostic.message)
        var output = style.bold(Self.location(diagnostic.range) + ":") + " "
            + style.severity(diagnostic.severity) + " " + style.bold(message)
        if !diagnostic.code.rawValue.isEmpty { output += " [\(diagnostic.code.rawValue)]" }
        output += "\n"
        output += excerpt(diagnostic.range, style: style)
        if showsFixIts, let fixIt = diagnostic.fixIt {
            let replacement = SourceExcerpt.sanitized(fixIt.replacement)
            let text = replacement.isEmpty
                ? "remove the highlighted text" : "replace with '\(replacement)'"
            output += "    " + style.apply(TerminalStyle.green, to: "fix-it:") + " \(text)\n"
        }
        for note in diagnostic.notes {
            let noteMessage = SourceExcerpt.sanitized(note.message)
            if let range = note.range {
                output += style.bold(Self.location(range) + ":") + " "
                    + style.severity(.note) + " " + noteMessage + "\n"
                output += excerpt(range, style: style)
            } else {
                output += "    " + style.severity(.note) + " " + noteMessage + "\n"
            }
        }
        return output
    }

    /// The diagnostics one after another, in the order given.
    ///
    /// ```swift
    /// print(renderer.render(checked.diagnostics), terminator: "")
    /// ```
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    /// `file:line:col`.
    ///
    /// ```swift
    /// TextDiagnosticRenderer.location(.wholeFile("routes/app.yaml")) // "routes/app.yaml:1:1"
    /// ```
    public static func location(_ range: SourceRange) -> String {
        "\(SourceExcerpt.sanitized(range.file)):\(range.start.line):\(range.start.column)"
    }

    private func excerpt(_ range: SourceRange, style: TerminalStyle) -> String {
        guard let file = files[range.file], let excerpt = SourceExcerpt(range, in: file) else {
            return ""
        }
        return "\(excerpt.sourceLine)\n\(style.caret(excerpt.caretLine))\n"
    }
}
