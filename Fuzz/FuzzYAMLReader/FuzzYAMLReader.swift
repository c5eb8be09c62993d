import FuzzSupport
import RouteKit
import RouteKitYAML

/// Fuzzes the YAML reader: any bytes give a document or diagnostics, never a crash, a hang or
/// unbounded memory; every diagnostic renders against the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let document = YAMLReader.read(bytes, file: "fuzz.yaml")
    if !document.diagnostics.isEmpty {
        let file = SourceFile(path: "fuzz.yaml", text: String(decoding: bytes, as: UTF8.self))
        _ = TextDiagnosticRenderer(files: [file]).render(document.diagnostics)
    }
    return 0
}
