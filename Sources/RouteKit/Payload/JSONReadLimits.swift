/// The bounds `JSONReader` holds a document to: its size, its nesting and its strings.
///
/// Payloads are read with ``payload`` (`PayloadLimits`). A document that holds many payloads —
/// a file of navigator events — needs room for all of them, and for the levels around each one;
/// each payload in it can then be held to `PayloadLimits` with ``PayloadLimits/problem(in:)``.
///
/// ```swift
/// let limits = JSONReadLimits(maxBytes: 4 << 20, maxDepth: PayloadLimits.maxDepth + 2,
///                             maxStringBytes: PayloadLimits.maxStringBytes)
/// let events = try JSONReader.read(bytes, limits: limits)
/// ```
public struct JSONReadLimits: Sendable, Hashable {
    /// The largest document, in bytes; a larger one is rejected before it is read.
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects; the top-level value is at depth 1.
    public var maxDepth: Int
    /// The longest string (keys included), in UTF-8 bytes after escapes are decoded.
    public var maxStringBytes: Int

    /// Limits of a document that is not one payload.
    ///
    /// ```swift
    /// let wide = JSONReadLimits(maxBytes: 1 << 20, maxDepth: 34, maxStringBytes: 16_384)
    /// ```
    public init(maxBytes: Int, maxDepth: Int, maxStringBytes: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
    }

    /// One notification payload: `PayloadLimits`.
    public static let payload = JSONReadLimits(
        maxBytes: PayloadLimits.maxBytes, maxDepth: PayloadLimits.maxDepth,
        maxStringBytes: PayloadLimits.maxStringBytes)
}
