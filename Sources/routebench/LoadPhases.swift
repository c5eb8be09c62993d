import RouteKit
import RouteKitYAML

/// Where YAML load+compile's time goes: each stage of `TableLoading.fromYAML` timed on its own,
/// from the previous stage's result (median of runs, results kept until the clock stops).
struct LoadPhases {
    var read = 0.0
    var decode = 0.0
    var check = 0.0
    var index = 0.0

    /// The stages in the order a load runs them, with their names as the report prints them.
    var stages: [(name: String, seconds: Double)] {
        [("read (YAMLReader)", read), ("decode (TableDecoder)", decode),
         ("check (TableChecker)", check), ("index (CompiledTable)", index)]
    }

    /// Times each stage of loading `yaml`; nil when the table does not load.
    static func measure(_ yaml: [UInt8], runs: Int) -> LoadPhases? {
        let file = TableLoading.file
        let document = YAMLReader.read(yaml, file: file)
        let decoded = TableDecoder.decode([(file, document.root)], complete: !document.hasErrors)
        guard let table = decoded.table else { return nil }
        let text = String(decoding: yaml, as: UTF8.self)
        guard let program = TableChecker.check(table, sources: [SourceFile(path: file, text: text)],
                                               analyze: false).program
        else { return nil }
        var phases = LoadPhases()
        phases.read = Stopwatch.seconds(Stopwatch.median(runs: runs) { YAMLReader.read(yaml, file: file) })
        phases.decode = Stopwatch.seconds(Stopwatch.median(runs: runs) {
            TableDecoder.decode([(file, document.root)], complete: true)
        })
        phases.check = Stopwatch.seconds(Stopwatch.median(runs: runs) {
            TableChecker.check(table, sources: [SourceFile(path: file, text: text)], analyze: false)
        })
        phases.index = Stopwatch.seconds(Stopwatch.median(runs: runs) { CompiledTable(program) })
        return phases
    }
}
