import Foundation
import Testing

import RouteKit

/// Differential test against Google's CEL implementation (cel-cpp, through the `cel-expr-python`
/// package): generated expressions over generated payloads must give the same result in RouteKit's
/// interpreter and in CEL. See docs/differential.md.
struct DifferentialTests {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377]
    static let casesPerSeed = 1_000
    static let printLimit = Int(ProcessInfo.processInfo.environment["DIFFERENTIAL_PRINT_LIMIT"] ?? "") ?? 40

    /// Known differences, each documented with its reason in docs/differential.md (same names).
    /// A case one of them applies to is not compared; the test reports how many there were.
    static let knownDifferences: [KnownDifference] = [
        KnownDifference(name: "double-literal-out-of-range") { item, _ in
            // RouteKit rejects a double literal beyond the double range, as cel-go does;
            // cel-cpp reads it as infinity.
            item.expression.contains("1e309")
        },
        KnownDifference(name: "cel-cpp-int-of-bool") { item, expr in
            // cel-cpp has an `int(bool)` overload that cel-spec does not define.
            arguments(of: "int", in: expr, payload: item.payload).contains { if case .bool = $0 { true } else { false } }
        },
        KnownDifference(name: "cel-cpp-number-text-with-spaces") { item, expr in
            // cel-cpp's int(string) and double(string) skip surrounding white space (absl's
            // SimpleAtoi/SimpleAtod); cel-spec, cel-go and cel-java do not.
            (arguments(of: "int", in: expr, payload: item.payload)
                + arguments(of: "double", in: expr, payload: item.payload)).contains {
                    guard case .string(let text) = $0 else { return false }
                    return text.unicodeScalars.contains { $0.properties.isWhitespace }
                }
        },
        KnownDifference(name: "cel-cpp-string-of-non-finite-double") { item, expr in
            // string(NaN) is "nan" or "-nan" in cel-cpp (printf), "NaN" in RouteKit and cel-go;
            // string(±infinity) is "inf"/"-inf" against "+Inf"/"-Inf".
            arguments(of: "string", in: expr, payload: item.payload).contains {
                if case .double(let d) = $0 { !d.isFinite } else { false }
            }
        },
        KnownDifference(name: "cel-expr-python-nul-in-bound-strings") { item, _ in
            // cel-expr-python cuts a bound Python string at its first U+0000 (a C-string
            // conversion); strings written in the expression keep it.
            containsNUL(item.payload)
        },
    ]

    struct KnownDifference: Sendable {
        let name: String
        let applies: @Sendable (DifferentialCase, Expr?) -> Bool
    }

    /// The values the single argument of every global call to `function` in `expr` evaluates
    /// to (evaluated on their own, so also in branches that are not taken).
    static func arguments(of function: String, in expr: Expr?, payload: JSONValue) -> [Value] {
        guard let expr else { return [] }
        var found: [Value] = []
        var pending = [expr]
        while let node = pending.popLast() {
            if case .call(let name, nil, let arguments) = node.kind, name == function, arguments.count == 1 {
                found.append(ExpressionInterpreter.evaluate(arguments[0], payload: payload))
            }
            pending.append(contentsOf: node.kind.children)
        }
        return found
    }

    static func containsNUL(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s): s.unicodeScalars.contains("\u{0}")
        case .array(let items): items.contains(where: containsNUL)
        case .object(let members): members.contains { $0.key.unicodeScalars.contains("\u{0}") || containsNUL($0.value) }
        default: false
        }
    }

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
        var cases = ExpressionGenerator.curated.enumerated().map {
            DifferentialCase(
                seed: 0, index: $0.offset, expression: $0.element, payload: ExpressionGenerator.curatedPayload)
        }
        for seed in Self.seeds {
            var generator = ExpressionGenerator(seed: seed)
            cases += generator.cases(Self.casesPerSeed)
        }
        let comparison = try Self.compareWithReference(cases)
        let (tally, disagreements, excluded) = (comparison.tally, comparison.disagreements, comparison.excluded)
        for (name, counts) in excluded.sorted(by: { $0.key < $1.key }) {
            print("DifferentialTests: not compared (\(name)): \(counts.cases) cases, \(counts.differing) of them differ")
        }
        print(
            "DifferentialTests: \(cases.count) cases, \(tally.compared) compared; CEL values \(tally.referenceValues), CEL errors "
                + "\(tally.referenceErrors), CEL matches \(tally.referenceMatches); "
                + "disagreements \(disagreements.count)")
        for disagreement in disagreements.prefix(Self.printLimit) { print(disagreement) }
        #expect(tally.compared >= 10_000)
        #expect(disagreements.count == 0, "\(disagreements.count) disagreements with CEL; the first: \(disagreements.first ?? "")")
        // The generator must exercise both sides, not only errors.
        #expect(tally.referenceValues > tally.compared / 4)
        #expect(tally.referenceErrors > tally.compared / 10)
        #expect(tally.referenceMatches > tally.compared / 40)
    }

    /// What comparing a batch of cases with the reference found.
    struct Comparison {
        var tally = Tally()
        /// Each disagreement, rendered with its seed, case, expression, payload and both results.
        var disagreements: [String] = []
        /// By known difference: how many cases it kept out of the comparison, and how many of
        /// those actually differed.
        var excluded: [String: (cases: Int, differing: Int)] = [:]
    }

    /// Runs `cases` through `scripts/cel_reference.py` (one process for the batch) and through
    /// RouteKit's interpreter, and compares them, leaving out the cases a known difference
    /// applies to.
    static func compareWithReference(_ cases: [DifferentialCase]) throws -> Comparison {
        var input = ""
        for item in cases {
            input += "{\"expr\": "
            DifferentialJSON.writeString(item.expression, into: &input)
            input += ", \"bindings\": "
            DifferentialJSON.write(item.payload, into: &input)
            input += "}\n"
        }
        let script = repositoryRoot.appendingPathComponent("scripts/cel_reference.py").path
        let result = try run(["python3", script], input: Data(input.utf8))
        try #require(result.status == 0, "cel_reference.py failed (\(result.status)): \(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: true)
        try #require(lines.count == cases.count, "cel_reference.py answered \(lines.count) of \(cases.count) lines")

        var comparison = Comparison()
        for (item, line) in zip(cases, lines) {
            let reference = try outcome(referenceLine: String(line))
            let (expr, routeKit) = outcome(routeKit: item)
            if let known = knownDifferences.first(where: { $0.applies(item, expr) }) {
                let differs = agree(reference, routeKit) ? 0 : 1
                let previous = comparison.excluded[known.name] ?? (0, 0)
                comparison.excluded[known.name] = (previous.cases + 1, previous.differing + differs)
                continue
            }
            comparison.tally.count(reference, routeKit)
            if !agree(reference, routeKit) {
                comparison.disagreements.append(
                    """
                    seed \(item.seed) case \(item.index)
                      expression: \(item.expression)
                      payload:    \(DifferentialJSON.text(item.payload))
                      CEL:        \(reference)
                      RouteKit:   \(routeKit)
                    """)
            }
        }
        return comparison
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
        var compared = 0

        mutating func count(_ reference: Outcome, _ routeKit: Outcome) {
            compared += 1
            switch reference {
            case .value: referenceValues += 1
            case .error: referenceErrors += 1
            }
            if reference.matches { referenceMatches += 1 }
        }
    }

    /// RouteKit's syntax tree (nil when it does not parse) and result.
    static func outcome(routeKit item: DifferentialCase) -> (Expr?, Outcome) {
        let (parsed, diagnostics) = ExpressionParser.parse(item.expression)
        guard let expr = parsed else {
            return (nil, .error("parse: " + (diagnostics.first.map { "\($0.message)" } ?? "no expression")))
        }
        let value = ExpressionInterpreter.evaluate(expr, payload: item.payload)
        if case .error(let message) = value { return (expr, .error(message)) }
        return (expr, .value(value))
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
        case "int":
            let text = try #require(content as? String)
            return .int(try #require(Int64(text)))
        case "double":
            let text = try #require(content as? String)
            switch text {
            case "NaN": return .double(.nan)
            case "Infinity": return .double(.infinity)
            case "-Infinity": return .double(-.infinity)
            default: return .double(try #require(Double(text), "bad double \(text)"))
            }
        case "string": return .string(try #require(content as? String))
        case "list":
            let items = try #require(content as? [Any])
            return .list(try items.map { try value(tagged: $0) })
        case "map":
            var map: [MapKey: Value] = [:]
            for entry in try #require(content as? [[Any]]) {
                try #require(entry.count == 2)
                let keyValue = try value(tagged: entry[0])
                let key = try #require(MapKey(keyValue))
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
    /// its standard input. Input and standard error go through temporary files, so that no pipe
    /// can fill up and block while the output is read; each run has a directory of its own, so
    /// that tests running at once do not share one.
    static func run(_ arguments: [String], input: Data) throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("routekit-differential-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("cases.jsonl")
        let errorURL = directory.appendingPathComponent("stderr.txt")
        try input.write(to: inputURL)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let inputHandle = try FileHandle(forReadingFrom: inputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        defer {
            try? inputHandle.close()
            try? errorHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let stdout = Pipe()
        process.standardInput = inputHandle
        process.standardOutput = stdout
        process.standardError = errorHandle
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = (try? Data(contentsOf: errorURL)) ?? Data()
        return ProcessResult(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self))
    }
}
