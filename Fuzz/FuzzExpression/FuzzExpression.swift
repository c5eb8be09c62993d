import FuzzSupport
import RouteKit

/// Fuzzes the expression parser, checker and interpreter: any text gives diagnostics or a
/// checked predicate that evaluates on any payload without crashing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (checked, diagnostics) = ExpressionChecker.compilePredicate(source, in: environment)
    let length = source.unicodeScalars.count
    for diagnostic in diagnostics {
        require(diagnostic.range.lowerBound >= 0 && diagnostic.range.lowerBound <= length,
                "diagnostic range \(diagnostic.range) outside an expression of \(length) scalars")
    }
    guard let checked, !checked.hasErrors else { return 0 }
    for (index, (payload, normalized)) in zip(Fixtures.payloads, normalizedPayloads).enumerated() {
        _ = checked.matches(payload: normalized)
        // The traced evaluation (what `--explain` prints) on a third of the payloads, every kind
        // among them: on all of them it was most of each execution once inputs grew long.
        guard index % 3 == 0 else { continue }
        var trace: [TraceStep] = []
        _ = checked.evaluate(payload: payload, trace: &trace)
    }
    return 0
}

/// The fields of `routes/app.yaml` and one of every other type, so that declared, nested,
/// list, `any` and undeclared fields are all reachable.
private let fields: [CodePointKey: FieldType] = [
    "type": .string, "target": .string, "uid": .string, "id": .int, "pageKey": .string,
    "aps.alert": .any, "aps.badge": .int,
    "score": .double, "flag": .bool, "tags": .list(.string), "ids": .list(.int),
]
private let environment = ExpressionEnvironment(fields: fields)
/// Normalized once: normalizing is not what this target fuzzes, and doing it per input made it
/// most of each execution.
private let normalizedPayloads = Fixtures.payloads.map {
    PayloadNormalizer(fields: fields).normalize($0).payload
}
