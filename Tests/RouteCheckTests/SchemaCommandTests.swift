import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// `routecheck schema` through the built binary, and the payload fixtures that
/// `scripts/check-payload-schema.sh` validates against the example app's schema.
@Suite struct SchemaCommandTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let table = """
        version: 1
        tabs: [home]
        screens:
          detail: {show: push, tab: home, params: {id: int}}
        payload:
          type: int
          id: int
          ratio: double
          tags: "[string]"
          aps:
            badge: int
            silent: bool
        routes:
          - name: detail
            when: type == 3 && has(id)
            push: detail
            params: {id: id}
          - name: shadowed
            when: type == 3
            push: detail
            params: {id: id}
          - name: ratio
            when: ratio > 0.5
            tab: home
        """

    static func object(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any])
    }

    /// Decimal text within Int64: fewer digits than the bound, or as many and smaller at the first
    /// place that differs, or the bound (reviewed; `PayloadSchemaPatternTests` checks it against
    /// what `int` accepts).
    static let int64Pattern = "^(0*(0|[1-9][0-9]{0,17}|[1-8][0-9]{18}|9[0-1][0-9]{17}|92[0-1][0-9]{16}|"
        + "922[0-2][0-9]{15}|9223[0-2][0-9]{14}|92233[0-6][0-9]{13}|922337[0-1][0-9]{12}|"
        + "92233720[0-2][0-9]{10}|922337203[0-5][0-9]{9}|9223372036[0-7][0-9]{8}|92233720368[0-4][0-9]{7}|"
        + "922337203685[0-3][0-9]{6}|9223372036854[0-6][0-9]{5}|92233720368547[0-6][0-9]{4}|"
        + "922337203685477[0-4][0-9]{3}|9223372036854775[0-7][0-9]{2}|922337203685477580[0-6]|"
        + "9223372036854775807)|-0*(0|[1-9][0-9]{0,17}|[1-8][0-9]{18}|9[0-1][0-9]{17}|92[0-1][0-9]{16}|"
        + "922[0-2][0-9]{15}|9223[0-2][0-9]{14}|92233[0-6][0-9]{13}|922337[0-1][0-9]{12}|"
        + "92233720[0-2][0-9]{10}|922337203[0-5][0-9]{9}|9223372036[0-7][0-9]{8}|92233720368[0-4][0-9]{7}|"
        + "922337203685[0-3][0-9]{6}|9223372036854[0-6][0-9]{5}|92233720368547[0-6][0-9]{4}|"
        + "922337203685477[0-4][0-9]{3}|9223372036854775[0-7][0-9]{2}|922337203685477580[0-7]|"
        + "9223372036854775808))$"

    static func json(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func describesDeclaredFieldsAndRules() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", Self.table)
        let run = try runRouteCheck(["schema", "app.yaml"], in: dir.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("{\n  \"$comment\": "))
        let schema = try Self.object(run.stdout)
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["type"] as? String == "object")
        #expect(schema["additionalProperties"] as? Bool == true)
        // A backend validating with the schema is told of the limits it cannot express.
        let description = try #require(schema["description"] as? String)
        #expect(description.contains("\(PayloadLimits.maxBytes) bytes of JSON, nesting deeper than \(PayloadLimits.maxDepth) levels"))
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(properties.keys.sorted() == ["aps", "id", "ratio", "tags", "type"])
        let id = try #require(properties["id"] as? [String: Any])
        #expect(try Self.json(try #require(id["anyOf"])) == #"[{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},{"pattern":"\#(Self.int64Pattern)","type":"string"}]"#)
        #expect((id["description"] as? String)?.hasSuffix("Read by detail (when, route), shadowed (route).") == true)
        let ratio = try #require(properties["ratio"] as? [String: Any])
        #expect(try Self.json(try #require(ratio["anyOf"])) == #"[{"type":"number"},{"pattern":"^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$","type":"string"}]"#)
        let tags = try #require(properties["tags"] as? [String: Any])
        #expect(try Self.json(tags) == #"{"description":"Declared [string]: an array whose every element is a string, or a number (used as its text: 10086 is \"10086\"). Read by no rule.","items":{"type":["string","number"]},"type":"array"}"#)
        let aps = try #require(properties["aps"] as? [String: Any])
        #expect(aps["type"] == nil)
        let apsProperties = try #require(aps["properties"] as? [String: Any])
        let silent = try #require(apsProperties["silent"] as? [String: Any])
        #expect(try Self.json(try #require(silent["anyOf"])) == #"[{"type":"boolean"},{"enum":["true","false"]}]"#)
        #expect(apsProperties["badge"] != nil)

        let rules = try #require(schema["x-routekit-rules"] as? [[String: Any]])
        #expect(rules.map { $0["name"] as? String } == ["detail", "shadowed", "ratio"])
        #expect(try Self.json(rules[0]) == #"{"action":"push detail(id: id)","examples":[{"id":42,"type":3},{"id":"42","type":"3"}],"index":0,"name":"detail","reads":["id","type"],"route_reads":["id"],"when":"type == 3 && has(id)"}"#)
        // Every payload with type 3 goes to "detail" first: no example would be honest.
        #expect(rules[1]["examples"] == nil)
        // Not an equality: no examples derived.
        #expect(rules[2]["examples"] == nil)
        #expect(rules[2]["reads"] as? [String] == ["ratio"])
        #expect(schema["x-routekit-fallback"] as? String == "none")
        #expect(try Self.json(try #require(schema["examples"])) == #"[{"id":42,"type":3},{"id":"42","type":"3"}]"#)
    }

    @Test func sameTableSameBytes() throws {
        let dir = try TemporaryDirectory()
        try dir.write("routes/app.yaml", Self.table)
        let first = try runRouteCheck(["schema", "routes"], in: dir.url)
        let second = try runRouteCheck(["schema", "./routes/"], in: dir.url)
        #expect(first.status == 0)
        #expect(first == second)
    }

    @Test func tableWithErrorsExitsOne() throws {
        let dir = try TemporaryDirectory()
        try dir.write("app.yaml", """
            version: 1
            tabs: [home]
            payload: {type: int}
            routes:
              - name: wrong
                when: type == "3"
                tab: home
            """)
        let run = try runRouteCheck(["schema", "app.yaml"], in: dir.url)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("app.yaml:6:"), "\(run)")
        #expect(run.stderr.contains("Error: the table 'app.yaml' has the errors shown above; fix them first\n"))
        let usage = try runRouteCheck(["schema"], in: dir.url)
        #expect(usage.status == 2)
    }

    @Test func schemaExamplesOfTheExampleAppRouteToTheirRules() throws {
        let root = Self.repositoryRoot
        let run = try runRouteCheck(["schema", "routes/"], in: root)
        #expect(run.status == 0, "\(run)")
        let rules = try #require(try Self.object(run.stdout)["x-routekit-rules"] as? [[String: Any]])
        let dir = try TemporaryDirectory()
        var lines: [String] = []
        var expected: [String] = []
        for rule in rules {
            let name = try #require(rule["name"] as? String)
            let examples = rule["examples"] as? [Any] ?? []
            #expect(!examples.isEmpty, "\(name) has no example")
            for example in examples {
                lines.append(try Self.json(example))
                expected.append(name)
            }
        }
        let file = try dir.write("examples.jsonl", lines.joined(separator: "\n") + "\n")
        let eval = try runRouteCheck(["eval", "routes/", "--payloads", file.path], in: root)
        #expect(eval.status == 0)
        let routed = try eval.stdout.split(separator: "\n").map { try Self.object(String($0))["rule"] as? String }
        #expect(routed == expected.map(Optional.some))
    }

    // MARK: - Payload fixtures

    static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/payloads")

    static func fixtureFiles(_ kind: String) throws -> [URL] {
        let dir = fixtures.appendingPathComponent(kind)
        return try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// Every valid fixture routes to a rule, and together they cover every rule of the example
    /// app, so the fixtures stay honest as the table changes.
    @Test func validPayloadFixturesRouteAndCoverEveryRule() throws {
        let files = try Self.fixtureFiles("valid")
        #expect(files.count >= 8)
        let dir = try TemporaryDirectory()
        var lines: [String] = []
        for file in files {
            let value = try JSONSerialization.jsonObject(with: try Data(contentsOf: file))
            lines.append(try Self.json(value))
        }
        let batch = try dir.write("valid.jsonl", lines.joined(separator: "\n") + "\n")
        let root = Self.repositoryRoot
        let eval = try runRouteCheck(["eval", "routes/", "--payloads", batch.path], in: root)
        #expect(eval.status == 0, "\(eval)")
        let outputs = eval.stdout.split(separator: "\n")
        #expect(outputs.count == files.count)
        var routed: Set<String> = []
        for (file, output) in zip(files, outputs) {
            let rule = try Self.object(String(output))["rule"] as? String
            #expect(rule != nil, "\(file.lastPathComponent) routes nowhere: \(output)")
            if let rule { routed.insert(rule) }
        }
        let schema = try runRouteCheck(["schema", "routes/"], in: root)
        let rules = try #require(try Self.object(schema.stdout)["x-routekit-rules"] as? [[String: Any]])
        #expect(routed == Set(rules.compactMap { $0["name"] as? String }))
    }

    /// The schema rejects exactly what the app would treat as missing: valid fixtures have no
    /// normalization issue, and every invalid one is not an object or has one.
    @Test func fixturesAgreeWithPayloadNormalization() throws {
        let path = Self.repositoryRoot.appendingPathComponent("routes").path
        let program = try #require(try TableLoader.load(path: path).program)
        for file in try Self.fixtureFiles("valid") {
            let payload = try JSONReader.read(Array(try Data(contentsOf: file)))
            #expect(program.normalizer.normalize(payload).issues.isEmpty, "\(file.lastPathComponent)")
        }
        let invalid = try Self.fixtureFiles("invalid")
        #expect(invalid.count >= 5)
        for file in invalid {
            let payload = try JSONReader.read(Array(try Data(contentsOf: file)))
            guard case .object = payload else { continue }
            #expect(!program.normalizer.normalize(payload).issues.isEmpty, "\(file.lastPathComponent)")
        }
    }
}
