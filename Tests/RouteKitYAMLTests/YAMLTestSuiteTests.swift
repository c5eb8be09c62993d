import ConformanceData
import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// Runs the reader over every case of the yaml-test-suite (data release 2022-01-17) and pins
/// the tallies, so that they can only go up.
///
/// A valid case passes when the reader accepts it and, where the suite gives `in.json`, the
/// tree converted by the core schema equals it. An error case passes when the reader rejects
/// it. Deliberate differences are the reader's own rules for route files. Every failure is
/// libyaml's: 51 valid cases it rejects, 12 error cases it accepts (of its 16; the reader's own
/// checks reject 4), and 5 values it reads differently (`?foo` plain keys in flow collections,
/// an anchor containing ':', trailing whitespace lines in block scalars).
@Suite(.needs(.yamlTestSuite)) struct YAMLTestSuiteTests {
    enum Verdict: Hashable, Comparable {
        case passed
        case deliberate(String)
        case failed(String)
    }

    /// The suite's folder (`ConformanceData`); throws, with how to get it, when it is missing.
    static func suiteDirectory() throws -> URL {
        try ConformanceData.yamlTestSuite.directory()
    }

    /// The names of the suite's cases, one folder each, sorted.
    static func caseNames() throws -> [String] {
        let suite = try suiteDirectory()
        return try FileManager.default.contentsOfDirectory(atPath: suite.path).filter { name in
            var isDirectory: ObjCBool = false
            let path = suite.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    static func verdict(of name: String, in suite: URL) throws -> Verdict {
        let directory = suite.appendingPathComponent(name)
        let yaml = try Data(contentsOf: directory.appendingPathComponent("in.yaml"))
        let document = YAMLReader.read(Array(yaml), file: "in.yaml")
        let firstError = document.diagnostics.first { $0.severity == .error }
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("error").path) {
            return firstError == nil ? .failed("invalid YAML accepted by libyaml") : .passed
        }
        if let firstError {
            switch firstError.code.rawValue {
            case "multiple-documents": return .deliberate("more than one document per file")
            case "custom-tag": return .deliberate("custom tags")
            case "duplicate-key": return .deliberate("duplicate keys")
            case "yaml-syntax", "invalid-encoding": return .failed("valid YAML rejected by libyaml")
            default: return .failed("rejected with '\(firstError.code)'")
            }
        }
        let jsonURL = directory.appendingPathComponent("in.json")
        guard let json = try? Data(contentsOf: jsonURL) else { return .passed }
        if json.allSatisfy({ $0 == 0x20 || $0 == 0x0A }) {
            return document.root == nil ? .passed : .failed("document where none expected")
        }
        // A later document of nothing is no document, so a stream's first value is what is read.
        let expected = try firstJSONValue(in: json)
        // A document of nothing (`---` alone) reads as an empty file: no root, as for a null.
        if document.root == nil, expected is NSNull, firstError == nil { return .passed }
        guard let root = document.root else { return .failed("no document") }
        return matches(root.jsonValue, expected) ? .passed : .failed("value differs from the suite (libyaml)")
    }

    /// The first value of a JSON stream (values one after another, as the suite writes a stream
    /// of documents): the shortest run of whole lines that parses.
    static func firstJSONValue(in data: Data) throws -> Any {
        let bytes = [UInt8](data)
        for end in bytes.indices where bytes[end] == 0x0A {
            if let value = try? JSONSerialization.jsonObject(with: Data(bytes[...end]), options: [.fragmentsAllowed]) {
                return value
            }
        }
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// Semantic equality: numbers by value, objects as key sets.
    static func matches(_ actual: JSONValue, _ expected: Any) -> Bool {
        switch actual {
        case .null:
            return expected is NSNull
        case .bool(let value):
            guard let number = expected as? NSNumber, isBoolean(number) else { return false }
            return number.boolValue == value
        case .int(let value):
            guard let number = expected as? NSNumber, !isBoolean(number) else { return false }
            return number.doubleValue == Double(value)
        case .double(let value):
            guard let number = expected as? NSNumber, !isBoolean(number) else { return false }
            return number.doubleValue == value
        case .string(let value):
            return (expected as? String) == value
        case .array(let items):
            guard let others = expected as? [Any], others.count == items.count else { return false }
            return zip(items, others).allSatisfy { matches($0, $1) }
        case .object(let members):
            guard let others = expected as? [String: Any], others.count == members.count else {
                return false
            }
            return members.allSatisfy { key, value in others[key].map { matches(value, $0) } ?? false }
        }
    }

    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    @Test func tallies() throws {
        let suite = try Self.suiteDirectory()
        let names = try Self.caseNames()
        try #require(names.count == 402, "yaml-test-suite at \(suite.path) is incomplete")
        var byVerdict: [Verdict: [String]] = [:]
        for name in names { byVerdict[try Self.verdict(of: name, in: suite), default: []].append(name) }
        var deliberate = 0
        var failed = 0
        for (verdict, cases) in byVerdict.sorted(by: { $0.key < $1.key }) {
            switch verdict {
            case .passed: print("passed: \(cases.count): \(cases.sorted().joined(separator: " "))")
            case .deliberate(let reason):
                deliberate += cases.count
                print("deliberate difference, \(reason): \(cases.count): \(cases.joined(separator: " "))")
            case .failed(let reason):
                failed += cases.count
                print("failed, \(reason): \(cases.count): \(cases.joined(separator: " "))")
            }
        }
        let passed = byVerdict[.passed]?.count ?? 0
        print("yaml-test-suite: \(passed) passed, \(deliberate) deliberate, \(failed) failed")
        #expect(passed == 309)
        #expect(deliberate == 25)
        #expect(failed == 68)
        #expect(byVerdict[.deliberate("custom tags")]?.count == 16)
        #expect(byVerdict[.deliberate("more than one document per file")]?.count == 9)
        #expect(byVerdict[.failed("valid YAML rejected by libyaml")]?.count == 51)
        #expect(byVerdict[.failed("invalid YAML accepted by libyaml")]?.count == 12)
        #expect(byVerdict[.failed("value differs from the suite (libyaml)")]?.count == 5)
    }
}
