internal import CYAML
import RouteKit

/// Reads one YAML file into a ``YAMLDocument`` of `Node`s, through libyaml's event parser.
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
    /// ```swift
    /// let document = YAMLReader.read(Array("tabs: [home, me]\n".utf8), file: "app.yaml")
    /// ```
    public static func read(_ bytes: [UInt8], file: String) -> YAMLDocument {
        guard bytes.count <= YAMLLimits.maxFileSize else {
            let message = YAMLMessages.fileTooLarge(bytes.count)
            let diagnostic = Diagnostic(.error, message.code, message.text,
                                        at: .wholeFile(file))
            return YAMLDocument(root: nil, diagnostics: [diagnostic])
        }
        return bytes.withUnsafeBufferPointer { buffer in
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
            return builder.document
        }
    }
}
