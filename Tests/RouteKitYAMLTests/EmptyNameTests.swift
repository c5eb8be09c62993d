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
}
