import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// Tabs, screens and rules are referred to by name, so an empty name is an error. Found by
/// `FuzzTableLoader`: an anchor on an empty mapping key (`&ession: {…}` under `screens`) declared
/// a screen named "", the table checked, and its compiled form did not load
/// (`Fuzz/corpus/FuzzTableLoader/crash-empty-screen-name.yaml` replays it).
@Suite struct EmptyNameTests {
    func errors(_ yaml: String) throws -> [String] {
        let checked = try loadTable(yaml: yaml)
        #expect(checked.program == nil)
        return checked.diagnostics.filter { $0.severity == .error }.map {
            "\($0.range.start.line):\($0.range.start.column): \($0.message) [\($0.code)]"
        }
    }

    @Test func emptyTabScreenAndRuleNamesAreErrors() throws {
        let yaml = """
            version: 1
            tabs: [home, ""]
            screens:
              "": {show: push, tab: home}
              &anchor : {show: push, tab: home}
              detail: {show: push, tab: home}
            routes:
              - {name: "", when: 'true', push: detail}

            """
        #expect(try errors(yaml) == [
            "2:14: empty name for a tab; give it a name that is not empty [empty-name]",
            "4:3: empty name for a screen; give it a name that is not empty [empty-name]",
            "5:3: empty name for a screen; give it a name that is not empty [empty-name]",
            "8:12: empty name for 'name' of a rule; give it a name that is not empty [empty-name]",
        ])
    }

    /// A payload field is a path of keys: each part needs a name, and `~:`, `12:` or `true:`
    /// are no names, as they are not for a screen. Before, all of these were declared silently
    /// and written into the compiled table.
    @Test func payloadFieldsNeedANameForEveryPartOfTheirPath() throws {
        let yaml = """
            version: 1
            tabs: [home]
            payload:
              ~: int
              12: string
              true: int
              "": int
              a..b: int
              c.: int
              ok: {"": int, fine: int}
              "a b": int
            routes:
              - {name: r, when: 'ok.fine == 1', tab: home}

            """
        #expect(try errors(yaml) == [
            "4:3: expected a name for a payload field, found null [wrong-type]",
            "5:3: expected a name for a payload field, found the number 12 [wrong-type]",
            "6:3: expected a name for a payload field, found the boolean true [wrong-type]",
            "7:3: empty name for a payload field; give it a name that is not empty [empty-name]",
            "8:3: empty name for a part of payload field 'a..b'; give it a name that is not empty [empty-name]",
            "9:3: empty name for a part of payload field 'c.'; give it a name that is not empty [empty-name]",
            "10:8: empty name for a part of payload field 'ok.'; give it a name that is not empty [empty-name]",
        ])
    }
}
