import Foundation
import RouteKitYAML
import Testing

/// A table can come through a pipe (`routecheck validate <(git show HEAD:routes.yaml)`, or
/// `/dev/stdin`). A pipe can be read only once: telling a compiled table from YAML used to read
/// its first 4,096 bytes, and the table was then read from what was left, checked and decided
/// on as a different table, with exit 0.
@Suite struct TableFromAPipeTests {
    /// A table whose first rule sits in the first 4,096 bytes; `version` and `tabs` come after.
    static let split: String = {
        let head = "routes:\n  - {name: early, when: \"true\", tab: me}\n"
        let padding = "#" + String(repeating: "x", count: 4096 - head.utf8.count - 2) + "\n"
        return head + padding + "version: 1\ntabs: [home, me]\nfallback: {tab: home}\n"
    }()

    /// Runs `routecheck` with `input` written into a pipe on its standard input.
    private func run(_ arguments: [String], piping input: [UInt8]) throws -> (stdout: String, status: Int32) {
        let process = Process()
        process.executableURL = try routeCheckBinary()
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        // From another thread: the input may be larger than the pipe holds before it is read.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: output, as: UTF8.self), process.terminationStatus)
    }

    @Test func aPipedTableIsReadWhole() throws {
        #expect(Self.split.utf8.count > 4096)
        let bytes = Array(Self.split.utf8)
        let validated = try run(["validate", "/dev/stdin"], piping: bytes)
        #expect(validated.stdout == "1 table, 1 file, 1 rule: 0 errors, 0 warnings\n")
        #expect(validated.status == 0)
        let decided = try run(["eval", "/dev/stdin", "--payloads", "/dev/null", "--format", "json"], piping: bytes)
        #expect(decided.status == 0)
        let evaluated = try run(["eval", "/dev/stdin", "--payload", "{}", "--format", "json"], piping: bytes)
        #expect(evaluated.stdout.contains("\"rule\":\"early\""), "\(evaluated.stdout)")
    }

    @Test func aPipedCompiledTableIsReadWhole() throws {
        let dir = try TemporaryDirectory()
        // Enough rules that the compiled table is longer than the bytes read to recognize it.
        let more = (1...40).map { "  - {name: more-\($0), when: \"false\", tab: home}\n" }.joined()
        try dir.write("app/a.yaml", Self.split)
        try dir.write("app/b.yaml", "routes:\n" + more)
        let compiled = try runRouteCheck(["compile", "app", "-o", "app.json"], in: dir.url)
        #expect(compiled.status == 0, "\(compiled)")
        let bytes = try [UInt8](Data(contentsOf: dir.url.appendingPathComponent("app.json")))
        #expect(bytes.count > 4096)
        let evaluated = try run(["eval", "/dev/stdin", "--payload", "{}", "--format", "json"], piping: bytes)
        #expect(evaluated.stdout.contains("\"rule\":\"early\""), "\(evaluated.stdout)")
        #expect(evaluated.status == 0)
    }

    @Test func aDeviceWithNoEndIsLargerThanTheLimitNotZeroBytes() throws {
        let run = try runRouteCheck(["validate", "/dev/zero"], in: URL(fileURLWithPath: "/"))
        #expect(run.stdout.hasPrefix(
            "/dev/zero:1:1: error: file is larger than the limit of \(YAMLLimits.maxFileSize) bytes"), "\(run)")
        #expect(run.status == 1)
    }
}
