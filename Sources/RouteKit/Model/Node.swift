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
    ///
    /// ```swift
    /// let empty = Node(.sequence([]), range: .wholeFile("routes/app.yaml")) // `[]`
    /// if case .mapping(let pairs) = node.content { print(pairs.count) } // how many keys it has
    /// ```
    public enum Content: Sendable, Equatable {
        /// A scalar: its text and how it was written.
        case scalar(Scalar)
        /// A sequence's items, in document order.
        case sequence([Node])
        /// A mapping's key-value pairs, in document order.
        case mapping([Pair])
    }

    /// How a scalar was written; plain scalars alone are resolved by the YAML 1.2 core schema.
    ///
    /// ```swift
    /// Node.ScalarStyle.doubleQuoted.rawValue // "double-quoted"
    /// ExpressionSource("type == 3").style // .plain
    /// ```
    public enum ScalarStyle: String, Sendable, Hashable {
        /// Unquoted: `key: value`.
        case plain
        /// In single quotes: `'value'`.
        case singleQuoted = "single-quoted"
        /// In double quotes, escapes decoded: `"value"`.
        case doubleQuoted = "double-quoted"
        /// A `|` block scalar, which keeps its line breaks.
        case literal
        /// A `>` block scalar, whose line breaks fold into spaces.
        case folded
    }

    /// A scalar's text and how it was written.
    ///
    /// ```swift
    /// // the value node of `id: "42"`
    /// if case .scalar(let scalar) = node.content { print(scalar.value, scalar.style) } // 42 doubleQuoted
    /// ```
    public struct Scalar: Sendable, Hashable {
        /// The scalar's text, without its quotes and with escapes and block folding applied.
        public var value: String
        /// How the scalar was written; only a plain scalar without a tag resolves to anything but a
        /// string.
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
    ///
    /// ```swift
    /// // `version: 1`
    /// if case .mapping(let pairs) = node.content, case .scalar(let key) = pairs[0].key.content {
    ///     print(key.value) // version
    /// }
    /// ```
    public struct Pair: Sendable, Equatable {
        /// The key node (usually a plain scalar).
        public var key: Node
        /// The value node.
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

    /// What the node holds.
    public var content: Content
    /// The explicit tag in full form, or nil when the node had none.
    public var tag: String?
    /// Where the node is written in its file.
    public var range: SourceRange
}

extension Node {
    /// A node holding `content` at `range`, with its explicit tag if any.
    ///
    /// ```swift
    /// let node = Node(.scalar(Node.Scalar("3")), range: .wholeFile("routes/app.yaml"))
    /// ```
    public init(_ content: Content, tag: String? = nil, range: SourceRange) {
        // Through the memberwise initializer (declared here, outside the type, so that Swift
        // makes it): assigning the fields one by one left the optimizer copying and destroying
        // the whole node on return (Swift 6.3, for a struct holding this recursive enum), which
        // was 4% of loading a large table, a node being made for every scalar.
        self.init(content: content, tag: tag, range: range)
    }
}
