/// Renders diagnostics and their summary as one JSON object (SPEC §7), through `JSONWriter`.
///
/// Each diagnostic has the keys `file`, `line`, `column`, `end_line`, `end_column` (exclusive),
/// `severity`, `code` and `message`, plus `notes` (an array of `{file?, line?, column?, message}`)
/// and `fix_it` (`{"replacement": …}` or `null`). The summary has `tables`, `files`, `rules`,
/// `errors`, `warnings`, and `suppressed` when a cap left diagnostics out. Keys come in SPEC's
/// order (``JSONKeyOrder/spec``), the others after them sorted.
///
/// ```swift
/// let json = JSONDiagnosticRenderer.render(diagnostics, summary: summary)
/// // {"diagnostics":[{"file":"routes/app.yaml","line":12,"column":11,…}],"summary":{"tables":1,…}}
/// ```
public enum JSONDiagnosticRenderer {
    /// The whole report on one line (no trailing newline), or indented when `pretty`.
    ///
    /// ```swift
    /// print(JSONDiagnosticRenderer.render(checked.diagnostics, summary: summary, pretty: true))
    /// ```
    public static func render(
        _ diagnostics: [Diagnostic], summary: DiagnosticSummary, pretty: Bool = false
    ) -> String {
        JSONWriter.write(value(of: diagnostics, summary: summary), pretty: pretty, keyOrder: .spec)
    }

    /// The report as a JSON value, for callers that embed it in a larger document.
    ///
    /// ```swift
    /// let report: JSONValue = .object([
    ///     "table": "routes/",
    ///     "check": JSONDiagnosticRenderer.value(of: checked.diagnostics, summary: summary),
    /// ])
    /// ```
    public static func value(of diagnostics: [Diagnostic], summary: DiagnosticSummary) -> JSONValue {
        .object([
            "diagnostics": .array(diagnostics.map(value(of:))),
            "summary": value(of: summary),
        ])
    }

    /// One diagnostic as a JSON object.
    ///
    /// ```swift
    /// JSONDiagnosticRenderer.value(of: diagnostic)["code"] // .string("unknown-screen")
    /// ```
    public static func value(of diagnostic: Diagnostic) -> JSONValue {
        let range = diagnostic.range
        var members: JSONObject = [
            "file": .string(range.file),
            "line": .int(Int64(range.start.line)),
            "column": .int(Int64(range.start.column)),
            "end_line": .int(Int64(range.end.line)),
            "end_column": .int(Int64(range.end.column)),
            "severity": .string(diagnostic.severity.rawValue),
            "code": .string(diagnostic.code.rawValue),
            "message": .string(diagnostic.message),
            "fix_it": .null,
        ]
        members["notes"] = .array(diagnostic.notes.map { note in
            var object: JSONObject = ["message": .string(note.message)]
            if let range = note.range {
                object["file"] = .string(range.file)
                object["line"] = .int(Int64(range.start.line))
                object["column"] = .int(Int64(range.start.column))
            }
            return .object(object)
        })
        if let fixIt = diagnostic.fixIt {
            members["fix_it"] = .object(["replacement": .string(fixIt.replacement)])
        }
        return .object(members)
    }

    /// The summary as a JSON object.
    ///
    /// ```swift
    /// let summary = DiagnosticSummary(tables: 1, files: 4, rules: 12, errors: 0, warnings: 1)
    /// JSONWriter.write(JSONDiagnosticRenderer.value(of: summary))
    /// // {"errors":0,"files":4,"rules":12,"tables":1,"warnings":1}
    /// ```
    public static func value(of summary: DiagnosticSummary) -> JSONValue {
        var members: JSONObject = [
            "tables": .int(Int64(summary.tables)),
            "files": .int(Int64(summary.files)),
            "rules": .int(Int64(summary.rules)),
            "errors": .int(Int64(summary.errors)),
            "warnings": .int(Int64(summary.warnings)),
        ]
        if summary.suppressed > 0 { members["suppressed"] = .int(Int64(summary.suppressed)) }
        return .object(members)
    }
}
