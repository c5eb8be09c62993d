import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// SPEC §8 "never … unbounded memory": every input a command reads is read only one byte past
/// its limit, so a file or a pipe that never ends (`/dev/zero`) is refused as too large, quickly,
/// instead of being held whole. Before, `eval --payload @FILE`, `simulate --events`, `--ui @FILE`
/// and `test` read a 1 GB file whole (2 GB resident) before finding it past the limit.
@Suite struct EndlessInputTests {
    /// A file that never ends: reading it whole would never finish.
    static let endless = "/dev/zero"

    private func directory() throws -> TemporaryDirectory { try SimulateCommandTests.directory() }

    /// Runs `routecheck`; fails past `bound`, a hang check (each run takes ~50 ms).
    private func run(_ arguments: [String], inputPath: String? = nil) throws -> RouteCheckRun {
        let dir = try directory()
        let clock = ContinuousClock()
        let start = clock.now
        let run = try runRouteCheck(arguments, in: dir.url, inputPath: inputPath)
        #expect(clock.now - start < .seconds(20), "\(arguments)")
        return run
    }

    @Test func aPayloadFileThatNeverEndsIsTooLarge() throws {
        for (argument, input) in [("@\(Self.endless)", nil), ("-", Self.endless), ("@-", Self.endless)] {
            let run = try run(["eval", "app.yaml", "--payload", argument], inputPath: input)
            #expect(run.status == 1, "\(argument): \(run)")
            #expect(run.stderr.contains("payload is larger than \(PayloadLimits.maxBytes) bytes"), "\(argument): \(run)")
        }
    }

    @Test func anEventFileThatNeverEndsIsTooLarge() throws {
        for (argument, input) in [(Self.endless, nil), ("-", Self.endless)] {
            let run = try run(["simulate", "app.yaml", "--events", argument], inputPath: input)
            #expect(run.status == 2, "\(argument): \(run)")
            #expect(run.stderr.contains(
                "error: file is larger than the limit of \(YAMLLimits.maxFileSize) bytes; split it into several files"),
                "\(argument): \(run)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func aUIFileThatNeverEndsIsTooLarge() throws {
        let run = try run(["simulate", "app.yaml", "--events", "-", "--ui", "@\(Self.endless)"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("is larger than \(PayloadLimits.maxBytes) bytes"), "\(run)")
    }

    @Test func aTestFileThatNeverEndsIsTooLarge() throws {
        let run = try run(["test", "app.yaml", Self.endless])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains(
            "error: file is larger than the limit of \(YAMLLimits.maxFileSize) bytes; split it into several files"),
            "\(run)")
    }

    @Test func aPayloadFileAtTheLimitIsReadAndOnePastItIsNot() throws {
        let dir = try directory()
        let payload = #"{"type":3,"id":7}"#
        let atLimit = payload + String(repeating: " ", count: PayloadLimits.maxBytes - payload.utf8.count)
        #expect(atLimit.utf8.count == PayloadLimits.maxBytes)
        // With an editor's byte order mark before it: the mark is not part of the payload.
        try dir.write("at.json", "\u{FEFF}" + atLimit)
        let at = try runRouteCheck(["eval", "app.yaml", "--payload", "@at.json"], in: dir.url)
        #expect(at.status == 0, "\(at)")
        try dir.write("past.json", "\u{FEFF}" + atLimit + " ")
        let past = try runRouteCheck(["eval", "app.yaml", "--payload", "@past.json"], in: dir.url)
        #expect(past.status == 1, "\(past)")
        #expect(past.stderr.contains("payload is larger than \(PayloadLimits.maxBytes) bytes"), "\(past)")
    }
}
