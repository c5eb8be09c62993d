/// The declared payload fields an expression is checked against.
///
/// Keys are payload paths: a top-level key (`type`) or a dotted path into objects
/// (`aps.alert`), compared by code points: `d.\u{E9}` does not declare `d["e\u0301"]`. A field that
/// is not declared is dynamic, and using it draws a warning.
///
/// ```swift
/// let env = ExpressionEnvironment(fields: ["type": .int, "aps.alert": .any])
/// ```
public struct ExpressionEnvironment: Sendable, Hashable {
    /// Declared types by payload path (`type`, `aps.alert`).
    public var fields: [CodePointKey: FieldType] {
        didSet { objectPaths = Self.objectPaths(of: fields) }
    }
    /// The proper prefixes of declared paths (`aps` for `aps.alert`): objects. Kept with the
    /// fields, so that telling an object from an undeclared name is a lookup and not a scan of
    /// every declared path, for each of thousands of rules.
    private var objectPaths: Set<CodePointKey>

    /// An environment declaring `fields` by payload path.
    ///
    /// ```swift
    /// let env = ExpressionEnvironment(fields: ["type": .int, "ids": .list(.int)])
    /// ```
    public init(fields: [CodePointKey: FieldType] = [:]) {
        self.fields = fields
        objectPaths = Self.objectPaths(of: fields)
    }

    private static func objectPaths(of fields: [CodePointKey: FieldType]) -> Set<CodePointKey> {
        var result = Set<CodePointKey>()
        for key in fields.keys where key.string.contains(".") {
            var prefix = ""
            for part in key.string.split(separator: ".", omittingEmptySubsequences: false).dropLast() {
                prefix = prefix.isEmpty ? String(part) : prefix + "." + part
                result.insert(CodePointKey(prefix))
            }
        }
        return result
    }

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

    /// What `path` names; `joined` is its components joined with dots. The components are made
    /// only when `joined` is not declared itself, as nearly every path of a table is.
    func lookup(_ path: @autoclosure () -> [String], joined: String) -> Lookup {
        if let type = fields[CodePointKey(joined)] { return .declared(ExpressionType(type)) }
        if let container = declaredContainer(of: path()) {
            if container.type == .any { return .insideAny }
            return .insideScalar(path: container.path, type: ExpressionType(container.type))
        }
        if objectPaths.contains(CodePointKey(joined)) { return .object }
        return .undeclared
    }

    /// The longest proper prefix of `path` that is itself declared, with its type: a field that
    /// `path` lies inside (`aps` for `aps.badge` when `aps` is declared).
    func declaredContainer(of path: [String]) -> (path: String, type: FieldType)? {
        for length in stride(from: path.count - 1, to: 0, by: -1) {
            let prefix = path[..<length].joined(separator: ".")
            if let type = fields[CodePointKey(prefix)] { return (prefix, type) }
        }
        return nil
    }

    /// The declared path or prefix `path` is likely a misspelling of, within `hints`.
    /// `payload.id` is `id`: fields are named from the payload's top level, and people who
    /// write the payload's own name before them mean the field itself.
    func suggestion(for path: String, hints: inout Suggestion.Budget) -> String? {
        let prefix = "payload."
        if path.hasPrefix(prefix) {
            let field = String(path.dropFirst(prefix.count))
            if fields[CodePointKey(field)] != nil || objectPaths.contains(CodePointKey(field)) { return field }
        }
        var declared = fields.keys.makeIterator()
        var objects = objectPaths.makeIterator()
        return Suggestion.closest(to: path, among: AnyIterator { (declared.next() ?? objects.next())?.string },
                                  count: fields.count + objectPaths.count, budget: &hints)
    }
}
