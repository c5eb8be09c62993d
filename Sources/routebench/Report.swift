/// Prints the results: a load table, a decide table, the baselines and each target as PASS/MISS.
struct Report {
    var results: [SizeResult]
    var options: BenchOptions

    func lines() -> [String] {
        if options.decideOnly { return decideLines() + ["", "targets"] + targets().prefix(3) }
        var out = ["", "load (median of \(options.runs) runs; in-memory bytes, no file I/O; each ratio is the median "
                   + "of per-run ratios, the two loads timed in alternation)"]
        out.append(row(["rules", "YAML", "YAML load+compile", "libyaml events", "ratio",
                        "compiled JSON", "JSON load", "YAML/JSON", "indexed", "+analysis (1 run)"]))
        for result in results {
            let json = result.compiledLoad
            let stats = result.statistics.map { "\($0.indexedRules)/\($0.rules)" } ?? "—"
            out.append(row([
                "\(result.rules)", Self.bytes(result.yamlBytes), Self.time(result.yamlLoad),
                Self.time(result.libyamlParse), Self.ratio(result.yamlLoadRatio),
                Self.bytes(result.compiledBytes), json.map(Self.time) ?? "n/a",
                result.yamlJSONRatio.map(Self.ratio) ?? "n/a", stats,
                result.yamlLoadAnalyzed.map(Self.time) ?? "skipped",
            ]))
        }
        out += phaseLines()
        if options.loadOnly { return out }
        out += decideLines()
        out += ["", "memory per rule (held / peak while loading; see the method above)"]
        out.append(row(["rules", "from JSON held", "from JSON peak", "from YAML held", "from YAML peak"]))
        for result in results {
            out.append(row([
                "\(result.rules)", result.memoryJSON.map { Self.memory($0.held) } ?? "n/a",
                result.memoryJSON.map { Self.memory($0.peak) } ?? "n/a",
                result.memoryYAML.map { Self.memory($0.held) } ?? "n/a",
                result.memoryYAML.map { Self.memory($0.peak) } ?? "n/a",
            ]))
        }
        out += ["", "targets"] + targets()
        return out
    }

    /// YAML load+compile stage by stage, each as a multiple of libyaml's bare event parse: one
    /// line per stage, one column per size.
    private func phaseLines() -> [String] {
        let measured = results.compactMap { result in result.loadPhases.map { (result, $0) } }
        guard !measured.isEmpty else { return [] }
        func line(_ name: String, _ cells: [String]) -> String {
            ([name.padded(to: 24)] + cells.map { $0.padded(to: 20) }).joined().trimmingTrailingSpaces()
        }
        var out = ["", "YAML load+compile by stage (median of \(options.runs) runs each; time and × libyaml events)"]
        out.append(line("stage \\ rules", measured.map { "\($0.0.rules)" }))
        for (index, name) in LoadPhases().stages.map(\.name).enumerated() {
            out.append(line(name, measured.map { result, phases in
                let seconds = phases.stages[index].seconds
                return "\(Self.time(seconds)) \(Self.ratio(seconds / result.libyamlParse))"
            }))
        }
        out.append(line("sum", measured.map { result, phases in
            let sum = phases.stages.reduce(0) { $0 + $1.seconds }
            return "\(Self.time(sum)) \(Self.ratio(sum / result.libyamlParse))"
        }))
        return out
    }

    /// The decide table and the hand-written baselines.
    private func decideLines() -> [String] {
        var out: [String] = []
        out += ["", "decide (per payload; ~\(Int(results.first?.payloadBytes ?? 0))-byte payloads)"]
        out.append(row(["rules", "payloads", "decide indexed", "decide reference", "ref. payloads",
                        "JSONReader", "decode+decide", "unmatched", "mismatches"]))
        for result in results {
            out.append(row([
                "\(result.rules)", "\(options.payloads)", Self.nanos(result.decideCompiled),
                Self.nanos(result.decideReference), "\(result.referencePayloads)",
                Self.nanos(result.decodeOnly), Self.nanos(result.decodeDecide),
                String(format1: result.unmatchedPercent) + "%", "\(result.mismatches)",
            ]))
        }
        if let sized = results.first(where: { $0.chain != nil }), let chain = sized.chain {
            out += ["", "baselines at \(sized.rules) rules (hand-written chain, HandWrittenChain.swift)"]
            out.append("  chain on the decoded JSONValue:         \(Self.nanos(chain.onValue))"
                + "   (mismatches vs decide: \(chain.mismatchesValue); decide/chain \(Self.ratio(chain.decideRatio)) "
                + "with the two timed in alternation)")
            out.append("  JSONSerialization alone:                \(Self.nanos(chain.serializationOnly))")
            out.append("  JSONSerialization + chain on [String: Any]: \(Self.nanos(chain.serializationChain))"
                + "   (mismatches vs decide: \(chain.mismatchesAny))")
        }
        return out
    }

    private func targets() -> [String] {
        var out: [String] = []
        let bySize = Dictionary(results.map { ($0.rules, $0) }, uniquingKeysWith: { first, _ in first })
        if let small = bySize[10], let large = bySize[10_000] {
            out.append(line(large.decideCompiled / small.decideCompiled <= 2,
                            "decide at 10,000 rules ≤ 2× decide at 10 rules",
                            "\(Self.ratio(large.decideCompiled / small.decideCompiled))"))
        } else {
            out.append("  [n/a ] decide flat in rule count (needs sizes 10 and 10000)")
        }
        if let hundred = bySize[100], let chain = hundred.chain {
            out.append(line(chain.decideRatio <= 1,
                            "decide at 100 rules at least as fast as the hand-written chain",
                            "decide/chain = \(Self.ratio(chain.decideRatio)) (needs ≤ 1.00×)"))
            let speedup = chain.serializationSpeedup
            out.append(line(speedup >= 5,
                            "decode+decide ≥ 5× the throughput of JSONSerialization + chain at 100 rules",
                            "\(Self.ratio(speedup))"))
        } else {
            out.append("  [n/a ] chain targets (need size 100 and the default seed)")
        }
        if let large = bySize[10_000] {
            let ratio = large.yamlLoadRatio
            out.append(line(ratio <= 3, "YAML load+compile ≤ 3× libyaml's bare event parse at 10,000 rules",
                            "\(Self.ratio(ratio))"))
        } else {
            out.append("  [n/a ] YAML load vs libyaml (needs size 10000)")
        }
        let loads = results.compactMap(\.yamlJSONRatio)
        if loads.count == results.count, let slowest = loads.min() {
            out.append(line(slowest > 1, "compiled-JSON load faster than YAML load+compile at every size",
                            "smallest YAML/JSON ratio \(Self.ratio(slowest))"))
        } else {
            out.append("  [n/a ] compiled-JSON load (the serialization did not load)")
        }
        if let largest = results.max(by: { $0.rules < $1.rules }),
            let figures = largest.memoryJSON ?? largest.memoryYAML
        {
            out.append(line(figures.peak <= 2048,
                            "≤ 2 KiB of peak memory per compiled rule (at \(largest.rules) rules)",
                            "\(Self.memory(figures.peak)) peak, \(Self.memory(figures.held)) held"))
        } else {
            out.append("  [n/a ] memory per rule (the probe did not run)")
        }
        return out
    }

    private func line(_ pass: Bool, _ target: String, _ measured: String) -> String {
        "  [\(pass ? "PASS" : "MISS")] \(target): \(measured)"
    }

    private func row(_ cells: [String]) -> String {
        cells.map { $0.padded(to: 14) }.joined().trimmingTrailingSpaces()
    }

    static func ratio(_ value: Double) -> String { String(format2: value) + "×" }

    static func time(_ seconds: Double) -> String {
        if seconds >= 1 { return String(format2: seconds) + " s" }
        if seconds >= 1e-3 { return String(format2: seconds * 1e3) + " ms" }
        return String(format1: seconds * 1e6) + " µs"
    }

    static func nanos(_ value: Double) -> String {
        value >= 10_000 ? String(format1: value / 1000) + " µs" : String(format1: value) + " ns"
    }

    static func bytes(_ count: Int) -> String {
        count >= 10_240 ? "\(count / 1024) KiB" : "\(count) B"
    }

    static func memory(_ perRule: Double) -> String { "\(Int(perRule.rounded())) B" }
}

extension String {
    /// A number with one decimal, without Foundation's locale-dependent formatting.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// A number with two decimals.
    init(format2 value: Double) {
        guard value.isFinite else {
            self = "\(value)"
            return
        }
        let hundredths = Int((value * 100).rounded())
        let fraction = abs(hundredths % 100)
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The text followed by spaces up to `width` characters, and at least one space.
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
