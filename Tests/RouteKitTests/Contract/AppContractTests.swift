import RouteKit
import RouteKitYAML
import Testing

/// App contracts (SPEC §10): reading the file, and every kind of mismatch with a table, where the
/// route files say it and where a compiled table's text says it.
@Suite struct AppContractTests {
    static let specExample = """
        {"contract": 1, "tabs": ["home", "discover", "messages", "me"], "login_screen": "login",
         "screens": {"message_detail": {"show": ["push"], "params": {"id": "int"}},
                     "notice": {"show": ["present"]}, "login": {"show": ["present"]}}}
        """

    @Test func readsSPECsExample() throws {
        let contract = try AppContract(json: Array(Self.specExample.utf8))
        #expect(contract.tabs == ["home", "discover", "messages", "me"])
        #expect(contract.loginScreen == "login")
        #expect(contract.screens.map(\.name) == ["login", "message_detail", "notice"])
        #expect(contract.screen(named: "message_detail")?.params == [ScreenParam(name: "id", type: .int)])
        #expect(contract.screen(named: "notice")?.show == [.present])
        #expect(contract.screen(named: "nowhere") == nil)
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var reason: String
        var line: Int?
        var column: Int?
        var testDescription: String { name }
    }

    static let broken = [
        Broken(name: "not JSON", text: "{\"contract\": 1,\n \"tabs\": [home]}", reason: "invalid JSON: expected a value, found 'h'",
               line: 2, column: 11),
        Broken(name: "no version", text: #"{"tabs": ["home"], "screens": {}}"#, reason: "missing key 'contract'"),
        Broken(name: "newer version", text: #"{"contract": 2, "tabs": ["home"], "screens": {}, "flows": []}"#,
               reason: "contract: app contract version 2 is newer than this RouteKit (reads 1)", line: 1, column: 14),
        Broken(name: "misspelled key", text: "{\"contract\": 1, \"tabs\": [\"home\"],\n \"screen\": {}}",
               reason: "screen: unknown key 'screen'; did you mean 'screens'?", line: 2, column: 12),
        Broken(name: "no tabs", text: #"{"contract": 1, "tabs": [], "screens": {}}"#,
               reason: "tabs: expected at least one tab", line: 1, column: 25),
        Broken(name: "a tab twice", text: #"{"contract": 1, "tabs": ["home", "me", "home"], "screens": {}}"#,
               reason: "tabs[2]: tab 'home' is listed twice", line: 1, column: 40),
        Broken(name: "an empty tab", text: #"{"contract": 1, "tabs": [""], "screens": {}}"#,
               reason: "tabs[0]: expected a non-empty tab name", line: 1, column: 26),
        Broken(name: "show as a word", text: #"{"contract": 1, "tabs": ["home"], "screens": {"a": {"show": "push"}}}"#,
               reason: "screens.a.show: expected an array", line: 1, column: 61),
        Broken(name: "no way to show", text: #"{"contract": 1, "tabs": ["home"], "screens": {"a": {"show": []}}}"#,
               reason: "screens.a.show: expected at least one way to show the screen: 'push', 'present'"),
        Broken(name: "an unknown way", text: #"{"contract": 1, "tabs": ["home"], "screens": {"a": {"show": ["modal"]}}}"#,
               reason: "screens.a.show[0]: expected one of 'push', 'present'", line: 1, column: 62),
        Broken(name: "a way twice", text: #"{"contract": 1, "tabs": ["home"], "screens": {"a": {"show": ["push", "push"]}}}"#,
               reason: "screens.a.show[1]: 'push' is listed twice"),
        Broken(name: "an unknown type",
               text: #"{"contract": 1, "tabs": ["home"], "screens": {"a": {"show": ["push"], "params": {"id": "integer"}}}}"#,
               reason: "screens.a.params.id: unknown type 'integer'; expected int, double, string, bool, any or a list such as [int]"),
        Broken(name: "a screen key", text: #"{"contract": 1, "tabs": ["home"], "screens": {"a": {"show": ["push"], "tab": "home"}}}"#,
               reason: "screens.a.tab: unknown key 'tab'"),
        Broken(name: "a duplicate key", text: #"{"contract": 1, "contract": 1, "tabs": ["home"], "screens": {}}"#,
               reason: "invalid JSON: duplicate key 'contract'", line: 1, column: 17),
    ]

    @Test(arguments: broken)
    func aBrokenContractIsRefusedWithAPositionedReason(_ example: Broken) {
        do {
            _ = try AppContract(json: Array(example.text.utf8))
            Issue.record("\(example.name) was read")
        } catch {
            #expect(error.reason == example.reason)
            if let line = example.line {
                #expect(error.position?.line == line)
                #expect(error.position?.column == example.column)
            }
        }
    }

    /// `AppContract.maxBytes` (1 MiB): a contract padded to it is read, one byte more is not.
    @Test func theSizeLimitHoldsAtItsValueAndPast() throws {
        let text = Array(Self.specExample.utf8)
        let atLimit = text + [UInt8](repeating: 0x20, count: AppContract.maxBytes - text.count)
        #expect(try AppContract(json: atLimit).tabs.count == 4)
        #expect(throws: AppContractError.self) { try AppContract(json: atLimit + [0x20]) }
    }

    // MARK: Mismatches

    static let table = """
        version: 1
        tabs: [home, me, settings]
        login_screen: signin
        screens:
          message_detail: {show: push, tab: home, params: {id: string, page: int}}
          notice:
            show: present
          profile: {show: push, tab: me}
          never_shown: {show: push}
          signin: {show: present}
        payload: {type: string, id: string}
        routes:
          - name: detail
            when: type == "3"
            push: message_detail
            params: {id: id, page: 1}
          - name: notice
            when: type == "4"
            present: notice
          - name: notice-again
            when: type == "5"
            present: notice
          - name: profile
            when: type == "6"
            push: profile
        """

    static let contract = AppContract(
        tabs: ["home", "discover", "messages", "me"], loginScreen: "login",
        screens: [
            AppContract.AppScreen(name: "message_detail", show: [.push],
                                  params: [ScreenParam(name: "id", type: .int), ScreenParam(name: "thread", type: .int)]),
            AppContract.AppScreen(name: "notice", show: [.push]),
            AppContract.AppScreen(name: "login", show: [.present]),
        ])

    static func load(_ yaml: String) throws -> RouteTable {
        let checked = TableLoader.load(path: "app.yaml", bytes: Array(yaml.utf8), size: nil)
        return try #require(checked.table, "\(checked.diagnostics)")
    }

    @Test func everyMismatchIsFoundWhereTheTableSaysIt() throws {
        let mismatches = Self.contract.mismatches(in: try Self.load(Self.table))
        let found = mismatches.map { "\($0.range.map { "\($0.start.line):\($0.start.column)" } ?? "-") \($0.path) \($0)" }
        #expect(found == [
            "2:14 tabs[1] tab 'me' is at index 1 here but 3 in the app contract; list the tabs in the app's order: home, discover, messages, me [contract-tab]",
            "2:18 tabs[2] tab 'settings' is not in the app contract; the app's tabs are home, discover, messages, me [contract-tab]",
            "3:15 login_screen login screen 'signin' is not the app contract's login screen 'login' [contract-login-screen]",
            "5:52 screens[0].params.id param 'id' of screen 'message_detail' is declared string here, but the app's screen takes int [contract-param]",
            "5:64 screens[0].params.page param 'page' of screen 'message_detail' is not in the app contract; the app's screen takes id: int, thread: int [contract-param]",
            "5:19 screens[0].params screen 'message_detail' does not declare param 'thread' (int), which the app's screen takes [contract-param]",
            "7:11 screens[1].show screen 'notice' is shown with present here, but the app shows it only with push [contract-show]",
            "25:11 screens[2] screen 'profile' is not in the app contract; this app version cannot show it [contract-screen]",
        ])
        let profile = try #require(mismatches.last)
        #expect(profile.notes.map(\.message) == ["declared here"])
        #expect(profile.notes.first?.range?.start.line == 8)
        let diagnostic = profile.diagnostic()
        #expect(diagnostic.code == "contract-screen")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.range.file == "app.yaml")
    }

    @Test func aTableThatFitsHasNoMismatch() throws {
        let fitting = """
            version: 1
            tabs: [home, discover]
            screens:
              message_detail: {show: push, tab: home, params: {id: int, thread: int}}
              unused_here: {show: present}
            payload: {id: int}
            routes:
              - name: detail
                when: has(id)
                push: message_detail
                params: {id: id, thread: 1}
            """
        // Fewer tabs than the app, in its order; no login screen; a screen declared but never
        // shown is not the app's concern.
        #expect(Self.contract.mismatches(in: try Self.load(fitting)).isEmpty)
    }

    @Test func aScreenShownByManyRulesIsReportedOnceWithACount() throws {
        let contract = AppContract(tabs: ["home", "discover", "messages", "me"], loginScreen: "login",
                                   screens: Self.contract.screens.filter { $0.name != "notice" }
                                       + [AppContract.AppScreen(name: "profile", show: [.push])])
        let table = try Self.load(Self.table.replacingOccurrences(of: "tabs: [home, me, settings]",
                                                                  with: "tabs: [home, discover, messages, me]"))
        let notice = try #require(contract.mismatches(in: table).first { $0.code == "contract-screen" })
        #expect(notice.message == "screen 'notice' is not in the app contract; this app version cannot show it")
        #expect(notice.range?.start.line == 19)
        #expect(notice.notes.map(\.message) == ["declared here", "1 more rules show it"])
    }

    /// Names compare code point by code point: "é" written as one scalar is not "é" written as two.
    @Test func namesCompareByCodePoints() throws {
        let table = try Self.load("""
            version: 1
            tabs: [home]
            screens:
              "caf\\u00E9": {show: push}
            routes:
              - name: cafe
                when: "true"
                push: "caf\\u00E9"
            """)
        let decomposed = AppContract(tabs: ["home"], screens: [AppContract.AppScreen(name: "cafe\u{301}", show: [.push])])
        #expect(decomposed.mismatches(in: table).map(\.code) == ["contract-screen"])
        let same = AppContract(tabs: ["home"], screens: [AppContract.AppScreen(name: "caf\u{E9}", show: [.push])])
        #expect(same.mismatches(in: table).isEmpty)
    }

    /// `CompiledTableFormat.maxLocatedMismatches` (100): that many mismatches get a line and
    /// column in the compiled text, and the rest are still named, by path.
    @Test(arguments: [CompiledTableFormat.maxLocatedMismatches, CompiledTableFormat.maxLocatedMismatches + 1])
    func mismatchesAreLocatedUpToTheLimit(count: Int) throws {
        let screens = (0..<count).map { "  s\($0): {show: push}" }.joined(separator: "\n")
        let rules = (0..<count).map { "  - {name: r\($0), when: 'n == \($0)', push: s\($0)}" }.joined(separator: "\n")
        let yaml = "version: 1\ntabs: [home]\npayload: {n: int}\nscreens:\n\(screens)\nroutes:\n\(rules)\n"
        let program = try #require(TableLoader.load(path: "many.yaml", bytes: Array(yaml.utf8), size: nil, analyze: false).program)
        let bytes = Array(CompiledTableFormat.encode(program).utf8)
        do {
            _ = try CompiledTableFormat.decode(bytes, contract: AppContract(tabs: ["home"], screens: []))
            Issue.record("loaded")
        } catch {
            #expect(error.contractMismatches.count == count)
            #expect(error.contractMismatches.filter { $0.position != nil }.count == CompiledTableFormat.maxLocatedMismatches)
            #expect(error.contractMismatches.last?.path == "screens[\(count - 1)]")
        }
    }

    @Test func theLibraryRefusesACompiledTableThatDoesNotFit() throws {
        let program = try #require(TableLoader.load(path: "app.yaml", bytes: Array(Self.table.utf8), size: nil).program)
        let bytes = Array(CompiledTableFormat.encode(program).utf8)
        do {
            _ = try CompiledTableFormat.decode(bytes, contract: Self.contract)
            Issue.record("a table that does not fit was loaded")
        } catch {
            #expect(error.contractMismatches.count == 8)
            #expect(error.description.hasPrefix("the table does not satisfy the app contract (8 mismatches): tab 'me' is at index 1"))
            #expect(error.description.hasSuffix("; and 5 more"))
            // Each is placed in the compiled text: `tabs[1]` is the second tab's string.
            let tab = try #require(error.contractMismatches.first)
            let position = try #require(tab.position)
            let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[position.line - 1]
            #expect(line.dropFirst(position.column - 1).hasPrefix("\"me\""), "\(line)")
            #expect(error.contractMismatches.allSatisfy { $0.position != nil && $0.range == nil })
        }
        let fitting = AppContract(tabs: ["home", "me", "settings"], loginScreen: "signin",
                                  screens: [AppContract.AppScreen(name: "message_detail", show: [.push],
                                                                  params: [ScreenParam(name: "id", type: .string),
                                                                           ScreenParam(name: "page", type: .int)]),
                                            AppContract.AppScreen(name: "notice", show: [.present, .push]),
                                            AppContract.AppScreen(name: "profile", show: [.push])])
        #expect(try CompiledTableFormat.decode(bytes, contract: fitting).rules.count == 4)
    }
}
