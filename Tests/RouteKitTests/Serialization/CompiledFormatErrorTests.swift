import RouteKit
import Testing

/// One change to the fixture's compiled document and the error it must draw.
struct CompiledFormatEdit: Sendable, CustomTestStringConvertible {
    /// Slash-separated keys and array indexes: `rules/0/route/push/0/screen`.
    var path: String
    /// The new value; nil removes the key.
    var value: JSONValue?
    var expected: String

    init(_ path: String, _ value: JSONValue?, _ expected: String) {
        self.path = path
        self.value = value
        self.expected = expected
    }

    var testDescription: String { "\(path) = \(value.map { JSONWriter.write($0) } ?? "(removed)")" }

    func applied(to document: JSONValue) -> JSONValue {
        Self.set(value, at: path.split(separator: "/").map(String.init)[...], in: document)
    }

    private static func set(_ value: JSONValue?, at path: ArraySlice<String>, in node: JSONValue)
        -> JSONValue
    {
        guard let step = path.first else { return value ?? .null }
        let rest = path.dropFirst()
        switch node {
        case .array(var elements):
            guard let index = Int(step), elements.indices.contains(index) else { return node }
            elements[index] = set(value, at: rest, in: elements[index])
            return .array(elements)
        case .object(var members):
            if rest.isEmpty, value == nil {
                members[step] = nil
            } else {
                // A member left out because it held its default is made again to edit inside it.
                let omitted: JSONValue = Int(rest.first ?? "") == nil ? [:] : []
                members[step] = set(value, at: rest, in: members[step] ?? (rest.isEmpty ? .null : omitted))
            }
            return .object(members)
        default:
            return node
        }
    }
}

@Suite struct CompiledFormatErrorTests {
    static let nothingRoute: JSONValue = [
        "tab": nil, "pop_to_root": false, "push": [], "present": nil, "login": "none",
        "foreground": nil, "if_visible": nil,
        "alert": ["title": nil, "message": nil, "confirm": nil, "cancel": nil],
    ]

    static let edits: [CompiledFormatEdit] = [
        .init("format_version", 3,
              "compiled table format 3 is newer than this RouteKit (reads 1 to 2); rebuild it with a matching routecheck"),
        .init("format_version", 0,
              "format_version: compiled table format 0 is not supported (this RouteKit reads 1 to 2)"),
        .init("format_version", "1", "format_version: expected an integer"),
        .init("format_version", nil, "missing key 'format_version'"),
        .init("format", nil,
              "not a compiled route table: 'format' is missing, expected 'routekit-compiled'"),
        .init("format", "routes",
              #"not a compiled route table: 'format' is "routes", expected 'routekit-compiled'"#),
        .init("version", 2, "version: unsupported route format version 2 (expected 1)"),
        .init("extra", true, "extra: unknown key 'extra'"),
        .init("rules", [:], "rules: expected an array"),
        .init("tabs/1", "home", "tabs[1]: duplicate tab 'home'"),
        .init("tabs/1", "", "tabs[1]: expected a non-empty tab name"),
        .init("login_screen", "nowhere", "login_screen: unknown screen 'nowhere'"),
        .init("login_screen", nil,
              "login_screen: screen 'my_messages' requires login, so a login_screen is needed"),
        // The login screen is presented with no params, and without asking for a login first.
        .init("login_screen", "message_detail",
              "login_screen: login screen 'message_detail' declares params, but it is presented with none"),
        .init("login_screen", "my_messages", "login_screen: login screen 'my_messages' itself requires login"),
        .init("version", nil, "missing key 'version'"),
        .init("rules/0/name", nil, "rules[0]: missing key 'name'"),
        .init("rules/0/route/push/0/screen", nil, "rules[0].route.push[0]: missing key 'screen'"),
        .init("rules/0/route/push/0/tab", "home", "rules[0].route.push[0].tab: unknown key 'tab'"),
        .init("rules/0/route", [:],
              "rules[0].route: the route does nothing: expected a tab, pop_to_root, push or present"),
        .init("login_screen", .null,
              "login_screen: screen 'my_messages' requires login, so a login_screen is needed"),
        .init("screens/0/show", "modal", "screens[0].show: expected one of 'push', 'present'"),
        .init("screens/0/tab", "work", "screens[0].tab: unknown tab 'work'"),
        .init("screens/1/name", "message_detail",
              "screens[1].name: duplicate screen 'message_detail'"),
        .init("screens/0/params/id", "integer",
              "screens[0].params.id: unknown type 'integer'; expected int, double, string, bool, any or [T]"),
        .init("payload/aps.alert", "object",
              #"payload["aps.alert"]: unknown type 'object'; expected int, double, string, bool, any or [T]"#),
        .init("defaults/clear_badge", "yes", "defaults.clear_badge: expected a boolean"),
        .init("defaults/foreground", "popup",
              "defaults.foreground: expected one of 'alert', 'navigate', 'ignore'"),
        .init("defaults/alert/title", nil, "defaults.alert: missing key 'title'"),
        .init("rules/0/route/push/0/screen", 42, "rules[0].route.push[0].screen: expected a string"),
        .init("rules/0/route/push/0/screen", "nope", "rules[0].route.push[0].screen: unknown screen 'nope'"),
        .init("rules/1/route/push/0/screen", "notice",
              "rules[1].route.push[0].screen: screen 'notice' is shown with 'present', not 'push'"),
        .init("rules/0/route/tab", "work", "rules[0].route.tab: unknown tab 'work'"),
        .init("rules/0/index", 5, "rules[0].index: expected 0, the rule's position in 'rules'"),
        .init("rules/1/name", "detail", "rules[1].name: duplicate rule name 'detail'"),
        .init("rules/0/extra", true, "rules[0].extra: unknown key 'extra'"),
        .init("rules/0/when", nil, "rules[0]: missing key 'when'"),
        .init("rules/0/source/line", 0, "rules[0].source.line: expected a positive integer"),
        .init("rules/0/route/push/0/params/id", nil,
              "rules[0].route.push[0].params: missing param 'id' of screen 'message_detail'"),
        .init("rules/0/route/push/0/params/x", "1",
              "rules[0].route.push[0].params.x: screen 'message_detail' has no param 'x'"),
        .init("rules/2/route/push", [["screen": "message_detail", "params": ["id": "id"]]],
              "rules[2].route: a route cannot both push and present"),
        .init("rules/3/route/login", "maybe",
              #"rules[3].route.login: expected 'none', 'required' or {"user": expression}"#),
        .init("rules/3/route/foreground", "sometimes",
              "rules[3].route.foreground: expected one of 'alert', 'navigate', 'ignore'"),
        .init("rules/3/route/alert/title", 1, "rules[3].route.alert.title: expected a string or null"),
        .init("fallback", nothingRoute,
              "fallback: the route does nothing: expected a tab, pop_to_root, push or present"),
        // Expressions are parsed and checked again: errors name the expression's JSON path.
        .init("rules/0/when", #"type == 3"#,
              "rules[0].when: " + ExpressionMessageProbe.message(of: "type == 3")),
        .init("rules/0/when", "type ==",
              "rules[0].when: " + ExpressionMessageProbe.message(of: "type ==")),
        .init("rules/0/route/push/0/params/id", "target",
              "rules[0].route.push[0].params.id: param 'id' of screen 'message_detail' is declared int, but this expression gives string"),
        .init("rules/3/route/login", ["user": "id"],
              "rules[3].route.login.user: 'login.user' must give a string user id, but this expression gives int"),
    ]

    @Test(arguments: edits)
    func refuses(_ edit: CompiledFormatEdit) throws {
        let program = try CompiledFormatFixture.program()
        let document = try JSONReader.read(CompiledTableFormat.encode(program))
        let text = JSONWriter.write(edit.applied(to: document), pretty: true)
        #expect(text != CompiledTableFormat.encode(program), "the edit changed nothing")
        #expect(throws: CompiledTableError.self) { try CompiledTableFormat.decode(text: text) }
        do {
            _ = try CompiledTableFormat.decode(text: text)
        } catch {
            #expect(error.reason == edit.expected)
            // A problem at a path is placed where that path's value starts in the text (a
            // removed member's path may name nothing there).
            if !error.path.isEmpty, edit.value != nil {
                #expect(error.position != nil, "\(error)")
                #expect(error.description.hasPrefix(error.reason + " at line "))
            }
        }
    }

    @Test(arguments: [
        ("", "not a compiled table: the input is empty"),
        ("{", "not a compiled table: invalid JSON: expected a string key, found end of input at line 1, column 2"),
        (#"{"format": 1, "format": 2}"#,
         "not a compiled table: invalid JSON: duplicate key 'format' at line 1, column 15"),
        ("[]", "not a compiled route table: expected a JSON object"),
        ("{}", "not a compiled route table: 'format' is missing, expected 'routekit-compiled'"),
        ("version: 1\ntabs: [home]\n", "not a compiled table: invalid JSON: expected a value, found 'v' at line 1, column 1"),
        (#"{"format": "routekit-compiled", "format_version": 3, "rules": 5}"#,
         "compiled table format 3 is newer than this RouteKit (reads 1 to 2); rebuild it with a matching routecheck"),
    ])
    func refusesDocuments(_ text: String, _ expected: String) {
        do {
            _ = try CompiledTableFormat.decode(text: text)
            Issue.record("decoded '\(text)'")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func refusesOversizedInput() {
        let bytes = [UInt8](repeating: 0x20, count: CompiledTableFormat.maxBytes + 1)
        #expect(throws: CompiledTableError(
            path: "", message: "compiled table is larger than \(CompiledTableFormat.maxBytes) bytes")) {
            try CompiledTableFormat.decode(bytes)
        }
    }
}

/// The checker's own message for an expression, so the tests pin the path prefix and not the
/// wording of another phase.
enum ExpressionMessageProbe {
    static func message(of expression: String) -> String {
        let fields = CompiledFormatFixture.table().fieldTypes
        let (_, diagnostics) = ExpressionChecker.compilePredicate(
            expression, in: ExpressionEnvironment(fields: fields))
        return diagnostics.first { $0.severity == .error }?.message ?? "(no error)"
    }
}

/// `CompiledTableFormat.maxStringBytes`, at the limit and one past it: longer than a payload's
/// strings, as long as a route file's can be once YAML's escapes are decoded.
@Suite struct CompiledStringLimitTests {
    private func document(title: String) throws -> String {
        let program = try CompiledFormatFixture.program()
        let document = try JSONReader.read(CompiledTableFormat.encode(program))
        return JSONWriter.write(CompiledFormatEdit("defaults/alert/title", .string(title), "").applied(to: document))
    }

    @Test func readsAStringAtTheLimit() throws {
        let title = String(repeating: "x", count: CompiledTableFormat.maxStringBytes)
        let program = try CompiledTableFormat.decode(text: try document(title: title))
        #expect(program.table.defaults.alert.title.utf8.count == CompiledTableFormat.maxStringBytes)
    }

    @Test func refusesAStringPastTheLimit() throws {
        let text = try document(title: String(repeating: "x", count: CompiledTableFormat.maxStringBytes + 1))
        do {
            _ = try CompiledTableFormat.decode(text: text)
            Issue.record("a string past the limit was read")
        } catch {
            #expect(error.description.hasPrefix("not a compiled table: invalid JSON: string longer than 6291456 bytes at line 1, column "),
                    "\(error)")
        }
    }
}

/// A failed load says where in the compiled table's text the problem is, as an editor shows it.
@Suite struct CompiledErrorPositionTests {
    @Test func aValueOfTheWrongTypeIsPlacedAtItsFirstCharacter() throws {
        let text = CompiledTableFormat.encode(try CompiledFormatFixture.program())
        let edited = text.replacingOccurrences(of: #""index": 1,"#, with: #""index": "1","#)
        #expect(edited != text)
        do {
            _ = try CompiledTableFormat.decode(text: edited)
            Issue.record("a string index loaded")
        } catch {
            let lines = edited.split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(lines.firstIndex { $0.contains(#""index": "1""#) }) + 1
            let column = try #require(lines[line - 1].firstRange(of: #""1""#)).lowerBound.utf16Offset(in: lines[line - 1]) + 1
            #expect(error.reason == "rules[1].index: expected an integer")
            #expect(error.position?.line == line)
            #expect(error.position?.column == column)
            #expect(error.description == "rules[1].index: expected an integer at line \(line), column \(column)")
        }
    }

    @Test func invalidJSONIsPlacedAtTheOffendingCharacterCountingCharactersNotBytes() {
        do {
            _ = try CompiledTableFormat.decode(text: "{\n  \"é\": 1,}")
            Issue.record("invalid JSON loaded")
        } catch {
            // The trailing comma: byte 11, the ninth character of its line (`é` is two bytes).
            #expect(error.position == SourcePosition(line: 2, column: 9, offset: 11))
            #expect(error.description.hasSuffix("trailing comma is not allowed at line 2, column 9"))
        }
    }

    /// SPEC §7: a predicate error points at the column inside the expression, past the string's
    /// quote, an escape (`\"`, `\u00e9`, a surrogate pair) counting as the characters it is written with.
    @Test(arguments: [#"\"é\""#, #"\"\u00e9\""#, #"\"\ud83d\ude00\""#])
    func anExpressionErrorIsPlacedInsideTheExpression(_ written: String) throws {
        let text = CompiledTableFormat.encode(try CompiledFormatFixture.program())
        let when = try #require(text.firstRange(of: #""when": ""#))
        let close = try #require(text[when.upperBound...].firstRange(of: "\"\n"))
        let edited = text.replacingCharacters(in: when.upperBound..<close.lowerBound,
                                              with: "target == " + written + #" && id == \"x\""#)
        do {
            _ = try CompiledTableFormat.decode(text: edited)
            Issue.record("a predicate comparing an int with a string loaded")
        } catch {
            let lines = edited.split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(lines.firstIndex { $0.contains("&& id ==") })
            let id = try #require(lines[line].firstRange(of: "id =="))
            #expect(error.reason.hasPrefix("rules[0].when: operator '==' cannot be applied to 'int' and 'string'"))
            #expect(error.position?.line == line + 1)
            #expect(error.position?.column == lines[line][..<id.lowerBound].unicodeScalars.count + 1)
        }
    }

    /// An expression with a range but no source text (how a compiled table's are checked, named
    /// by their JSON path) is placed as if written from the range's start: columns count
    /// characters, offsets count bytes.
    @Test func anExpressionWithoutItsTextIsPlacedFromItsRangesStart() {
        var table = CompiledFormatFixture.table()
        let start = SourcePosition(line: 3, column: 5, offset: 40)
        table.rules[0].when = ExpressionSource(#"target == "é" && id == "x""#,
                                               range: SourceRange(file: "rules[0].when", at: start))
        let error = TableChecker.check(table, sources: [], analyze: false).diagnostics.first { $0.severity == .error }
        // `id` is the 18th character and the 19th byte (`é` is two).
        #expect(error?.range.file == "rules[0].when")
        #expect(error?.range.start == SourcePosition(line: 3, column: 5 + 17, offset: 40 + 18))
    }

    @Test func aWholeDocumentProblemHasNoPosition() {
        do {
            _ = try CompiledTableFormat.decode([])
            Issue.record("empty input loaded")
        } catch {
            #expect(error.position == nil)
            #expect(error.description == "not a compiled table: the input is empty")
        }
    }
}
