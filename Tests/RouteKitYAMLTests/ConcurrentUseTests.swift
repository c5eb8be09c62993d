import Dispatch
import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// One table shared by many threads, as an app shares it between its notification delegate and
/// its UI: the reference interpreter, the compiled table and a table loaded from compiled JSON
/// decide concurrently exactly as they decide alone (alert texts, which a compiled table renders
/// when they are read, included), and tables load concurrently. `scripts/test.sh` runs the test
/// suite under ThreadSanitizer as well, which reports any data race these provoke.
@Suite struct ConcurrentUseTests {
    static let routes = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("routes").path

    static let payloads: [JSONValue] = [
        ["type": "3", "id": 42, "aps": ["alert": "You have a new message", "badge": 2]],
        ["type": 3, "id": "7", "aps": ["alert": ["title": "Ann", "body": "See you at 5"]]],
        ["type": "4", "uid": "u1"],
        ["uid": "u2", "aps": ["alert": 12]],
        ["target": "notice", "id": 1],
        ["pageKey": "session"],
        ["type": "0"], ["type": "2", "aps": ["badge": "x"]],
        ["type": "commentpass", "id": 3.5],
        [:], ["type": ["not", "a", "string"]],
    ]

    /// Threads and rounds: enough for every decision path to overlap with every other.
    static let threads = 8
    static let rounds = 50

    @Test func sharedTablesDecideAsTheyDoAlone() throws {
        let checked = try TableLoader.load(path: Self.routes)
        let program = try #require(checked.program)
        let compiled = CompiledTable(program)
        let reloaded = CompiledTable(try CompiledTableFormat.decode(Array(CompiledTableFormat.encode(program).utf8)))
        let deciders: [any RouteDecider] = [program, compiled, reloaded]
        let bytes = Self.payloads.map { Array(JSONWriter.write($0).utf8) }
        let expected = Self.payloads.map { program.decide($0) }
        let expectedAlerts = expected.map(\.alert)

        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            var local = 0
            for round in 0..<Self.rounds {
                for (index, payload) in Self.payloads.enumerated() {
                    // Each thread starts at a different payload and decider, so that they overlap.
                    let decider = deciders[(thread + round + index) % deciders.count]
                    let decision = decider.decide(payload)
                    if decision != expected[index] || decision.alert != expectedAlerts[index] { local += 1 }
                    let fromBytes = bytes[index].withUnsafeBytes { try? compiled.decide(json: $0) }
                    if fromBytes?.alert != expectedAlerts[index] || fromBytes != expected[index] { local += 1 }
                }
            }
            mismatches.withLock { $0 += local }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    /// A decision made on one thread and read on others: its alert texts render from the shared
    /// engine the same everywhere.
    @Test func decisionsReadOnOtherThreadsRenderTheSameTexts() throws {
        let program = try #require(try TableLoader.load(path: Self.routes).program)
        let compiled = CompiledTable(program)
        let decisions = Self.payloads.map { compiled.decide($0) }
        let expected = Self.payloads.map { program.decide($0).alert }
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            let local = zip(decisions, expected).filter { $0.alert != $1 }.count
            mismatches.withLock { $0 += local }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test func tablesLoadConcurrently() throws {
        let reference = try TableLoader.load(path: Self.routes)
        let json = CompiledTableFormat.encode(try #require(reference.program))
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            do {
                let loaded = try TableLoader.load(path: Self.routes)
                let decoded = try CompiledTableFormat.decode(Array(json.utf8))
                if loaded.diagnostics != reference.diagnostics || loaded.program == nil
                    || CompiledTableFormat.encode(decoded) != json
                {
                    failures.withLock { $0.append("a concurrent load differs") }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }
}

/// A value shared between threads behind a lock (`Mutex` needs newer Apple platforms than the
/// package supports).
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
