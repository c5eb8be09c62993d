import Foundation
import Testing

/// YAML syntax errors through the built binary: libyaml's message stays the error line, and a
/// note after the source excerpt says what to do next.
@Suite struct YAMLSyntaxHintCLITests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var yaml: String
        var error: String
        var hint: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "colon-in-unquoted-value",
             yaml: "version: 1\ntabs: [home]\ndefaults:\n  alert:\n    title: Note: read this\n",
             error: "t.yaml:5:16: error: mapping values are not allowed in this context [yaml-syntax]",
             hint: "    note: an unquoted value cannot contain ': '; put the whole value in quotes, or, if this line starts a new key, line it up with the keys above it"),
        Case(name: "key-not-under-its-item",
             yaml: "version: 1\ntabs: [home]\nroutes:\n  - name: a\n  when: type == 1\n",
             error: "t.yaml:5:3: error: did not find expected '-' indicator [yaml-syntax]",
             hint: "    note: start this line with '- ' to make it a new item of the list, or indent it to line up with the first key of the item above it"),
        Case(name: "value-starting-with-at",
             yaml: "version: 1\ntabs: [home]\ndefaults:\n  alert:\n    title: @mention\n",
             error: "t.yaml:5:12: error: found character that cannot start any token [yaml-syntax]",
             hint: "    note: an unquoted value cannot start with '@'; put the value in quotes"),
        Case(name: "unclosed-quote",
             yaml: "version: 1\ntabs: [home]\ndefaults:\n  alert:\n    title: \"New message\n    message: hi\n",
             error: "t.yaml:7:1: error: found unexpected end of stream [yaml-syntax]",
             hint: "    note: the quote opened on line 5 is never closed; add the same quote where the value ends"),
        Case(name: "key-out-of-line",
             yaml: "version: 1\ntabs: [home]\nscreens:\n  detail: {show: push}\n   list: {show: push}\n",
             error: "t.yaml:5:4: error: did not find expected key (check the indentation) [yaml-syntax]",
             hint: "    note: the keys of one mapping must start in the same column; line this one up with the keys above it"),
    ]

    @Test(arguments: cases)
    func validatePrintsTheHint(_ c: Case) throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", c.yaml)
        let run = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(run.status == 1, "\(run)")
        let error = try #require(lines.firstIndex(of: c.error), "\(run)")
        let hint = try #require(lines.firstIndex(of: c.hint), "\(run)")
        // The hint closes the diagnostic: after the error, its excerpt and libyaml's context.
        #expect(hint > error + 2, "\(run)")
        #expect(lines[hint + 1].hasPrefix("1 table, 1 file"), "\(run)")
    }

    @Test func theHintIsANoteInJSONAndOnGitHub() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", "version: 1\ntabs: - home\n")
        let hint = "a '- ' item must start a line of its own, indented under its key; or write the list on one line, as [a, b]"

        let json = try runRouteCheck(["validate", "--format", "json", "t.yaml"], in: dir.url)
        #expect(json.status == 1, "\(json)")
        #expect(json.stdout.contains(#"{"message":"\#(hint)"}"#), "\(json)")

        let github = try runRouteCheck(["validate", "--format", "github", "t.yaml"], in: dir.url)
        #expect(github.status == 1, "\(github)")
        // At the error's place, so that GitHub shows the advice beside it.
        let notice = github.stdout.split(separator: "\n").first { $0.hasPrefix("::notice") }
        #expect(notice?.hasPrefix("::notice file=t.yaml,line=2,") == true, "\(github)")
        // Followed by the problem it belongs to, as GitHub shows each annotation on its own.
        #expect(notice?.contains("::" + hint + " (error: ") == true, "\(github)")
        #expect(!github.stdout.contains("::notice::"), "\(github)")
    }
}
