import RouteKit
import RouteKitYAML
import Testing

/// libyaml's syntax errors keep libyaml's wording and get one more note saying what to do, for
/// the slips people make editing route files by hand.
@Suite struct YAMLSyntaxHintTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var yaml: String
        /// The primary diagnostic, as `line:column: code: message`.
        var rendered: String
        var hint: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "colon-in-unquoted-value",
             yaml: "defaults:\n  alert:\n    title: Note: read this\n",
             rendered: "3:16: yaml-syntax: mapping values are not allowed in this context",
             hint: "an unquoted value cannot contain ': '; put the whole value in quotes, or, if this line starts a new key, line it up with the keys above it"),
        Case(name: "entry-in-the-column-of-its-section",
             yaml: "version: 1\npayload:\n\ntype: int\n  id: int\n",
             rendered: "5:5: yaml-syntax: mapping values are not allowed in this context",
             hint: "'type' on the line above starts in the column of 'payload', so it is read as a key beside it, "
                 + "and this line as more of its value; to put 'type' in 'payload', indent it as this line is"),
        Case(name: "entry-with-a-comment-in-the-column-of-its-section",
             yaml: "version: 1\npayload:\n# fields\ntype: int  # the type\n  id: int\n",
             rendered: "5:3: yaml-syntax: did not find expected key (check the indentation)",
             hint: "'type' on the line above starts in the column of 'payload', so it is read as a key beside it, "
                 + "and this line as more of its value; to put 'type' in 'payload', indent it as this line is"),
        Case(name: "deeper-line-after-a-key-with-a-value",
             yaml: "payload: {}\ntype: int\n  id: int\n",
             rendered: "3:5: yaml-syntax: mapping values are not allowed in this context",
             hint: "an unquoted value cannot contain ': '; put the whole value in quotes, or, if this line starts a new key, line it up with the keys above it"),
        Case(name: "mapping-written-on-one-line",
             yaml: "routes:\n  - name: a\n    login: user: uid\n",
             rendered: "3:16: yaml-syntax: mapping values are not allowed in this context",
             hint: "an unquoted value cannot contain ': '; if 'user' is a key of 'login', write login: {user: uid}; otherwise put the whole value in quotes"),
        Case(name: "quotes-of-the-same-kind-inside",
             yaml: "routes:\n  - name: a\n    when: 'target == 'news''\n",
             rendered: "3:23: yaml-syntax: did not find expected key",
             hint: "a quoted value ends at its first closing quote; to put ' quotes inside it, quote the whole value with the other kind: when: \"target == 'news'\""),
        Case(name: "double-quotes-inside",
             yaml: "routes:\n  - {name: a}\n  - when: \"type == \"1\"\"\n",
             rendered: "3:21: yaml-syntax: did not find expected key",
             hint: "a quoted value ends at its first closing quote; to put \" quotes inside it, quote the whole value with the other kind: when: 'type == \"1\"'"),
        // The value starts and ends with the expression's own quotes: they stay inside.
        Case(name: "expression-starting-and-ending-with-a-string",
             yaml: "routes:\n  - name: a\n    when: \"a\" == t && type == \"3\"\n",
             rendered: "3:15: yaml-syntax: did not find expected key",
             hint: "a quoted value ends at its first closing quote; to put \" quotes inside it, quote the whole value with the other kind: when: '\"a\" == t && type == \"3\"'"),
        Case(name: "key-out-of-line",
             yaml: "screens:\n  detail: {show: push}\n   list: {show: push}\n",
             rendered: "3:4: yaml-syntax: did not find expected key (check the indentation)",
             hint: "the keys of one mapping must start in the same column; line this one up with the keys above it"),
        Case(name: "text-after-closing-quote",
             yaml: "alert:\n  title: \"Hi\" there\n",
             rendered: "2:15: yaml-syntax: did not find expected key",
             hint: "a quoted value ends at its closing quote; put the whole value, with what follows the quote, in quotes"),
        Case(name: "text-after-a-flow-collection",
             yaml: "routes:\n  - name: a\n    when: [1, 2].size() == 2\n",
             rendered: "3:17: yaml-syntax: did not find expected key",
             hint: "a value that starts with '[' or '{' is read as a YAML list or mapping, which ends at its "
                 + "closing bracket; put the whole value, with what follows the bracket, in quotes"),
        Case(name: "key-not-under-its-item",
             yaml: "routes:\n  - name: a\n  when: type == 1\n",
             rendered: "3:3: yaml-syntax: did not find expected '-' indicator",
             hint: "start this line with '- ' to make it a new item of the list, or indent it to line up with the first key of the item above it"),
        Case(name: "key-without-colon",
             yaml: "version: 1\nscreens\n  detail: {show: push}\n",
             rendered: "3:9: yaml-syntax: could not find expected ':'",
             hint: "line 2 is read as a key but has no ':' after it; add the ':', or start the line with '- ' if it is a list item"),
        Case(name: "value-starting-with-at",
             yaml: "alert:\n  title: @mention\n",
             rendered: "2:10: yaml-syntax: found character that cannot start any token",
             hint: "an unquoted value cannot start with '@'; put the value in quotes"),
        Case(name: "value-starting-with-backtick",
             yaml: "alert:\n  title: `code`\n",
             rendered: "2:10: yaml-syntax: found character that cannot start any token",
             hint: "an unquoted value cannot start with '`'; put the value in quotes"),
        Case(name: "unclosed-double-quote",
             yaml: "alert:\n  title: \"New message\n  message: hi\n",
             rendered: "4:1: yaml-syntax: found unexpected end of stream",
             hint: "the quote opened on line 2 is never closed; add the same quote where the value ends"),
        Case(name: "unclosed-single-quote",
             yaml: "alert:\n  title: 'New message\n",
             rendered: "3:1: yaml-syntax: found unexpected end of stream",
             hint: "the quote opened on line 2 is never closed; add the same quote where the value ends"),
        Case(name: "undefined-tag-handle",
             yaml: "alert:\n  title: !x!y hi\n",
             rendered: "2:10: yaml-syntax: found undefined tag handle",
             hint: "a value that starts with '!' is read as a YAML tag; put the value in quotes"),
        Case(name: "unclosed-flow-sequence",
             yaml: "tabs: [home, me\nscreens: {}\n",
             rendered: "2:8: yaml-syntax: did not find expected ',' or ']'",
             hint: "close the list opened with '[' on line 1 with ']' after its last item, and separate its items with ','"),
        Case(name: "unclosed-flow-mapping",
             yaml: "screens:\n  detail: {show: push\n  list: {show: push}\n",
             rendered: "3:7: yaml-syntax: did not find expected ',' or '}'",
             hint: "close the mapping opened with '{' on line 2 with '}' after its last entry, and separate its entries with ','"),
        Case(name: "bracket-in-unquoted-flow-value",
             yaml: "routes:\n  - {name: a, when: type in [1, 2], tab: home}\n",
             rendered: "2:29: yaml-syntax: did not find expected ',' or '}'",
             hint: "inside '[…]' or '{…}' an unquoted value cannot contain '['; put the whole value in quotes, as in when: \"type in [1, 2]\""),
        Case(name: "brace-in-unquoted-flow-item",
             yaml: "tabs: [home, me {x}]\n",
             rendered: "1:17: yaml-syntax: did not find expected ',' or ']'",
             hint: "inside '[…]' or '{…}' an unquoted value cannot contain '{'; put the whole value in quotes, as in when: \"type in [1, 2]\""),
        Case(name: "item-on-its-key-line",
             yaml: "tabs: - home\n",
             rendered: "1:7: yaml-syntax: block sequence entries are not allowed in this context",
             hint: "a '- ' item must start a line of its own, indented under its key; or write the list on one line, as [a, b]"),
        Case(name: "backslash-in-double-quotes",
             yaml: "when: \"uid.matches('\\d+')\"\n",
             rendered: "1:21: yaml-syntax: found unknown escape character",
             hint: #"in double quotes a backslash starts an escape such as \n; write \\ for a backslash, or use single quotes, in which it is an ordinary character"#),
        Case(name: "value-starting-with-star",
             yaml: "alert:\n  title: * hi\n",
             rendered: "2:11: yaml-syntax: did not find expected alphabetic or numeric character",
             hint: "a '*' or '&' at the start of a value, or after a '!' tag, is read as an alias or an anchor; put the whole value in quotes"),
    ]

    @Test(arguments: cases)
    func aSyntaxErrorSaysWhatToDo(_ c: Case) throws {
        let document = readYAML(c.yaml)
        #expect(document.root == nil)
        #expect(document.diagnostics.map(\.rendered) == [c.rendered])
        let diagnostic = try #require(document.diagnostics.first)
        let hint = try #require(diagnostic.notes.last)
        #expect(hint.message == c.hint)
        // The hint is about the problem as a whole, not a place in the file.
        #expect(hint.range == nil)
    }

    /// A no-break space after `tab:` makes `tab: home` one plain scalar; with a blank line before
    /// the next item, libyaml's error is two lines below it, and its context names the line.
    @Test func anInvisibleCharacterOnTheContextsLineIsNamed() throws {
        let diagnostic = try #require(readYAML("routes:\n  - name: a\n    tab:\u{A0}home\n\n  - name: b\n").diagnostics.first)
        #expect(diagnostic.range.start.line == 5)
        #expect(diagnostic.notes.contains {
            $0.message.hasPrefix("line 3 contains U+00A0 NO-BREAK SPACE here") && $0.range?.start.line == 3
        })
    }

    /// `title: *New stories`: an alias, then text libyaml does not expect; the hint is to quote
    /// the value, not to line anything up.
    @Test func textAfterAnAliasSaysToQuoteTheValue() throws {
        let found = readYAML("alert:\n  title: *New stories for you\n").diagnostics
        #expect(found.map(\.rendered) == [
            "2:10: undefined-alias: undefined alias '*New'; define the anchor '&New' before it",
            "2:15: yaml-syntax: did not find expected key (check the indentation)",
        ])
        #expect(found.last?.notes.last?.message
            == "a '*' or '&' at the start of a value, or after a '!' tag, is read as an alias or an anchor; put the whole value in quotes")
    }

    @Test func libyamlsContextStaysTheFirstNote() throws {
        let diagnostic = try #require(readYAML("alert:\n  title: \"New message\n").diagnostics.first)
        #expect(diagnostic.notes.map(\.message) == [
            "while scanning a quoted scalar",
            "the quote opened on line 2 is never closed; add the same quote where the value ends",
        ])
        #expect(diagnostic.notes.first?.range?.start.line == 2)
        #expect(diagnostic.notes.first?.range?.start.column == 10)
    }

    @Test func problemsWithoutAHintKeepOnlyTheirContext() throws {
        // A tab's message already says what to do; this libyaml problem has no common cause.
        for yaml in ["a:\n\tb: 1\n", "screens: {a: b, : }\n"] {
            let diagnostic = try #require(readYAML(yaml).diagnostics.first)
            #expect(diagnostic.code == "yaml-syntax")
            #expect(diagnostic.notes.allSatisfy { $0.range != nil }, "\(diagnostic.notes)")
        }
    }
}
