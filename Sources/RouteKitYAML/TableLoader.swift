import RouteKit

/// A route table read from disk and checked: the model (when it has no errors), every diagnostic,
/// and the source files (for rendering diagnostics with their source lines).
public struct CheckedTable: Sendable {
    /// The path the table was loaded from, as given.
    public var path: String
    public var files: [SourceFile]
    public var diagnostics: [Diagnostic]
    /// The number of rules declared, counted even when the table has errors.
    public var ruleCount: Int

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Why a table could not be read at all (exit code 2 in `routecheck`).
public struct TableLoadError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// Reads a route table — one YAML file or a directory of them — and checks it.
public enum TableLoader {
    /// Loads and checks the table at `path` (a `.yaml`/`.yml` file or a directory).
    ///
    /// ```swift
    /// let checked = try TableLoader.load(path: "routes/")
    /// print(checked.diagnostics.count)
    /// ```
    public static func load(path: String) throws(TableLoadError) -> CheckedTable {
        // Placeholder until the model decoder lands (lead is writing it).
        CheckedTable(path: path, files: [], diagnostics: [], ruleCount: 0)
    }
}
