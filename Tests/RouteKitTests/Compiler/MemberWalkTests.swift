@testable import RouteKit
import Testing

/// Deciding on a payload value finds the declared fields by walking the payload's members once
/// (matching each key's bytes) up to `PayloadSlots.memberWalkLimit` members, and by looking each
/// field up past it. Both must find exactly what `Dictionary`'s `String` keys find: the reference
/// interpreter's answer.
@Suite struct MemberWalkTests {
    private typealias Index = CompiledTableIndexTests

    /// `K` has a canonically equal non-ASCII spelling (the Kelvin sign); `notification_kind` is
    /// longer than the eight bytes compared as one word; `aps` holds nested fields.
    static func compile() throws -> CompiledTable {
        let fields = [
            PayloadField(path: "K", type: .int), PayloadField(path: "type", type: .string),
            PayloadField(path: "notification_kind", type: .string), PayloadField(path: "aps.badge", type: .int),
            PayloadField(path: "aps.alert", type: .any),
        ]
        let rules = [
            "type == \"a\" && K == 1", "notification_kind == \"chat\"", "aps.badge > 3",
            "has(aps.alert) && type == \"b\"", "K == 2", "type == \"c\"",
        ].enumerated().map { index, when in
            Rule(name: "r\(index)", when: ExpressionSource(when), route: Route(action: Action(tab: "home")))
        }
        let table = RouteTable(tabs: ["home"], screens: [], payloadFields: fields, rules: rules, fallback: nil)
        let checked = TableChecker.check(table, sources: [])
        return CompiledTable(try #require(checked.program, "\(checked.diagnostics)"))
    }

    /// `count` members in all: the given ones, then undeclared `pad…` members.
    static func payload(_ members: [String: JSONValue], count: Int) -> JSONValue {
        var all = members
        var serial = 0
        while all.count < count {
            all["pad\(serial)"] = .int(Int64(serial))
            serial += 1
        }
        return .object(JSONObject(all))
    }

    @Test func declaredFieldsAreFoundAtAndPastTheWalkLimit() throws {
        let compiled = try Self.compile()
        let limit = PayloadSlots.memberWalkLimit
        for count in [limit - 1, limit, limit + 1, 4 * limit] {
            let decide = { (members: [String: JSONValue]) in
                Index.decide(compiled, Self.payload(members, count: count))
            }
            #expect(decide(["type": "a", "K": 1]) == "r0", "\(count) members")
            #expect(decide(["type": "a", "K": "1"]) == "r0", "\(count) members")  // normalized
            #expect(decide(["notification_kind": "chat"]) == "r1", "\(count) members")
            #expect(decide(["aps": ["badge": 4]]) == "r2", "\(count) members")
            #expect(decide(["aps": ["badge": 1, "alert": "hi"], "type": "b"]) == "r3", "\(count) members")
            #expect(decide(["aps": "not an object", "type": "b"]) == nil, "\(count) members")
            #expect(decide(["K": 2]) == "r4", "\(count) members")
            #expect(decide(["type": "c"]) == "r5", "\(count) members")
            #expect(decide([:]) == nil, "\(count) members")
        }
    }

    /// Keys that share a declared name's length and first eight bytes, or differ from it only in
    /// case, are other members.
    @Test func lookAlikeKeysAreOtherMembers() throws {
        let compiled = try Self.compile()
        #expect(Index.decide(compiled, ["notification_kine": "chat"]) == nil)
        #expect(Index.decide(compiled, ["notification_kinds": "chat"]) == nil)
        #expect(Index.decide(compiled, ["notification": "chat"]) == nil)
        #expect(Index.decide(compiled, ["k": 2]) == nil)
        #expect(Index.decide(compiled, ["Type": "c"]) == nil)
        #expect(Index.decide(compiled, ["": 2, "type ": "c"]) == nil)
    }

    /// Keys compare by code points (SPEC §4): the Kelvin sign, which Swift's `==` equates with
    /// `K`, is not the declared `K`, and a non-ASCII key is no field, walked or looked up.
    @Test func canonicallyEqualKeysAreOtherMembers() throws {
        let compiled = try Self.compile()
        #expect(Index.decide(compiled, ["K": 2]) == "r4")
        #expect(Index.decide(compiled, ["\u{212A}": 2]) == nil)
        #expect(Index.decide(compiled, Self.payload(["\u{212A}": 2], count: PayloadSlots.memberWalkLimit + 1)) == nil)
        #expect(Index.decide(compiled, Self.payload(["K": 2], count: PayloadSlots.memberWalkLimit + 1)) == "r4")
        #expect(Index.decide(compiled, ["type": "a", "\u{212A}": 1]) == nil)
        #expect(Index.decide(compiled, ["t\u{FF59}pe": "c", "\u{212B}": 2]) == nil)
    }
}
