import Foundation
import RouteKit

/// Everything measured for one table size. Times are medians; per-payload figures in nanoseconds.
struct SizeResult {
    var rules = 0
    var yamlBytes = 0
    var compiledBytes = 0
    var payloadBytes = 0.0
    var yamlLoad = 0.0
    /// YAML load+compile with the checker's rule analysis (one run); nil when skipped.
    var yamlLoadAnalyzed: Double?
    var libyamlParse = 0.0
    /// YAML load+compile / libyaml's parse, paired run by run (`Stopwatch.paired`).
    var yamlLoadRatio = 0.0
    /// YAML load+compile stage by stage; nil when the table does not load.
    var loadPhases: LoadPhases?
    var compiledLoad: Double?
    /// YAML load+compile / compiled-JSON load, paired run by run.
    var yamlJSONRatio: Double?
    var decideCompiled = 0.0
    var decideReference = 0.0
    var referencePayloads = 0
    var decodeOnly = 0.0
    var decodeDecide = 0.0
    var memoryJSON: MemoryProbe.Figures?
    var memoryYAML: MemoryProbe.Figures?
    var mismatches = 0
    var unmatchedPercent = 0.0
    var statistics: CompiledTable.Statistics?
    var chain: ChainResult?
}

/// The hand-written baselines, measured at the size the committed chain was generated for.
struct ChainResult {
    var onValue = 0.0
    var serializationOnly = 0.0
    var serializationChain = 0.0
    /// `decide` / the chain on the same decoded payloads, paired run by run.
    var decideRatio = 0.0
    /// JSONSerialization + chain / decode+decide from the same bytes, paired run by run.
    var serializationSpeedup = 0.0
    var mismatchesValue = 0
    var mismatchesAny = 0
}

/// Runs every measurement for one table size.
struct SizeBenchmark {
    var options: BenchOptions

    func run(rules count: Int, log: (String) -> Void) -> SizeResult? {
        let table = TableGenerator.generate(rules: count, seed: options.seed)
        let yaml = table.bytes
        let loaded = TableLoading.program(fromYAML: yaml)
        guard let program = loaded.program else {
            log("error: the generated \(count)-rule table does not load:\n\(loaded.errors)")
            return nil
        }
        let compiled = CompiledTable(program)
        let compiledJSON = Array(CompiledTableFormat.encode(program).utf8)
        let fromJSON = TableLoading.fromCompiledJSON(compiledJSON)
        log("  \(count) rules: generating \(options.payloads) payloads")
        let payloads = PayloadSet(rules: table.rules, count: options.payloads, seed: options.seed)
        if payloads.unreadable > 0 { log("  warning: \(payloads.unreadable) payloads unreadable") }

        var result = SizeResult()
        result.rules = count
        result.yamlBytes = yaml.count
        result.compiledBytes = compiledJSON.count
        result.payloadBytes = payloads.averageBytes
        result.statistics = compiled.statistics
        let runs = options.runs

        if options.decideOnly {
            measureDecide(compiled, payloads, into: &result, log: log)
            return result
        }
        log("  \(count) rules: loading")
        let versusLibYAML = Stopwatch.paired(runs: runs, { TableLoading.fromYAML(yaml) },
                                             { Sink.consume(LibYAMLScan.countEvents(yaml)) })
        result.yamlLoad = Stopwatch.seconds(versusLibYAML.first)
        result.libyamlParse = Stopwatch.seconds(versusLibYAML.second)
        result.yamlLoadRatio = versusLibYAML.ratio
        if count <= options.analysisMaxRules, !options.loadOnly {
            result.yamlLoadAnalyzed = Stopwatch.seconds(Stopwatch.measure {
                Sink.consume(TableLoading.fromYAML(yaml, analyze: true)?.statistics.rules ?? -1)
            })
        }
        if fromJSON != nil {
            let versusJSON = Stopwatch.paired(runs: runs, { TableLoading.fromYAML(yaml) },
                                              { TableLoading.fromCompiledJSON(compiledJSON) })
            result.compiledLoad = Stopwatch.seconds(versusJSON.second)
            result.yamlJSONRatio = versusJSON.ratio
        }

        result.loadPhases = LoadPhases.measure(yaml, runs: runs)

        if options.loadOnly { return result }
        measureDecide(compiled, payloads, into: &result, log: log)
        let values = payloads.values
        let referenceCount = min(values.count, max(200, options.referenceBudget / max(1, count)))
        let referenceValues = Array(values.prefix(referenceCount))
        result.referencePayloads = referenceCount
        result.decideReference = Stopwatch.nanosecondsPerItem(runs: runs, count: referenceCount) {
            Sink.consume(Self.decideAll(referenceValues, program))
        }
        log("  \(count) rules: checking agreement and memory")
        result.mismatches = referenceValues.reduce(0) { $0 + (compiled.decide($1) == program.decide($1) ? 0 : 1) }
        if let fromJSON {
            result.mismatches += values.prefix(referenceCount).reduce(0) {
                $0 + (fromJSON.decide($1) == compiled.decide($1) ? 0 : 1)
            }
        }
        let unmatched = values.reduce(0) { $0 + (compiled.decide($1).source == .none ? 1 : 0) }
        result.unmatchedPercent = 100 * Double(unmatched) / Double(max(1, values.count))
        result.memoryYAML = MemoryProbe.measure(yaml, yaml: true, rules: count)
        if fromJSON != nil {
            result.memoryJSON = MemoryProbe.measure(compiledJSON, yaml: false, rules: count)
        }
        return result
    }

    /// `decide` on decoded payloads, decoding alone, decode+decide from bytes, and at the chain's
    /// size the hand-written baselines.
    private func measureDecide(_ compiled: CompiledTable, _ payloads: PayloadSet, into result: inout SizeResult,
                               log: (String) -> Void)
    {
        let runs = options.runs
        log("  \(result.rules) rules: deciding")
        let values = payloads.values
        result.decideCompiled = Stopwatch.nanosecondsPerItem(runs: runs, count: values.count) {
            Sink.consume(Self.decideAll(values, compiled))
        }
        let bytes = payloads.bytes
        result.decodeOnly = Stopwatch.nanosecondsPerItem(runs: runs, count: bytes.count) {
            var total = 0
            for payload in bytes { if case .object(let members)? = try? JSONReader.read(payload) { total &+= members.count } }
            Sink.consume(total)
        }
        result.decodeDecide = Stopwatch.nanosecondsPerItem(runs: runs, count: bytes.count) {
            Sink.consume(Self.decodeDecideAll(bytes, compiled))
        }

        if result.rules == HandWrittenChain.ruleCount, options.seed == HandWrittenChain.seed {
            log("  \(result.rules) rules: hand-written chain baselines")
            result.chain = chain(payloads, compiled: compiled, log: log)
        }
    }

    private func chain(_ payloads: PayloadSet, compiled: CompiledTable, log: (String) -> Void)
        -> ChainResult
    {
        var result = ChainResult()
        let values = payloads.values
        let data = payloads.data
        let runs = options.runs
        let versusChain = Stopwatch.paired(runs: runs, { Sink.consume(Self.decideAll(values, compiled)) }, {
            var total = 0
            for payload in values { total &+= HandWrittenChain.route(payload).rule }
            Sink.consume(total)
        })
        result.onValue = Stopwatch.seconds(versusChain.second) * 1e9 / Double(max(1, values.count))
        result.decideRatio = versusChain.ratio
        result.serializationOnly = Stopwatch.nanosecondsPerItem(runs: runs, count: data.count) {
            var total = 0
            for payload in data {
                if let object = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any] {
                    total &+= object.count
                }
            }
            Sink.consume(total)
        }
        let versusSerialization = Stopwatch.paired(runs: runs, {
            var total = 0
            for payload in data {
                if let object = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any] {
                    total &+= HandWrittenChain.route(object).rule
                }
            }
            Sink.consume(total)
        }, { Sink.consume(Self.decodeDecideAll(payloads.bytes, compiled)) })
        result.serializationChain = Stopwatch.seconds(versusSerialization.first) * 1e9 / Double(max(1, data.count))
        result.serializationSpeedup = versusSerialization.ratio
        for (value, payload) in zip(values, data) {
            let expected = ChainRoute(compiled.decide(value))
            let onValue = HandWrittenChain.route(value)
            let object = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
            let onObject = object.map(HandWrittenChain.route)
            if onValue != expected { result.mismatchesValue += 1 }
            if onObject != expected { result.mismatchesAny += 1 }
            if onValue != expected || onObject != expected, result.mismatchesValue + result.mismatchesAny <= 3 {
                log("  mismatch: \(String(decoding: payload, as: UTF8.self)): decide \(expected), "
                    + "chain on JSONValue \(onValue), chain on [String: Any] \(String(describing: onObject))")
            }
        }
        return result
    }

    private static func decideAll(_ values: [JSONValue], _ decider: some RouteDecider) -> Int {
        var total = 0
        for payload in values { total &+= index(decider.decide(payload)) }
        return total
    }

    /// decode+decide from the bytes of each payload, as an app given the notification's JSON.
    private static func decodeDecideAll(_ payloads: [[UInt8]], _ compiled: CompiledTable) -> Int {
        var total = 0
        for payload in payloads {
            let decision = payload.withUnsafeBytes { try? compiled.decide(json: $0) }
            if let decision { total &+= index(decision) }
        }
        return total
    }

    private static func index(_ decision: Decision) -> Int {
        if case .rule(_, let index) = decision.source { return index }
        return -1
    }
}
