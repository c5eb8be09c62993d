import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// Mistakes a product manager makes writing a table by hand, each found by an audit that wrote
/// broken tables from SPEC: words from SPEC's prose or another language where a key or an
/// operator goes, text where a number goes. Each draws one diagnostic, at the mistake, that says
/// what to write; where it offers a fix-it, applying it gives a table without errors.
@Suite struct AuthoringMistakeTests {
    static let header = """
        version: 1
        tabs: [home]
        payload: {type: int, x: string, d: double, b: bool, aps: {badge: int}}
        screens:
          list: {show: push, tab: home}
          detail: {show: push, tab: home, params: {id: int}}
          sheet: {show: present}

        """

    /// `rules` with one rule whose `when` is `predicate`.
    static func table(when predicate: String) -> String {
        header + "routes:\n  - name: a\n    when: \(predicate)\n    tab: home\n"
    }

    func diagnostics(_ yaml: String) throws -> [Diagnostic] { try loadTable(yaml: yaml).diagnostics }

    /// `line:column: severity: message` of each diagnostic.
    func lines(_ yaml: String) throws -> [String] {
        try diagnostics(yaml).map {
            "\($0.range.start.line):\($0.range.start.column): \($0.severity): \($0.message)"
        }
    }

    /// `yaml` with the diagnostic's fix-it applied (its range replaced; columns count scalars).
    func applying(_ diagnostic: Diagnostic, to yaml: String) throws -> String {
        let fixIt = try #require(diagnostic.fixIt)
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        let (start, end) = (diagnostic.range.start, diagnostic.range.end)
        try #require(start.line == end.line)
        let line = lines[start.line - 1]
        lines[start.line - 1] = Array(line[..<(start.column - 1)]) + Array(fixIt.replacement.unicodeScalars)
            + Array(line[(end.column - 1)...])
        return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }

    /// The one diagnostic of `yaml`, whose fix-it leaves a table with no errors.
    func expectFixed(_ yaml: String, message: String, column: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let found = try diagnostics(yaml)
        try #require(found.count == 1, "\(found.map(\.message))", sourceLocation: sourceLocation)
        #expect(found[0].message == message, sourceLocation: sourceLocation)
        #expect(found[0].range.start.column == column, sourceLocation: sourceLocation)
        let fixed = try applying(found[0], to: yaml)
        #expect(try diagnostics(fixed).filter { $0.severity == .error }.map(\.message) == [],
                "\(fixed)", sourceLocation: sourceLocation)
    }

    // MARK: Keys

    @Test func wordsForKeysFromSpecProseOrOtherToolsAreOfferedTheKey() throws {
        for (written, meant) in [("rules", "routes"), ("fields", "payload")] {
            let yaml = Self.table(when: "'true'").replacingOccurrences(of: "\n\(meant):", with: "\n\(written):")
            #expect(try diagnostics(yaml).map(\.message)
                    == ["unknown key '\(written)' in the top level of a route file; did you mean '\(meant)'?"])
        }
        let rules: [(rule: String, message: String, column: Int)] = [
            ("{name: a, condition: 'true', tab: home}", "unknown key 'condition' in a rule; did you mean 'when'?", 15),
            ("{name: a, if: 'true', tab: home}", "unknown key 'if' in a rule; did you mean 'when'?", 15),
            ("{id: a, when: 'true', tab: home}", "unknown key 'id' in a rule; did you mean 'name'?", 6),
            ("{name: a, when: 'true', push: detail, parameters: {id: 1}}",
             "unknown key 'parameters' in a rule; did you mean 'params'?", 43),
            ("{name: a, when: 'true', modal: sheet}", "unknown key 'modal' in a rule; did you mean 'present'?", 29),
            ("{name: a, when: 'true', screen: list}", "unknown key 'screen' in a rule; did you mean 'push'?", 29),
            ("{name: a, when: 'true', goto: list}", "unknown key 'goto' in a rule; did you mean 'push'?", 29),
            ("{name: a, when: 'true', tab: home, login: {uid: x}}", "unknown key 'uid' in 'login'; did you mean 'user'?", 48),
            ("{name: a, when: 'true', tab: home, alert: {body: Hi}}",
             "unknown key 'body' in 'alert'; did you mean 'message'?", 48),
        ]
        for (rule, message, column) in rules {
            let yaml = Self.header.replacingOccurrences(of: "tabs: [home]", with: "tabs: [home]\nlogin_screen: sheet")
                + "routes:\n  - \(rule)\n"
            try expectFixed(yaml, message: message, column: column)
        }
    }

    @Test func screenAtTheTopLevelIsOfferedScreensNotPush() throws {
        let yaml = Self.table(when: "'true'").replacingOccurrences(of: "\nscreens:", with: "\nscreen:")
        #expect(try diagnostics(yaml).map(\.message).first
                == "unknown key 'screen' in the top level of a route file; did you mean 'screens'?")
    }

    @Test func keysWrittenOneLevelTooDeepAreToldToMoveUp() throws {
        let yaml = Self.header + "routes:\n  - name: a\n    when: 'true'\n    action:\n      push: detail\n      params: {id: 1}\n"
        #expect(try lines(yaml) == [
            "11:5: error: unknown key 'action' in a rule; remove it and move its keys ('push', 'params') up one level",
        ])
        // Keys that do not all belong to a rule get the list of those that do.
        let other = Self.header + "routes:\n  - name: a\n    when: 'true'\n    tab: home\n    extra: {push: detail, colour: red}\n"
        #expect(try lines(other).first?.hasPrefix("12:5: error: unknown key 'extra' in a rule; expected one of 'name'") == true)
    }

    @Test func aSynonymIsNotOfferedForAKeyTheMappingAlreadyHas() throws {
        let yaml = Self.header + "routes:\n  - {name: a, id: b, when: 'true', tab: home}\n"
        #expect(try lines(yaml) == [
            "9:15: error: unknown key 'id' in a rule; expected one of 'name', 'when', 'tab', 'pop_to_root', "
                + "'push', 'present', 'params', 'login', 'foreground', 'if_visible', 'alert'",
        ])
    }

    @Test func screenKeysOtherToolsUseAreOfferedTheirNames() throws {
        for (written, meant, value) in [("type", "show", "present"), ("embed_in_nav", "embed_in_navigation", "true"),
                                        ("hide_tab_bar", "hides_bottom_bar", "true")] {
            let show = meant == "show" ? "" : "show: push, "
            let yaml = "version: 1\ntabs: [home]\nscreens:\n  t: {\(show)\(written): \(value)}\n"
            try expectFixed(yaml, message: "unknown key '\(written)' in screen 't'; did you mean '\(meant)'?",
                            column: 7 + show.count)
        }
    }

    @Test func aMisspelledParamsKeyDrawsNoMissingParam() throws {
        for written in ["param", "parmas"] {
            let yaml = Self.header + "routes:\n  - {name: a, when: 'true', push: detail, \(written): {id: 1}}\n"
            try expectFixed(yaml, message: "unknown key '\(written)' in a rule; did you mean 'params'?", column: 43)
        }
    }

    @Test func aMisspelledPushDrawsNoUnusedParams() throws {
        let yaml = Self.header + "routes:\n  - {name: a, when: 'true', pusj: detail, params: {id: 1}}\n"
        try expectFixed(yaml, message: "unknown key 'pusj' in a rule; did you mean 'push'?", column: 29)
    }

    @Test func loginAsABooleanSaysWhichWordItMeans() throws {
        let rule = Self.header.replacingOccurrences(of: "tabs: [home]", with: "tabs: [home]\nlogin_screen: sheet")
            + "routes:\n  - {name: a, when: 'true', push: list, login: true}\n"
        try expectFixed(rule, message: "invalid value 'true' for 'login'; expected one of 'required', 'none', "
                            + "'{user: <expression>}'; for true, write 'required'", column: 48)
        let screen = Self.header.replacingOccurrences(of: "list: {show: push, tab: home}",
                                                      with: "list: {show: push, tab: home, login: false}")
            + "routes:\n  - {name: a, when: 'true', push: list}\n"
        try expectFixed(screen, message: "invalid value 'false' for 'login'; expected one of 'required', 'none'; "
                            + "for false, write 'none'", column: 40)
        // YAML 1.1's spellings of a boolean mean the same.
        try expectFixed(rule.replacingOccurrences(of: "login: true", with: "login: Yes"),
                        message: "invalid value 'Yes' for 'login'; expected one of 'required', 'none', "
                            + "'{user: <expression>}'; for Yes, write 'required'", column: 48)
        try expectFixed(rule.replacingOccurrences(of: "login: true", with: "login: off"),
                        message: "invalid value 'off' for 'login'; expected one of 'required', 'none', "
                            + "'{user: <expression>}'; for off, write 'none'", column: 48)
        try expectFixed(screen.replacingOccurrences(of: "login: false", with: "login: yes")
                            .replacingOccurrences(of: "tabs: [home]", with: "tabs: [home]\nlogin_screen: sheet"),
                        message: "invalid value 'yes' for 'login'; expected one of 'required', 'none'; "
                            + "for yes, write 'required'", column: 40)
    }

    @Test func itemsWithoutBracketsAreOfferedAList() throws {
        let yaml = Self.header.replacingOccurrences(of: "tabs: [home]", with: "tabs: home, me")
            + "routes:\n  - {name: a, when: 'true', tab: me}\n"
        try expectFixed(yaml, message: "expected a list for 'tabs', found the string 'home, me'; "
                            + "write the items in brackets: [home, me]", column: 7)
    }

    @Test func aTabIndexInQuotesIsOfferedWithoutThem() throws {
        let yaml = Self.header.replacingOccurrences(of: "tabs: [home]", with: "tabs: [home, me]")
            + "routes:\n  - {name: a, when: 'true', tab: \"1\"}\n"
        try expectFixed(yaml, message: "unknown tab '1'; in quotes it is a name: for tab 1, 'me', write it without quotes",
                        column: 34)
        // `!!str 1` is a name the same way, and said so: it has no quotes to remove.
        let tagged = yaml.replacingOccurrences(of: "tab: \"1\"", with: "tab: !!str 1")
        try expectFixed(tagged, message: "unknown tab '1'; tagged '!!str' it is a name: for tab 1, 'me', write it without the tag",
                        column: 34)
        // Past the tabs it is an unknown name like any other.
        let past = yaml.replacingOccurrences(of: "tab: \"1\"", with: "tab: \"2\"")
        #expect(try diagnostics(past).map(\.message) == ["unknown tab '2'; add it to 'tabs'"])
    }

    @Test func screensSeparatedByCommasAreOfferedAList() throws {
        let yaml = Self.header + "routes:\n  - name: a\n    when: 'true'\n    push: list, detail\n    params: {id: 1}\n"
        let found = try diagnostics(yaml)
        #expect(found.map(\.message).first
                == "unknown screen 'list, detail'; to push several screens, write them as a list: [list, detail]")
        #expect(try diagnostics(applying(found[0], to: yaml)).isEmpty)
        // A name that merely contains a comma is an unknown screen like any other.
        let other = Self.header + "routes:\n  - {name: a, when: 'true', push: 'list, nowhere'}\n"
        #expect(try diagnostics(other).map(\.message) == ["unknown screen 'list, nowhere'; declare it under 'screens'"])
    }

    // MARK: Characters that do not show

    @Test func aCharacterThatDoesNotShowIsNamedInANote() throws {
        let zeroWidth = Self.header + "routes:\n  - {name: a, when: 'true', push: li\u{200B}st}\n"
        let unknown = try diagnostics(zeroWidth)
        #expect(unknown.map(\.message) == ["unknown screen 'li\u{200B}st'; did you mean 'list'?"])
        #expect(unknown.first?.notes.map(\.message)
                == ["'li\u{200B}st' contains U+200B ZERO WIDTH SPACE, which does not show; delete it or retype the name"])
        let key = Self.header + "routes:\n  - {name: a, when: 'true', ta\u{00A0}b: home}\n"
        #expect(try diagnostics(key).first?.notes.map(\.message)
                == ["'ta\u{00A0}b' contains U+00A0 NO-BREAK SPACE, which does not show; delete it or retype the name"])
        for (yaml, line) in [
            (Self.header + "routes:\n  - name: a\n    when: 'true'\n    tab:\u{00A0}home\n", 11),
            (Self.header + "routes:\n  - name: a\n\u{00A0}   when: 'true'\n    tab: home\n", 10),
        ] {
            let found = try diagnostics(yaml)
            #expect(found.map(\.code) == ["yaml-syntax"], "\(found)")
            let note = found.first?.notes.first { $0.message.contains("U+00A0") }
            #expect(note?.message == "line \(line) contains U+00A0 NO-BREAK SPACE here, which YAML does not read as a "
                        + "space; type a plain space instead", "\(found)")
            #expect(note?.range?.start.line == line)
        }
        // A no-break space inside quoted text is text, and draws nothing.
        let quoted = Self.header + "routes:\n  - {name: a, when: 'true', tab: home, alert: {title: \"a\u{00A0}b\"}}\n"
        #expect(try diagnostics(quoted).isEmpty)
    }

    @Test func aDeclaredNameThatHoldsACharacterThatDoesNotShowIsNotPastedByAFixIt() throws {
        // Pasted from a web page into `tabs`: the rule's plain `me` is right, the declaration not.
        let yaml = Self.header.replacingOccurrences(of: "tabs: [home]", with: "tabs: [home, \u{00A0}me]")
            + "routes:\n  - {name: a, when: 'true', tab: me}\n"
        let found = try diagnostics(yaml)
        #expect(found.map(\.message) == ["unknown tab 'me'; the declared '\u{00A0}me' contains U+00A0 NO-BREAK SPACE, "
                                        + "which does not show: delete it there"])
        #expect(found.first?.fixIt == nil)
    }

    // MARK: Alert texts

    @Test func anUnclosedPlaceholderIsAWarningAtItsBrace() throws {
        let yaml = Self.header + """
            defaults:
              alert: {title: "New {x} {aps.alert", message: "} {", confirm: "{a} b}", cancel: "{x}"}
            routes:
              - {name: a, when: 'true', tab: home}

            """
        #expect(try lines(yaml) == [
            "9:27: warning: the alert 'title' has a '{' with no '}' after it, so it shows as written; "
                + "close the placeholder with '}', as in '{aps.alert}'",
            "9:52: warning: the alert 'message' has a '{' with no '}' after it, so it shows as written; "
                + "close the placeholder with '}', as in '{aps.alert}'",
        ])
    }

    @Test func anUnquotedPlaceholderSaysToQuoteIt() throws {
        let yaml = Self.header + "routes:\n  - {name: a, when: 'true', tab: home, alert: {message: {aps.alert}}}\n"
        #expect(try diagnostics(yaml).map(\.message) == [
            "expected a string for the alert 'message', found a mapping; for a placeholder, put the text in quotes: \"{aps.alert}\"",
        ])
    }

    // MARK: Predicates

    @Test func operatorsOfOtherLanguagesSayWhatThisOneWrites() throws {
        let fixable: [(written: String, message: String, column: Int)] = [
            ("type === 3", "'===' is not an operator in this language; write '=='", 16),
            ("type !== 3", "'!==' is not an operator in this language; write '!='", 16),
            ("type <> 3", "'<>' is not an operator in this language; write '!='", 16),
            ("type == 3 and has(x)", "'and' is written '&&' in this language", 21),
            ("(type == 3 or has(x))", "'or' is written '||' in this language", 22),
            ("not has(x)", "'not' is written '!' in this language", 11),
            ("has(x) && not has(d)", "'not' is written '!' in this language", 21),
        ]
        for (written, message, column) in fixable {
            try expectFixed(Self.table(when: written), message: message, column: column)
        }
        #expect(try lines(Self.table(when: "x =~ \"a.*\"")) == [
            "10:13: error: '=~' is not an operator in this language; to match a regular expression, write x.matches(\"pattern\")",
        ])
        #expect(try lines(Self.table(when: "type in (3, 4)")) == [
            "10:21: error: expected ')', found ','; a list is written in square brackets, as in type in [3, 4]",
        ])
        // Template syntax where an expression names a field, in a param or a predicate.
        let param = Self.header.replacingOccurrences(of: "{type: int,", with: "{type: int, id: int,")
            + "routes:\n  - {name: a, when: 'true', push: detail, params: {id: \"{id}\"}}\n"
        try expectFixed(param, message: "'{id}' is how alert texts insert a field; an expression names the field itself: write id",
                        column: 57)
        try expectFixed(Self.table(when: "$type == 3"),
                        message: "unexpected character '$'; payload fields are named without it; remove it", column: 11)
        // A map literal is still one.
        #expect(try diagnostics(Self.table(when: "\"{'a': 1}['a'] == 1\"")).isEmpty)
        // A `=` apart from the `==` before it is a stray `=`, not `===`.
        #expect(try lines(Self.table(when: "type == = 3")) == ["10:19: error: unexpected '='; did you mean '=='?"])
        // A field may be called `not`.
        #expect(try diagnostics(Self.table(when: "not == 3")).map(\.code) == ["undeclared-field"])
    }

    @Test func aNullOfAnotherLanguageIsOfferedHas() throws {
        #expect(try diagnostics(Self.table(when: "x != nil")).map(\.message) == [
            "undeclared payload field 'nil'; to test whether the payload has 'x', write has(x), or declare the field under 'payload'",
        ])
        #expect(try diagnostics(Self.table(when: "aps.badge == None")).map(\.message) == [
            "undeclared payload field 'None'; to test whether the payload has 'aps.badge', write !has(aps.badge), "
                + "or declare the field under 'payload'",
        ])
    }

    @Test func thePayloadsOwnNameBeforeAFieldIsOfferedTheField() throws {
        try expectFixed(Self.table(when: "payload.type == 3"),
                        message: "undeclared payload field 'payload.type'; did you mean 'type'?", column: 11)
        try expectFixed(Self.table(when: "payload.aps.badge > 0"),
                        message: "undeclared payload field 'payload.aps.badge'; did you mean 'aps.badge'?", column: 11)
    }

    @Test func aLiteralOfTheWrongTypeThatMeansAValueOfTheFieldsTypeIsRewritten() throws {
        let cases: [(written: String, literal: String, message: String)] = [
            ("type == '3'", "'3'", "'type' is declared 'int', and \"3\" is of type 'string'; write 3"),
            ("'3' != type", "'3'", "'type' is declared 'int', and \"3\" is of type 'string'; write 3"),
            ("type >= '3'", "'3'", "'type' is declared 'int', and \"3\" is of type 'string'; write 3"),
            ("d < '1.5'", "'1.5'", "'d' is declared 'double', and \"1.5\" is of type 'string'; write 1.5"),
            ("b == 'true'", "'true'", "'b' is declared 'bool', and \"true\" is of type 'string'; write true"),
            ("type in ['3', '4']", "[", "'type' is declared 'int', and the list is of type 'list(string)'; write [3, 4]"),
        ]
        for (written, literal, message) in cases {
            // `    when: "` is 11 columns.
            try expectFixed(Self.table(when: "\"\(written)\""), message: message,
                            column: 12 + written.distance(of: literal))
        }
        // The fix-it is spelled as the YAML scalar around the expression escapes text.
        for when in ["\"x == 3\"", "'x == 3'", "x == 3", "|-\n      x == 3"] {
            try expectFixed(Self.table(when: when), message: "'x' is declared 'string', and 3 is of type 'int'; write \"3\"",
                            column: when.hasPrefix("|") ? 12 : 11 + when.distance(of: "3"))
        }
        // A plain scalar cannot start with a quote, so there it is no fix-it.
        #expect(try diagnostics(Self.table(when: "3 == x")).map(\.fixIt) == [nil])
        // Text that means no number keeps the general message.
        #expect(try diagnostics(Self.table(when: "type == 'abc'")).map(\.message) == [
            "operator '==' cannot be applied to 'int' and 'string'; compare values of one type, or convert one side "
                + "with int(), double() or string()",
        ])
    }

    /// A ',' or a '- ' left out joins two names into one: each use of a part says so.
    @Test func namesJoinedByAMissingSeparatorAreNamed() throws {
        let yaml = """
            version: 1
            tabs: [home, discover messages]
            screens:
              list: {show: push, tab: home}
              thread: {show: push, tab: home}
            routes:
              - name: a
                when: 'true'
                tab: discover
              - name: b
                when: 'true'
                push:
                  - list
                    thread

            """
        #expect(try lines(yaml) == [
            "9:10: error: unknown tab 'discover'; the declared tab 'discover messages' holds it: if 'discover' and 'messages' are tabs of their own, separate them with ',' in 'tabs'",
            "13:9: error: unknown screen 'list thread'; it is 'list' and 'thread' read as one name: give each screen its own '- ' line, or write [list, thread]",
        ])
        #expect(try diagnostics(yaml).first?.notes.first?.range?.start.line == 2)
    }

    /// Other tools' words for values get the format's word as a fix-it, which fixes the table.
    @Test(arguments: [
        ("  modal: {show: modal}\nroutes:\n  - {name: a, when: 'true', present: modal}\n", "'present'"),
        ("routes:\n  - {name: a, when: 'true', tab: home, foreground: silent}\n", "'ignore'"),
        ("routes:\n  - {name: a, when: 'true', tab: home}\nfallback: no\n", "'none'"),
        ("routes:\n  - {name: a, when: 'true', tab: home}\nfallback: false\n", "'none'"),
    ])
    func otherToolsWordsForValuesAreTranslated(_ tail: String, meant: String) throws {
        let yaml = Self.header + tail
        let found = try diagnostics(yaml)
        #expect(found.count == 1, "\(found.map(\.message))")
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message.contains(meant), "\(diagnostic.message)")
        #expect(try diagnostics(try applying(diagnostic, to: yaml)).filter { $0.severity == .error }.isEmpty)
    }

    /// In a flow mapping `tab:<U+00A0>home` is one key: the space after the ':' was meant.
    @Test func aNoBreakSpaceAfterAColonIsToBeTypedAsASpace() throws {
        let found = try diagnostics(Self.header + "routes:\n  - {name: a, when: 'true', tab:\u{A0}home}\n")
        #expect(found.first?.notes.first?.message
            == "'tab:\u{A0}home' contains U+00A0 NO-BREAK SPACE, which does not show; type a plain space instead")
    }

    /// `title: &more news` loses `&more` to an anchor that nothing uses: a warning says so. An
    /// anchor used by an alias or a merge draws nothing.
    @Test func anUnusedAnchorIsReported() throws {
        let yaml = Self.header + "routes:\n  - name: a\n    when: 'true'\n    tab: home\n    alert:\n      title: &more news for you\n"
        let found = try lines(yaml)
        #expect(found == [
            "13:14: warning: anchor '&more' is never used; YAML reads '&more' at the start of a value as an anchor, not as text: if it is part of the value, put the whole value in quotes, or else remove it",
        ])
        // The warning underlines the anchor itself (it was placed at the value, zero wide).
        let range = try #require(try diagnostics(yaml).first?.range)
        #expect("\(range.start.line):\(range.start.column)-\(range.end.column)" == "13:14-19")
        let used = Self.header + "routes:\n  - {name: a, when: 'true', tab: &t home}\n  - &r {name: b, when: 'false', tab: *t}\n  - {<<: *r, name: c}\n"
        #expect(try diagnostics(used).filter { $0.code == "unused-anchor" }.isEmpty)
    }

    /// ` #` in an unquoted value starts a YAML comment: `when: x == "promo #1"` is read as
    /// `x == "promo`. The error about the cut string says so, and how to quote the whole value
    /// (in double quotes when it holds single ones); a string cut otherwise gets no such note.
    @Test func aValueCutByACommentIsExplained() throws {
        let cut = try diagnostics(Self.table(when: #"x == "promo #1""#))
        #expect(cut.map(\.message) == ["unterminated string literal"])
        #expect(cut.first?.notes.map(\.message) == [
            #"' #' starts a YAML comment, so the value ends before it; put the whole value in quotes: 'x == "promo #1"'"#,
        ])
        let quoted = try loadTable(yaml: Self.table(when: #"'x == "promo #1"'"#))
        #expect(quoted.diagnostics.isEmpty)
        let single = try diagnostics(Self.table(when: "x == 'it s #2'"))
        #expect(single.first?.notes.first?.message.hasSuffix(#"put the whole value in quotes: "x == 'it s #2'""#) == true)
        let unclosed = try diagnostics(Self.table(when: #"x == "promo"#))
        #expect(unclosed.map(\.message) == ["unterminated string literal"])
        #expect(unclosed.first?.notes == [])
    }
}

extension String {
    /// The offset, in Unicode scalars, of the first occurrence of `part`.
    fileprivate func distance(of part: String) -> Int {
        let range = range(of: part)!
        return unicodeScalars.distance(from: unicodeScalars.startIndex, to: range.lowerBound)
    }
}
