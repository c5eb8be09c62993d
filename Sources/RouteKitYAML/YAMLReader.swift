internal import CYAML
import RouteKit

/// Reads one YAML file into a ``YAMLDocument`` of `Node`s, through libyaml's event parser (or,
/// for files in the common subset that ``YAMLSubsetReader`` reads to the same nodes, without it).
///
/// The reader adds what route files need on top of libyaml: exact positions (1-based, columns
/// in Unicode scalars, UTF-8 offsets), aliases expanded within ``YAMLLimits``, merge keys
/// (`<<`) applied, duplicate keys and custom tags rejected, one document per file.
///
/// ```swift
/// let document = YAMLReader.read(Array(text.utf8), file: "routes/app.yaml")
/// for diagnostic in document.diagnostics { print(diagnostic.message) }
/// ```
public enum YAMLReader {
    /// Reads `bytes` (the file's content, UTF-8) and reports problems against `file`.
    ///
    /// A leading UTF-8 byte order mark (as Windows editors write) is skipped, and positions
    /// count from after it: build the `SourceFile` for rendering from ``withoutByteOrderMark(_:)``.
    /// `size` is the file's real size when `bytes` is only its beginning (a reader that stops
    /// past ``YAMLLimits/maxFileSize`` reports the real size).
    ///
    /// ```swift
    /// let document = YAMLReader.read(Array("tabs: [home, me]\n".utf8), file: "app.yaml")
    /// ```
    public static func read(_ bytes: [UInt8], file: String, size: Int? = nil) -> YAMLDocument {
        read(bytes, file: file, size: size, subset: true)
    }

    /// Reads `bytes` as ``read(_:file:size:)`` does; with `subset: false`, always through
    /// libyaml, never ``YAMLSubsetReader`` (tests and the fuzzer compare the two).
    package static func read(_ bytes: [UInt8], file: String, size: Int?, subset: Bool) -> YAMLDocument {
        let fileSize = size ?? bytes.count
        guard fileSize <= YAMLLimits.maxFileSize, bytes.count <= YAMLLimits.maxFileSize else {
            return failure(YAMLMessages.fileTooLarge(fileSize), file: file)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return failure(YAMLMessages.invalidEncoding(
                "file is encoded as UTF-16; save it as UTF-8"), file: file)
        }
        // YAML 1.2 §5.2 tells UTF-16 and UTF-32 without a byte order mark by a NUL among the
        // first bytes; UTF-8 YAML never holds one.
        if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 {
            return failure(YAMLMessages.invalidEncoding(
                "file is encoded as UTF-16 or UTF-32, without a byte order mark; save it as UTF-8"), file: file)
        }
        let content = withoutByteOrderMark(bytes)
        return content.withUnsafeBufferPointer { buffer in
            if subset, let root = YAMLSubsetReader.read(buffer, file: file) {
                return YAMLDocument(root: root, diagnostics: [])
            }
            guard let parser = LibYAMLParser(input: buffer) else {
                return YAMLDocument(root: nil, diagnostics: [])
            }
            var builder = YAMLTreeBuilder(file: file, positions: SourcePositionMapper(bytes: buffer))
            let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
            defer { event.deallocate() }
            while true {
                guard parser.parse(event) else {
                    builder.fail(parser.failure)
                    break
                }
                let goOn = builder.handle(event)
                yaml_event_delete(event)
                if !goOn { break }
            }
            var document = builder.document
            // Found by the builder's position mapper, in the pass it makes over the file anyway.
            if let offset = builder.positions.firstLoneCarriageReturn {
                let at = builder.positions.position(ofOffset: offset)
                let message = YAMLMessages.loneCarriageReturn
                document.diagnostics.append(Diagnostic(.warning, message.code, message.text, at: SourceRange(
                    file: file, start: at, end: SourcePosition(line: at.line, column: at.column + 1, offset: offset + 1))))
            }
            return document
        }
    }

    /// `bytes` without a leading UTF-8 byte order mark.
    ///
    /// ```swift
    /// YAMLReader.withoutByteOrderMark([0xEF, 0xBB, 0xBF, 0x61]) // [0x61]
    /// ```
    public static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    private static func failure(_ message: YAMLMessage, file: String) -> YAMLDocument {
        let diagnostic = Diagnostic(.error, message.code, message.text, at: .wholeFile(file))
        return YAMLDocument(root: nil, diagnostics: [diagnostic])
    }
}
