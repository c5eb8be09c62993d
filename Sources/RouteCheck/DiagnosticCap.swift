import RouteKit

/// At most `maxShown` diagnostics are printed per table or test file, as cel-go caps its errors
/// at 100; the rest are counted and announced on one line. A generated or minified file can
/// draw thousands, and nobody reads past the first screens of them.
///
/// ```swift
/// let cap = DiagnosticCap(diagnostics, in: "routes/", per: "table")
/// console.out(cap.rendered(with: renderer)) // the first 100, then "note: 5 more diagnostics in …"
/// ```
struct DiagnosticCap {
    /// The most diagnostics printed per table (`validate`, and the commands that load a table)
    /// or per test file (`test`).
    static let maxShown = 100

    /// The first `maxShown` diagnostics, in the order given.
    let shown: ArraySlice<Diagnostic>
    /// How many were left out.
    let suppressed: Int
    /// "N more diagnostics in 'path' not shown; …" when some were left out.
    let note: String?

    /// Caps `diagnostics`, sorted as they are to be printed, of the table or test file at `path`.
    init(_ diagnostics: [Diagnostic], in path: String, per unit: String) {
        shown = diagnostics.prefix(Self.maxShown)
        suppressed = max(0, diagnostics.count - Self.maxShown)
        note = suppressed == 0 ? nil
            : "\(DiagnosticSummary.counted(suppressed, "more diagnostic")) in '\(path)' not shown; "
                + "at most \(Self.maxShown) are shown per \(unit)"
    }

    /// The diagnostics shown, as text, and the note line when some were left out.
    func rendered(with renderer: TextDiagnosticRenderer) -> String {
        renderer.render(Array(shown)) + (note.map { "note: \($0)\n" } ?? "")
    }
}
