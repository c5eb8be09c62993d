import Foundation
import RouteKit
import Testing

/// `routecheck graph` through the built binary: golden DOT and Mermaid for a small table, exit
/// codes, and the escaping of labels.
@Suite struct GraphCommandTests {
    /// Two tabs, a back stack, a screen without a tab, a login-gated screen, a login screen, a
    /// modal, a predicate full of characters DOT and Mermaid treat specially, and a fallback.
    static let table = ##"""
        version: 1
        tabs: [home, me]
        login_screen: login
        screens:
          detail: {show: push, tab: home, params: {id: int}}
          list:   {show: push, tab: home}
          note:   {show: push}
          inbox:  {show: push, tab: me, login: required}
          login:  {show: present}
          promo:  {show: present, embed_in_navigation: true}
        payload:
          type: int
          id: int
          tag: string
          uid: string
        routes:
          - name: detail
            when: type == 3
            tab: home
            pop_to_root: true
            push:
              - list
              - {screen: detail, params: {id: id}}
          - name: odd
            when: 'tag == "say \"hi\"" || tag.startsWith("#<a>|b\\")'
            push: note
          - name: inbox
            when: has(uid)
            push: inbox
            login: {user: uid}
          - name: promo
            when: type in [7, 8]
            present: promo
          - name: me
            when: type == 0
            tab: me
        fallback: {tab: home}

        """##

    @Test func drawsDOT() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", Self.table)
        let run = try runRouteCheck(["graph", "app.yaml"], in: dir.url)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == Self.dot, "\(run)")
        let explicit = try runRouteCheck(["graph", "--format", "dot", "app.yaml"], in: dir.url)
        #expect(explicit == run)
    }

    @Test func drawsMermaid() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", Self.table)
        let run = try runRouteCheck(["graph", "app.yaml", "--format", "mermaid"], in: dir.url)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == Self.mermaid, "\(run)")
    }

    static let dot = ##"""
        digraph routes {
          graph [rankdir=LR, fontname="Helvetica", fontsize=12, nodesep=0.2, ranksep=0.5, newrank=true];
          node [fontname="Helvetica", fontsize=10, shape=box, style="rounded,filled", fillcolor="white"];
          edge [fontname="Helvetica", fontsize=9, color="#444444"];
          subgraph "cluster_tabbar" {
            graph [label="tab bar", style="rounded", color="#999999"];
            subgraph "cluster_tab0" {
              graph [label="home stack", style="rounded", color="#999999"];
              "tab:home" [label="home\ntab 0", style="filled,rounded,bold", fillcolor="#dce9fb"];
              "screen:detail" [label="detail\nid: int", style="filled,rounded"];
              "screen:list" [label="list", style="filled,rounded"];
              "tab:home" -> "screen:detail" [style=invis];
              "tab:home" -> "screen:list" [style=invis];
            }
            subgraph "cluster_tab1" {
              graph [label="me stack", style="rounded", color="#999999"];
              "tab:me" [label="me\ntab 1", style="filled,rounded,bold", fillcolor="#dce9fb"];
              "screen:inbox" [label="inbox\nlogin required", style="filled,rounded,dashed"];
              "tab:me" -> "screen:inbox" [style=invis];
            }
          }
          subgraph "cluster_selected" {
            graph [label="pushed onto the selected tab", style="rounded", color="#999999"];
            "screen:note" [label="note", style="filled,rounded"];
          }
          subgraph "cluster_modals" {
            graph [label="modals", style="rounded", color="#999999"];
            "screen:login" [label="login\nlogin screen", style="filled", peripheries=2, fillcolor="#fbdcdc"];
            "screen:promo" [label="promo\nin a navigation controller", style="filled", peripheries=2, fillcolor="#fff7dc"];
          }
          subgraph "rules" {
            "rules:title" [label="rules, first match wins", shape=plaintext, style="", fontsize=12];
            "rule:detail" [label="#0 detail\ntype == 3", style="filled", shape=note, fillcolor="#eeeeee"];
            "rule:odd" [label="#1 odd\ntag == \"say \\\"hi\\\"\" || tag.startsWith(\"#<a>|b\\\\\")", style="filled", shape=note, fillcolor="#eeeeee"];
            "rule:inbox" [label="#2 inbox\nhas(uid)", style="filled", shape=note, fillcolor="#eeeeee"];
            "rule:promo" [label="#3 promo\ntype in [7, 8]", style="filled", shape=note, fillcolor="#eeeeee"];
            "rule:me" [label="#4 me\ntype == 0", style="filled", shape=note, fillcolor="#eeeeee"];
            "fallback" [label="fallback\nwhen no rule matches", style="filled", shape=note, fillcolor="#ffd9a8"];
            { rank=same; "rules:title"; "rule:detail"; "rule:odd"; "rule:inbox"; "rule:promo"; "rule:me"; "fallback"; }
            "rules:title" -> "rule:detail" -> "rule:odd" -> "rule:inbox" -> "rule:promo" -> "rule:me" -> "fallback" [style=invis];
          }
          "rule:detail" -> "screen:list" [xlabel="pop to root\npush"];
          "screen:list" -> "screen:detail" [label="then push (id: id)", style=bold];
          "rule:odd" -> "screen:note" [xlabel="push"];
          "rule:inbox" -> "screen:inbox" [xlabel="push"];
          "rule:inbox" -> "screen:login" [xlabel="if logged out\nlog in as uid", style=dashed, color="#b03030", fontcolor="#b03030"];
          "rule:promo" -> "screen:promo" [xlabel="present"];
          "rule:me" -> "tab:me" [xlabel="select tab"];
          "fallback" -> "tab:home" [xlabel="select tab"];
        }

        """##

    static let mermaid = ##"""
        flowchart LR
          subgraph g0["tab bar"]
            subgraph g1["home stack"]
              n0(["home<br/>tab 0"])
              n1["detail<br/>id: int"]
              n2["list"]
            end
            subgraph g2["me stack"]
              n3(["me<br/>tab 1"])
              n4["inbox<br/>login required"]
            end
          end
          subgraph g3["pushed onto the selected tab"]
            n5["note"]
          end
          subgraph g4["modals"]
            n6[["login<br/>login screen"]]
            n7[["promo<br/>in a navigation controller"]]
          end
          subgraph g5["rules, first match wins"]
            direction TB
            n8>"#35;0 detail<br/>type == 3"]
            n9>"#35;1 odd<br/>tag == #34;say \#34;hi\#34;#34; #124;#124; tag.startsWith(#34;#35;#60;a#62;#124;b\\#34;)"]
            n10>"#35;2 inbox<br/>has(uid)"]
            n11>"#35;3 promo<br/>type in [7, 8]"]
            n12>"#35;4 me<br/>type == 0"]
            n13{{"fallback<br/>when no rule matches"}}
          end
          n8 -->|"pop to root<br/>push"| n2
          n2 ==>|"then push (id: id)"| n1
          n9 -->|"push"| n5
          n10 -->|"push"| n4
          n10 -.->|"if logged out<br/>log in as uid"| n6
          n11 -->|"present"| n7
          n12 -->|"select tab"| n3
          n13 -->|"select tab"| n0
          classDef tab fill:#dce9fb,stroke:#333,stroke-width:2px
          classDef modal fill:#fff7dc
          classDef rule fill:#eeeeee
          classDef fallback fill:#ffd9a8
          classDef login fill:#fbdcdc
          classDef gated stroke-dasharray:5 5
          class n0,n3 tab
          class n7 modal
          class n8,n9,n10,n11,n12 rule
          class n13 fallback
          class n6 login
          class n4 gated

        """##

    @Test func sameTableSameBytes() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/app.yaml", Self.table)
        for format in ["dot", "mermaid"] {
            let first = try runRouteCheck(["graph", "routes", "--format", format], in: dir.url)
            let second = try runRouteCheck(["graph", "./routes/", "--format", format], in: dir.url)
            #expect(first.status == 0)
            #expect(first == second)
        }
    }

    @Test func exampleAppShowsEveryRuleScreenAndTab() throws {
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let run = try runRouteCheck(["graph", "routes/"], in: root)
        #expect(run.status == 0, "\(run)")
        let names = ["rule:message-detail", "rule:message-thread", "rule:comment-pass",
                     "rule:my-messages", "rule:notice", "rule:session-reminder", "rule:home-tab",
                     "rule:discover-tab", "rule:messages-tab", "tab:home", "tab:discover",
                     "tab:messages", "tab:me", "screen:message_detail", "screen:message_list",
                     "screen:message_thread", "screen:comment_pass", "screen:session",
                     "screen:notice", "screen:my_messages", "screen:login", "fallback"]
        for name in names {
            #expect(run.stdout.contains("\"\(name)\" ["), "\(name)")
        }
        #expect(run.stdout.contains(#""screen:message_list" -> "screen:message_thread" [label="then push (id: id)", style=bold];"#))
    }

    @Test func tableWithErrorsExitsOneWithDiagnostics() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", """
            version: 1
            tabs: [home]
            screens:
              detail: {show: push, tab: home}
            routes:
              - name: broken
                when: type == 3
                push: detial
            """)
        for format in ["dot", "mermaid"] {
            let run = try runRouteCheck(["graph", "app.yaml", "--format", format], in: dir.url)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr.contains("app.yaml:8:11: error: unknown screen 'detial'; did you mean 'detail'?"),
                    "\(run)")
            #expect(run.stderr.contains("Error: the table 'app.yaml' has the errors shown above; fix them first\n"))
        }
    }

    @Test func usageErrorsExitTwo() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", Self.table)
        let format = try runRouteCheck(["graph", "app.yaml", "--format", "svg"], in: dir.url)
        #expect(format.status == 2)
        #expect(format.stderr.hasPrefix("Error: invalid value 'svg' for option '--format'"), "\(format)")
        let missing = try runRouteCheck(["graph"], in: dir.url)
        #expect(missing.status == 2)
        let absent = try runRouteCheck(["graph", "nowhere.yaml"], in: dir.url)
        #expect(absent.status == 2)
        #expect(absent.stdout == "")
    }

    @Test func helpDescribesTheCommand() throws {
        let dir = try TemporaryDirectory()
        let run = try runRouteCheck(["graph", "--help"], in: dir.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("--format dot|mermaid"))
        let tool = try runRouteCheck(["--help"], in: dir.url)
        #expect(tool.stdout.contains("graph"))
        #expect(tool.stdout.contains("schema"))
    }

    struct EscapeCase: Sendable, CustomStringConvertible {
        var text: String
        var dot: String
        var mermaid: String
        var description: String { text }
    }

    @Test(arguments: [
        EscapeCase(text: #"a == "b""#, dot: #""a == \"b\"""#, mermaid: "a == #34;b#34;"),
        EscapeCase(text: #"x\n"#, dot: #""x\\n""#, mermaid: #"x\n"#),
        EscapeCase(text: "one\ntwo", dot: #""one\ntwo""#, mermaid: "one<br/>two"),
        EscapeCase(text: "tab\there\r", dot: #""tab here""#, mermaid: "tab here"),
        EscapeCase(text: "a || b && c < d > e & f # g `h`", dot: #""a || b && c < d > e & f # g `h`""#,
                   mermaid: "a #124;#124; b #38;#38; c #60; d #62; e #38; f #35; g #96;h#96;"),
        EscapeCase(text: "", dot: #""""#, mermaid: ""),
        EscapeCase(text: "ü → 🔒", dot: #""ü → 🔒""#, mermaid: "ü → 🔒"),
    ])
    func escapesLabels(_ c: EscapeCase) {
        #expect(DOTRenderer.quoted(c.text) == c.dot)
        #expect(MermaidRenderer.escaped(c.text) == c.mermaid)
    }
}
