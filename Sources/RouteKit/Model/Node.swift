/// A node of a parsed YAML (or JSON) document, with its exact place in the source.
///
/// `RouteKitYAML` builds these from libyaml's events; the route model is decoded from them, so
/// nothing after reading needs libyaml. Aliases are already expanded and merge keys (`<<`) already
/// applied; tags are kept as written (resolved to their full form, e.g. `tag:yaml.org,2002:str`).
///
/// ```swift
/// if case .scalar(let scalar) = node.content { print(scalar.value, node.range.start.line) }
/// ```
public struct Node: Sendable, Equatable {
    /// What a node holds: a scalar, a sequence of nodes, or a mapping's key-value pairs.
    public enum Content: Sendable, Equatable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
    }

    /// How a scalar was written; plain scalars alone are resolved by the YAML 1.2 core schema.
    public enum ScalarStyle: String, Sendable, Hashable {
        case plain
        case singleQuoted = "single-quoted"
        case doubleQuoted = "double-quoted"
        case literal
        case folded
    }

    /// A scalar's text and how it was written.
    public struct Scalar: Sendable, Hashable {
        public var value: String
        public var style: ScalarStyle

        /// A scalar; plain unless `style` says otherwise.
        ///
        /// ```swift
        /// let quoted = Node.Scalar("3", style: .doubleQuoted) // "3" in quotes: a string, not an int
        /// ```
        public init(_ value: String, style: ScalarStyle = .plain) {
            self.value = value
            self.style = style
        }
    }

    /// One `key: value` entry of a mapping.
    public struct Pair: Sendable, Equatable {
        public var key: Node
        public var value: Node

        /// A mapping entry from its key and value nodes.
        ///
        /// ```swift
        /// let range = SourceRange.wholeFile("app.yaml")
        /// let pair = Node.Pair(key: Node(.scalar(Node.Scalar("version")), range: range),
        ///                      value: Node(.scalar(Node.Scalar("1")), range: range))
        /// ```
        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    public var content: Content
    /// The explicit tag in full form, or nil when the node had none.
    public var tag: String?
    public var range: SourceRange

    /// A node holding `content` at `range`, with its explicit tag if any.
    ///
    /// ```swift
    /// let node = Node(.scalar(Node.Scalar("3")), range: .wholeFile("routes/app.yaml"))
    /// ```
    public init(_ content: Content, tag: String? = nil, range: SourceRange) {
        self.content = content
        self.tag = tag
        self.range = range
    }
}
