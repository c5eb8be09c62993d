import RouteKit

/// What ``YAMLReader`` read from one file: the document's root node and every problem found.
///
/// `root` is nil when the file holds no document or reading stopped at a fatal error (a syntax
/// or encoding error, or a limit from ``YAMLLimits``). Other errors — duplicate keys, custom
/// tags, undefined aliases, a second document — are reported while the root is still built,
/// so later phases can check the rest of the file.
///
/// ```swift
/// let document = YAMLReader.read(Array("version: 1\n".utf8), file: "routes/app.yaml")
/// document.root?.range.start.line // 1
/// ```
public struct YAMLDocument: Sendable {
    /// The root node of the (only) document, aliases expanded and merge keys applied.
    public var root: Node?
    /// Problems found while reading, in the order found.
    public var diagnostics: [Diagnostic]
    /// Where the mappings are whose merge key (`<<`) could not be applied, already reported: a
    /// key missing from one of them most likely was to come from the merge.
    public var mappingsWithFailedMerges: [SourceRange]

    /// Makes a document from a root and its diagnostics, as the reader (or a test) does.
    ///
    /// ```swift
    /// let empty = YAMLDocument(root: nil, diagnostics: [])
    /// ```
    public init(root: Node?, diagnostics: [Diagnostic], mappingsWithFailedMerges: [SourceRange] = []) {
        self.root = root
        self.diagnostics = diagnostics
        self.mappingsWithFailedMerges = mappingsWithFailedMerges
    }

    /// Whether any diagnostic is an error.
    ///
    /// ```swift
    /// if document.hasErrors { return }
    /// ```
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
