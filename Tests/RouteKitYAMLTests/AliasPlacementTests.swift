import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// A value used again through a YAML alias is reported where the alias is written: a second
/// declaration names both places (SPEC §3), and a problem in an aliased value is shown at each use.
@Suite struct AliasPlacementTests {
    /// `line:column-endColumn` and a last word of each diagnostic, for pinning places.
    func placed(_ yaml: String, _ last: (Diagnostic) -> String) throws -> [String] {
        try loadTable(yaml: yaml).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column)-\($0.range.end.column) \(last($0))"
        }
    }

    func diagnostics(_ yaml: String) throws -> [String] {
        try loadTable(yaml: yaml).diagnostics.map { diagnostic in
            let notes = diagnostic.notes.compactMap(\.range).map { " (note \($0.start.line):\($0.start.column))" }
            return "\(diagnostic.range.start.line):\(diagnostic.range.start.column): \(diagnostic.code)"
                + notes.joined()
        }
    }

    static let rest = """
        payload: {type: int}
        routes:
          - {name: a, when: type == 1, tab: home}

        """

    @Test func aTabDeclaredAgainThroughAnAliasNamesBothPlaces() throws {
        #expect(try diagnostics("version: 1\ntabs: [&t home, *t]\n" + Self.rest)
            == ["2:17: duplicate-name (note 2:11)"])
    }

    /// An expression written as an alias (`when: *w`): its problems are placed on the alias,
    /// with a note that sends the reader to the anchor and no fix-it (a replacement placed
    /// there would overwrite `*w`: an audit found `when: size3*w`).
    @Test func aProblemInAnAliasedExpressionIsPlacedOnTheAliasWithoutAFixIt() throws {
        let yaml = "version: 1\ntabs: [home, me]\npayload: {type: int, target: string}\nroutes:\n"
            + "  - {name: a, when: &w target.sise() == 3, tab: home}\n"
            + "  - {name: b, when: *w, tab: me}\n"
        #expect(try placed(yaml) { "\($0.fixIt != nil)" } == ["5:31-35 true", "6:21-23 false"])
        #expect(try loadTable(yaml: yaml).diagnostics.last?.notes.map(\.message)
            == ["'*w' stands for the expression anchored as '&w'; fix it there"])
    }

    @Test func aRuleRepeatedThroughAnAliasIsPlacedAtTheAlias() throws {
        let yaml = "version: 1\ntabs: [home]\npayload: {type: int}\nroutes:\n"
            + "  - &r {name: a, when: type == 1, tab: home}\n"
            + "  - *r\n"
        #expect(try diagnostics(yaml) == ["6:5: duplicate-name (note 5:15)"])
    }

    /// A merge that keeps the anchor's name is the likelier mistake: `<<: *r` and a new `when`.
    @Test func aRuleMergingAnotherWithoutRenamingItIsPlacedAtTheRule() throws {
        let yaml = "version: 1\ntabs: [home]\npayload: {type: int}\nroutes:\n"
            + "  - &r {name: a, when: type == 1, tab: home}\n"
            + "  - {<<: *r, when: type == 2}\n"
        #expect(try diagnostics(yaml) == ["6:5: duplicate-name (note 5:15)"])
    }

    @Test func aProblemInAnAliasedExpressionIsShownAtEachUse() throws {
        let yaml = "version: 1\ntabs: [home]\npayload: {type: int}\nroutes:\n"
            + "  - {name: a, when: &w \"type == 'x'\", tab: home}\n"
            + "  - {name: b, when: *w, tab: home}\n"
        #expect(try diagnostics(yaml) == ["5:25: type-mismatch", "6:21: type-mismatch"])
    }

    @Test func anAliasedValueThatIsFineDrawsNothing() throws {
        let yaml = "version: 1\ntabs: [&t home, me]\npayload: {type: int}\nroutes:\n"
            + "  - {name: a, when: type == 1, tab: *t}\n"
            + "  - {name: b, when: type == 2, tab: *t}\n"
        #expect(try diagnostics(yaml) == [])
    }

    /// A problem found in a value a rule takes through an alias is placed where the anchor writes
    /// it, inside another rule; a note names the rule it was found in.
    @Test func aProblemInAnAliasedValueNamesTheRuleThatUsesIt() throws {
        let yaml = "version: 1\ntabs: [home]\npayload: {type: int, id: int}\n"
            + "screens:\n  detail: {show: push, params: {id: int}}\n  other: {show: push, params: {id: int, name: string}}\n"
            + "routes:\n"
            + "  - {name: a, when: type == 1, push: detail, params: &p {id: id, nme: 1}}\n"
            + "  - {name: b, when: type == 2, push: other, params: *p}\n"
        let diagnostics = try loadTable(yaml: yaml).diagnostics.filter { $0.code == "unknown-param" }
        #expect(diagnostics.map { "\($0.range.start.line):\($0.range.start.column)" } == ["8:66", "8:66"])
        #expect(diagnostics.map { $0.notes.map(\.message) } == [
            [], ["found in rule 'b', which uses this value through an alias"],
        ])
        #expect(diagnostics.last?.notes.first?.range?.start.line == 9)
    }

    /// An anchored value is placed at its own text, after `&name`: a fix-it replacing it keeps
    /// the anchor its aliases need.
    @Test func aFixItForAnAnchoredValueKeepsTheAnchor() throws {
        let yaml = "version: 1\ntabs: [home, me]\npayload: {type: int}\nroutes:\n"
            + "  - {name: a, when: type == 1, tab: home, pop_to_root: &b yes}\n"
            + "  - {name: b, when: type == 2, tab: me, pop_to_root: *b}\n"
        #expect(try placed(yaml) { "\($0.code)" } == ["5:59-62 boolean-word", "6:54-56 boolean-word"])
        #expect(try loadTable(yaml: yaml).diagnostics.map { $0.fixIt?.replacement } == ["true", "true"])
    }

    /// The same for an expression that does not check in the rule that uses it through an alias.
    @Test func anExpressionThatFailsInTheRuleUsingItThroughAnAliasNamesThatRule() throws {
        let yaml = "version: 1\ntabs: [home]\npayload: {type: int, uid: string}\n"
            + "screens:\n  detail: {show: push, params: {id: string}}\n  other: {show: push, params: {id: int}}\n"
            + "routes:\n"
            + "  - {name: a, when: type == 1, push: detail, params: &p {id: uid}}\n"
            + "  - {name: b, when: type == 2, push: other, params: *p}\n"
        let diagnostics = try loadTable(yaml: yaml).diagnostics
        #expect(diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.code)" }
            == ["8:62 param-type-mismatch"])
        #expect(diagnostics.first?.notes.map(\.message) == ["found in rule 'b', which uses this value through an alias"])
        #expect(diagnostics.first?.notes.first?.range?.start.line == 9)
    }
}
