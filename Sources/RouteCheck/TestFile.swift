import RouteKit

/// A test file (`*.test.yaml`, SPEC §7, `schemas/tests.schema.json`) after reading: its golden
/// cases and event scenarios, each as a list of navigator events with what each should yield.
///
/// A case is a scenario of one `notification` event that also checks the rule that decided it.
/// Problems found while reading are positioned diagnostics: on the file (`diagnostics`, when the
/// file cannot be read as a whole) or on one item (`TestItem.problems`), so that one malformed
/// case fails alone and the others still run.
///
/// ```swift
/// let file = TestFileDecoder.decode(path: "routes/messages.test.yaml", bytes: bytes, table: table)
/// for item in file.items { print(item.name, item.events.count) }
/// ```
struct TestFile {
    /// The path as given or found, used in every location printed.
    var path: String
    /// The file's text, for rendering diagnostics with their source lines.
    var source: SourceFile
    /// The cases, then the scenarios, each in file order.
    var items: [TestItem]
    /// Problems that make the whole file unusable (YAML errors, a top level that is not a
    /// mapping, an unknown top-level key); when any is an error, `items` is empty.
    var diagnostics: [Diagnostic]

    /// Whether the file as a whole could not be read.
    var isMalformed: Bool { diagnostics.contains { $0.severity == .error } }
}

/// One golden case or event scenario.
struct TestItem {
    enum Kind: String { case `case`, scenario }

    var kind: Kind
    /// The name given, or `case 3` / `scenario 2` (1-based, in the file) when it has none.
    var name: String
    /// Where the item starts in its file: the location printed when it fails.
    var range: SourceRange
    /// The user logged in at the start (nil: nobody).
    var user: String?
    /// The UI at the start; nil for the table's starting UI.
    var ui: UISnapshot?
    /// The events, in order, each with its place in the file.
    var events: [TestEvent]
    /// One expectation per event (the decoder reports a count that differs as a problem).
    var expectations: [StepExpectation]
    /// For a case: the rule that should decide its notification, `.some(nil)` for no rule
    /// (fallback or none); nil when not checked.
    var expectedRule: String??
    /// Errors found while reading this item: it fails without running.
    var problems: [Diagnostic]
    /// Notes printed if the item fails: the YAML 1.1 words (`yes`, `off`) in its payloads, each
    /// read as a string, which a field declared `bool` never equals.
    var hints: [DiagnosticNote] = []
}

/// An event of a test item.
struct TestEvent {
    var event: NavigatorEvent
    var range: SourceRange
}

/// What one event should yield; what is left out is not checked.
struct StepExpectation {
    var outcome: Navigator.Outcome?
    var commands: [ExpectedCommand]?
}

/// An expected command: matches an actual command when every key it lists is equal to the
/// actual command's JSON form (numbers compare by value: `42` and `42.0` are equal).
///
/// ```swift
/// let expected = ExpectedCommand(fields: ["cmd": "push", "screen": "message_detail"])
/// expected.matches(Navigator.Command.push(tab: "home", screen: "message_detail", params: [:],
///                                         hidesBottomBar: true)) // true
/// ```
struct ExpectedCommand {
    var fields: JSONObject

    var jsonValue: JSONValue { .object(fields) }

    func matches(_ actual: Navigator.Command) -> Bool {
        guard case .object(let members) = actual.jsonValue else { return false }
        for (key, value) in fields {
            guard let other = members[key], value.equalsByValue(other) else { return false }
        }
        return true
    }

    /// The kind of value of a command's key, as in the command's JSON form.
    enum ValueKind {
        case string, integer, boolean, object, stringOrNull
    }

    /// The kind of value of every key in `keys` (tested to cover them all).
    static let valueKinds: [String: ValueKind] = [
        "tab": .string, "index": .integer, "screen": .string, "params": .object,
        "hides_bottom_bar": .boolean, "embed_in_navigation": .boolean,
        "title": .string, "message": .string, "confirm": .string, "cancel": .string,
        "expected_user": .stringOrNull,
    ]

    /// The keys each command has besides `cmd` (SPEC §6), for checking expected commands.
    static let keys: [String: [String]] = [
        "select_tab": ["tab", "index"],
        "pop_to_root": ["tab"],
        "push": ["tab", "screen", "params", "hides_bottom_bar"],
        "present": ["screen", "params", "embed_in_navigation"],
        "dismiss_modals": [],
        "reload": ["screen", "params"],
        "show_alert": ["title", "message", "confirm", "cancel"],
        "dismiss_alert": [],
        "present_login": ["screen", "expected_user"],
        "dismiss_login": [],
        "clear_badge": [],
    ]
}
