/// Why bytes could not be loaded as a compiled table: not JSON, not a compiled table, a newer
/// format, a malformed part (named by its JSON path), or expressions that do not check.
///
/// `reason` is a single lowercase phrase, prefixed by the JSON path when one is known;
/// `description` adds where the problem is in the file's text, as line and column
/// (`JSONPathError`).
///
/// ```swift
/// do { _ = try CompiledTableFormat.decode(bytes) }
/// catch {
///     print(error.reason)  // rules[3].route.push[0].screen: expected a string
///     print(error)         // rules[3].route.push[0].screen: expected a string at line 52, column 21
/// }
/// ```
public struct CompiledTableError: JSONPathError, Sendable, Hashable {
    /// Where in the JSON document the problem is, such as `rules[3].route.push[0].screen`;
    /// empty for the document as a whole.
    public var path: String
    /// A single lowercase phrase without the path, such as `expected a string`.
    public var message: String
    /// Where the problem is in the compiled table's text: the offending byte of JSON that does not
    /// read, or the start of the value at `path`. Nil for the document as a whole (empty, too
    /// large) and for an error made without the bytes.
    public var position: SourcePosition?
    /// The file's `format_version` when it is newer than this RouteKit reads (rebuild it with a
    /// matching `routecheck`); nil for every other problem.
    public var newerFormat: Int64?
    /// What does not match the app contract, when the table loads but does not satisfy the
    /// contract given to `CompiledTableFormat.decode(_:contract:)`; empty for every other problem.
    public var contractMismatches: [ContractMismatch]

    /// An error at a JSON `path` (empty for the whole document) with a lowercase `message`.
    ///
    /// ```swift
    /// CompiledTableError(path: "rules[3].when", message: "expected a string").description
    /// // "rules[3].when: expected a string"
    /// ```
    public init(path: String, message: String, position: SourcePosition? = nil,
                newerFormat: Int64? = nil, contractMismatches: [ContractMismatch] = []) {
        self.path = path
        self.message = message
        self.position = position
        self.newerFormat = newerFormat
        self.contractMismatches = contractMismatches
    }
}

/// The messages of the compiled-table reader, alphabetised.
enum CompiledTableMessages {
    static func duplicate(_ what: String, _ name: String) -> String { "duplicate \(what) '\(name)'" }

    static func expected(_ what: String) -> String { "expected \(what)" }

    static func expectedValue(_ choices: [String]) -> String {
        "expected one of " + choices.map { "'\($0)'" }.joined(separator: ", ")
    }

    static func missingKey(_ key: String) -> String { "missing key '\(key)'" }

    static func newerFormat(_ version: Int64) -> String {
        "compiled table format \(version) is newer than this RouteKit (reads \(readableVersions)); "
            + "rebuild it with a matching routecheck"
    }

    static func notCompiledTable(found: String) -> String {
        "not a compiled route table: 'format' is \(found), expected "
            + "'\(CompiledTableFormat.formatName)'"
    }

    static func notJSON(_ error: JSONReadError) -> String {
        "not a compiled table: invalid JSON: \(error.message)"
    }

    static func tooLarge() -> String {
        "compiled table is larger than \(CompiledTableFormat.maxBytes) bytes"
    }

    static func unknownKey(_ key: String) -> String { "unknown key '\(key)'" }

    static func unknownName(_ what: String, _ name: String) -> String { "unknown \(what) '\(name)'" }

    static func unsupportedFormat(_ version: Int64) -> String {
        "compiled table format \(version) is not supported (this RouteKit reads \(readableVersions))"
    }

    private static var readableVersions: String {
        "\(CompiledTableFormat.oldestReadableVersion) to \(CompiledTableFormat.currentVersion)"
    }
}
