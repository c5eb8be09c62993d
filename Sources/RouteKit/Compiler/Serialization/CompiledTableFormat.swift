/// The compiled route table: a checked table as deterministic JSON that `RouteKit` loads without
/// libyaml (or Foundation) and that decides exactly like the YAML it was compiled from.
///
/// The document (described by `schemas/compiled.schema.json`) holds `"format":
/// "routekit-compiled"`, `"format_version"`, and the table: tabs, login screen, screens, payload
/// field types, defaults, rules (name, index, `when` text, source position, route) and fallback.
/// Expressions are kept as text and parsed and checked again when loaded. Keys are sorted and a
/// member that holds its default is left out, so the same table gives the same bytes.
///
/// ```swift
/// let json = CompiledTableFormat.encode(program)             // what `routecheck compile` writes
/// let loaded = try CompiledTableFormat.decode(Array(json.utf8))
/// loaded.decide(["type": "3", "id": 42]) == program.decide(["type": "3", "id": 42]) // true
/// ```
public enum CompiledTableFormat {
    /// The `format_version` this RouteKit writes; a newer one is refused.
    ///
    /// Format 2 leaves out members that hold their default (format 1 wrote every member, `null`
    /// for an absent value); it is otherwise the same, and both are read.
    public static let currentVersion = 2

    /// The oldest `format_version` this RouteKit reads.
    public static let oldestReadableVersion = 1

    /// The value of the document's `format` key.
    public static let formatName = "routekit-compiled"

    /// The largest compiled table read, in bytes (64 MiB): well above the compiled form of a
    /// table of 10,000 rules, and a bound on what a hostile file can make the reader allocate.
    public static let maxBytes = 64 * 1024 * 1024

    /// The longest string in a compiled table, in UTF-8 bytes (6 MiB), so that any table
    /// `validate` accepts compiles — a 17,000-character alert message is no reason to refuse one.
    /// A string lies within one route file (`YAMLLimits.maxFileSize`, 4 MiB), and YAML's escapes
    /// grow by at most half when decoded (`\L`, two bytes, is U+2028, three in UTF-8).
    public static let maxStringBytes = 6 * 1024 * 1024

    /// The bounds the reader holds a compiled table to. Its nesting is that of a payload: the
    /// format itself is a few levels deep, and values in it are expressions, not JSON.
    static let readLimits = JSONReadLimits(
        maxBytes: maxBytes, maxDepth: PayloadLimits.maxDepth, maxStringBytes: maxStringBytes)

    /// The compiled table of a checked program, as pretty-printed JSON text with sorted keys and
    /// a final newline.
    ///
    /// ```swift
    /// let checked = TableChecker.check(table, sources: [])
    /// if let program = checked.program { print(CompiledTableFormat.encode(program)) }
    /// // {
    /// //   "defaults": { … },
    /// //   "format": "routekit-compiled",
    /// //   "format_version": 2,
    /// //   …
    /// ```
    ///
    /// With `sourceRoot`, the path the table was loaded from, each rule's file is stored relative
    /// to it (`messages.yaml` for `routes/messages.yaml` under `routes/`; the file's own name for
    /// a single-file table), so the bytes are the same however the path was spelled (`routes`,
    /// `./routes`, an absolute path) and wherever the table is checked out.
    public static func encode(_ program: RoutingProgram, sourceRoot: String? = nil) -> String {
        JSONWriter.write(CompiledTableEncoder.document(program.table, sourceRoot: sourceRoot), pretty: true) + "\n"
    }

    /// Loads a compiled table: reads the JSON strictly, checks its format version, its shape and
    /// its cross-references, then parses and checks every expression again.
    ///
    /// Throws for anything that is not a compiled table this RouteKit can decide with, naming the
    /// JSON path of the problem and its line and column in the text (`CompiledTableError`):
    /// `rules[3].route.push[0].screen: expected a string at line 52, column 21`,
    /// `compiled table format 3 is newer than this RouteKit (reads 1 to 2); rebuild it with a
    /// matching routecheck`.
    ///
    /// ```swift
    /// let program = try CompiledTableFormat.decode(bytes)
    /// let decision = program.decide(["type": "3", "id": 42])
    /// ```
    public static func decode(_ bytes: [UInt8]) throws(CompiledTableError) -> RoutingProgram {
        do {
            return try decodeUnplaced(bytes)
        } catch {
            throw placed(error, in: bytes)
        }
    }

    /// `error` with the line and column of its path's value, when it has none yet.
    private static func placed(_ error: CompiledTableError, in bytes: [UInt8]) -> CompiledTableError {
        guard error.position == nil, let offset = CompiledJSONLocator.offset(of: error.path, in: bytes) else {
            return error
        }
        var placed = error
        placed.position = SourceFile.position(ofOffset: offset, in: bytes)
        return placed
    }

    private static func decodeUnplaced(_ bytes: [UInt8]) throws(CompiledTableError) -> RoutingProgram {
        let table = try decodeTable(bytes)
        // The table was analysed when it was compiled; its warnings are not needed to decide.
        let checked = TableChecker.check(table, sources: [], analyze: false)
        if let program = checked.program { return program }
        // Check again with every expression tagged with its JSON path, to say where it failed.
        let located = try CompiledTableDecoder(locating: true).table(CompiledJSONNode(read(bytes)))
        let diagnostics = TableChecker.check(located, sources: [], analyze: false).diagnostics
        guard let first = diagnostics.first(where: { $0.severity == .error }) else {
            throw CompiledTableError(path: "", message: "the table's expressions do not check")
        }
        let path = first.range.file
        // The checker counted the expression's scalars from column 1; in the file, the string's
        // quote comes first and escapes are wider than what they write.
        let position = CompiledJSONLocator.offset(of: path, in: bytes).map { quote in
            SourceFile.position(ofOffset: CompiledJSONLocator.offset(ofScalar: first.range.start.column - 1,
                                                                    inStringAt: quote, in: bytes), in: bytes)
        }
        throw CompiledTableError(path: path, message: first.message, position: position)
    }

    /// The table of a compiled table's bytes: in the compiler's own form, read straight into the
    /// model; in any other, or broken, through a JSON value.
    private static func decodeTable(_ bytes: [UInt8]) throws(CompiledTableError) -> RouteTable {
        if let table = bytes.withUnsafeBufferPointer({ CompiledDocumentReader.table($0) }) { return table }
        return try decodeTableThroughValue(bytes)
    }

    /// The table of a compiled table's bytes in any form, read through a JSON value. The value is
    /// released rule by rule as the rules are decoded, and is gone when this returns: at 10,000
    /// rules it is about as large as the checked program, and holding it made a load's peak
    /// memory the two together.
    static func decodeTableThroughValue(_ bytes: [UInt8]) throws(CompiledTableError) -> RouteTable {
        var value = try read(bytes)
        var rules = value.takeRules()
        do {
            return try CompiledTableDecoder().table(CompiledJSONNode(value, tracksPaths: false), rules: &rules)
        } catch {
            // Decoded again with paths, the same table fails at the same place and says where.
            _ = try CompiledTableDecoder().table(CompiledJSONNode(read(bytes)))
            throw error
        }
    }

    /// Loads a compiled table from its text.
    ///
    /// ```swift
    /// let program = try CompiledTableFormat.decode(text: compiledJSON)
    /// ```
    public static func decode(text: String) throws(CompiledTableError) -> RoutingProgram {
        try decode(Array(text.utf8))
    }

    /// Whether bytes look like a compiled table rather than YAML: the first byte that is not
    /// whitespace is `{`. (A YAML file can start with `{` too; callers that know the file name
    /// should prefer it.)
    ///
    /// ```swift
    /// CompiledTableFormat.looksCompiled(Array("  {\"format\": …".utf8)) // true
    /// ```
    public static func looksCompiled(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes where !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
            return byte == UInt8(ascii: "{")
        }
        return false
    }

    /// Strict JSON with the payload reader, under this format's own size bound (a compiled table
    /// is larger than any payload); nesting and string bounds stay the payload reader's.
    private static func read(_ bytes: [UInt8]) throws(CompiledTableError) -> CompiledJSONValue {
        guard bytes.count <= maxBytes else {
            throw CompiledTableError(path: "", message: CompiledTableMessages.tooLarge())
        }
        guard !bytes.isEmpty else {
            throw CompiledTableError(path: "", message: "not a compiled table: the input is empty")
        }
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONReadError) -> CompiledJSONValue in
                guard let base = buffer.baseAddress else { return .null }
                var parser = JSONByteParser(base, count: buffer.count, limits: readLimits)
                return try parser.readCompiledDocument()
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error):
            throw CompiledTableError(path: "", message: CompiledTableMessages.notJSON(error),
                                     position: SourceFile.position(ofOffset: error.offset, in: bytes))
        }
    }
}
