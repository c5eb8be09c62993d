import Foundation

/// The `routebench` entry point: parses options, generates the chain source or runs every size.
enum BenchCommand {
    static func main(_ arguments: [String]) {
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(arguments)
        } catch {
            if error.message.isEmpty {
                print(BenchOptions.usage)
                exit(0)
            }
            FileHandle.standardError.write(Data("Error: \(error.message)\n\(BenchOptions.usage)\n".utf8))
            exit(2)
        }
        if let probe = options.memoryProbe {
            exit(MemoryProbe.probe(path: probe.path, rules: probe.rules))
        }
        if let (rules, path) = options.writeTable {
            let bytes = TableGenerator.generate(rules: rules, seed: options.seed).bytes
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                FileHandle.standardError.write(Data("Error: cannot write '\(path)'\n".utf8))
                exit(2)
            }
            exit(0)
        }
        if let path = options.chainPath {
            exit(writeChain(to: path, seed: options.seed))
        }
        exit(run(options))
    }

    static func writeChain(to path: String, seed: UInt64) -> Int32 {
        let table = TableGenerator.generate(rules: 100, seed: seed)
        let source = ChainSource.generate(table: table, seed: seed)
        do {
            try source.write(toFile: path, atomically: true, encoding: .utf8)
            print("wrote \(path) (\(table.rules.count) rules, seed \(seed))")
            return 0
        } catch {
            FileHandle.standardError.write(Data("Error: cannot write '\(path)': \(error)\n".utf8))
            return 2
        }
    }

    static func run(_ options: BenchOptions) -> Int32 {
        Stopwatch.usesCPUTime = options.cpuTime
        print("routebench — RouteKit load, compile and decide")
        for line in Machine.describe() { print(line) }
        print("sizes \(options.sizes.map(String.init).joined(separator: ",")); \(options.payloads) payloads; "
            + "median of \(options.runs) runs after a warm-up; seed \(options.seed)"
            + (options.quick ? "; --quick" : ""))
        print("timing: " + (options.cpuTime
            ? "thread CPU time (--cpu-time; waiting for a core is not counted)"
            : "ContinuousClock (wall time)"))
        print("memory: in a fresh child process per size and format, growth of the resident set"
            + " (/proc/self/statm; 'held') and of its peak (VmHWM; 'peak') while loading and holding"
            + " copies of the table totalling ≥ \(BenchOptions.memoryRules) rules (at least 4 copies), divided by those rules")
        let log: (String) -> Void = { message in
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
        var results: [SizeResult] = []
        for size in options.sizes {
            guard let result = SizeBenchmark(options: options).run(rules: size, log: log) else { return 1 }
            results.append(result)
        }
        for line in Report(results: results, options: options).lines() { print(line) }
        let mismatches = results.reduce(0) {
            $0 + $1.mismatches + ($1.chain.map { $0.mismatchesValue + $0.mismatchesAny } ?? 0)
        }
        if mismatches > 0 {
            print("error: \(mismatches) decisions disagree (see the mismatch columns)")
            return 1
        }
        return 0
    }
}
