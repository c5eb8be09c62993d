extension Node {
    /// How the node reads in a diagnostic: "a mapping", "a list", "null", "the boolean true",
    /// "the number 3" or "the string 'x'".
    ///
    /// ```swift
    /// "expected a list for 'tabs', found \(node.kindDescription)"
    /// ```
    public var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            switch resolvedScalar {
            case .null?: return "null"
            case .bool(let flag)?: return "the boolean \(flag)"
            case .int?, .double?: return "the number \(scalar.value)"
            default: return "the string '\(scalar.value)'"
            }
        }
    }
}
