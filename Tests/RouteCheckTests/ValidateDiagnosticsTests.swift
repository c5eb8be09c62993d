import Foundation
import Testing

/// Every diagnostic class of the foundation and predicate issues, through the built binary: the
/// exact first line (position, severity, message, code) and the exit status.
@Suite struct ValidateDiagnosticsTests {
    struct Case: CustomStringConvertible, Sendable {
        var code: String
        var yaml: String
        var expected: String
        var description: String { code }
    }

    static let header = """
        version: 1
        tabs: [home, me]
        login_screen: login
        payload: {type: int, uid: string, id: int}
        screens:
          detail: {show: push, tab: home, params: {id: int}}
          login: {show: present}
        routes:

        """

    static func rule(_ line: String) -> String { header + "  - " + line + "\n" }

    static let cases: [Case] = [
        Case(code: "type-mismatch", yaml: rule("{name: a, when: type == \"3\", tab: home}"),
             expected: "t.yaml:9:29: error: 'type' is declared 'int', and \"3\" is of type 'string'; write 3 [type-mismatch]"),
        Case(code: "type-mismatch", yaml: rule("{name: a, when: type == \"abc\", tab: home}"),
             expected: "t.yaml:9:21: error: operator '==' cannot be applied to 'int' and 'string'; compare values of one type, or convert one side with int(), double() or string() [type-mismatch]"),
        Case(code: "syntax-error", yaml: rule("{name: a, when: \"type == (3\", tab: home}"),
             expected: "t.yaml:9:32: error: expected ')', found end of expression [syntax-error]"),
        Case(code: "unknown-function", yaml: rule("{name: a, when: sise(uid) > 0, tab: home}"),
             expected: "t.yaml:9:21: error: unknown function 'sise'; did you mean 'size'? [unknown-function]"),
        Case(code: "wrong-arity", yaml: rule("{name: a, when: uid.startsWith(), tab: home}"),
             expected: "t.yaml:9:21: error: method 'startsWith' takes 1 argument, not 0 [wrong-arity]"),
        Case(code: "expression-not-bool", yaml: rule("{name: a, when: type + 1, tab: home}"),
             expected: "t.yaml:9:21: error: predicate must be of type 'bool', not 'int'; compare it, e.g. 'type == 3' [expression-not-bool]"),
        Case(code: "param-type-mismatch", yaml: rule("{name: a, when: true, push: detail, params: {id: uid}}"),
             expected: "t.yaml:9:54: error: param 'id' of screen 'detail' is declared int, but this expression gives string [param-type-mismatch]"),
        Case(code: "login-user-type", yaml: rule("{name: a, when: true, tab: home, login: {user: type}}"),
             expected: "t.yaml:9:52: error: 'login.user' must give a string user id, but this expression gives int [login-user-type]"),
        Case(code: "unknown-screen", yaml: rule("{name: a, when: true, push: detial, params: {id: 1}}"),
             expected: "t.yaml:9:33: error: unknown screen 'detial'; did you mean 'detail'? [unknown-screen]"),
        Case(code: "unknown-tab", yaml: rule("{name: a, when: true, tab: hom}"),
             expected: "t.yaml:9:32: error: unknown tab 'hom'; did you mean 'home'? [unknown-tab]"),
        Case(code: "tab-index-out-of-range", yaml: rule("{name: a, when: true, tab: 2}"),
             expected: "t.yaml:9:32: error: tab index 2 is out of range; the table has 2 tabs (0-1) [tab-index-out-of-range]"),
        Case(code: "unknown-param", yaml: rule("{name: a, when: true, push: detail, params: {idd: 1}}"),
             expected: "t.yaml:9:50: error: screen 'detail' has no param 'idd'; did you mean 'id'? [unknown-param]"),
        Case(code: "missing-param", yaml: rule("{name: a, when: true, push: detail}"),
             expected: "t.yaml:9:33: error: screen 'detail' needs param 'id', which is not supplied here; add it to 'params' [missing-param]"),
        // In a back stack, the rule's params go to the last screen: the others take theirs in the item.
        Case(code: "missing-param", yaml: rule("{name: a, when: true, push: [detail, detail], params: {id: 1}}"),
             expected: "t.yaml:9:34: error: screen 'detail' needs param 'id', which is not supplied here; give it in the item: {screen: detail, params: {id: …}} [missing-param]"),
        Case(code: "unknown-key", yaml: rule("{name: a, when: true, tab: home, forground: ignore}"),
             expected: "t.yaml:9:38: error: unknown key 'forground' in a rule; did you mean 'foreground'? [unknown-key]"),
        Case(code: "missing-key", yaml: rule("{name: a, tab: home}"),
             expected: "t.yaml:9:12: error: missing required key 'when' in rule 'a' [missing-key]"),
        Case(code: "missing-action", yaml: rule("{name: a, when: true}"),
             expected: "t.yaml:9:12: error: rule 'a' has no action; add 'tab', 'pop_to_root', 'push' or 'present' [missing-action]"),
        Case(code: "unsupported-version", yaml: "version: !!float 1\ntabs: [a]\n",
             expected: "t.yaml:1:10: error: unsupported route file version '1' (a float); this routecheck reads version 1, so write 'version: 1' [unsupported-version]"),
        Case(code: "missing-action", yaml: rule("{name: a, when: true, push: []}"),
             expected: "t.yaml:9:33: error: 'push' of rule 'a' lists no screen; name at least one, or remove 'push' [missing-action]"),
        // `pop_to_root: false` alone would match and do nothing; `pop_to_root: true` alone pops.
        Case(code: "missing-action", yaml: rule("{name: a, when: true, pop_to_root: false}"),
             expected: "t.yaml:9:40: error: rule 'a' has no action: 'pop_to_root: false' does nothing on its own; add 'tab', 'push' or 'present', or make it 'pop_to_root: true' [missing-action]"),
        Case(code: "missing-action", yaml: rule("{name: a, when: true, pop_to_root: true}") + "fallback: {pop_to_root: false}\n",
             expected: "t.yaml:10:25: error: the fallback has no action: 'pop_to_root: false' does nothing on its own; add 'tab', 'push' or 'present', or make it 'pop_to_root: true' [missing-action]"),
        Case(code: "duplicate-param", yaml: rule("{name: a, when: true, push: {screen: detail, params: {id: id}}, params: {id: 7}}"),
             expected: "t.yaml:9:82: error: param 'id' of screen 'detail' is given twice in rule 'a', in the screen's item and in 'params'; keep one [duplicate-param]"),
        Case(code: "login-screen-login",
             yaml: header.replacingOccurrences(of: "login: {show: present}", with: "login: {show: present, login: required}")
                 + "  - {name: a, when: true, tab: home}\n",
             expected: "t.yaml:3:15: error: login screen 'login' is declared 'login: required', but it is where the user logs in; remove 'login: required' from it [login-screen-login]"),
        Case(code: "login-screen-params",
             yaml: header.replacingOccurrences(of: "login: {show: present}", with: "login: {show: present, params: {reason: string}}")
                 + "  - {name: a, when: true, tab: home}\n",
             expected: "t.yaml:3:15: error: login screen 'login' declares params ('reason'), but it is presented with none; remove its 'params' [login-screen-params]"),
        Case(code: "unsupported-syntax", yaml: rule("{name: a, when: \"has(uid) && uid.?x == 1\", tab: home}"),
             expected: "t.yaml:9:38: error: optional selections and indexes ('.?', '[?') are not supported [unsupported-syntax]"),
        Case(code: "wrong-presentation", yaml: rule("{name: a, when: true, present: detail, params: {id: 1}}"),
             expected: "t.yaml:9:36: error: screen 'detail' is declared to be pushed, so 'present' cannot show it; use 'push: detail' or change its 'show' [wrong-presentation]"),
        Case(code: "invalid-value", yaml: rule("{name: a, when: true, tab: home, foreground: alrt}"),
             expected: "t.yaml:9:50: error: invalid value 'alrt' for 'foreground'; expected one of 'alert', 'navigate', 'ignore'; did you mean 'alert'? [invalid-value]"),
        Case(code: "wrong-type", yaml: rule("{name: a, when: true, tab: home, pop_to_root: 3}"),
             expected: "t.yaml:9:51: error: expected true or false for 'pop_to_root', found the number 3 [wrong-type]"),
        Case(code: "wrong-type", yaml: rule("{name: a, when: true, tab: 1.5}"),
             expected: "t.yaml:9:32: error: expected a tab's name or index (0 to 1) for 'tab' of rule 'a', found the number 1.5 [wrong-type]"),
        Case(code: "wrong-type", yaml: rule("{name: a, when: true, tab: home}") + "fallback: me\n",
             expected: "t.yaml:10:11: error: expected 'none' or an action for 'fallback', found the string 'me'; write the action: {tab: me} [wrong-type]"),
        Case(code: "wrong-type", yaml: rule("{name: a, when: true, tab: home}") + "fallback: login\n",
             expected: "t.yaml:10:11: error: expected 'none' or an action for 'fallback', found the string 'login'; write the action: {present: login} [wrong-type]"),
        Case(code: "wrong-type", yaml: rule("{name: a, when: true, tab: home}") + "fallback: 3\n",
             expected: "t.yaml:10:11: error: expected 'none' or an action for 'fallback', found the number 3, e.g. {tab: home} [wrong-type]"),
        Case(code: "boolean-word", yaml: rule("{name: a, when: true, tab: home, pop_to_root: yes}"),
             expected: "t.yaml:9:51: error: expected a boolean, found the string 'yes'; write true [boolean-word]"),
        Case(code: "boolean-word", yaml: rule("{name: a, when: true, tab: home, pop_to_root: \"OFF\"}"),
             expected: "t.yaml:9:51: error: expected a boolean, found the string 'OFF'; write false [boolean-word]"),
        Case(code: "yaml11-boolean", yaml: "version: 1\ntabs: [home, no]\n",
             expected: "t.yaml:2:14: warning: 'no' looks like a YAML 1.1 boolean but is read as the name 'no'; quote it to say so [yaml11-boolean]"),
        Case(code: "duplicate-name", yaml: rule("{name: a, when: true, tab: home}") + "  - {name: a, when: true, tab: me}\n",
             expected: "t.yaml:10:12: error: rule 'a' is declared twice (first at t.yaml:9:12); rename or remove one of them [duplicate-name]"),
        Case(code: "unsupported-version", yaml: "version: 2\ntabs: [a]\n",
             expected: "t.yaml:1:10: error: unsupported route file version '2'; this routecheck reads version 1, so write 'version: 1' [unsupported-version]"),
        Case(code: "missing-login-screen", yaml: "version: 1\ntabs: [a]\nscreens: {x: {show: push, login: required}}\n",
             expected: "t.yaml:3:14: error: screen 'x' needs a login but the table declares no 'login_screen'; declare one (a screen shown with 'show: present') [missing-login-screen]"),
        Case(code: "wrong-type", yaml: "version: [1]\ntabs: [a]\n",
             expected: "t.yaml:1:10: error: expected the number 1 for 'version', found a list [wrong-type]"),
        Case(code: "wrong-type", yaml: rule("{name: a, when: true, tab: home}") + "fallback: None\n",
             expected: "t.yaml:10:11: error: expected 'none' or an action for 'fallback', found the string 'None'; write 'none' for no fallback [wrong-type]"),
        // A bracket short of a list type is offered as the list type.
        Case(code: "unknown-type", yaml: "version: 1\ntabs: [a]\npayload: {tags: '[strng'}\n",
             expected: "t.yaml:3:17: error: unknown type '[strng'; expected int, double, string, bool, any or a list like [int]; did you mean '[string]'? [unknown-type]"),
        // `{ id }` names the key " id ": the spaces are the mistake.
        Case(code: "undeclared-field", yaml: rule("{name: a, when: true, tab: home, alert: {message: 'Item { id }'}}"),
             expected: "t.yaml:9:61: warning: alert placeholder '{ id }' names an undeclared payload field and renders as nothing unless the payload has it; did you mean 'id'? [undeclared-field]"),
        Case(code: "unknown-type", yaml: "version: 1\ntabs: [a]\npayload: {type: integer}\n",
             expected: "t.yaml:3:17: error: unknown type 'integer'; expected int, double, string, bool, any or a list like [int] [unknown-type]"),
        Case(code: "conflicting-tab",
             yaml: rule("{name: a, when: true, push: [{screen: detail, params: {id: 1}}, settings]}")
                 .replacingOccurrences(of: "  login: {show: present}", with: "  login: {show: present}\n  settings: {show: push, tab: me}"),
             expected: "t.yaml:10:69: warning: 'push' of rule 'a' puts 'detail' on tab 'home' and 'settings' on tab 'me', so Back from 'settings' does not lead to 'detail'; push screens of one tab [conflicting-tab]"),
        Case(code: "conflicting-tab", yaml: rule("{name: a, when: true, tab: me, push: detail, params: {id: 1}}"),
             expected: "t.yaml:9:27: warning: rule 'a' selects tab 'me', but 'detail' is pushed onto its own tab 'home'; remove 'tab' or push a screen of 'me' [conflicting-tab]"),
        Case(code: "no-effect", yaml: "version: 1\ntabs: [a]\nscreens: {x: {show: push, embed_in_navigation: true}}\n",
             expected: "t.yaml:3:27: warning: screen 'x' is pushed, so its 'embed_in_navigation' has no effect; remove it, or change its 'show' [no-effect]"),
        Case(code: "no-effect", yaml: "version: 1\ntabs: [a]\nscreens: {x: {show: present, tab: a}}\n",
             expected: "t.yaml:3:30: warning: screen 'x' is presented, so its 'tab' has no effect; remove it, or change its 'show' [no-effect]"),
        Case(code: "no-effect", yaml: "version: 1\ntabs: [a]\nscreens: {x: {show: present, hides_bottom_bar: true}}\n",
             expected: "t.yaml:3:30: warning: screen 'x' is presented, so its 'hides_bottom_bar' has no effect; remove it, or change its 'show' [no-effect]"),
        Case(code: "wrong-presentation", yaml: "version: 1\ntabs: [a]\nlogin_screen: l\nscreens: {l: {show: push}}\n",
             expected: "t.yaml:3:15: warning: login screen 'l' is declared 'show: push', but the login screen is always presented; declare it 'show: present' [wrong-presentation]"),
        Case(code: "duplicate-key", yaml: "version: 1\nversion: 1\ntabs: [a]\n",
             expected: "t.yaml:2:1: error: duplicate key 'version'; remove one of them [duplicate-key]"),
        Case(code: "custom-tag", yaml: "version: 1\ntabs: !mytag [a]\n",
             expected: "t.yaml:2:7: error: custom tag '!mytag' is not allowed; remove it [custom-tag]"),
        Case(code: "multiple-documents", yaml: "version: 1\n---\ntabs: [a]\n",
             expected: "t.yaml:2:1: error: file holds more than one YAML document; put each in a file of its own [multiple-documents]"),
        Case(code: "yaml-syntax", yaml: "version: 1\ntabs: [a\n",
             expected: "t.yaml:3:1: error: did not find expected ',' or ']' [yaml-syntax]"),
        Case(code: "undefined-alias", yaml: "version: 1\ntabs: [*nothing]\n",
             expected: "t.yaml:2:8: error: undefined alias '*nothing'; define the anchor '&nothing' before it [undefined-alias]"),
    ]

    @Test(arguments: cases)
    func reportsDiagnostic(_ c: Case) throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", c.yaml)
        let run = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(c.expected), "\(run)")
        let isWarning = c.expected.contains(": warning: ")
        #expect(run.status == (isWarning ? 0 : 1), "\(run)")
    }

    @Test func everyProblemIsReportedInOneRun() throws {
        // Structural errors do not hide expression errors, even in the rules they break.
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", Self.header + """
              - {name: a, when: type == "3", push: detial}
              - {name: b, when: typo == 3, tab: hom}
              - {name: c, when: type ==, tab: home}

            """)
        let run = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        let firstLines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("t.yaml:") }
        #expect(firstLines == [
            "t.yaml:9:29: error: 'type' is declared 'int', and \"3\" is of type 'string'; write 3 [type-mismatch]",
            "t.yaml:9:40: error: unknown screen 'detial'; did you mean 'detail'? [unknown-screen]",
            "t.yaml:10:21: warning: undeclared payload field 'typo'; did you mean 'type'? [undeclared-field]",
            "t.yaml:10:37: error: unknown tab 'hom'; did you mean 'home'? [unknown-tab]",
            "t.yaml:11:28: error: expected an expression, found end of expression [syntax-error]",
        ], "\(run)")
        #expect(run.status == 1)
    }

    @Test func aTagWithAnEmptyValueIsReportedOnce() throws {
        // `login_screen: !login` is a custom tag on an empty value, not the name `login`.
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", "version: 1\ntabs: [a]\nlogin_screen: !login\nscreens: {login: {show: present}}\n")
        let run = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        let firstLines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("t.yaml:") }
        #expect(firstLines == [
            "t.yaml:3:15: error: custom tag '!login' is not allowed; remove it, or, for an expression that starts with '!', put the whole value in quotes: '!login' [custom-tag]",
        ], "\(run)")
        #expect(run.status == 1)
    }

    @Test func aBadTabEntryDrawsNoFollowUpIndexErrors() throws {
        // With `2` dropped, `x` would be tab 1 and `tab: 2` out of range: the indexes are unknown.
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", """
            version: 1
            tabs: [home, 2, x, home, z]
            screens: {s: {show: push, tab: 1}}
            routes:
              - {name: a, when: "true", tab: 3}
              - {name: b, when: "true", push: s}
              - {name: c, when: "true", tab: 0}
              - {name: d, when: "true", tab: -1}

            """)
        let run = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        let firstLines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("t.yaml:") }
        // Index 0, read before the bad entry, is still known; -1 is out of range whatever the tabs.
        #expect(firstLines == [
            "t.yaml:2:14: error: expected a name for a tab, found the number 2 [wrong-type]",
            "t.yaml:2:20: error: tab 'home' is declared twice (first at t.yaml:2:8); rename or remove one of them [duplicate-name]",
            "t.yaml:2:8: note: first declared here",
            "t.yaml:8:34: error: tab index -1 is out of range; the table has 3 tabs (0-2) [tab-index-out-of-range]",
        ], "\(run)")
        #expect(run.status == 1)
    }

    @Test func invalidUTF8IsPositioned() throws {
        let dir = try TemporaryDirectory()
        let file = dir.url.appendingPathComponent("t.yaml")
        try Data("version: 1\ntabs: [".utf8 + [0xFF] + "]\n".utf8).write(to: file)
        let run = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        #expect(run.stdout.hasPrefix("t.yaml:2:8: error: invalid UTF-8: byte 0xFF cannot start a character; save the file as UTF-8 (it may be in Latin-1 or Windows-1252) [invalid-encoding]"), "\(run)")
        #expect(run.status == 1)
    }

    @Test func rendersSourceLineAndCaret() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", Self.rule("{name: a, when: true, push: detial, params: {id: 1}}"))
        let run = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        #expect(run.stdout == """
            t.yaml:9:33: error: unknown screen 'detial'; did you mean 'detail'? [unknown-screen]
              - {name: a, when: true, push: detial, params: {id: 1}}
                                            ^~~~~~
                fix-it: replace with 'detail'
            1 table, 1 file, 1 rule: 1 error, 0 warnings

            """)
    }

    @Test func textWrittenWithoutQuotesIsPointedOut() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", Self.header + """
              - {name: a, when: uid == u1, tab: home}
              - {name: b, when: has(uid), push: detail, params: {id: "seven"}, login: {user: 'u2'}}

            """)
        let run = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        #expect(run.status == 0, "\(run)")
        let warnings = run.stdout.split(separator: "\n").filter { $0.hasPrefix("t.yaml:") }
        #expect(warnings == [
            #"t.yaml:9:28: warning: undeclared payload field 'u1'; for the text "u1", write it in quotes, or declare the field under 'payload' [undeclared-field]"#,
            #"t.yaml:10:59: warning: undeclared payload field 'seven'; for the text "seven", quote it inside the YAML value: '"seven"', or declare the field under 'payload' [undeclared-field]"#,
            #"t.yaml:10:83: warning: undeclared payload field 'u2'; for the text "u2", quote it inside the YAML value: '"u2"', or declare the field under 'payload' [undeclared-field]"#,
        ], "\(run)")
    }

    @Test func aSectionInTwoFilesIsToBeKeptOnce() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/a.yaml", Self.rule("{name: a, when: true, tab: home}") + "defaults: {foreground: ignore}\n")
        try dir.write("routes/b.yaml", "defaults: {clear_badge: true}\n")
        let run = try runRouteCheck(["validate", "routes"], in: dir.url)
        #expect(run.stdout.hasPrefix(
            "routes/b.yaml:1:1: error: section 'defaults' is declared twice (first at routes/a.yaml:10:1); keep one, with what both say [duplicate-name]"),
            "\(run)")
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", Self.rule("{name: a, when: typo == 3, tab: home}"))
        let lenient = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("t.yaml:9:21: warning: undeclared payload field 'typo'; did you mean 'type'? [undeclared-field]"))
        let strict = try runRouteCheck(["validate", "--strict", "t.yaml"], in: dir.url)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("t.yaml:9:21: error: undeclared payload field 'typo'; did you mean 'type'?"))
    }

    @Test func duplicatesAcrossFilesNameBothPlaces() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/a.yaml", "version: 1\ntabs: [home]\nscreens:\n  notice: {show: present}\n")
        try dir.write("routes/b.yaml", "screens:\n  notice: {show: present}\n")
        try dir.write("routes/c.test.yaml", "this is not a route file: [\n")
        let run = try runRouteCheck(["validate", "--format", "json", "routes"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains(#""code":"duplicate-name""#))
        #expect(run.stdout.contains(#""file":"routes/b.yaml""#))
        #expect(run.stdout.contains(#""message":"first declared here""#))
        #expect(run.stdout.contains(#""summary":{"tables":1,"files":2,"rules":0,"errors":1,"warnings":0}"#), "\(run)")
    }

    @Test func githubFormat() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", Self.rule("{name: a, when: true, tab: hom}"))
        let run = try runRouteCheck(["validate", "--format=github", "t.yaml"], in: dir.url)
        #expect(run.stdout == "::error file=t.yaml,line=9,col=32::unknown tab 'hom'; did you mean 'home'?\n"
            + "1 table, 1 file, 1 rule: 1 error, 0 warnings\n", "\(run)")
        #expect(run.status == 1)
    }

    @Test func exampleRoutesAreClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let run = try runRouteCheck(["validate", "--strict", "routes"], in: root)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "1 table, 5 files, 9 rules: 0 errors, 0 warnings\n")
    }
}
