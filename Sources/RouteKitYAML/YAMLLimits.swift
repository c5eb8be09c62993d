/// The bounds that keep reading untrusted YAML fast and small.
///
/// Each limit is checked while reading, so a hostile file stops at the first step past it with
/// a diagnostic (`file-too-large`, `nesting-too-deep`, `alias-expansion-limit`) and no root.
///
/// ```swift
/// if bytes.count > YAMLLimits.maxFileSize { /* the reader reports 'file-too-large' */ }
/// ```
public enum YAMLLimits {
    /// The largest file read, in bytes (4 MiB): a 10,000-rule table is about 1.5 MB.
    public static let maxFileSize = 4 * 1024 * 1024

    /// The deepest nesting of sequences and mappings (64); route files need fewer than 10.
    ///
    /// libyaml itself has no limit and slows quadratically on deep flow nesting, so the reader
    /// stops at the first collection that opens past this depth.
    public static let maxNestingDepth = 64

    /// The most nodes that aliases may add to the document in all (10,000).
    ///
    /// Each use of an alias counts every node under its anchor, so an alias bomb ("billion
    /// laughs") stops after a few thousand copies instead of expanding exponentially.
    public static let maxAliasExpansion = 10_000
}
