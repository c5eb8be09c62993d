/// The declared payload fields an expression is checked against.
///
/// Keys are payload paths: a top-level key (`type`) or a dotted path into objects
/// (`aps.alert`). A field that is not declared is dynamic, and using it draws a warning.
///
/// ```swift
/// let env = ExpressionEnvironment(fields: ["type": .int, "aps.alert": .any])
/// ```
public struct ExpressionEnvironment: Sendable, Hashable {
    public var fields: [String: FieldType]

    /// An environment declaring `fields` by payload path.
    ///
    /// ```swift
    /// let env = ExpressionEnvironment(fields: ["type": .int, "ids": .list(.int)])
    /// ```
    public init(fields: [String: FieldType] = [:]) { self.fields = fields }

    /// How a payload path relates to the declarations.
    enum Lookup: Equatable {
        /// Declared with this type.
        case declared(ExpressionType)
        /// A prefix of declared paths (`aps` when `aps.alert` is declared): an object.
        case object
        /// Inside a field declared `any`: dynamic, nothing to warn about.
        case insideAny
        /// Inside a field declared with a scalar or list type, which has no fields.
        case insideScalar(path: String, type: ExpressionType)
        case undeclared
    }

    /// What `path` names; `joined` is its components joined with dots.
    func lookup(_ path: [String], joined: String) -> Lookup {
        if let type = fields[joined] { return .declared(ExpressionType(type)) }
        for length in stride(from: path.count - 1, to: 0, by: -1) {
            let prefix = path[..<length].joined(separator: ".")
            guard let type = fields[prefix] else { continue }
            if type == .any { return .insideAny }
            return .insideScalar(path: prefix, type: ExpressionType(type))
        }
        let dotted = joined + "."
        if fields.keys.contains(where: { $0.hasPrefix(dotted) }) { return .object }
        return .undeclared
    }

    /// Declared paths and their prefixes, for "did you mean" suggestions.
    var knownPaths: Set<String> {
        var result = Set<String>()
        for key in fields.keys {
            var prefix = ""
            for part in key.split(separator: ".", omittingEmptySubsequences: false) {
                prefix = prefix.isEmpty ? String(part) : prefix + "." + part
                result.insert(prefix)
            }
        }
        return result
    }
}
