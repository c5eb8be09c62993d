import Foundation
import RouteKit
import Testing

/// `routecheck eval` in every mode, through the built binary, on the example app's table.
@Suite struct EvalCommandTests {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func eval(_ arguments: [String], in dir: URL = repoRoot) throws -> RouteCheckRun {
        try runRouteCheck(["eval"] + arguments, in: dir)
    }

    @Test func decidesOnePayloadAsText() throws {
        let run = try eval(["routes", "--payload", #"{"type": 3, "id": 42, "aps": {"alert": {"title": "t", "body": "Hello"}}}"#])
        #expect(run.status == 0)
        #expect(run.stdout == """
            rule: message-detail (#0)
            action: select tab 'home', pop to root, push message_detail {"id":42}
            login: not required
            foreground: alert
            if visible: reload
            alert: title "", message "Hello", buttons "View" / "Cancel"

            """)
    }

    @Test func normalizesStringsAndNumbersAsJSON() throws {
        // "7" is normalized to the int param; 3 to the declared string field.
        let run = try eval(["routes", "--payload", #"{"type": 3, "id": "7"}"#, "--format", "json"])
        #expect(run.status == 0)
        #expect(run.stdout == #"{"rule":"message-detail","index":0,"action":{"tab":"home","pop_to_root":true,"present":null,"push":[{"screen":"message_detail","params":{"id":7}}]},"alert":{"title":"","message":"","confirm":"View","cancel":"Cancel"},"foreground":"alert","if_visible":"reload","login":{"required":false,"user":null},"source":"rule"}"# + "\n")
    }

    @Test func userAddressedRouteNeedsThatUser() throws {
        let run = try eval(["routes", "--payload", #"{"uid": 10086.0}"#, "--format", "json"])
        #expect(run.stdout.contains(#""login":{"required":true,"user":"10086"}"#), "\(run)")
        #expect(run.stdout.contains(#""rule":"my-messages""#))
    }

    @Test func alertDictionaryShowsItsBodyOrNothing() throws {
        let withBody = try eval(["routes", "--payload", #"{"target": "notice", "aps": {"alert": {"title": "T", "body": "B"}}}"#])
        #expect(withBody.stdout.contains(#"alert: title "", message "B", "#), "\(withBody)")
        let withoutBody = try eval(["routes", "--payload", #"{"target": "notice", "aps": {"alert": {"title": "T"}}}"#])
        #expect(withoutBody.stdout.contains(#"alert: title "", message "", "#), "\(withoutBody)")
    }

    @Test func unmatchedPayload() throws {
        let run = try eval(["routes", "--payload", #"{"type": "99"}"#])
        #expect(run.status == 0)
        #expect(run.stdout == "rule: none matched and the table has no fallback (unmatched)\n")
    }

    @Test func explainSaysWhyAndReportsNormalization() throws {
        let run = try eval(["routes", "--payload", #"{"type": 3, "id": "abc"}"#, "--explain"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("""
            payload: id: "abc" is not an int, treated as missing
            #0 message-detail: matched, but cannot be performed: param 'id' of screen 'message_detail' cannot be computed: id → error: no such key 'id'
                when: type == "3"
                  type → "3"
                  type == "3" → true
            #1 message-thread: no match (false)
            """), "\(run)")
        #expect(run.stdout.hasSuffix("rule: none matched and the table has no fallback (unmatched)\n"))
    }

    @Test func explainAsJSON() throws {
        let run = try eval(["routes", "--payload", #"{"target": "notice"}"#, "--explain", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""rule":"notice""#))
        #expect(run.stdout.contains(#"{"expression":"target","value":"\"notice\""}"#), "\(run)")
    }

    @Test func payloadFromFileAndStandardInput() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("p.json", #"{"pageKey": "session"}"#)
        let fromFile = try eval([Self.repoRoot.appendingPathComponent("routes").path, "--payload", "@" + file.path], in: dir.url)
        #expect(fromFile.stdout.hasPrefix("rule: session-reminder (#5)\n"), "\(fromFile)")
        let stdin = try runRouteCheck(
            ["eval", "routes", "--payload", "-"], in: Self.repoRoot, input: #"{"target": "notice"}"#)
        #expect(stdin.stdout.hasPrefix("rule: notice (#4)\n"), "\(stdin)")
        // curl's spelling of standard input.
        let curlStyle = try runRouteCheck(
            ["eval", "routes", "--payload", "@-"], in: Self.repoRoot, input: #"{"target": "notice"}"#)
        #expect(curlStyle.stdout == stdin.stdout, "\(curlStyle)")
    }

    @Test(arguments: [
        (#"[1]"#, "Error: the payload must be a JSON object, found an array\n"),
        (#"{"a":1,}"#, "Error: the payload is not valid JSON: trailing comma is not allowed at line 1, column 7\n"),
        (#"{"a":1,"a":2}"#, "Error: the payload is not valid JSON: duplicate key 'a' at line 1, column 8\n"),
    ])
    func badPayloadExitsOne(_ payload: String, _ message: String) throws {
        let run = try eval(["routes", "--payload", payload])
        #expect(run.status == 1)
        #expect(run.stderr == message, "\(run)")
        #expect(run.stdout == "")
        // With --format json, standard output says why there is no decision, as a --payloads line does.
        let json = try eval(["routes", "--payload", payload, "--format", "json"])
        #expect(json.status == 1)
        let reason = String(message.dropFirst("Error: ".count).dropLast())
        #expect(json.stdout == JSONWriter.write(["error": .string(reason)]) + "\n", "\(json)")
    }

    /// Past a limit the JSON may be valid: the message says the payload is refused.
    @Test func payloadPastALimitIsRefusedNotInvalid() throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let run = try eval(["routes", "--payload", #"{"a":"# + deep + "}"])
        #expect(run.status == 1)
        #expect(run.stderr == "Error: the payload is refused: nesting deeper than 32 levels at line 1, column 37\n", "\(run)")
    }

    /// A payload file is fixed in an editor: the error gives the 1-based line and column, with
    /// the column in characters (`é` is two bytes, one column), not a byte offset.
    @Test func badPayloadFileNamesLineAndColumn() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("p.json", "{\n  \"é\": 3,,\n}\n")
        let run = try eval([Self.repoRoot.appendingPathComponent("routes").path, "--payload", "@" + file.path], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: the payload is not valid JSON: expected a string key, found ',' at line 2, column 10\n",
                "\(run)")
    }

    /// Editors on Windows save files with a byte order mark; it is not part of the payload.
    @Test func payloadFilesMayStartWithAByteOrderMark() throws {
        let dir = try TemporaryDirectory()
        let bom = "\u{FEFF}"
        let file = try dir.write("p.json", bom + #"{"pageKey": "session"}"#)
        let single = try eval([Self.repoRoot.appendingPathComponent("routes").path, "--payload", "@" + file.path], in: dir.url)
        #expect(single.stdout.hasPrefix("rule: session-reminder (#5)\n"), "\(single)")
        let lines = try dir.write("p.jsonl", bom + #"{"pageKey": "session"}"# + "\n" + bom + "{}\n")
        let batch = try eval([Self.repoRoot.appendingPathComponent("routes").path, "--payloads", lines.path], in: dir.url)
        #expect(batch.stdout == #"{"rule":"session-reminder","index":5}"# + "\n"
            + #"{"error":"line 2, column 1: byte order mark is not allowed"}"# + "\n", "\(batch)")
    }

    @Test func payloadsFileGivesOneLineEach() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("p.jsonl", """
            {"type":3,"id":1}
            [1]
            {"target":"notice"}

            {bad
            {"type":"9"}

            """)
        let run = try eval([Self.repoRoot.appendingPathComponent("routes").path, "--payloads", file.path], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stdout == """
            {"rule":"message-detail","index":0}
            {"error":"line 2: the payload must be a JSON object, found an array"}
            {"rule":"notice","index":4}
            {"error":"line 5, column 2: expected a string key, found 'b'"}
            {"rule":null,"index":-1}

            """, "\(run)")
    }

    @Test func payloadsAllGoodExitsZero() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("p.jsonl", "{\"type\":\"0\"}\n{\"type\":1}\n")
        let run = try eval([Self.repoRoot.appendingPathComponent("routes").path, "--payloads", file.path], in: dir.url)
        #expect(run.status == 0)
        #expect(run.stdout == "{\"rule\":\"home-tab\",\"index\":6}\n{\"rule\":\"discover-tab\",\"index\":7}\n")
    }

    @Test func payloadsFromStandardInputWithExplain() throws {
        let run = try runRouteCheck(["eval", "routes", "--payloads", "-", "--explain"], in: Self.repoRoot,
                                    input: "{\"target\":\"notice\"}\n[2]\n")
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(run)")
        #expect(lines.first?.hasPrefix(#"{"rule":"notice","index":4,"explain":{"rules":[{"rule":"message-detail","index":0,"#) == true)
        #expect(lines.first?.hasSuffix(#"}],"fallback_failure":null,"normalization":[]}}"#) == true, "\(run)")
        #expect(lines.first?.contains(#"{"expression":"target","value":"\"notice\""}"#) == true)
        #expect(lines.last == #"{"error":"line 2: the payload must be a JSON object, found an array"}"#)
    }

    @Test(arguments: [
        ["routes"],
        ["routes", "--payload", "{}", "--payloads", "x.jsonl"],
        ["routes", "--payload", "{}", "--format", "yaml"],
    ])
    func usageErrorsExitTwo(_ arguments: [String]) throws {
        let run = try eval(arguments)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix("Error: "))
    }

    /// `t.yaml`: an inbox on `home` behind a login screen, and the one rule `rule`.
    private static func inboxForUID(rule: String) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", """
            version: 1
            tabs: [home]
            login_screen: login
            screens:
              inbox: {show: push, tab: home}
              login: {show: present}
            routes:
              - \(rule)

            """)
        return dir
    }

    /// A control character in a rule name (a YAML escape) or in a payload's user id is printed as
    /// U+FFFD in text output, as diagnostics print one: it must not drive the terminal.
    @Test func controlCharactersInTextOutputAreShownHarmless() throws {
        let dir = try Self.inboxForUID(rule: #"{name: "red\e[31mx", when: has(uid), push: inbox, login: {user: uid}}"#)
        for extra in [[], ["--explain"]] {
            let run = try eval(["t.yaml", "--payload", #"{"uid": "u\u001b]0;x\u0007"}"#] + extra, in: dir.url)
            #expect(run.status == 0, "\(run)")
            #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(extra): \(run.stdout.debugDescription)")
            #expect(run.stdout.contains("rule: red\u{FFFD}[31mx (#0)"), "\(run.stdout)")
            #expect(run.stdout.contains("login: required, as user 'u\u{FFFD}]0;x\u{FFFD}'"), "\(run.stdout)")
        }
    }

    /// Backends send `"uid": 10086` as well as `"10086"` (SPEC §1): an undeclared `uid` that is a
    /// whole number is that user's id; a fraction is no id, and the rule does not match.
    @Test func aWholeNumberUserIdIsItsIntegerText() throws {
        let dir = try Self.inboxForUID(rule: "{name: mine, when: has(uid), push: inbox, login: {user: uid}}")
        for uid in ["10086", "10086.0", "\"10086\""] {
            let run = try eval(["t.yaml", "--payload", #"{"uid": \#(uid)}"#, "--format", "json"], in: dir.url)
            #expect(run.stdout.contains(#""login":{"required":true,"user":"10086"}"#), "\(uid): \(run)")
        }
        let run = try eval(["t.yaml", "--payload", #"{"uid": 1.5}"#], in: dir.url)
        #expect(run.stdout == "rule: none matched and the table has no fallback (unmatched)\n", "\(run)")
    }

    /// A fallback whose login user cannot be computed is not "no fallback", and an error value
    /// is not described as a value that is not a user id.
    @Test func fallbackThatCannotBePerformed() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", """
            version: 1
            tabs: [home, me]
            login_screen: login
            screens:
              gated: {show: push, tab: me}
              login: {show: present}
            payload: {type: int, uid: string}
            routes:
              - {name: one, when: type == 1, tab: home}
            fallback: {push: gated, login: {user: uid}}

            """)
        let plain = try eval(["t.yaml", "--payload", #"{"type": 5}"#], in: dir.url)
        #expect(plain.stdout == "rule: none matched and the fallback cannot be performed (unmatched)\n", "\(plain)")
        let explained = try eval(["t.yaml", "--payload", #"{"type": 5}"#, "--explain"], in: dir.url)
        #expect(explained.stdout.hasSuffix("""
            fallback: cannot be performed: login.user cannot be computed: uid → error: no such key 'uid'
            rule: none matched and the fallback cannot be performed (unmatched)

            """), "\(explained)")
        let matched = try eval(["t.yaml", "--payload", #"{"type": 5, "uid": "u1"}"#], in: dir.url)
        #expect(matched.stdout.hasPrefix("rule: none matched; the fallback applies\n"), "\(matched)")
    }

    @Test func tableWithErrorsExitsOne() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", "version: 1\ntabs: [home]\nroutes:\n  - {name: a, when: type == , tab: home}\n")
        let run = try eval(["t.yaml", "--payload", "{}"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("t.yaml:4:"), "\(run)")
        #expect(run.stderr.contains("Error: the table 't.yaml' has the errors shown above; fix them first\n"))
    }

    /// The rule analysis is `validate`'s: a command that runs the table does not look for
    /// shadowed rules (on thousands of overlapping rules that took seconds before any payload).
    @Test func runningATableSkipsTheRuleAnalysis() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", """
            version: 1
            tabs: [home]
            payload: {type: int}
            routes:
              - {name: a, when: "type in [1, 2]", tab: home}
              - {name: b, when: type == 1, tab: home}
              - {name: c, when: type == , tab: home}

            """)
        let validated = try runRouteCheck(["validate", "t.yaml"], in: dir.url)
        #expect(validated.stdout.contains("[shadowed-rule]"), "\(validated)")
        let run = try eval(["t.yaml", "--payload", "{}"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("t.yaml:7:"), "\(run)")
        #expect(!run.stderr.contains("[shadowed-rule]"), "\(run)")
    }
}
