import RouteKit
import RouteKitYAML
import Testing

/// A tab, screen or login screen named with other code points for the same text ("o\u{308}",
/// decomposed, for the declared "\u{F6}") finds the declaration, as Swift's names do; the
/// decision and the navigator's commands then carry the name as declared, so an app that looks
/// screens up by their bytes finds them (an audit found the written bytes passed through).
@Suite struct LookAlikeNameTests {
    static let composed = "\u{F6}ffnen"
    static let decomposed = "o\u{308}ffnen"

    static let yaml = """
        version: 1
        tabs: [home, "\(composed)"]
        login_screen: "\(composed)_login"
        screens:
          "\(composed)": {show: push, login: required}
          "\(composed)_login": {show: present}
        payload: {type: int}
        routes:
          - {name: by-screen, when: type == 1, push: "\(decomposed)"}
          - {name: by-tab, when: type == 2, tab: "\(decomposed)"}
        """

    @Test func namesWrittenDecomposedAreCarriedAsDeclared() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "login_screen: \"\(Self.composed)_login\"",
                                  with: "login_screen: \"\(Self.decomposed)_login\"")
        let loaded = try loadTable(yaml: yaml)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.rendered))")
        let program = try #require(loaded.program)
        let table = CompiledTable(program)

        let pushed = try #require(table.decide(["type": 1]).action?.push.first?.screen)
        #expect(pushed.hasSameBytes(as: Self.composed))
        let tab = try #require(table.decide(["type": 2]).action?.tab)
        #expect(tab.hasSameBytes(as: Self.composed))
        let login = try #require(program.table.loginScreen)
        #expect(login.hasSameBytes(as: Self.composed + "_login"))
    }
}

extension LookAlikeNameTests {
    /// The Kelvin sign is canonically "K": a rule named with it has the name of one named
    /// with "K", and a screen written with it is the screen declared with "K".
    @Test func kelvinSignIsTheLetterK() throws {
        let yaml = """
            version: 1
            tabs: [home]
            screens: {Kiosk: {show: push}}
            payload: {type: int}
            routes:
              - {name: Key, when: type == 1, push: "\\u212Aiosk"}
              - {name: "\\u212Aey", when: type == 2, push: Kiosk}
            """
        let loaded = try loadTable(yaml: yaml)
        #expect(loaded.diagnostics.map(\.code) == ["duplicate-name"])
        #expect(loaded.diagnostics.first?.message.contains("rule") == true)
        #expect(!loaded.diagnostics.contains { $0.message.contains("unknown") })
    }
}

private extension String {
    func hasSameBytes(as other: String) -> Bool { Array(utf8) == Array(other.utf8) }
}
