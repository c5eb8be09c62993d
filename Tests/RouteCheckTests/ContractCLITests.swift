import Foundation
import Testing

/// `routecheck validate --contract FILE` through the built binary (SPEC §10): each mismatch an
/// error where the table says it, in every output format; the example app's own contract;
/// compiled and signed tables; a contract file that is not one.
@Suite struct ContractCLITests {
    static let contractFile = CompileCommandTests.repositoryRoot.appendingPathComponent("contract/app.contract.json")

    /// The example app's contract, lacking `notice`, showing `message_thread` only presented and
    /// taking an `int` page in it, and with `session` misspelled.
    static let lacking = """
        {"contract": 1, "tabs": ["home", "discover", "messages", "me"], "login_screen": "login",
         "screens": {"message_detail": {"show": ["push"], "params": {"id": "int"}},
                     "message_list": {"show": ["push"]},
                     "message_thread": {"show": ["present"], "params": {"id": "int", "page": "int"}},
                     "comment_pass": {"show": ["push"]},
                     "sesion": {"show": ["push"]},
                     "my_messages": {"show": ["push"]},
                     "login": {"show": ["present"]}}}
        """

    @Test func theExampleAppsTableSatisfiesItsContract() throws {
        let dir = try CompileCommandTests.exampleTable()
        let run = try runRouteCheck(["validate", "--strict", "--contract", Self.contractFile.path, "routes/"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "1 table, 5 files, 9 rules: 0 errors, 0 warnings\n", stderr: "", status: 0), "\(run)")
    }

    @Test func everyMismatchIsAnErrorWhereTheTableSaysIt() throws {
        let dir = try CompileCommandTests.exampleTable()
        try dir.write("app.contract.json", Self.lacking)
        let run = try runRouteCheck(["validate", "--contract", "app.contract.json", "routes/"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stdout == """
            routes/notices.yaml:6:14: error: screen 'notice' is not in the app contract; this app version cannot show it [contract-screen]
                present: notice
                         ^~~~~~
            routes/screens.yaml:9:19: note: declared here
              notice:         {show: present, embed_in_navigation: true}
                              ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            routes/notices.yaml:11:11: error: screen 'session' is not in the app contract; it has 'sesion': is one of them misspelled? [contract-screen]
                push: session
                      ^~~~~~~
            routes/screens.yaml:8:19: note: declared here
              session:        {show: push, tab: discover}
                              ^~~~~~~~~~~~~~~~~~~~~~~~~~~
            routes/screens.yaml:6:19: error: screen 'message_thread' does not declare param 'page' (int), which the app's screen takes [contract-param]
              message_thread: {show: push, tab: messages, params: {id: int}, hides_bottom_bar: true}
                              ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            routes/screens.yaml:6:26: error: screen 'message_thread' is shown with push here, but the app shows it only with present [contract-show]
              message_thread: {show: push, tab: messages, params: {id: int}, hides_bottom_bar: true}
                                     ^~~~
            1 table, 5 files, 9 rules: 4 errors, 0 warnings

            """, "\(run)")
        let json = try runRouteCheck(["validate", "--format", "json", "--contract", "app.contract.json", "routes/"], in: dir.url)
        #expect(json.status == 1)
        #expect(json.stdout.contains(#"{"file":"routes/screens.yaml","line":6,"column":26,"end_line":6,"end_column":30,"severity":"error","code":"contract-show","#), "\(json)")
        let github = try runRouteCheck(["validate", "--format", "github", "--contract", "app.contract.json", "routes/"], in: dir.url)
        #expect(github.stdout.contains("::error file=routes/notices.yaml,line=6,col=14::screen 'notice' is not in the app contract"), "\(github)")
    }

    @Test(arguments: ["tabs", "login"])
    func tabsAndTheLoginScreenAreTheApps(_ change: String) throws {
        let dir = try CompileCommandTests.exampleTable()
        let contract = change == "tabs"
            ? Self.lacking.replacingOccurrences(of: #"["home", "discover", "messages", "me"]"#, with: #"["home", "me", "discover"]"#)
            : Self.lacking.replacingOccurrences(of: #""login_screen": "login""#, with: #""login_screen": "signin""#)
        try dir.write("app.contract.json", contract)
        let run = try runRouteCheck(["validate", "--format", "json", "--contract", "app.contract.json", "routes/"], in: dir.url)
        #expect(run.status == 1)
        if change == "tabs" {
            #expect(run.stdout.contains(#""line":6,"column":14,"end_line":6,"end_column":22,"severity":"error","code":"contract-tab","message":"tab 'discover' is at index 1 here but 2 in the app contract; list the tabs in the app's order: home, me, discover""#), "\(run)")
            #expect(run.stdout.contains(#""code":"contract-tab","message":"tab 'messages' is not in the app contract; the app's tabs are home, me, discover""#), "\(run)")
            #expect(run.stdout.contains(#""code":"contract-tab","message":"tab 'me' is at index 3 here but 1"#), "\(run)")
        } else {
            #expect(run.stdout.contains(#""file":"routes/app.yaml","line":7,"column":15,"end_line":7,"end_column":20,"severity":"error","code":"contract-login-screen","message":"login screen 'login' is not the app contract's login screen 'signin'""#), "\(run)")
        }
    }

    @Test func compiledAndSignedTablesAreCheckedToo() throws {
        let dir = try SignedTableCLITests.workspace()
        try dir.write("app.contract.json", Self.lacking)
        _ = try runRouteCheck(["compile", "routes/", "-o", "routes.json"], in: dir.url)
        _ = try runRouteCheck(["compile", "routes/", "-o", "signed.json", "--sign", "keys/ci.key", "--table-version", "1"],
                              in: dir.url)
        let run = try runRouteCheck(["validate", "--contract", "app.contract.json", "routes.json", "signed.json"], in: dir.url)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("routes.json:") }.count == 4, "\(run)")
        #expect(lines.contains { $0.hasPrefix("routes.json:") && $0.contains(": error: screens[2].show: screen 'message_thread' is shown with push here") })
        #expect(lines.filter { $0.hasPrefix("signed.json:1:1: error: screens[") }.count == 4, "\(run)")
        #expect(lines.last == "2 tables, 2 files, 18 rules: 8 errors, 0 warnings")

        let verify = try runRouteCheck(["verify", "signed.json", "--key", "keys/ci.key.pub", "--contract", "app.contract.json"],
                                       in: dir.url)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("""
            FAIL contract: 4 mismatches with app.contract.json
                   screens[2].show: screen 'message_thread' is shown with push here, but the app shows it only with present [contract-show]
                   screens[2].params: screen 'message_thread' does not declare param 'page' (int), which the app's screen takes [contract-param]
                   screens[5]: screen 'notice' is not in the app contract; this app version cannot show it [contract-screen]
                   screens[4]: screen 'session' is not in the app contract; it has 'sesion': is one of them misspelled? [contract-screen]
            refused: the table does not satisfy the app contract (4 mismatches): screen 'message_thread'
            """), "\(verify)")
        let good = try runRouteCheck(["verify", "signed.json", "--key", "keys/ci.key.pub", "--contract", Self.contractFile.path],
                                     in: dir.url)
        #expect(good.status == 0, "\(good)")
        #expect(good.stdout.contains("ok   contract: satisfied (\(Self.contractFile.path))\n"))
    }

    @Test func aContractFileThatIsNotOneIsAPositionedErrorAndExit2() throws {
        let dir = try CompileCommandTests.exampleTable()
        try dir.write("app.contract.json", """
            {"contract": 1, "tabs": ["home"],
             "screens": {"notice": {"show": ["modal"]}}}
            """)
        let run = try runRouteCheck(["validate", "--contract", "app.contract.json", "routes/"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "", stderr: """
            app.contract.json:2:34: error: not an app contract: screens.notice.show[0]: expected one of 'push', 'present' [invalid-contract]
             "screens": {"notice": {"show": ["modal"]}}}
                                             ^

            """, status: 2), "\(run)")
        let json = try runRouteCheck(["validate", "--format", "json", "--contract", "app.contract.json", "routes/"], in: dir.url)
        #expect(json.status == 2)
        #expect(json.stdout.hasPrefix(#"{"diagnostics":[{"file":"app.contract.json","line":2,"column":34,"#), "\(json)")
        let github = try runRouteCheck(["validate", "--format", "github", "--contract", "app.contract.json", "routes/"], in: dir.url)
        #expect(github.stdout == "::error file=app.contract.json,line=2,col=34::not an app contract: screens.notice.show[0]: expected one of 'push', 'present'\n", "\(github)")
        let missing = try runRouteCheck(["validate", "--contract", "nowhere.json", "routes/"], in: dir.url)
        #expect(missing == RouteCheckRun(stdout: "", stderr: "Error: cannot read 'nowhere.json': no such file or directory\n", status: 2))
    }
}
