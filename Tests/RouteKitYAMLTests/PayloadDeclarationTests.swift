import RouteKit
import RouteKitYAML
import Testing

/// Payload declarations that contradict each other are errors: a field inside a field declared
/// with a scalar or list type could never be present, so every rule reading it would never match.
@Suite struct PayloadDeclarationTests {
    static func table(_ payload: String) -> String {
        """
        version: 1
        tabs: [home]
        payload: \(payload)
        routes:
          - {name: a, when: has(aps.badge), tab: home}

        """
    }

    @Test func aFieldInsideAnIntIsAnError() throws {
        let checked = try loadTable(yaml: Self.table("{aps: int, aps.badge: int}"))
        #expect(checked.diagnostics.map(\.rendered) == [
            "3:21: type-mismatch: payload field 'aps.badge' is inside 'aps', which is declared 'int' and has no fields; declare 'aps' by its fields, or as 'any'",
        ])
        #expect(checked.diagnostics.first?.notes.first?.message == "'aps' declared here")
        #expect(checked.diagnostics.first?.notes.first?.range?.start.column == 11)
    }

    /// APNs sends `aps.alert` as a string or a dictionary: declared `string`, a dictionary alert is
    /// missing and the default alert message renders nothing for it, so `validate` says so.
    @Test func apsAlertDeclaredAsAStringIsWarnedAbout() throws {
        for declaration in ["{aps: {alert: string}}", "{aps.alert: string}"] {
            let checked = try loadTable(yaml: Self.table(declaration))
            let warnings = checked.diagnostics.filter { $0.code == "aps-alert-type" }
            #expect(warnings.count == 1, "\(declaration)")
            #expect(warnings.first?.fixIt?.replacement == "any")
        }
        for quiet in ["{aps: {alert: any}}", "{aps: {alert: {body: string}}}", "{alert: string}"] {
            #expect(!(try loadTable(yaml: Self.table(quiet)).diagnostics.contains { $0.code == "aps-alert-type" }), "\(quiet)")
        }
    }

    /// `FieldType.maxListNesting`: list types nest at most 16 deep, however written (a YAML list,
    /// a quoted spelling, or both); a hostile spelling of 200,000 brackets is refused at once (it
    /// took minutes and quadratic memory, one string copy per bracket).
    @Test func listTypesNestAtMostSixteenDeep() throws {
        func spelled(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + "int" + String(repeating: "]", count: depth)
        }
        let limit = FieldType.maxListNesting
        #expect(limit == 16)
        for depth in [limit, limit + 1] {
            let forms = [spelled(depth), "\"\(spelled(depth))\"",
                         String(repeating: "[", count: depth - 1) + "\"[int]\"" + String(repeating: "]", count: depth - 1)]
            for form in forms {
                let checked = try loadTable(yaml: Self.table("{x: \(form), aps: {badge: int}}"))
                let errors = checked.diagnostics.filter { $0.severity == .error }.map(\.message)
                if depth == limit {
                    #expect(errors.isEmpty, "\(form)")
                    #expect(checked.program?.table.fieldTypes["x"]?.listNesting == limit)
                } else {
                    #expect(errors.count == 1 && errors[0].hasPrefix("list types nest deeper than 16 levels"), "\(form): \(errors)")
                }
            }
        }
        let hostile = "\"" + spelled(200_000) + "\""
        let clock = ContinuousClock()
        let start = clock.now
        let checked = try loadTable(yaml: Self.table("{x: \(hostile)}"))
        #expect(clock.now - start < .seconds(20))
        #expect(checked.diagnostics.contains { $0.message.hasPrefix("list types nest deeper") })
    }

    @Test func deeperAndInAList() throws {
        let nested = try loadTable(yaml: Self.table("{aps: {sound: string, sound.name: string, badge: int}}"))
        #expect(nested.diagnostics.map(\.code.rawValue) == ["type-mismatch"])
        #expect(nested.diagnostics.first?.message.hasPrefix("payload field 'aps.sound.name' is inside 'aps.sound'") == true)
        let list = try loadTable(yaml: Self.table("{aps: [int], aps.badge: int}"))
        #expect(list.diagnostics.first?.message.contains("declared '[int]'") == true, "\(list.diagnostics)")
    }

    /// Fields inside `any`, and objects declared by their fields, are fine.
    @Test func insideAnyOrAnObjectIsFine() throws {
        for payload in ["{aps: any, aps.badge: int}", "{aps: {badge: int, alert: any}}", "{aps.badge: int, aps.sound: string}"] {
            let checked = try loadTable(yaml: Self.table(payload))
            #expect(checked.diagnostics.isEmpty, "\(payload): \(checked.diagnostics.map(\.rendered))")
        }
    }
}
