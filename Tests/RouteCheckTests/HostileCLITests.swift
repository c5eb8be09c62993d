import Foundation
import Testing

/// SPEC §8 through the built binary: hostile route files for `validate` and hostile payload
/// lines for `eval --payloads`, checking stdout, stderr, the exit status and a time bound.
/// Each run includes starting the process (~20 ms); bounds are hang checks only.
@Suite struct HostileCLITests {
    static let table = """
        version: 1
        tabs: [home, me]
        screens:
          detail: {show: push, tab: home, params: {id: int}}
        payload: {type: int, id: int, uid: string}
        routes:
          - name: a
            when: type == 3
            push: detail
            params: {id: id}

        """

    /// Runs `routecheck` on files written to a fresh directory; fails past `bound`.
    func run(_ arguments: [String], files: [String: [UInt8]], bound: Duration) throws -> RouteCheckRun {
        let dir = try TemporaryDirectory()
        for (name, bytes) in files {
            try Data(bytes).write(to: dir.url.appendingPathComponent(name))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try runRouteCheck(arguments, in: dir.url)
        let elapsed = clock.now - start
        #expect(elapsed < bound, "took \(elapsed), bound \(bound)")
        return result
    }

    @Test func validateRejectsAFiveMegabyteFileWithItsRealSize() throws {
        let text = Self.table + String(repeating: "#" + String(repeating: "x", count: 99) + "\n", count: 50_000)
        let size = text.utf8.count
        // Measured ~40 ms; 10 s = 250×.
        let run = try run(["validate", "big.yaml"], files: ["big.yaml": Array(text.utf8)], bound: .seconds(30))
        #expect(run.status == 1)
        #expect(run.stdout == """
            big.yaml:1:1: error: file is \(size) bytes, more than the limit of 4194304; split it into several files [file-too-large]
            version: 1
            ^
            1 table, 1 file, 0 rules: 1 error, 0 warnings

            """, "\(run)")
    }

    @Test func validateRejectsUTF16SayingSo() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + Self.table.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        // Measured ~20 ms; 10 s = 500×.
        let run = try run(["validate", "utf16.yaml"], files: ["utf16.yaml": bytes], bound: .seconds(30))
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix(
            "utf16.yaml:1:1: error: file is encoded as UTF-16; save it as UTF-8 [invalid-encoding]\n"), "\(run)")
        #expect(!run.stdout.unicodeScalars.contains("\u{0}"), "NUL bytes reach the terminal")
    }

    @Test func validateReadsANotepadFileWithBOMAndCRLF() throws {
        let text = Self.table.replacingOccurrences(of: "push: detail", with: "push: detial")
            .replacingOccurrences(of: "\n", with: "\r\n")
        // Measured ~20 ms; 10 s = 500×.
        let run = try run(["validate", "notepad.yaml"], files: ["notepad.yaml": [0xEF, 0xBB, 0xBF] + Array(text.utf8)],
                          bound: .seconds(30))
        #expect(run.status == 1)
        #expect(run.stdout == """
            notepad.yaml:9:11: error: unknown screen 'detial'; did you mean 'detail'? [unknown-screen]
                push: detial
                      ^~~~~~
                fix-it: replace with 'detail'
            1 table, 1 file, 1 rule: 1 error, 0 warnings

            """, "\(run)")
    }

    @Test func validateKeepsTheExcerptOfAHugeLineShort() throws {
        // 100,000 '[' on one line: the error is at column 67; printing the whole line as the
        // excerpt would put 100 KB on the terminal.
        let text = "a: " + String(repeating: "[", count: 100_000) + "\n"
        // Measured ~30 ms; 10 s = 300×.
        let run = try run(["validate", "deep.yaml"], files: ["deep.yaml": Array(text.utf8)], bound: .seconds(30))
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix(
            "deep.yaml:1:67: error: collections nest deeper than 64 levels; flatten them [nesting-too-deep]\n"), "\(run.stdout.prefix(300))")
        #expect(run.stdout.utf8.count < 2_000, "stdout is \(run.stdout.utf8.count) bytes")
    }

    @Test func evalPayloadsReportsEachHostileLine() throws {
        let lines: [[UInt8]] = [
            Array(#"{"type": 3, "id": 42}"#.utf8),
            Array(#"{"type": 1e400}"#.utf8),
            Array(#"{"type": NaN}"#.utf8),
            Array(#"{"uid": "\ud800"}"#.utf8),
            Array(#"{"type": 3, "id": [[]]}"#.utf8),
            [UInt8](repeating: UInt8(ascii: "["), count: 40_000),
            Array((#"{"pad": ""# + String(repeating: "x", count: 70_000) + #""}"#).utf8),
            Array(#"{"type": 3, "id": 42"#.utf8) + [0x00, UInt8(ascii: "}")],
            Array(#"{"uid": ""#.utf8) + [0xFF] + Array(#""}"#.utf8),
            Array(#"{"type": 3, "id": 7}"#.utf8) + [0x0D],
            Array("[1]".utf8),
            [],
            Array("   ".utf8),
        ]
        let file = Array(lines.joined(separator: [0x0A])) + [0x0A]
        // Measured ~30 ms; 10 s = 300×.
        let run = try run(["eval", "routes.yaml", "--payloads", "hostile.jsonl"],
                          files: ["routes.yaml": Array(Self.table.utf8), "hostile.jsonl": file], bound: .seconds(30))
        #expect(run.status == 1)
        #expect(run.stderr == "")
        #expect(run.stdout == #"""
            {"rule":"a","index":0}
            {"error":"line 2, column 10: number out of range"}
            {"error":"line 3, column 10: NaN and Infinity are not allowed"}
            {"error":"line 4, column 10: lone surrogate '\\uD800' is not allowed"}
            {"rule":null,"index":-1}
            {"error":"line 6, column 33: nesting deeper than 32 levels"}
            {"error":"line 7: payload is larger than 65536 bytes"}
            {"error":"line 8, column 21: expected ',' or '}', found byte 0x00"}
            {"error":"line 9, column 10: invalid UTF-8 byte sequence"}
            {"rule":"a","index":0}
            {"error":"line 11: the payload must be a JSON object, found an array"}

            """#, "\(run)")
    }

    @Test func evalPayloadRejectsANonFiniteNumber() throws {
        // Measured ~20 ms; 10 s = 500×.
        let run = try run(["eval", "routes.yaml", "--payload", #"{"type": 1e400}"#],
                          files: ["routes.yaml": Array(Self.table.utf8)], bound: .seconds(30))
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "Error: the payload is refused: number out of range at line 1, column 10\n")
    }

    /// A number past 64 bits is its nearest double (SPEC §4, as CEL's JSON conversion reads it):
    /// a user id sent so is the integer text of that double (12345678901234567891 is
    /// 12345678901234567168), which is why ids that large must be sent as strings. Integral
    /// doubles, however large, are their integer text.
    @Test func evalReadsANumberPast64BitsAsItsNearestDouble() throws {
        let table = """
            version: 1
            tabs: [home, me]
            login_screen: login
            screens:
              inbox: {show: push, tab: me}
              login: {show: present}
            payload: {uid: string, n: int, x: double}
            routes:
              - name: inbox
                when: has(uid)
                push: inbox
                login: {user: uid}
              - name: number
                when: has(n) || x > 1e19
                tab: home

            """
        let files = ["routes.yaml": Array(table.utf8)]
        let cases = [
            (#"{"uid": 12345678901234567891}"#, #""login":{"required":true,"user":"12345678901234567168"}"#),
            (#"{"uid": "12345678901234567891"}"#, #""login":{"required":true,"user":"12345678901234567891"}"#),
            (#"{"uid": 10086.0}"#, #""login":{"required":true,"user":"10086"}"#),
            (#"{"uid": 1e21}"#, #""login":{"required":true,"user":"1000000000000000000000"}"#),
            // Past 64 bits an int is missing; a double field reads the nearest double.
            (#"{"n": 12345678901234567891}"#, #"{"rule":null,"#),
            (#"{"x": 12345678901234567891}"#, #"{"rule":"number","#),
        ]
        for (payload, expected) in cases {
            // Measured ~20 ms; 10 s = 500×.
            let run = try run(["eval", "routes.yaml", "--payload", payload, "--format", "json"], files: files,
                              bound: .seconds(30))
            #expect(run.status == 0)
            #expect(run.stdout.contains(expected), "\(payload): \(run)")
        }
        // An integer past every double has no value, as `1e400` has none: the payload is refused.
        let huge = try run(["eval", "routes.yaml", "--payload", "{\"junk\": -1\(String(repeating: "0", count: 400)), \"n\": 1}"],
                           files: files, bound: .seconds(30))
        #expect(huge.status == 1)
        #expect(huge.stderr == "Error: the payload is refused: number out of range at line 1, column 10\n")
    }
}
