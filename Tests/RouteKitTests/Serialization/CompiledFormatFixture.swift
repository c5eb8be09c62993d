import RouteKit
import Testing

/// A table built in code that uses every field of the compiled format: every screen flag, list
/// types, non-default defaults, push back stacks with params, present, the three login forms,
/// policy and alert overrides, rules with and without a source position, escapes, a fallback.
enum CompiledFormatFixture {
    static func table() -> RouteTable {
        RouteTable(
            tabs: ["home", "discover", "messages", "me"],
            loginScreen: "login",
            screens: [
                Screen(name: "message_detail", show: .push, tab: "home",
                       params: [ScreenParam(name: "id", type: .int)], hidesBottomBar: true),
                Screen(name: "message_list", show: .push, tab: "messages"),
                Screen(name: "thread", show: .push,
                       params: [ScreenParam(name: "id", type: .int),
                                ScreenParam(name: "title", type: .string)]),
                Screen(name: "notice", show: .present,
                       params: [ScreenParam(name: "id", type: .int)], embedInNavigation: true),
                Screen(name: "my_messages", show: .push, tab: "me", loginRequired: true),
                Screen(name: "login", show: .present, embedInNavigation: true),
                Screen(name: "tagged", show: .push, tab: "discover",
                       params: [ScreenParam(name: "tags", type: .list(.string))]),
            ],
            payloadFields: [
                PayloadField(path: "aps.alert", type: .any),
                PayloadField(path: "aps.badge", type: .int),
                PayloadField(path: "flag", type: .bool),
                PayloadField(path: "id", type: .int),
                PayloadField(path: "matrix", type: .list(.list(.int))),
                PayloadField(path: "ratio", type: .double),
                PayloadField(path: "tags", type: .list(.string)),
                PayloadField(path: "target", type: .string),
                PayloadField(path: "type", type: .string),
                PayloadField(path: "uid", type: .string),
            ],
            defaults: Defaults(
                foreground: .navigate, ifVisible: .push, clearBadge: true,
                alert: AlertTemplate(title: "Hi {uid}", message: "{aps.alert}", confirm: "Open",
                                     cancel: "Later")),
            rules: rules,
            fallback: Route(action: Action(tab: "home"), foreground: .alert))
    }

    static let rules: [Rule] = [
        Rule(name: "detail", when: ExpressionSource(#"type == "3""#),
             route: Route(action: Action(
                tab: "home", popToRoot: true,
                push: [ScreenStep(screen: "message_detail", params: [bind("id", "id")])])),
             range: position("routes/messages.yaml", line: 4, column: 5)),
        Rule(name: "thread-stack", when: ExpressionSource(#"type == "4""#),
             route: Route(
                action: Action(push: [
                    ScreenStep(screen: "message_list"),
                    ScreenStep(screen: "thread",
                               params: [bind("id", "id"), bind("title", #""t" + string(id)"#)]),
                ]),
                foreground: .ignore, ifVisible: .reload),
             range: position("routes/messages.yaml", line: 11, column: 5)),
        Rule(name: "notice", when: ExpressionSource(#"target == "notice""#),
             route: Route(
                action: Action(present: ScreenStep(screen: "notice", params: [bind("id", "id * 2")])),
                alert: AlertOverride(title: "Notice", cancel: "No"))),
        Rule(name: "mine", when: ExpressionSource("has(uid)"),
             route: Route(action: Action(push: [ScreenStep(screen: "my_messages")]),
                          login: .user(ExpressionSource("uid")),
                          alert: AlertOverride(message: "For {uid}: {aps.alert}", confirm: "Read"))),
        Rule(name: "required", when: ExpressionSource(#"type == "5" && flag"#),
             route: Route(action: Action(tab: "me"), login: .required)),
        Rule(name: "tags", when: ExpressionSource("size(tags) > 0 && ratio >= 0.5"),
             route: Route(action: Action(push: [ScreenStep(screen: "tagged",
                                                           params: [bind("tags", "tags")])]))),
        Rule(name: "ünïcode \"quoted\"", when: ExpressionSource("target == \"é\\n\\\"q\\\"\""),
             route: Route(action: Action(tab: "discover"), ifVisible: .push),
             range: position("routes/dir with space/ü.yaml", line: 1_000, column: 12)),
        Rule(name: "pop", when: ExpressionSource("aps.badge > 10 || matrix[0][0] == 1"),
             route: Route(action: Action(popToRoot: true))),
    ]

    /// The fixture, checked.
    static func program() throws -> RoutingProgram {
        let checked = TableChecker.check(table(), sources: [])
        let errors = checked.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        return try #require(checked.program)
    }

    static func bind(_ name: String, _ expression: String) -> ParamBinding {
        ParamBinding(name: name, expression: ExpressionSource(expression))
    }

    static func position(_ file: String, line: Int, column: Int) -> SourceRange {
        SourceRange(file: file, at: SourcePosition(line: line, column: column, offset: 0))
    }
}

/// Seeded payloads that exercise every rule of the fixture: the fields it reads, with values of
/// the right kind, the wrong kind, as strings, missing, or nested.
struct CompiledFormatPayloads {
    private var source: SplitMix64

    init(seed: UInt64) { source = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { source.next() }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }

    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    mutating func payload() -> JSONValue {
        var members: [String: JSONValue] = [:]
        let fields: [(String, [JSONValue])] = [
            ("type", ["3", 3, "4", 4.0, "5", 5, "commentpass", true, .null, [3]]),
            ("id", [42, "42", -7, 1.5, "abc", 9_223_372_036_854_775_807, .null]),
            ("target", ["notice", "é\n\"q\"", 3, "other", ["notice"]]),
            ("uid", ["u1", 10_086, 10_086.0, true, ""]),
            ("flag", [true, false, "true", "no", 1]),
            ("tags", [["a", "b"], [], [1, 2], "a", ["x"]]),
            ("ratio", [0.5, 1, "0.75", 0.25, "x"]),
            ("matrix", [[[1]], [[2, 3]], [], [[]], "m"]),
        ]
        for (key, values) in fields where chance(45) { members[key] = pick(values) }
        if chance(50) {
            var aps = JSONObject()
            if chance(70) { aps["alert"] = pick(["Hello", ["body": "Body", "title": "T"], 5]) }
            if chance(50) { aps["badge"] = pick([1, 11, "12", 3.0, "x"]) }
            members["aps"] = .object(aps)
        }
        return .object(JSONObject(members))
    }
}
