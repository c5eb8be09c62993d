import FuzzSupport
import RouteKit

/// Fuzzes payload decoding and deciding on the fixed table of `routes/`: any bytes are a strict
/// JSON error or a payload; the indexed evaluator decides every payload exactly like the
/// reference interpreter, and the decision writes as JSON that reads back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let payload: JSONValue
    do {
        payload = try JSONReader.read(UnsafeRawBufferPointer(start: data, count: size))
    } catch {
        return 0
    }
    let text = JSONWriter.write(payload)
    let reread: JSONValue
    do {
        reread = try JSONReader.read(text)
    } catch {
        fatalError("a written payload does not read back: \(error)\n\(text)")
    }
    require(reread == payload, "a payload does not survive writing: \(text)")
    let decision = Fixtures.routesProgram.decide(payload)
    require(Fixtures.routesCompiled.decide(payload) == decision,
            "the index decides \(text) unlike the interpreter")
    _ = JSONWriter.write(decision.jsonValue)
    return 0
}
