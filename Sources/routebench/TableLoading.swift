import RouteKit
import RouteKitYAML

/// The two ways an app gets a compiled table, as the benchmark times them.
enum TableLoading {
    static let file = "bench.yaml"

    /// YAML bytes → libyaml events → nodes → model → checked expressions → indexed table.
    /// With `analyze`, the checker also runs the shadowing / never-match analysis, as
    /// `TableLoader.load` and `routecheck validate` do; an app deciding payloads does not need it.
    static func fromYAML(_ bytes: [UInt8], analyze: Bool = false) -> CompiledTable? {
        guard let program = program(fromYAML: bytes, analyze: analyze).program else { return nil }
        return CompiledTable(program)
    }

    /// The checked program for YAML bytes, or the error diagnostics rendered as text.
    static func program(fromYAML bytes: [UInt8], analyze: Bool = false)
        -> (program: RoutingProgram?, errors: String)
    {
        var document = YAMLReader.read(bytes, file: file)
        let root = document.root
        // As `TableLoader` does: the decoder alone holds the nodes, and frees each rule's once
        // it is decoded.
        document.root = nil
        let decoded = TableDecoder.decode([(file, consume root)], complete: !document.hasErrors)
        let source = SourceFile(path: file, text: String(decoding: bytes, as: UTF8.self))
        var diagnostics = document.diagnostics + decoded.diagnostics
        var program: RoutingProgram?
        if let table = decoded.table {
            let checked = TableChecker.check(table, sources: [source], analyze: analyze)
            diagnostics += checked.diagnostics
            program = checked.program
        }
        let errors = diagnostics.filter { $0.severity == .error }
        let text = TextDiagnosticRenderer(files: [source]).render(Array(errors.prefix(5)))
        return (errors.isEmpty ? program : nil, text)
    }

    /// Compiled-table JSON bytes → program → indexed table, without libyaml.
    static func fromCompiledJSON(_ bytes: [UInt8]) -> CompiledTable? {
        guard let program = try? CompiledTableFormat.decode(bytes) else { return nil }
        return CompiledTable(program)
    }
}
