/// Why a file is not an app contract: not JSON, a newer contract version, a missing or unknown
/// key, a value of the wrong kind, a duplicate or empty name, an unknown type.
///
/// `reason` is a single lowercase phrase, prefixed by the JSON path when one is known;
/// `position` says where it is in the file's text, and `description` adds it (`JSONPathError`).
///
/// ```swift
/// do { _ = try AppContract(json: bytes) }
/// catch {
///     print(error.reason)  // screens.notice.show[0]: expected one of 'push', 'present'
///     print(error)         // screens.notice.show[0]: expected one of 'push', 'present' at line 4, column 33
/// }
/// ```
public struct AppContractError: JSONPathError, Sendable, Hashable {
    /// Where in the JSON document the problem is, such as `screens.notice.show[0]`; empty for
    /// the document as a whole.
    public var path: String
    /// A single lowercase phrase without the path.
    public var message: String
    /// Where the problem is in the file's text: the offending byte of JSON that does not read, or
    /// the start of the value at `path`; nil for the document as a whole (empty, too large).
    public var position: SourcePosition?

    /// An error at a JSON `path` (empty for the whole document) with a lowercase `message`.
    ///
    /// ```swift
    /// AppContractError(path: "tabs", message: "expected an array").reason // "tabs: expected an array"
    /// ```
    public init(path: String, message: String, position: SourcePosition? = nil) {
        self.path = path
        self.message = message
        self.position = position
    }
}
