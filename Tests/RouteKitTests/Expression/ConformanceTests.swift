import ConformanceData
import Foundation
import Testing

@testable import RouteKit

/// Runs the CEL conformance tests that fall inside RouteKit's subset (the `cel-conformance` data
/// set, docs/conformance.md).
@Suite(.needs(.celConformance)) struct ConformanceTests {
    /// Tests that do not pass on purpose, keyed by "file/index", each with its reason. Every one
    /// is listed in docs/predicates.md.
    static let deliberateDifferences: [String: String] = [:]

    static let expectedPassCount = 408

    @Test func subsetPasses() throws {
        let directory = try ConformanceData.celConformance.directory()
        let subset = try Self.loadJSON(directory.appendingPathComponent("subset.json"))
        let entries = try #require(subset["tests"] as? [[String: Any]])
        var files: [String: [[String: Any]]] = [:]
        var passed = 0
        var failures: [String] = []
        for entry in entries {
            let file = try #require(entry["file"] as? String)
            let index = try #require(entry["index"] as? Int)
            if files[file] == nil {
                let json = try Self.loadJSON(directory.appendingPathComponent(file + ".json"))
                files[file] = try #require(json["tests"] as? [[String: Any]])
            }
            let test = try #require(files[file]?[index])
            let key = "\(file)/\(index)"
            if let problem = Self.run(test) {
                failures.append("\(key) \(test["name"] ?? ""): \(problem)")
                if Self.deliberateDifferences[key] == nil {
                    Issue.record("\(key): \(problem)")
                }
            } else {
                passed += 1
            }
        }
        if !failures.isEmpty { print(failures.joined(separator: "\n")) }
        #expect(entries.count == 408)
        #expect(passed == Self.expectedPassCount)
        #expect(failures.count == Self.deliberateDifferences.count)
    }

    /// The tests `subset.json` leaves out only for a reserved word after a dot (`{'if': 1}.if`):
    /// RouteKit reads those as field names, as CEL does, so they pass too.
    @Test func reservedWordsNameFieldsAfterADot() throws {
        let directory = try ConformanceData.celConformance.directory()
        let subset = try Self.loadJSON(directory.appendingPathComponent("subset.json"))
        let excluded = try #require(subset["excluded"] as? [[String: Any]])
        let parse = try #require(try Self.loadJSON(directory.appendingPathComponent("parse.json"))["tests"] as? [[String: Any]])
        let reservedOnly = excluded.filter { ($0["reasons"] as? [String]) == ["reserved_word"] }
        #expect(reservedOnly.count == 17)
        for entry in reservedOnly {
            let index = try #require(entry["index"] as? Int)
            #expect(entry["file"] as? String == "parse")
            #expect(Self.run(parse[index]) == nil, "parse/\(index)")
        }
    }

    /// Runs one test; nil when it passes, else what went wrong.
    static func run(_ test: [String: Any]) -> String? {
        guard let source = test["expr"] as? String, let expect = test["expect"] as? [String: Any] else {
            return "malformed test"
        }
        var payload: [String: JSONValue] = [:]
        var fields: [CodePointKey: FieldType] = [:]
        for (name, tagged) in test["bindings"] as? [String: Any] ?? [:] {
            guard let tagged = tagged as? [String: Any], let value = json(tagged) else {
                return "binding '\(name)' is not representable"
            }
            payload[name] = value
            fields[CodePointKey(name)] = fieldType(tagged)
        }
        let (parsed, parseDiagnostics) = ExpressionParser.parse(source)
        guard let expr = parsed else {
            return "expr \(source.debugDescription): parse error \(parseDiagnostics)"
        }
        let checked = ExpressionChecker.check(
            expr, in: ExpressionEnvironment(fields: fields), source: source)
        let disableCheck = test["disable_check"] as? Bool ?? false
        if !disableCheck, checked.hasErrors {
            return "expr \(source.debugDescription): check error \(checked.diagnostics)"
        }
        let actual = checked.evaluate(payload: .object(JSONObject(payload)))
        if expect["error"] as? Bool == true {
            return actual.isError ? nil : "expr \(source.debugDescription): expected an error, got \(actual)"
        }
        guard let tagged = expect["value"] as? [String: Any], let expected = value(tagged) else {
            return "unsupported expectation \(expect)"
        }
        return same(actual, expected)
            ? nil : "expr \(source.debugDescription): expected \(expected), got \(actual)"
    }

    // MARK: Tagged values

    static func value(_ tagged: [String: Any]) -> Value? {
        guard let (tag, content) = tagged.first, tagged.count == 1 else { return nil }
        switch tag {
        case "null": return .null
        case "bool": return (content as? Bool).map(Value.bool)
        case "int": return (content as? String).flatMap { Int64($0) }.map(Value.int)
        case "double": return double(content).map(Value.double)
        case "string": return (content as? String).map(Value.string)
        case "list":
            guard let items = content as? [[String: Any]] else { return nil }
            var values: [Value] = []
            for item in items {
                guard let v = value(item) else { return nil }
                values.append(v)
            }
            return .list(values)
        case "map":
            guard let pairs = content as? [[Any]] else { return nil }
            var map: [MapKey: Value] = [:]
            for pair in pairs {
                guard pair.count == 2, let k = pair[0] as? [String: Any], let v = pair[1] as? [String: Any],
                    let key = value(k).flatMap(MapKey.init), let entry = value(v)
                else { return nil }
                map[key] = entry
            }
            return .map(map)
        default: return nil
        }
    }

    static func double(_ content: Any) -> Double? {
        switch content as? String {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: return (content as? NSNumber)?.doubleValue
        }
    }

    static func json(_ tagged: [String: Any]) -> JSONValue? {
        value(tagged)?.json
    }

    static func fieldType(_ tagged: [String: Any]) -> FieldType {
        switch tagged.keys.first {
        case "int": .int
        case "double": .double
        case "string": .string
        case "bool": .bool
        default: .any
        }
    }

    /// Equality for expectations: CEL value semantics that keep int and double apart, and NaN
    /// equal to NaN.
    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)):
            return (x.isNaN && y.isNaN) || (x == y && x.sign == y.sign)
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.map(let x), .map(let y)):
            return x.count == y.count && x.allSatisfy { key, v in y[key].map { same(v, $0) } ?? false }
        default: return false
        }
    }

    // MARK: Files

    static func loadJSON(_ url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
