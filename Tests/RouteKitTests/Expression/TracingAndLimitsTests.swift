import Testing

@testable import RouteKit

struct TracingTests {
    @Test func recordsEverySubExpressionInEvaluationOrder() throws {
        let source = #"uid == "10086" && type == 3"#
        let checked = try #require(ExpressionChecker.compile(source, in: ExpressionEnvironment()).0)
        var trace: [TraceStep] = []
        let value = checked.evaluate(payload: ["type": 3], trace: &trace)
        #expect(value.description == "error: no such key 'uid'")
        #expect(trace.map(\.description) == [
            "uid → error: no such key 'uid'",
            #""10086" → "10086""#,
            #"uid == "10086" → error: no such key 'uid'"#,
            "type → 3",
            "3 → 3",
            "type == 3 → true",
            #"uid == "10086" && type == 3 → error: no such key 'uid'"#,
        ])
        #expect(trace[3].range == 18..<22)
    }

    @Test func showsShortCircuitsAndPaths() throws {
        let source = "false && aps.alert.size() > 1 || has(aps.alert)"
        let checked = try #require(ExpressionChecker.compile(source, in: ExpressionEnvironment()).0)
        var trace: [TraceStep] = []
        let value = checked.evaluate(payload: ["aps": ["alert": "é"]], trace: &trace)
        #expect(value.description == "true")
        #expect(trace.map(\.description) == [
            "false → false",
            "false && aps.alert.size() > 1 → false",
            #"aps → {"alert": "é"}"#,
            "has(aps.alert) → true",
            "false && aps.alert.size() > 1 || has(aps.alert) → true",
        ])
        // The plain path gives the same value.
        #expect(checked.evaluate(payload: ["aps": ["alert": "é"]]).description == "true")
    }
}

struct LimitsTests {
    static func code(_ source: String) -> String? {
        ExpressionParser.parse(source).1.first?.code.rawValue
    }

    @Test func length() {
        let atLimit = "1" + String(repeating: " ", count: ExpressionLimits.maxLength - 1)
        #expect(Self.code(atLimit) == nil)
        #expect(Self.code(atLimit + " ") == "expression-too-long")
        let diagnostics = ExpressionParser.parse(String(repeating: "(", count: 100_000)).1
        #expect(diagnostics.map(render) == [
            "4096..<100000: error: expression is longer than 4096 characters [expression-too-long]",
        ])
    }

    @Test func parentheses() {
        func nested(_ n: Int) -> String { String(repeating: "(", count: n) + "7" + String(repeating: ")", count: n) }
        #expect(evaluate(nested(ExpressionLimits.maxDepth - 1)).description == "7")
        #expect(Self.code(nested(ExpressionLimits.maxDepth)) == "expression-too-deep")
        #expect(Self.code(String(repeating: "(", count: 4000)) == "expression-too-deep")
        #expect(Self.code(String(repeating: "[", count: 4000)) == "expression-too-deep")
        #expect(Self.code(String(repeating: "a[", count: 2000)) == "expression-too-deep")
    }

    @Test func unaryOperators() {
        let depth = ExpressionLimits.maxDepth
        #expect(evaluate(String(repeating: "!", count: depth - 1) + "true").description == "false")
        #expect(Self.code(String(repeating: "!", count: depth) + "true") == "expression-too-deep")
        #expect(Self.code(String(repeating: "-", count: 4000) + "1") == "expression-too-deep")
        let (_, diagnostics) = ExpressionParser.parse(String(repeating: "-", count: depth) + "1")
        #expect(diagnostics.map(render) == [
            "63..<64: error: expression nests more than 64 levels deep [expression-too-deep]",
        ])
    }

    @Test func operatorChains() {
        let depth = ExpressionLimits.maxDepth
        func chain(_ n: Int, _ op: String) -> String { Array(repeating: "1", count: n).joined(separator: op) }
        #expect(evaluate(chain(depth, " + ")).description == String(depth))
        #expect(Self.code(chain(depth + 1, " + ")) == "expression-too-deep")
        // `||` and `&&` chains are balanced, so long ones stay shallow.
        let longOr = Array(repeating: "type == 1", count: 300).joined(separator: " || ") + " || type == 3"
        #expect(evaluate(longOr, ["type": 3]).description == "true")
        let longAnd = Array(repeating: "true", count: 500).joined(separator: " && ")
        #expect(evaluate(longAnd).description == "true")
    }
}
