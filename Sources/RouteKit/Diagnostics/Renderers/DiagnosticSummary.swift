/// The totals printed after a check: how much was read and how many problems were found.
///
/// ```swift
/// let summary = DiagnosticSummary(tables: 1, files: 4, rules: 12, errors: 0, warnings: 1)
/// summary.line // "1 table, 4 files, 12 rules: 0 errors, 1 warning"
/// ```
public struct DiagnosticSummary: Sendable, Hashable {
    /// Route tables checked.
    public var tables: Int
    /// Source files read, across all tables.
    public var files: Int
    /// Rules declared, across all tables.
    public var rules: Int
    /// Error diagnostics found, suppressed ones included.
    public var errors: Int
    /// Warning diagnostics found, suppressed ones included.
    public var warnings: Int
    /// Diagnostics counted in `errors`/`warnings` but not rendered because of a cap.
    public var suppressed: Int

    /// Totals; `suppressed` counts diagnostics left out by a cap.
    ///
    /// ```swift
    /// // 130 errors found, the first 100 printed
    /// let summary = DiagnosticSummary(tables: 1, files: 2, rules: 40, errors: 130, warnings: 0,
    ///                                 suppressed: 30)
    /// ```
    public init(
        tables: Int, files: Int, rules: Int, errors: Int, warnings: Int, suppressed: Int = 0
    ) {
        self.tables = tables
        self.files = files
        self.rules = rules
        self.errors = errors
        self.warnings = warnings
        self.suppressed = suppressed
    }

    /// Counts the errors and warnings among `diagnostics` (notes count as neither).
    ///
    /// ```swift
    /// var summary = DiagnosticSummary(tables: 1, files: 1, rules: 3, errors: 0, warnings: 0)
    /// summary.count(checked.diagnostics)
    /// ```
    public mutating func count(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: break
            }
        }
    }

    /// The one-line summary of text output, with correct plurals.
    public var line: String {
        "\(Self.counted(tables, "table")), \(Self.counted(files, "file")), "
            + "\(Self.counted(rules, "rule")): "
            + "\(Self.counted(errors, "error")), \(Self.counted(warnings, "warning"))"
    }

    /// `1 rule`, `0 rules`, `2 rules`.
    ///
    /// ```swift
    /// DiagnosticSummary.counted(1, "rule") // "1 rule"
    /// DiagnosticSummary.counted(0, "rule") // "0 rules"
    /// ```
    public static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
