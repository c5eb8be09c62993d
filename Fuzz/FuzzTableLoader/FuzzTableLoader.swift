import FuzzSupport
import RouteKit
import RouteKitYAML

/// Fuzzes the whole table loader, from YAML bytes to diagnostics or a checked table. The input
/// is one table whose files are separated by `#%%file` lines. A table that checks must also
/// compile to JSON that loads again and decides the same, and every diagnostic must render.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let loaded = InMemoryTable(splitting: fuzzBytes(data, size))
    _ = TextDiagnosticRenderer(files: loaded.files).render(loaded.diagnostics)
    guard let program = loaded.program else {
        require(loaded.diagnostics.contains { $0.severity == .error },
                "a table without a program has no error")
        return 0
    }
    let compiled = CompiledTable(program)
    let json = CompiledTableFormat.encode(program)
    let reloaded: RoutingProgram
    do {
        reloaded = try CompiledTableFormat.decode(Array(json.utf8))
    } catch {
        fatalError("the compiled form of a checked table does not load: \(error)\n\(json)")
    }
    require(CompiledTableFormat.encode(reloaded) == json, "compiling the loaded table changes it")
    for payload in Fixtures.payloads {
        let decision = program.decide(payload)
        require(compiled.decide(payload) == decision,
                "the index decides \(payload) unlike the interpreter")
        require(reloaded.decide(payload) == decision,
                "the compiled table decides \(payload) unlike the YAML")
    }
    return 0
}
