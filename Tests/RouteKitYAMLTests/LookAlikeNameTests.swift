import RouteKit
import RouteKitYAML
import Testing

/// A tab, screen or login screen named with other code points for the same text ("o\u{308}",
/// decomposed, for the declared "\u{F6}") is another name (SPEC §3: a name is what its bytes
/// say), although Swift's `==` calls the two equal. The error says why, since the two look the
/// same, and suggests the declared spelling.
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

    @Test func namesWrittenDecomposedAreOtherNames() throws {
        let loaded = try loadTable(yaml: Self.yaml)
        #expect(loaded.program == nil)
        #expect(loaded.diagnostics.map(\.code) == ["unknown-screen", "unknown-tab"])
        let screen = try #require(loaded.diagnostics.first)
        #expect(screen.message == "unknown screen '\(Self.decomposed)'; did you mean '\(Self.composed)'?")
        #expect(screen.fixIt?.replacement == Self.composed)
        #expect(screen.notes.map(\.message) == [
            "'\(Self.decomposed)' here is U+006F U+0308, the declared '\(Self.composed)' is "
                + "U+00F6 LATIN SMALL LETTER O WITH DIAERESIS: they look alike, but names compare by code points",
        ])
    }

    @Test func namesWrittenAsDeclaredAreFound() throws {
        let yaml = Self.yaml.replacingOccurrences(of: Self.decomposed, with: Self.composed)
        let loaded = try loadTable(yaml: yaml)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.rendered))")
        let program = try #require(loaded.program)
        let table = CompiledTable(program)
        let pushed = try #require(table.decide(["type": 1]).action?.push.first?.screen)
        #expect(pushed.hasSameBytes(as: Self.composed))
        let tab = try #require(table.decide(["type": 2]).action?.tab)
        #expect(tab.hasSameBytes(as: Self.composed))
    }
}

extension LookAlikeNameTests {
    /// The Kelvin sign is canonically "K" but not the letter K: a rule named with it is another
    /// rule than one named with "K", and a screen written with it is not the screen "Kiosk".
    @Test func kelvinSignIsNotTheLetterK() throws {
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
        #expect(loaded.diagnostics.map(\.code) == ["unknown-screen"])
        #expect(loaded.diagnostics.first?.message == "unknown screen '\u{212A}iosk'; did you mean 'Kiosk'?")
        #expect(loaded.diagnostics.first?.notes.first?.message.hasPrefix(
            "'\u{212A}iosk' here is U+212A KELVIN SIGN, the declared 'Kiosk' is U+004B LATIN CAPITAL LETTER K") == true)
    }
}

private extension String {
    func hasSameBytes(as other: String) -> Bool { Array(utf8) == Array(other.utf8) }
}
