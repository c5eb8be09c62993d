import Foundation
import RouteKit
import RouteKitYAML

/// `routecheck eval TABLE (--payload JSON|@FILE|- | --payloads FILE.jsonl) [--explain]
/// [--format text|json]`: decides where payloads lead.
///
/// ```
/// $ routecheck eval routes/ --payload '{"type": 3, "id": 42}'
/// rule: message-detail (#0)
/// ```
struct EvalCommand: Command {
    enum Format: String, CaseIterable { case text, json }

    static let configuration = CommandConfiguration(
        name: "eval",
        abstract: "Decide where a notification payload leads",
        discussion: """
            With --payload, decides one payload (JSON text, @FILE, or - or @- for standard
            input) and prints the decision: the matched rule (or the fallback, or none), the
            action with its params, the login requirement, the foreground policy and the alert
            text. --explain shows every rule tried, the value of each sub-expression, and
            payload fields that could not be normalized to their declared type (treated as
            missing).

            With --payloads FILE.jsonl (or - for standard input), decides one payload per line
            and prints one JSON line per payload: {"rule": name, "index": n} ({"rule": null,
            "index": -1} when no rule matched, fallback or not), or {"error": "..."} for a line
            that is not a JSON object; blank lines are skipped. With --explain each line also
            has "explain", the same object as in --payload --explain --format json. Output is
            buffered for throughput.
            """,
        options: [
            .value("payload", placeholder: "JSON|@FILE|-", help: "One payload to decide"),
            .value("payloads", placeholder: "FILE.jsonl|-", help: "A file with one payload per line"),
            .flag("explain", help: "Show why each rule did or did not match"),
            .choice("format", Format.allCases.map(\.rawValue), default: Format.text.rawValue,
                    help: "Output format for --payload"),
            .key,
            .color,
        ],
        arguments: [.table()],
        exitStatuses: [
            (0, "Decided"),
            (1, "A payload is not a JSON object, or the table has errors"),
            (2, "Usage error, or a file could not be read"),
        ])

    var table: String
    var payload: String?
    var payloads: String?
    var explain: Bool
    var format: Format
    var color: ColorMode
    /// Public key files a signed TABLE must verify with (`--key`).
    var keys: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        table = try arguments.positional(0, name: "TABLE")
        payload = arguments.value("payload")
        payloads = arguments.value("payloads")
        explain = arguments.flag("explain")
        format = try arguments.choice("format", as: Format.self, default: .text)
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
        keys = arguments.values(of: "key")
        switch (payload, payloads) {
        case (nil, nil): throw .usage("give a payload with --payload JSON|@FILE|- or --payloads FILE.jsonl")
        case (.some, .some): throw .usage("--payload and --payloads cannot be used together")
        default: break
        }
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let program = try ProgramLoader.load(table, context: context, keys: keys)
        if let payloads { return try runBatch(program, file: payloads, context: context) }
        let bytes = try Self.readPayloadArgument(payload ?? "")
        let value: JSONValue
        do throws(JSONReadError) {
            value = try JSONReader.read(bytes)
        } catch {
            return reportBadPayload(JSONInputProblem.payloadMessage(error, in: bytes), context: context)
        }
        guard case .object = value else {
            return reportBadPayload("the payload must be a JSON object, found \(value.kindDescription)", context: context)
        }
        if explain {
            let explanation = program.explain(value)
            switch format {
            case .text: context.console.out(DecisionText.explanation(
                explanation, tableHasFallback: program.fallback != nil))
            case .json: context.console.out(JSONWriter.write(DecisionText.explanationJSON(explanation), keyOrder: .spec) + "\n")
            }
        } else {
            let decision = CompiledTable(program).decide(value)
            switch format {
            case .text:
                context.console.out(DecisionText.decision(decision, tableHasFallback: program.fallback != nil))
            case .json: context.console.out(JSONWriter.write(decision.jsonValue, keyOrder: .spec) + "\n")
            }
        }
        return .success
    }

    /// A payload that cannot be decided: an error on standard error, and with `--format json`
    /// the `{"error": …}` object a `--payloads` line gets, so a script reading standard output
    /// sees why there is no decision.
    private func reportBadPayload(_ message: String, context: CommandContext) -> ExitStatus {
        context.console.err("Error: \(message)\n")
        if format == .json { context.console.out(JSONWriter.write(["error": .string(message)]) + "\n") }
        return .findings
    }

    private func runBatch(_ program: RoutingProgram, file: String, context: CommandContext)
        throws(CLIError) -> ExitStatus
    {
        guard let handle = file == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: file) else {
            throw .io("cannot read '\(file)': " + FileProblem.reason(reading: file))
        }
        defer { if file != "-" { try? handle.close() } }
        var bad = false
        let evaluator = CompiledTable(program)
        do {
            // Kept: one byte past the limit, after a byte order mark, so that a line past the
            // limit is refused as too large by the reader, never cut into something that reads.
            let kept = PayloadLimits.maxBytes + 1 + InputPath.byteOrderMarkLength
            try LineReader.forEachLine(in: handle, keepingAtMost: kept) { whole, lineNumber in
                // An editor's byte order mark on the first line is not part of the payload.
                let line = lineNumber == 1 && whole.starts(with: [0xEF, 0xBB, 0xBF])
                    ? UnsafeRawBufferPointer(rebasing: whole.dropFirst(3)) : whole
                // A blank line is skipped; one of 64 KiB of blanks is a payload past the limit.
                if line.count <= PayloadLimits.maxBytes, line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                    return
                }
                let output: JSONValue
                do throws(JSONReadError) {
                    let value = try JSONReader.read(line)
                    if case .object = value {
                        // With --explain the explanation's decision is the one printed: deciding
                        // again through the index would do the work twice.
                        let explanation = explain ? program.explain(value) : nil
                        let decision = explanation?.decision ?? evaluator.decide(value)
                        var line: JSONObject = [
                            "rule": decision.ruleName.map(JSONValue.string) ?? .null,
                            "index": .int(Int64(decision.ruleIndex ?? -1)),
                        ]
                        if let explanation {
                            line["explain"] = DecisionText.explanationJSON(explanation)["explain"]
                        }
                        output = .object(line)
                    } else {
                        bad = true
                        output = ["error": .string("line \(lineNumber): the payload must be a JSON object, found \(value.kindDescription)")]
                    }
                } catch {
                    bad = true
                    output = ["error": .string(JSONInputProblem.payloadMessage(error, line: line, lineNumber: lineNumber))]
                }
                context.console.out(JSONWriter.write(output, keyOrder: .spec) + "\n")
            }
        } catch {
            throw .io("cannot read '\(file)': " + FileProblem.reason(reading: file, error: error))
        }
        return bad ? .findings : .success
    }

    /// The bytes of `--payload`: inline JSON, `@FILE`, or `-` (or curl's `@-`) for standard input.
    /// A file or standard input may start with an editor's byte order mark, which is dropped.
    static func readPayloadArgument(_ argument: String) throws(CLIError) -> [UInt8] {
        let limit = PayloadLimits.maxBytes + InputPath.byteOrderMarkLength
        if argument == "-" || argument == "@-" {
            return YAMLReader.withoutByteOrderMark(try InputPath.readStandardInput(atMost: limit))
        }
        if argument.hasPrefix("@") {
            return YAMLReader.withoutByteOrderMark(try InputPath.readBytes(String(argument.dropFirst()), atMost: limit))
        }
        return Array(argument.utf8)
    }

}
