import Foundation
import Testing

import RouteKit

/// Differential test against Google's CEL implementation (cel-cpp, through the `cel-expr-python`
/// package): generated expressions over generated payloads must give the same result in RouteKit's
/// interpreter and in CEL. See docs/differential.md.
struct DifferentialTests {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]
    static let casesPerSeed = 1_000

    /// Known differences, each documented in docs/differential.md. Empty: none are excluded.
    static let deliberateDifferences: [String: String] = [:]

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether `python3` can import the reference library.
    static let referenceAvailable: Bool = {
        guard let result = try? run(["python3", "-c", "from cel_expr_python import cel"], input: Data()) else {
            return false
        }
        return result.status == 0
    }()

    static var enabled: Bool {
        if referenceAvailable || isCI { return true }
        print(
            "DifferentialTests: skipped, python3 cannot import cel_expr_python "
                + "(install it with: python3 -m pip install cel-expr-python)")
        return false
    }

    @Test(.enabled(if: enabled, "needs the cel-expr-python package (python3 -m pip install cel-expr-python)"))
    func routeKitAgreesWithCEL() throws {
        try #require(
            Self.referenceAvailable,
            "python3 cannot import cel_expr_python: run python3 -m pip install cel-expr-python (scripts/setup.sh)")
        var cases: [DifferentialCase] = []
        for seed in Self.seeds {
            var generator = ExpressionGenerator(seed: seed)
            cases += generator.cases(Self.casesPerSeed)
        }
        var input = ""
        for item in cases {
            input += "{\"expr\": "
            DifferentialJSON.writeString(item.expression, into: &input)
            input += ", \"bindings\": "
            DifferentialJSON.write(item.payload, into: &input)
            input += "}\n"
        }
        let script = Self.repositoryRoot.appendingPathComponent("scripts/cel_reference.py").path
        let result = try Self.run(["python3", script], input: Data(input.utf8))
        try #require(result.status == 0, "cel_reference.py failed (\(result.status)): \(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: true)
        try #require(lines.count == cases.count, "cel_reference.py answered \(lines.count) of \(cases.count) lines")

        var tally = Tally()
        var disagreements: [String] = []
        for (item, line) in zip(cases, lines) {
            let reference = try Self.outcome(referenceLine: String(line))
            let routeKit = Self.outcome(routeKit: item)
            tally.count(reference, routeKit)
            if !Self.agree(reference, routeKit) {
                disagreements.append(
                    """
                    seed \(item.seed) case \(item.index)
                      expression: \(item.expression)
                      payload:    \(DifferentialJSON.text(item.payload))
                      CEL:        \(reference)
                      RouteKit:   \(routeKit)
                    """)
            }
        }
        print(
            "DifferentialTests: \(cases.count) cases; CEL values \(tally.referenceValues), CEL errors "
                + "\(tally.referenceErrors), CEL matches \(tally.referenceMatches); "
                + "disagreements \(disagreements.count)")
        for disagreement in disagreements.prefix(40) { print(disagreement) }
        #expect(cases.count >= 10_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements with CEL; the first: \(disagreements.first ?? "")")
        // The generator must exercise both sides, not only errors.
        #expect(tally.referenceValues > cases.count / 4)
        #expect(tally.referenceErrors > cases.count / 10)
        #expect(tally.referenceMatches > cases.count / 20)
    }

    // MARK: Outcomes

    /// What an implementation made of a case.
    enum Outcome: CustomStringConvertible {
        case value(Value)
        case error(String)

        var description: String {
            switch self {
            case .value(let value): "value \(Self.render(value))"
            case .error(let message): "error: \(message)"
            }
        }

        var matches: Bool {
            if case .value(.bool(true)) = self { return true }
            return false
        }

        /// Shows the kind of every number (`3` is an int, `3.0` a double).
        static func render(_ value: Value) -> String {
            switch value {
            case .null: "null"
            case .bool(let b): b ? "true" : "false"
            case .int(let i): String(i)
            case .double(let d): "double(" + ExpressionGenerator.doubleLiteral(d) + ")"
            case .string(let s): ExpressionGenerator.stringLiteral(s, style: 2)
            case .list(let items): "[" + items.map(render).joined(separator: ", ") + "]"
            case .map(let entries):
                "{" + entries.map { render($0.key.value) + ": " + render($0.value) }.sorted().joined(separator: ", ") + "}"
            case .error(let message): "error(\(message))"
            }
        }
    }

    struct Tally {
        var referenceValues = 0
        var referenceErrors = 0
        var referenceMatches = 0

        mutating func count(_ reference: Outcome, _ routeKit: Outcome) {
            switch reference {
            case .value: referenceValues += 1
            case .error: referenceErrors += 1
            }
            if reference.matches { referenceMatches += 1 }
        }
    }

    static func outcome(routeKit item: DifferentialCase) -> Outcome {
        let (parsed, diagnostics) = ExpressionParser.parse(item.expression)
        guard let expr = parsed else {
            return .error("parse: " + (diagnostics.first.map { "\($0.message)" } ?? "no expression"))
        }
        let value = ExpressionInterpreter.evaluate(expr, payload: item.payload)
        if case .error(let message) = value { return .error(message) }
        return .value(value)
    }

    static func outcome(referenceLine line: String) throws -> Outcome {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        if let message = object["error"] as? String { return .error(message) }
        let tagged = try #require(object["value"], "no value: \(line)")
        return .value(try value(tagged: tagged))
    }

    static func value(tagged: Any) throws -> Value {
        let object = try #require(tagged as? [String: Any], "untagged value \(tagged)")
        let (tag, content) = try #require(object.first, "empty tag")
        switch tag {
        case "null": return .null
        case "bool": return .bool(try #require(content as? Bool))
        case "int": return .int(try #require(Int64(try #require(content as? String))))
        case "double":
            let text = try #require(content as? String)
            switch text {
            case "NaN": return .double(.nan)
            case "Infinity": return .double(.infinity)
            case "-Infinity": return .double(-.infinity)
            default: return .double(try #require(Double(text), "bad double \(text)"))
            }
        case "string": return .string(try #require(content as? String))
        case "list": return .list(try (try #require(content as? [Any])).map { try value(tagged: $0) })
        case "map":
            var map: [MapKey: Value] = [:]
            for entry in try #require(content as? [[Any]]) {
                try #require(entry.count == 2)
                let key = try #require(MapKey(try value(tagged: entry[0])))
                map[key] = try value(tagged: entry[1])
            }
            return .map(map)
        default:
            throw DifferentialError(message: "unknown tag \(tag)")
        }
    }

    struct DifferentialError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    // MARK: Comparison

    /// Both errors, or both values of the same kinds and contents.
    static func agree(_ a: Outcome, _ b: Outcome) -> Bool {
        switch (a, b) {
        case (.error, .error): return true
        case (.value(let x), .value(let y)): return a.matches == b.matches && same(x, y)
        default: return false
        }
    }

    /// Structural identity: an int is never the same as a double, doubles are compared by bits
    /// (or both NaN), strings by Unicode scalars.
    static func same(_ x: Value, _ y: Value) -> Bool {
        switch (x, y) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.list(let a), .list(let b)): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.map(let a), .map(let b)):
            return a.count == b.count
                && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        default: return false
        }
    }

    // MARK: Processes

    struct ProcessResult {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs a command (through `/usr/bin/env`, so `python3` is found on the PATH) with `input` on
    /// its standard input.
    static func run(_ arguments: [String], input: Data) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read on separate threads so that neither pipe fills up and blocks the other.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorBox = DataBox()
        let errorReader = Thread {
            errorBox.set(stderr.fileHandleForReading.readDataToEndOfFile())
        }
        errorReader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorBox.done { Thread.sleep(forTimeInterval: 0.01) }
        return ProcessResult(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: errorBox.data, as: UTF8.self))
    }

    final class DataBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = Data()
        private var finished = false

        func set(_ data: Data) {
            lock.lock()
            stored = data
            finished = true
            lock.unlock()
        }

        var done: Bool {
            lock.lock()
            defer { lock.unlock() }
            return finished
        }

        var data: Data {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }
}
