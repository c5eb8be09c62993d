import RouteKit
import RouteKitYAML
import Testing

/// Alert texts' `{path}` placeholders are checked against the declared payload fields.
@Suite struct AlertPlaceholderTests {
    static func table(defaults: String, rule: String = "") -> String {
        """
        version: 1
        tabs: [home]
        screens:
          detail: {show: push, tab: home}
        payload: {type: int, aps.badge: int, extra: any}
        defaults:
          alert: \(defaults)
        routes:
          - name: a
            when: type == 1
            push: detail
        \(rule)
        """
    }

    func warnings(_ yaml: String) throws -> [String] {
        try loadTable(yaml: yaml).diagnostics.map(\.rendered)
    }

    @Test func aMisspelledFieldIsAWarningWithTheDeclaredName() throws {
        let found = try warnings(Self.table(defaults: #"{title: "Type {tpye}", message: "{aps.alert}"}"#))
        #expect(found == [
            "7:18: undeclared-field: alert placeholder '{tpye}' names an undeclared payload field and renders as nothing unless the payload has it; did you mean 'type'?",
        ])
    }

    @Test func aRuleAlertIsCheckedToo() throws {
        let rule = "    alert: {message: \"{aps.bdge} new\"}"
        let found = try warnings(Self.table(defaults: "{title: \"\"}", rule: rule))
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("12:22: undeclared-field: alert placeholder '{aps.bdge}'") == true, "\(found)")
        #expect(found.first?.hasSuffix("did you mean 'aps.badge'?") == true, "\(found)")
    }

    @Test func aFieldInsideAScalarNeverRenders() throws {
        let found = try warnings(Self.table(defaults: #"{title: "{type.name}"}"#))
        #expect(found == [
            "7:18: type-mismatch: alert placeholder '{type.name}' always renders as nothing: 'type' is declared 'int', which has no fields",
        ])
    }

    /// Declared fields, objects, fields inside `any`, and undeclared paths like nothing declared
    /// (SPEC's own `{aps.alert}`) draw nothing.
    @Test func quietForWhatCanRender() throws {
        let found = try warnings(Self.table(
            defaults: #"{title: "{type} {aps} {aps.badge} {extra.deep.path}", message: "{aps.alert} {title}", confirm: "{ unclosed"}"#))
        #expect(found == [])
    }
}
