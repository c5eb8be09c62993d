import RouteKit
import RouteKitYAML

/// A route table read and checked from bytes, the way `TableLoader.load(path:)` does from disk.
public struct InMemoryTable {
    public var files: [SourceFile]
    public var diagnostics: [Diagnostic]
    /// nil when the table has errors.
    public var program: RoutingProgram?

    /// The separator line between files in a multi-file fuzz input.
    public static let fileSeparator: [UInt8] = Array("\n#%%file\n".utf8)

    /// Reads `bytes` as one table whose files are separated by `fileSeparator` lines (at most 8).
    public init(splitting bytes: [UInt8]) {
        self.init(files: Self.split(bytes))
    }

    /// Reads and checks the files (name, content) as one table, in order.
    public init(files contents: [[UInt8]]) {
        var files: [SourceFile] = []
        var documents: [(file: String, root: Node?)] = []
        var diagnostics: [Diagnostic] = []
        for (index, bytes) in contents.enumerated() {
            let name = "fuzz\(index).yaml"
            let document = YAMLReader.read(bytes, file: name)
            files.append(SourceFile(path: name, text: String(decoding: bytes, as: UTF8.self)))
            diagnostics += document.diagnostics
            documents.append((name, document.root))
        }
        let readAll = !diagnostics.contains { $0.severity == .error }
        let decoded = TableDecoder.decode(documents, complete: readAll)
        diagnostics += decoded.diagnostics
        var program: RoutingProgram?
        if let table = decoded.table {
            let checked = TableChecker.check(table, sources: files)
            diagnostics += checked.diagnostics
            program = checked.program
        }
        let readable = !diagnostics.contains { $0.severity == .error }
        self.files = files
        self.diagnostics = diagnostics.sorted(by: Diagnostic.sortsBefore)
        self.program = readable ? program : nil
    }

    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        let separator = fileSeparator
        while index + separator.count <= bytes.count, parts.count < 7 {
            if bytes[index] == separator[0], bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }
}
