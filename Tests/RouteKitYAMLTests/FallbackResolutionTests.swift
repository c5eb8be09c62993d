import RouteKit
import RouteKitYAML
import Testing

/// SPEC §3: the outcome is `unmatched` only when nothing matches and there is no fallback. A
/// fallback whose params or `login.user` read the payload does not apply where they cannot be
/// computed; `validate` warns about it at the first such expression.
@Suite struct FallbackResolutionTests {
    static func table(fallback: String) -> String {
        """
        version: 1
        tabs: [home]
        login_screen: login
        screens:
          detail: {show: push, params: {id: int}}
          login: {show: present}
        payload: {type: int, id: int, uid: string}
        fallback: \(fallback)
        routes:
          - {name: r, when: type == 1, tab: home}

        """
    }

    func warnings(fallback: String) throws -> [String] {
        try loadTable(yaml: Self.table(fallback: fallback)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column): \($0.code)"
        }
    }

    @Test func aParamReadFromThePayloadIsWarnedAbout() throws {
        #expect(try warnings(fallback: "{push: detail, params: {id: id}}") == ["8:39: fallback-may-not-apply"])
        let table = try loadTable(yaml: Self.table(fallback: "{push: detail, params: {id: id}}"))
        #expect(table.diagnostics.first?.message == "the fallback does not apply to a payload on which 'id' cannot be computed (say the payload lacks a field it reads), which is then left unmatched; give the fallback values that read no payload field")
        // And so it is: without `id`, nothing applies.
        let program = try #require(table.program)
        #expect(program.decide(["type": 2]) == .unmatched)
        #expect(program.decide(["type": 2, "id": 5]).source == .fallback)
    }

    @Test func aLoginUserReadFromThePayloadIsWarnedAbout() throws {
        #expect(try warnings(fallback: "{tab: home, login: {user: uid}}") == ["8:37: fallback-may-not-apply"])
    }

    @Test func valuesThatReadNoFieldAreQuiet() throws {
        #expect(try warnings(fallback: "{push: detail, params: {id: 7}}") == [])
        #expect(try warnings(fallback: "{push: detail, params: {id: '1 + 2'}}") == [])
        #expect(try warnings(fallback: "{tab: home, login: required}") == [])
        #expect(try warnings(fallback: "none") == [])
    }
}
