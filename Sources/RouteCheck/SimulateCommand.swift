import Foundation
import RouteKit
import RouteKitYAML

/// `routecheck simulate TABLE --events FILE [--ui JSON|@FILE] [--user ID]`: runs a list of
/// navigator events (SPEC §6) through a fresh navigator and prints one JSON line per event.
///
/// ```
/// $ routecheck simulate routes/ --events cold-start.yaml
/// {"outcome":"deferred","commands":[{"cmd":"clear_badge"}]}
/// {"outcome":"performed","commands":[{"cmd":"pop_to_root","tab":"home"},…]}
/// ```
struct SimulateCommand: Command {
    static let configuration = CommandConfiguration(
        name: "simulate",
        abstract: "Run a list of navigator events and print what each one does",
        discussion: """
            Reads FILE, a JSON array (a .json file, or any file or standard input (-) that
            holds one) or a YAML list of events in their JSON form, such as
              {"event": "notification", "payload": {"type": 3}, "app_state": "active"}
            (app_state defaults to background), and sends them in order to a navigator for
            TABLE whose UI starts as --ui says (default: the first tab, every stack at its
            root, no modal) with --user logged in (default: nobody). Prints one line per event,
            keys in SPEC's order (a command's "cmd" first, then its fields as SPEC lists them):
              {"outcome": ..., "commands": [...]}

            A ui_state event (and --ui) may leave out selected_tab: it is then the first tab.
            Every event is checked before any runs, tab names against the table's tabs: a bad
            one is reported on standard error with its number (1-based) and nothing runs
            (exit status 2), as is an empty file (write [] for no events). A table with errors
            has its diagnostics printed on standard error (exit status 1).
            """,
        options: [
            .value("events", placeholder: "FILE|-", help: "The events: a JSON array or a YAML list").required,
            .value("ui", placeholder: "JSON|@FILE",
                   help: "The starting UI, as in a ui_state event (selected_tab, stacks, modals)"),
            .value("user", placeholder: "ID", help: "The user logged in at the start"),
            .key,
            .color,
        ],
        arguments: [.table()],
        exitStatuses: [
            (0, "The events ran"),
            (1, "The table has errors"),
            (2, "Usage error, a bad event, or an input could not be read"),
        ])

    var table: String
    var events: String
    var ui: String?
    var user: String?
    var color: ColorMode
    /// Public key files a signed TABLE must verify with (`--key`).
    var keys: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        table = try arguments.positional(0, name: "TABLE")
        guard let events = arguments.value("events") else {
            throw .usage("missing option '--events FILE'")
        }
        self.events = events
        keys = arguments.values(of: "key")
        ui = arguments.value("ui")
        user = arguments.value("user")
        if user?.isEmpty == true {
            throw .usage("'--user' is empty; leave it out for nobody logged in")
        }
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let fromStandardInput = events == "-"
        if !fromStandardInput { try InputPath.checkReadable(events) }
        let decider = CompiledTable(
            try ProgramLoader.load(table, context: context, stream: .error, color: color, keys: keys))
        let start = try startingUI(decider.table)
        // The limit counts a byte order mark, as it does for a route file.
        let limit = YAMLLimits.maxFileSize
        let bytes = fromStandardInput
            ? try InputPath.readStandardInput(atMost: limit) : try InputPath.readBytes(events, atMost: limit)
        let list: [NavigatorEvent]
        switch EventFile.read(path: fromStandardInput ? "<stdin>" : events, bytes: bytes, table: decider.table) {
        case .success(let read): list = read
        case .failure(let failure):
            context.console.err(failure.rendered(colored: context.colors(.error, mode: color)))
            return .usage
        }
        var navigator = Navigator(decider: decider, ui: start, user: user)
        for event in list {
            context.console.out(JSONWriter.write(navigator.send(event).jsonValue, keyOrder: .spec) + "\n")
        }
        return .success
    }

    /// The UI given with `--ui` (JSON text, or `@FILE`); nil when not given.
    private func startingUI(_ table: RouteTable) throws(CLIError) -> UISnapshot? {
        guard let ui else { return nil }
        var bytes = Array(ui.utf8)
        var origin = "--ui"
        if ui.hasPrefix("@") {
            let path = String(ui.dropFirst())
            try InputPath.checkReadable(path)
            // An editor's byte order mark is dropped, as from a payload file.
            bytes = YAMLReader.withoutByteOrderMark(
                try InputPath.readBytes(path, atMost: JSONReadLimits.payload.maxBytes + InputPath.byteOrderMarkLength))
            origin = "'\(path)'"
        }
        let json: JSONValue
        do throws(JSONReadError) {
            json = try JSONReader.read(bytes)
        } catch {
            throw .usage("invalid UI in \(origin): \(JSONInputProblem.located(error, in: bytes))")
        }
        do {
            return try TableUI.snapshot(json, table: table)
        } catch {
            throw .usage("invalid UI in \(origin): \(error)")
        }
    }
}

/// Reads a file of navigator events: a JSON array (a `.json` file, or any text the strict
/// `JSONReader` reads as an array) or a YAML list, every event checked; problems come back as
/// positioned diagnostics.
///
/// ```swift
/// switch EventFile.read(path: "events.yaml", bytes: bytes, table: table) {
/// case .success(let events): run(events)
/// case .failure(let failure): print(failure.diagnostics)
/// }
/// ```
enum EventFile {
    struct Failure: Error {
        var source: SourceFile
        var diagnostics: [Diagnostic]
        /// Errors with no place in the file, printed as `FILE: error: message`.
        var unpositioned: [String] = []

        /// A failure of the file as a whole: `message`, with no place in it.
        static func whole(_ source: SourceFile, _ message: String) -> Failure {
            Failure(source: source, diagnostics: [], unpositioned: [message])
        }

        /// Everything, as compiler-style text.
        func rendered(colored: Bool) -> String {
            let renderer = TextDiagnosticRenderer(files: [source], colored: colored)
            return renderer.render(diagnostics)
                + unpositioned.map { "\(source.path): error: \($0)\n" }.joined()
        }
    }

    /// The bounds of an event file read as JSON: those of a YAML file. It holds many payloads,
    /// and each is held to `PayloadLimits` when its event is read (`NavigatorEvent(json:)`), so
    /// that a payload past them draws the same error whichever way the file is written.
    static let jsonLimits = JSONReadLimits(
        maxBytes: YAMLLimits.maxFileSize, maxDepth: YAMLLimits.maxNestingDepth,
        maxStringBytes: YAMLLimits.maxFileSize)

    static func read(path: String, bytes: [UInt8], table: RouteTable) -> Result<[NavigatorEvent], Failure> {
        // An editor's byte order mark is dropped, whichever way the list is written.
        let bytes = YAMLReader.withoutByteOrderMark(bytes)
        let source = SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self))
        var items: [(value: JSONValue, node: Node?)] = []
        let isJSONFile = path.lowercased().hasSuffix(".json")
        let sniffed = isJSONFile ? nil : jsonArray(bytes)
        if isJSONFile || sniffed != nil {
            let value: JSONValue
            do throws(JSONReadError) {
                if let sniffed { value = sniffed } else { value = try JSONReader.read(bytes, limits: jsonLimits) }
            } catch {
                let position = source.position(ofOffset: error.offset)
                var failure = Failure(source: source, diagnostics: [Diagnostic(
                    .error, DiagnosticCode(error.code), error.message,
                    at: SourceRange(file: path, at: position))])
                // A YAML list (`- {event: ready}`) in a file named `.json` fails at its first
                // dash, with a message about digits that would not lead anyone to the name.
                if isJSONFile, firstNonWhitespace(bytes) == UInt8(ascii: "-"),
                   case .sequence? = YAMLReader.read(bytes, file: path).root?.content
                {
                    failure.unpositioned = ["this file is read as JSON because its name ends in '.json', "
                        + "but it looks like a YAML list; name it '.yaml' to have it read as YAML"]
                }
                return .failure(failure)
            }
            guard case .array(let values) = value else {
                return .failure(.whole(source, "expected an array of events, found \(value.kindDescription)"))
            }
            // The strict reader keeps no positions; JSON text is also YAML, so the YAML reader
            // gives each event's place when it sees the same list (else the number alone).
            var nodes: [Node?] = Array(repeating: nil, count: values.count)
            if case .sequence(let read)? = YAMLReader.read(bytes, file: path).root?.content,
                read.count == values.count
            {
                nodes = read
            }
            items = zip(values, nodes).map { ($0, $1) }
        } else {
            let document = YAMLReader.read(bytes, file: path)
            if document.hasErrors {
                var failure = Failure(source: source, diagnostics: document.diagnostics)
                // JSON Lines (an object per line, as `eval --payloads` reads) is neither YAML nor
                // a JSON array; the YAML reader's complaint alone would not say what is expected.
                if firstNonWhitespace(bytes) == UInt8(ascii: "{") {
                    failure.unpositioned = ["expected a JSON array or a YAML list of events; "
                        + "one event per line (JSON Lines) is not read: wrap the events in [ … ] with commas"]
                }
                return .failure(failure)
            }
            // An empty file, or one of comments or `~` alone, is refused as JSON's `null` is: it is
            // far more often a truncated or wrongly generated file than a run of no events (`[]`).
            guard let root = document.root else {
                return .failure(.whole(source, "expected a list of events, found an empty file; write [] for none"))
            }
            switch root.content {
            case .sequence(let nodes):
                items = nodes.map { ($0.jsonValue, $0) }
            case .scalar where root.resolvedScalar == .null:
                return .failure(notAList(source, found: "null", at: root.range, hint: "write [] for none"))
            default:
                return .failure(notAList(source, found: root.kindDescription,
                                         at: root.range))
            }
        }
        var events: [NavigatorEvent] = []
        var failure = Failure(source: source, diagnostics: [])
        for (index, item) in items.enumerated() {
            do {
                events.append(try TableUI.event(item.value, table: table))
            } catch {
                let message = "event \(index + 1): \(error)"
                if let node = item.node {
                    let range = (error as? NavigatorJSONError).map(node.range(of:)) ?? node.range
                    failure.diagnostics.append(Diagnostic(.error, "bad-event", message, at: range))
                } else {
                    failure.unpositioned.append(message)
                }
            }
        }
        guard failure.diagnostics.isEmpty, failure.unpositioned.isEmpty else {
            return .failure(failure)
        }
        return .success(events)
    }

    /// `bytes` read as JSON when they are a JSON array, which is then read as JSON whatever the
    /// file is called; nil otherwise.
    ///
    /// JSON text is also YAML, but libyaml refuses some of it: an escaped surrogate pair such as
    /// `"\uD83C\uDF89"`, which is how Python's `json.dumps` writes an emoji.
    static func jsonArray(_ bytes: [UInt8]) -> JSONValue? {
        guard firstNonWhitespace(bytes) == UInt8(ascii: "["),
            let value = try? JSONReader.read(bytes, limits: jsonLimits), case .array = value
        else { return nil }
        return value
    }

    /// The first byte that is not JSON whitespace: what kind of text a file holds.
    private static func firstNonWhitespace(_ bytes: [UInt8]) -> UInt8? {
        bytes.first { !(0x20 == $0 || 0x0A == $0 || 0x0D == $0 || 0x09 == $0) }
    }

    private static func notAList(_ source: SourceFile, found: String, at range: SourceRange,
                                 hint: String? = nil) -> Failure
    {
        Failure(source: source, diagnostics: [Diagnostic(
            .error, "wrong-type", "expected a list of events, found \(found)" + (hint.map { "; \($0)" } ?? ""),
            at: range)])
    }

}
