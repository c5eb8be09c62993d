import Foundation
import RouteKit
import RouteKitYAML

/// A TABLE named on the command line: a directory or a file, read where it lies, or a stream (a
/// pipe such as `<(git show HEAD:routes.yaml)`, `/dev/stdin`), read once into memory. A stream
/// cannot be read a second time, and telling a compiled table from YAML reads its first bytes.
///
/// ```swift
/// let input = try TableInput.open("routes/")
/// if input.isCompiled { … } else { let checked = try input.loadRouteTable() }
/// ```
enum TableInput {
    /// A directory: a route table, whose loader lists its files.
    case directory(String)
    /// A file that can be opened again.
    case file(String)
    /// A stream's bytes: all of them, or the first one past the larger of the two size limits.
    case stream(String, [UInt8])

    /// Checks that `path` is readable (`CLIError.io` otherwise) and reads it now when it is a
    /// stream.
    static func open(_ path: String) throws(CLIError) -> TableInput {
        try InputPath.checkReadable(path)
        // `stat` follows links (`/dev/stdin` is one, to the pipe); FileManager's attributes do not.
        var status = stat()
        // Unreadable after all: its loader reports it.
        guard stat(path, &status) == 0 else { return .file(path) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory(path)
        case S_IFREG: return .file(path)
        default: break
        }
        return .stream(path, try InputPath.readBytes(path, atMost: max(YAMLLimits.maxFileSize, Self.compiledLimit)))
    }

    /// The path as named on the command line.
    var path: String {
        switch self {
        case .directory(let path), .file(let path), .stream(let path, _): path
        }
    }

    /// Whether this is a compiled table: a file ending in `.json`, or a file that is not named
    /// `.yaml`/`.yml` whose first byte other than whitespace is `{`. Directories and unreadable
    /// paths are route tables (whose loader reports them).
    var isCompiled: Bool {
        if case .directory = self { return false }
        let name = path.lowercased()
        if name.hasSuffix(".json") { return true }
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { return false }
        return CompiledTableFormat.looksCompiled(head)
    }

    /// The first bytes, enough to tell a compiled table from YAML.
    private var head: [UInt8] {
        switch self {
        case .stream(_, let bytes):
            return Array(bytes.prefix(Self.sniffLength))
        case .directory:
            return []
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: Self.sniffLength)).map { [UInt8]($0) } ?? []
        }
    }

    /// How many leading bytes are read to tell a compiled table from YAML.
    static let sniffLength = 4096

    /// Reads and checks the route table (`TableLoader.load`).
    func loadRouteTable(analyze: Bool = true) throws(TableLoadError) -> CheckedTable {
        switch self {
        case .directory(let path), .file(let path):
            return try TableLoader.load(path: path, analyze: analyze)
        case .stream(let path, let bytes):
            // Past the YAML limit only "larger than the limit" is known: a stream has no size.
            let limit = YAMLLimits.maxFileSize
            return bytes.count > limit
                ? TableLoader.load(path: path, bytes: Array(bytes.prefix(limit + 1)), size: limit + 1, analyze: analyze)
                : TableLoader.load(path: path, bytes: bytes, size: nil, analyze: analyze)
        }
    }

    /// The most a compiled table's file is read: a signed table holds one in base64, and is the
    /// larger of the two.
    static let compiledLimit = max(CompiledTableFormat.maxBytes, SignedTable.maxBytes)

    /// The bytes of a compiled or signed table, reading one byte past the limit so that an
    /// oversized file is reported by the decoder rather than truncated, without the byte order
    /// mark an editor may have added on saving it.
    func compiledBytes() throws(CLIError) -> [UInt8] {
        let limit = Self.compiledLimit + InputPath.byteOrderMarkLength
        switch self {
        case .directory(let path), .file(let path):
            return YAMLReader.withoutByteOrderMark(try InputPath.readBytes(path, atMost: limit))
        case .stream(_, let bytes): return YAMLReader.withoutByteOrderMark(Array(bytes.prefix(limit + 1)))
        }
    }
}
