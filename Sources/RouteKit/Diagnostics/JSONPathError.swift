/// An error about a JSON document that names the member it is about by its path and says where
/// that is in the text: a compiled table that does not load (`CompiledTableError`), an app
/// contract that is not one (`AppContractError`).
///
/// ```swift
/// let error: any JSONPathError = CompiledTableError(path: "rules[3].when", message: "expected a string")
/// error.reason // "rules[3].when: expected a string"
/// ```
public protocol JSONPathError: Error, CustomStringConvertible {
    /// Where in the document the problem is, such as `rules[3].route.push[0].screen`; empty for
    /// the document as a whole.
    var path: String { get }
    /// A single lowercase phrase without the path, such as `expected a string`.
    var message: String { get }
    /// Where the problem is in the document's text, when known.
    var position: SourcePosition? { get }
}

extension JSONPathError {
    /// The path and the message, without the position: `rules[3].when: expected a string`.
    public var reason: String { path.isEmpty ? message : "\(path): \(message)" }

    /// The reason and, when known, its line and column:
    /// `rules[3].when: expected a string at line 40, column 15`.
    public var description: String {
        guard let position else { return reason }
        return "\(reason) at line \(position.line), column \(position.column)"
    }
}
