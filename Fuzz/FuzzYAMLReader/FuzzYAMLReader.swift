import FuzzSupport
import RouteKit
import RouteKitYAML

/// Fuzzes the YAML reader: any bytes give a document or diagnostics, never a crash, a hang or
/// unbounded memory; every diagnostic renders against the file. Wherever the subset reader
/// reads the bytes, libyaml must read the same nodes and report nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let document = YAMLReader.read(bytes, file: "fuzz.yaml")
    if !document.diagnostics.isEmpty {
        let file = SourceFile(path: "fuzz.yaml", text: String(decoding: bytes, as: UTF8.self))
        _ = TextDiagnosticRenderer(files: [file]).render(document.diagnostics)
    }
    // As `YAMLReader.read` calls it: on the file without its byte order mark.
    let content = YAMLReader.withoutByteOrderMark(bytes)
    if let subset = content.withUnsafeBufferPointer({ YAMLSubsetReader.read($0, file: "fuzz.yaml") }) {
        let libyaml = YAMLReader.read(bytes, file: "fuzz.yaml", size: nil, subset: false)
        precondition(libyaml.diagnostics.isEmpty, "the subset reader read a file libyaml reports")
        precondition(libyaml.root == subset, "the subset reader and libyaml read different nodes")
    }
    return 0
}
