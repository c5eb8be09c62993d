import Foundation
import RouteKit
import RouteKitYAML

/// What the fuzz targets share: the example table of `routes/`, checked once, and a small set of
/// payloads that reach every rule of it.
public enum Fixtures {
    /// The repository's root: `ROUTEKIT_ROOT` when set, otherwise found from this file's path
    /// (`Fuzz/FuzzSupport/Fixtures.swift`). The fuzz targets only run from a checkout.
    public static let repositoryRoot: String = {
        if let root = ProcessInfo.processInfo.environment["ROUTEKIT_ROOT"] { return root }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .path
    }()

    /// The checked program of `routes/`; the targets that need a fixed table stop at once
    /// without it.
    public static let routesProgram: RoutingProgram = {
        let path = repositoryRoot + "/routes"
        do {
            let checked = try TableLoader.load(path: path)
            guard let program = checked.program else {
                fatalError("routes/ does not check: \(checked.diagnostics.map(\.message))")
            }
            return program
        } catch {
            fatalError("cannot load \(path): \(error)")
        }
    }()

    /// The indexed evaluator of `routes/`.
    public static let routesCompiled = CompiledTable(routesProgram)

    /// Payloads that reach every rule of `routes/`, the fallback-less miss, and the usual
    /// disagreements between backends (numbers as strings, doubles for ints, wrong types).
    public static let payloads: [JSONValue] = [
        [:],
        ["type": 3, "id": 42, "aps": ["alert": "New reply", "badge": 1]],
        ["type": "3", "id": "42"],
        ["type": 3.0, "id": 42.0],
        ["type": "3", "id": "abc"],
        ["type": 4, "id": 9],
        ["type": "commentpass"],
        ["type": 0], ["type": 1], ["type": 2], ["type": 99],
        ["target": "notice", "aps": ["alert": "Maintenance tonight"]],
        ["pageKey": "session"],
        ["uid": "u1", "aps": ["alert": "Hi"]],
        ["uid": "u2"],
        ["uid": 7],
        ["type": true, "id": [1, 2]],
        ["type": .null, "target": ["notice"]],
        ["aps": ["alert": ["title": "T", "body": "B"]]],
    ]
}
