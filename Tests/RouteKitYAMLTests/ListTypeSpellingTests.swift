import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// SPEC writes list types `[T]`; in YAML `tags: [string]` is a one-element list, which reads as
/// the list type, like the quoted spelling `tags: "[string]"`.
@Suite struct ListTypeSpellingTests {
    func load(_ yaml: String) throws -> CheckedTable { try loadTable(yaml: yaml) }

    static let table = """
        version: 1
        tabs: [home]
        payload:
          tags: [string]
          quoted: "[int]"
          grid: [[int]]
        screens:
          list: {show: push, tab: home, params: {ids: [int]}}
        routes:
          - {name: a, when: '"x" in tags && size(grid) > 0', push: list, params: {ids: quoted}}

        """

    @Test func aOneElementListIsAListType() throws {
        let checked = try load(Self.table)
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty)
        let program = try #require(checked.program)
        #expect(program.table.fieldTypes["tags"] == .list(.string))
        #expect(program.table.fieldTypes["quoted"] == .list(.int))
        #expect(program.table.fieldTypes["grid"] == .list(.list(.int)))
        #expect(program.table.screens.first?.params.first?.type == .list(.int))
        let decision = program.decide(["tags": ["x"], "grid": [[1]], "quoted": ["1", 2.0]])
        #expect(decision.action?.push.first?.params["ids"] == [1, 2])
    }

    @Test(arguments: [
        ("[string, int]", "t.yaml:4:9: expected a list type of one element type, such as [string], for the type of payload field 'tags', found a list of 2 items"),
        ("[]", "t.yaml:4:9: expected a list type of one element type, such as [string], for the type of payload field 'tags', found a list of 0 items"),
        ("[strin]", "t.yaml:4:10: unknown type 'strin'; expected int, double, string, bool, any or a list like [int]; did you mean 'string'?"),
        ("[[strin]]", "t.yaml:4:11: unknown type 'strin'; expected int, double, string, bool, any or a list like [int]; did you mean 'string'?"),
        ("[{a: int}]", "t.yaml:4:10: expected a name for the type of payload field 'tags', found a mapping"),
    ])
    func aListTypeThatIsNotOneTypeIsAnError(_ spelling: String, _ expected: String) throws {
        let yaml = "version: 1\ntabs: [home]\npayload:\n  tags: \(spelling)\n"
        let errors = try load(yaml).diagnostics.filter { $0.severity == .error }
        let rendered = errors.map { "t.yaml:\($0.range.start.line):\($0.range.start.column): \($0.message)" }
        #expect(rendered == [expected])
    }
}
