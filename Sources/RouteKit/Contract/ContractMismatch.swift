/// One thing a route table uses that an app contract lacks or has otherwise: a tab, the login
/// screen, a screen, how a screen is shown, or a param (SPEC §10).
///
/// It says where the table declares it in two ways: `range`, in the route files of a table read
/// from YAML, and `path`, in the table's compiled form (with `position`, its line and column,
/// when `CompiledTableFormat.decode(_:contract:)` found it in the bytes).
///
/// ```swift
/// for mismatch in contract.mismatches(in: table) {
///     print(mismatch) // screen 'notice' is not in the app contract; … [contract-screen]
/// }
/// ```
public struct ContractMismatch: Sendable, Hashable, CustomStringConvertible {
    /// `contract-tab`, `contract-screen`, `contract-show`, `contract-param` or
    /// `contract-login-screen`.
    public var code: DiagnosticCode
    /// A single lowercase phrase saying what differs and how to fix it.
    public var message: String
    /// Where the table declares what differs, in its compiled form: `tabs[3]`, `login_screen`,
    /// `screens[2]`, `screens[2].show`, `screens[2].params.id`.
    public var path: String
    /// Where the route files declare or use what differs; nil for a table not read from them.
    public var range: SourceRange?
    /// The line and column of `path` in a compiled table's text, when known.
    public var position: SourcePosition?
    /// Related places: where a screen is declared, how many other rules show it.
    public var notes: [DiagnosticNote]

    /// A mismatch with its code and message, at `path` in the compiled form and `range` in the
    /// route files.
    ///
    /// ```swift
    /// ContractMismatch(code: "contract-tab", message: "tab 'x' is not in the app contract", path: "tabs[0]")
    /// ```
    public init(code: DiagnosticCode, message: String, path: String, range: SourceRange? = nil,
                position: SourcePosition? = nil, notes: [DiagnosticNote] = []) {
        self.code = code
        self.message = message
        self.path = path
        self.range = range
        self.position = position
        self.notes = notes
    }

    /// The message and the code: `screen 'notice' is not in the app contract; … [contract-screen]`.
    public var description: String { "\(message) [\(code)]" }

    /// The mismatch as an error diagnostic: at `range` in the route files, or, for a compiled table
    /// read from `file`, at `position` in it (the start of the file when unknown).
    ///
    /// ```swift
    /// let diagnostics = contract.mismatches(in: table).map { $0.diagnostic() }
    /// ```
    public func diagnostic(compiledFile file: String = "") -> Diagnostic {
        let place = range ?? position.map { SourceRange(file: file, at: $0) } ?? .wholeFile(file)
        let shown = range == nil && !path.isEmpty ? "\(path): \(message)" : message
        return Diagnostic(.error, code, shown, at: place, notes: notes)
    }
}
