import Foundation
import Testing

/// Windows editors save "UTF-8" with a byte order mark. Route files, test files, payload files and
/// YAML event lists already accepted one; a JSON event list, a `--ui @FILE` and a compiled table
/// were refused ("byte order mark is not allowed"). Every input now drops it alike.
@Suite struct ByteOrderMarkInputTests {
    static let mark = "\u{FEFF}"

    private func directory() throws -> TemporaryDirectory { try SimulateCommandTests.directory() }

    @Test func aJSONEventListAndAUIFileMayStartWithOne() throws {
        let dir = try directory()
        try dir.write("events.json", Self.mark + #"[{"event":"ready"}]"#)
        try dir.write("ui.json", Self.mark + #"{"selected_tab":"home"}"#)
        let run = try runRouteCheck(["simulate", "app.yaml", "--events", "events.json", "--ui", "@ui.json"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "{\"outcome\":\"none\",\"commands\":[]}\n", stderr: "", status: 0))
    }

    @Test func aCompiledTableMayStartWithOne() throws {
        let dir = try directory()
        let compiled = try runRouteCheck(["compile", "app.yaml", "-o", "app.json"], in: dir.url)
        #expect(compiled.status == 0, "\(compiled)")
        let bytes = try Data(contentsOf: dir.url.appendingPathComponent("app.json"))
        try (Data(Self.mark.utf8) + bytes).write(to: dir.url.appendingPathComponent("marked.json"))
        let plain = try runRouteCheck(["validate", "app.json"], in: dir.url)
        let marked = try runRouteCheck(["validate", "marked.json"], in: dir.url)
        #expect(marked.status == 0, "\(marked)")
        #expect(marked.stdout == plain.stdout)
    }
}
