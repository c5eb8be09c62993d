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
    public var line: Int
    public var column: Int
    public var offset: Int

    /// A position: 1-based `line` and `column` (in Unicode scalars), UTF-8 byte `offset`.
    ///
    /// ```swift
    /// let fileStart = SourcePosition(line: 1, column: 1, offset: 0)
    /// ```
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
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
    public var file: String
    public var start: SourcePosition
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
