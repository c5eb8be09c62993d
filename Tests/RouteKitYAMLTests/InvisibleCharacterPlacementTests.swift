import RouteKit
import RouteKitYAML
import Testing

/// A character that does not show, inside a string of an expression: written as itself it draws
/// an `invisible-character` warning at its place; written as a YAML escape of a double-quoted
/// scalar (`"target == 'a\u00a0b'"`) it is plainly meant and draws nothing (an audit found the
/// warning there, with a fix-it that would have replaced the escape by a space).
@Suite struct InvisibleCharacterPlacementTests {
    static func warnings(when: String) throws -> [String] {
        let yaml = "version: 1\ntabs: [home]\npayload: {target: string}\nroutes:\n"
            + "  - name: a\n    when: \(when)\n    tab: home\n"
        return try loadTable(yaml: yaml).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.code)"
        }
    }

    @Test func writtenAsItselfInAnyScalarStyleItIsReported() throws {
        #expect(try Self.warnings(when: "target == \"a\u{A0}b\"") == ["6:23 invisible-character"])
        #expect(try Self.warnings(when: "\"target == 'a\u{A0}b'\"") == ["6:24 invisible-character"])
        #expect(try Self.warnings(when: "'target == \"a\u{200B}b\"'") == ["6:24 invisible-character"])
    }

    @Test func writtenAsAYAMLEscapeItIsMeant() throws {
        #expect(try Self.warnings(when: "\"target == 'a\\u00a0b'\"") == [])
        #expect(try Self.warnings(when: "\"target == 'a\\u200bb'\"") == [])
        #expect(try Self.warnings(when: "\"target == 'a\\_b'\"") == [])
    }
}
