import ConformanceData
import Foundation
@testable import RouteKit
import Testing

/// A compiled table is read into `CompiledJSONValue` (objects in file order) instead of
/// `JSONValue`: the reading must be `JSONReader`'s exactly — the same value, or the same error at
/// the same offset, duplicate keys included however they are spelled — and a table whose keys are
/// not in the compiler's order must load as the same table.
@Suite struct CompiledJSONReadingTests {
    /// Both readers on `text`: the value as a `JSONValue`, or the error.
    static func read(_ text: String) -> (compiled: Result<JSONValue, JSONReadError>, reference: Result<JSONValue, JSONReadError>) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            func parser() -> JSONByteParser { JSONByteParser(buffer.baseAddress!, count: buffer.count) }
            let compiled = Result { () throws(JSONReadError) -> JSONValue in
                var reader = parser()
                return try reader.readCompiledDocument().json
            }
            let reference = Result { () throws(JSONReadError) -> JSONValue in
                var reader = parser()
                return try reader.readDocument()
            }
            return (compiled, reference)
        }
    }

    static let documents = [
        #"{"a": 1, "b": [true, null, 2.5, "x"], "c": {"d": -3}}"#,
        #"{"b": 1, "a": 2}"#,  // not in the compiler's order: still read
        #"{"a": 1, "a": 2}"#,
        #"{"a": 1, "b": 2, "a": 3}"#,  // a duplicate after ascending keys
        #"{"b": 1, "a": 2, "b": 3}"#,
        #"{"\u0061": 1, "a": 2}"#,  // escaped and plain spellings of one key
        "{\"\u{E9}\": 1, \"e\u{301}\": 2}",  // canonically equal keys: one key for a dictionary
        "{\"\u{E9}\": 1, \"f\": 2}",
        #"{"a": 1, "a": [1,}"#,  // the broken value is reported, not the duplicate
        #"{"x": {"k": 1, "k": 2}}"#,
        #"{"aa": 1, "a": 2, "ab": 3}"#,  // a prefix after a longer key
        #"{"a": 1, "b": 2,}"#,
        "\u{FEFF}{}",
        #"{"a": 01}"#,
        #"[{"z": 1, "y": {"q": [1, 2, {"p": null}]}}]"#,
        String(repeating: "[", count: PayloadLimits.maxDepth + 1),
        #"{"n": 1e999}"#,
        "",
        "{",
    ]

    /// Expects both readers to give the same value, or the same error at the same offset.
    static func expectSameReading(_ text: String, _ name: String) {
        let (compiled, reference) = read(text)
        switch (compiled, reference) {
        case (.success(let value), .success(let expected)):
            #expect(value == expected, "\(name)")
        case (.failure(let error), .failure(let expected)):
            #expect(error.code == expected.code, "\(name)")
            #expect(error.message == expected.message, "\(name)")
            #expect(error.offset == expected.offset, "\(name)")
        default:
            Issue.record("\(name): \(compiled) but the reference reader gives \(reference)")
        }
    }

    @Test(arguments: documents)
    func readsAsTheReferenceReaderDoes(_ text: String) {
        Self.expectSameReading(text, text)
    }

    @Test func theFuzzSeedsReadAsTheReferenceReaderDoes() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fuzz/corpus/FuzzCompiledTable").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count >= 5)
        for file in files {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            Self.expectSameReading(String(decoding: data, as: UTF8.self), file)
        }
    }

    /// Every JSON file of the yaml-test-suite (the same directory `YAMLTestSuiteTests` reads),
    /// with each object's keys also written in reverse: documents of every shape.
    @Test(.needs(.yamlTestSuite)) func theYAMLTestSuitesJSONReadsAsTheReferenceReaderDoes() throws {
        let suite = try ConformanceData.yamlTestSuite.directory()
        let cases = try FileManager.default.contentsOfDirectory(atPath: suite.path)
        var read = 0
        for name in cases {
            guard let data = FileManager.default.contents(atPath: suite.appendingPathComponent("\(name)/in.json").path)
            else { continue }
            let text = String(decoding: data, as: UTF8.self)
            Self.expectSameReading(text, name)
            if let value = try? JSONReader.read(Array(data)) { Self.expectSameReading(Self.reversed(value), name) }
            read += 1
        }
        #expect(read > 250)
    }

    /// The compiled document with every object's keys written in descending order.
    static func reversed(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            let parts = members.keys.sorted(by: >).map { "\(JSONWriter.quoted($0)): \(reversed(members[$0] ?? .null))" }
            return "{" + parts.joined(separator: ", ") + "}"
        case .array(let elements):
            return "[" + elements.map(reversed).joined(separator: ", ") + "]"
        default:
            return JSONWriter.write(value)
        }
    }

    @Test func keysInAnotherOrderLoadTheSameTable() throws {
        let program = try CompiledFormatFixture.program()
        let text = CompiledTableFormat.encode(program)
        let shuffled = Self.reversed(try JSONReader.read(Array(text.utf8)))
        #expect(shuffled != text)
        let loaded = try CompiledTableFormat.decode(Array(shuffled.utf8))
        #expect(CompiledTableFormat.encode(loaded) == text)
    }

    @Test func anUnknownOrMissingKeyInAnotherOrderIsNamed() throws {
        let text = CompiledTableFormat.encode(try CompiledFormatFixture.program())
        guard case .object(var document) = try JSONReader.read(Array(text.utf8)) else {
            Issue.record("a compiled table is an object")
            return
        }
        document["extra"] = .int(1)
        let reversed = Array(Self.reversed(.object(document)).utf8)
        // The error is placed at the value of the unknown member: `1` after `"extra": `.
        let member = Array(#""extra": "#.utf8)
        let valueOffset = (0...(reversed.count - member.count)).first {
            Array(reversed[$0..<($0 + member.count)]) == member
        }.map { $0 + member.count }
        #expect(throws: CompiledTableError(path: "extra", message: "unknown key 'extra'",
                                           position: valueOffset.map { SourceFile.position(ofOffset: $0, in: reversed) })) {
            try CompiledTableFormat.decode(reversed)
        }
        document["extra"] = nil
        document["tabs"] = nil
        #expect(throws: CompiledTableError(path: "", message: "missing key 'tabs'")) {
            try CompiledTableFormat.decode(Array(Self.reversed(.object(document)).utf8))
        }
    }
}
