/// A point in a source file.
///
/// Lines and columns are 1-based; columns count Unicode scalars (as libyaml does), so a
/// caret lines up under the right character even after `é` or `😀`. `offset` is the UTF-8 byte
/// offset from the start of the file, used to slice the source text.
///
/// ```swift
/// let start = SourcePosition(line: 12, column: 11, offset: 230)
/// ```
public struct SourcePosition: Sendable, Hashable, Comparable, Codable {
    /// The 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Self.stored(newValue) }
    }
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Self.stored(newValue) }
    }
    /// The 0-based UTF-8 byte offset from the start of the file.
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = Self.stored(newValue) }
    }

    // 32 bits each: a compiled rule carries several ranges, and 64-bit fields made each range
    // 64 bytes. Every input is far smaller than 2 GiB (`YAMLLimits.maxFileSize`,
    // `CompiledTableFormat.maxBytes`), so no real position is ever clamped.
    private var storedLine: Int32
    private var storedColumn: Int32
    private var storedOffset: Int32

    /// A position: 1-based `line` and `column` (in Unicode scalars), UTF-8 byte `offset`.
    /// Values beyond `Int32` are clamped to it.
    ///
    /// ```swift
    /// let fileStart = SourcePosition(line: 1, column: 1, offset: 0)
    /// ```
    public init(line: Int, column: Int, offset: Int) {
        storedLine = Self.stored(line)
        storedColumn = Self.stored(column)
        storedOffset = Self.stored(offset)
    }

    private static func stored(_ value: Int) -> Int32 { Int32(clamping: value) }

    private enum CodingKeys: String, CodingKey {
        case line, column, offset
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line),
                  column: try container.decode(Int.self, forKey: .column),
                  offset: try container.decode(Int.self, forKey: .offset))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(offset, forKey: .offset)
    }

    /// Orders positions by line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A span of a source file: from `start` up to, not including, `end`.
///
/// ```swift
/// let range = SourceRange(file: "routes/app.yaml",
///                         start: SourcePosition(line: 3, column: 7, offset: 40),
///                         end: SourcePosition(line: 3, column: 12, offset: 45))
/// ```
public struct SourceRange: Sendable, Hashable, Comparable, Codable {
    /// The path of the file, as it was named when read (`routes/app.yaml`).
    public var file: String
    /// The first position of the span.
    public var start: SourcePosition
    /// The position just past the span; equal to `start` for a point.
    public var end: SourcePosition

    /// A range from `start` up to, not including, `end`.
    ///
    /// ```swift
    /// // `home` in `tabs: [home]` on line 2 of a file whose first line is `version: 1`
    /// let home = SourceRange(file: "app.yaml", start: SourcePosition(line: 2, column: 8, offset: 18),
    ///                        end: SourcePosition(line: 2, column: 12, offset: 22))
    /// ```
    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// An empty range at one position, for problems at a point such as an unexpected end.
    ///
    /// ```swift
    /// let point = SourceRange(file: "app.yaml", at: SourcePosition(line: 3, column: 1, offset: 24))
    /// ```
    public init(file: String, at position: SourcePosition) {
        self.init(file: file, start: position, end: position)
    }

    /// The start of a file, for problems that concern the file as a whole.
    ///
    /// ```swift
    /// SourceRange.wholeFile("app.yaml").start.line // 1
    /// ```
    public static func wholeFile(_ file: String) -> SourceRange {
        SourceRange(file: file, at: SourcePosition(line: 1, column: 1, offset: 0))
    }

    /// Orders ranges by file, then start line and column.
    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.file, lhs.start.line, lhs.start.column) < (rhs.file, rhs.start.line, rhs.start.column)
    }
}
