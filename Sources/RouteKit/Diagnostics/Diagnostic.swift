/// How serious a diagnostic is.
///
/// Only errors stop a table from loading; `routecheck validate` fails on warnings too
/// with `--strict`.
///
/// ```swift
/// let failed = diagnostics.contains { $0.severity == .error }
/// ```
public enum Severity: String, Sendable, Hashable, Codable {
    /// The input cannot be used as written: loading gives no program.
    case error
    /// Usable but suspicious, such as a shadowed rule; fails a run only under `--strict`.
    case warning
    /// Context only, never a failure; renderers also print `DiagnosticNote`s with this label.
    case note
}

/// A stable identifier of a kind of problem, such as `unknown-screen`.
///
/// Codes are part of the product contract: tools filter on them and `docs/diagnostics.md` lists
/// every one. Each phase declares its codes in its own messages file.
///
/// ```swift
/// let code: DiagnosticCode = "unknown-screen"
/// ```
public struct DiagnosticCode: Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The code as written in output and in `docs/diagnostics.md`, such as `"unknown-screen"`.
    public let rawValue: String

    /// A code from its text, such as `unknown-screen`, for codes that come from data.
    ///
    /// ```swift
    /// let wanted = DiagnosticCode("shadowed-rule")
    /// let shadowed = checked.diagnostics.filter { $0.code == wanted }
    /// ```
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A code from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// Decodes a code from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    /// Encodes the code as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
}

/// A secondary message attached to a diagnostic, such as "first declared here".
///
/// ```swift
/// DiagnosticNote("rename the file").range // nil: advice that points at no place
/// ```
public struct DiagnosticNote: Sendable, Hashable, Codable {
    /// One line for a person, such as "first declared here".
    public var message: String
    /// Where the note points; nil for advice that belongs to no place in a file.
    public var range: Optional<SourceRange>  // spelled out: see `Action`

    /// A note, at `range` when it points somewhere.
    ///
    /// ```swift
    /// DiagnosticNote("first declared here", at: firstRange)
    /// ```
    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// A replacement of the diagnostic's primary range: the single obvious fix.
///
/// ```swift
/// // unknown screen 'mesage_detail'; did you mean 'message_detail'?
/// diagnostic.fixIt?.replacement // "message_detail", to replace the text at `diagnostic.range`
/// ```
public struct FixIt: Sendable, Hashable, Codable {
    /// The text that replaces the diagnostic's `range`; empty to delete it.
    public var replacement: String

    /// A fix-it that replaces the primary range with `replacement` (empty: removes it).
    ///
    /// ```swift
    /// let rename = FixIt(replacement: "message_detail")
    /// let remove = FixIt(replacement: "")
    /// ```
    public init(replacement: String) { self.replacement = replacement }
}

/// One problem found in a route table, a payload or an expression.
///
/// Diagnostics are data; renderers in `DiagnosticRenderer` turn them into text, JSON or GitHub
/// annotations.
///
/// ```swift
/// let d = Diagnostic(.error, "unknown-screen",
///                    "unknown screen 'mesage_detail'; did you mean 'message_detail'?",
///                    at: range, fixIt: FixIt(replacement: "message_detail"))
/// ```
public struct Diagnostic: Sendable, Hashable, Codable {
    /// Whether it fails a run: errors always, warnings under `--strict`.
    public var severity: Severity
    /// The kind of problem, stable across releases unlike `message`: match on this.
    public var code: DiagnosticCode
    /// One line for a person, usually ending in what to do ("did you mean …?"); at most
    /// `maxMessageLength` scalars as made by `init`.
    public var message: String
    /// Where the problem is; `SourceRange.wholeFile(_:)` when it concerns a file as a whole.
    public var range: SourceRange
    /// Secondary messages, such as where a duplicate was first declared.
    public var notes: [DiagnosticNote]
    /// The single obvious replacement of `range`, such as the suggested name; nil when there is none.
    public var fixIt: Optional<FixIt>  // spelled out: see `Action`

    /// A diagnostic with its severity, code and message at `range`, and any notes and fix-it.
    ///
    /// ```swift
    /// let d = Diagnostic(.error, "duplicate-name",
    ///                    "rule 'a' is declared twice; rename or remove one of them", at: secondRange,
    ///                    notes: [DiagnosticNote("first declared here", at: firstRange)])
    /// ```
    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, at range: SourceRange,
        notes: [DiagnosticNote] = [], fixIt: FixIt? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = Self.bounded(message)
        self.range = range
        self.notes = notes
        self.fixIt = fixIt
    }

    /// Orders diagnostics by file, then position, then severity (errors first), then message.
    ///
    /// ```swift
    /// let ordered = diagnostics.sorted(by: Diagnostic.sortsBefore)
    /// ```
    public static func sortsBefore(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.range.file != rhs.range.file { return lhs.range.file < rhs.range.file }
        if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
        if lhs.severity != rhs.severity { return lhs.severity == .error }
        return lhs.message < rhs.message
    }
}

/// A diagnostic that is also a Swift error, for phases that stop at their first problem.
///
/// ```swift
/// do { try phase() }
/// catch let error as DiagnosticError { print(TextDiagnosticRenderer(files: files).render(error.diagnostic)) }
/// ```
public struct DiagnosticError: Error, Sendable, Hashable {
    /// The problem that stopped the phase; render it like any other diagnostic.
    public var diagnostic: Diagnostic

    /// Wraps `diagnostic` so that it can be thrown.
    ///
    /// ```swift
    /// guard let first = diagnostics.first(where: { $0.severity == .error }) else { return }
    /// throw DiagnosticError(first)
    /// ```
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}
