/// Bounds on notification payloads, checked by `JSONReader` before any work grows with them.
///
/// iOS limits remote notifications to 4 KiB, but local notifications' `userInfo` and payloads
/// from other sources can be larger, so the bounds leave room while keeping hostile input cheap.
///
/// ```swift
/// PayloadLimits.maxDepth // 32: `[[[…]]]` 33 levels deep is rejected
/// ```
public enum PayloadLimits {
    /// The largest payload, in bytes of JSON text; a larger one is rejected before it is read.
    public static let maxBytes = 65_536

    /// The deepest nesting of arrays and objects; the top-level value is at depth 1.
    public static let maxDepth = 32

    /// The longest string (keys included), in UTF-8 bytes after escapes are decoded.
    public static let maxStringBytes = 16_384
}
