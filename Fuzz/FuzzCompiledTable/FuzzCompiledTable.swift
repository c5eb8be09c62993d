import FuzzSupport
import RouteKit

/// Fuzzes the compiled-table loader: any bytes are a `CompiledTableError` or a program that
/// decides; a loaded table compiles to JSON that loads again to the same table. Bytes that are
/// a signed table (`"format": "routekit-signed"`) go through `fuzzSignedTable` instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if SignedTable.isSignedTable(bytes) {
        fuzzSignedTable(bytes)
        return 0
    }
    let program: RoutingProgram
    do {
        program = try CompiledTableFormat.decode(bytes)
    } catch {
        _ = error.description
        return 0
    }
    let json = CompiledTableFormat.encode(program)
    let reloaded: RoutingProgram
    do {
        reloaded = try CompiledTableFormat.decode(Array(json.utf8))
    } catch {
        fatalError("a loaded compiled table does not load again: \(error)\n\(json)")
    }
    require(CompiledTableFormat.encode(reloaded) == json, "compiling a loaded table changes it")
    let compiled = CompiledTable(program)
    for payload in Fixtures.payloads {
        let decision = program.decide(payload)
        require(compiled.decide(payload) == decision,
                "the index decides \(payload) unlike the interpreter")
        require(reloaded.decide(payload) == decision, "the reloaded table decides \(payload) differently")
    }
    return 0
}
