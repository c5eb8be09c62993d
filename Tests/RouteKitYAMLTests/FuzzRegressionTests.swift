import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// Replays the fuzz targets' seed corpora (`Fuzz/corpus/<target>/`) through the same entry points
/// the fuzz targets call, so the hostile inputs and every crash input kept there (named
/// `crash-…`) run with every `swift test`, not only under libFuzzer. See docs/fuzzing.md.
///
/// Each input must give a result or a diagnostic, never a crash; a checked table must compile
/// to JSON that loads again.
@Suite struct FuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    static func inputs(_ target: String) -> [String] {
        let directory = corpus.appendingPathComponent(target).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted()
    }

    static func bytes(_ target: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corpus.appendingPathComponent(target).appendingPathComponent(name)))
    }

    @Test func corporaArePresent() {
        for target in ["FuzzYAMLReader", "FuzzTableLoader", "FuzzExpression", "FuzzPayloadDecide",
                       "FuzzCompiledTable"] {
            #expect(!Self.inputs(target).isEmpty, "no seed corpus for \(target)")
        }
    }

    @Test(arguments: inputs("FuzzYAMLReader"))
    func yamlReader(_ name: String) throws {
        let bytes = try Self.bytes("FuzzYAMLReader", name)
        let document = YAMLReader.read(bytes, file: name)
        let file = SourceFile(path: name, text: String(decoding: bytes, as: UTF8.self))
        _ = TextDiagnosticRenderer(files: [file]).render(document.diagnostics)
    }

    @Test(arguments: inputs("FuzzTableLoader"))
    func tableLoader(_ name: String) throws {
        let separator = Array("\n#%%file\n".utf8)
        let parts = split(try Self.bytes("FuzzTableLoader", name), on: separator)
        var files: [SourceFile] = []
        var documents: [(file: String, root: Node?)] = []
        var diagnostics: [Diagnostic] = []
        for (index, part) in parts.enumerated() {
            let file = "fuzz\(index).yaml"
            let document = YAMLReader.read(part, file: file)
            files.append(SourceFile(path: file, text: String(decoding: part, as: UTF8.self)))
            documents.append((file, document.root))
            diagnostics += document.diagnostics
        }
        let decoded = TableDecoder.decode(
            documents, complete: !diagnostics.contains { $0.severity == .error })
        diagnostics += decoded.diagnostics
        _ = TextDiagnosticRenderer(files: files).render(diagnostics)
        guard let table = decoded.table,
            let program = TableChecker.check(table, sources: files).program
        else { return }
        let json = CompiledTableFormat.encode(program)
        let reloaded = try CompiledTableFormat.decode(Array(json.utf8))
        #expect(CompiledTableFormat.encode(reloaded) == json)
    }

    @Test(arguments: inputs("FuzzExpression"))
    func expression(_ name: String) throws {
        let source = String(decoding: try Self.bytes("FuzzExpression", name), as: UTF8.self)
        let env = ExpressionEnvironment(fields: ["type": .string, "id": .int, "aps.alert": .any])
        let (checked, _) = ExpressionChecker.compilePredicate(source, in: env)
        guard let checked, !checked.hasErrors else { return }
        _ = checked.evaluate(payload: ["type": "3", "id": 42, "aps": ["alert": "Hi"]])
        _ = checked.evaluate(payload: [:])
    }

    @Test(arguments: inputs("FuzzPayloadDecide"))
    func payload(_ name: String) throws {
        let bytes = try Self.bytes("FuzzPayloadDecide", name)
        guard let payload = try? JSONReader.read(bytes) else { return }
        #expect(try JSONReader.read(JSONWriter.write(payload)) == payload)
    }

    @Test(arguments: inputs("FuzzCompiledTable"))
    func compiledTable(_ name: String) throws {
        guard let program = try? CompiledTableFormat.decode(try Self.bytes("FuzzCompiledTable", name))
        else { return }
        let json = CompiledTableFormat.encode(program)
        #expect(CompiledTableFormat.encode(try CompiledTableFormat.decode(Array(json.utf8))) == json)
    }

    private func split(_ bytes: [UInt8], on separator: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, parts.count < 7 {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }
}
