/// The command line of `routebench`.
///
/// ```
/// swift run -c release routebench [--sizes 10,100,1000,10000] [--payloads 100000] [--runs 5]
///                                 [--quick] [--load-only] [--cpu-time]
///                                 [--generate-chain [PATH]]
/// ```
struct BenchOptions {
    /// The seed of every generated table and payload set; the committed chain was generated with it.
    static let defaultSeed: UInt64 = 20_240_501
    /// Tables are copied until this many rules are held (and at least 4 copies) when measuring
    /// memory per rule.
    static let memoryRules = 20_000

    var sizes = [10, 100, 1000, 10_000]
    var payloads = 100_000
    var runs = 5
    var seed = defaultSeed
    /// Rule trials allowed per run of the reference interpreter: at large sizes it decides a
    /// prefix of the payloads (`budget / rules`, at least 200) so a run stays within seconds.
    var referenceBudget = 10_000_000
    var quick = false
    /// Measure table loading only (for profiling the loaders, e.g. under callgrind).
    var loadOnly = false
    /// Measure deciding only: no loading, reference interpreter or memory figures (for profilers).
    var decideOnly = false
    /// Write the generated table of this many rules to this path and exit (for profilers).
    var writeTable: (rules: Int, path: String)?
    /// Time with the thread's CPU time instead of `ContinuousClock` (for loaded machines).
    var cpuTime = false
    /// The largest table for which YAML load is also timed with the checker's rule analysis
    /// (shadowing, never-match), which grows faster than linearly; one run, no warm-up.
    var analysisMaxRules = 1000
    /// When set, write the hand-written chain's source to this path and exit.
    var chainPath: String?
    /// Internal: run as the memory probe's child process on this file with this many rules.
    var memoryProbe: (path: String, rules: Int)?

    static let usage = """
        Usage: routebench [--sizes 10,100,1000,10000] [--payloads N] [--runs N] [--quick]
                          [--load-only] [--cpu-time] [--generate-chain [PATH]]

          --sizes LIST        table sizes in rules (default 10,100,1000,10000)
          --payloads N        payloads per size (default 100000)
          --runs N            timed runs per figure; the median is printed (default 5)
          --quick             a smoke run: 5000 payloads, 3 runs, smaller reference budget
          --load-only         measure table loading only (for profilers such as callgrind)
          --decide-only       measure deciding and the hand-written baselines only (for profilers)
          --write-table N PATH  write the generated N-rule table as YAML to PATH and exit
          --cpu-time          time with the thread's CPU time instead of ContinuousClock
                              (less disturbed by other processes on a loaded machine)
          --generate-chain    write the hand-written chain for the 100-rule table to PATH
                              (default Sources/routebench/HandWrittenChain.swift) and exit
        """

    struct UsageError: Error {
        var message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--sizes":
                let list = try value(&rest, argument).split(separator: ",").map { Int($0) }
                guard !list.isEmpty, list.allSatisfy({ ($0 ?? 0) > 0 }) else {
                    throw UsageError(message: "'--sizes' expects positive integers separated by commas")
                }
                options.sizes = list.compactMap { $0 }
            case "--payloads": options.payloads = try positive(&rest, argument)
            case "--runs": options.runs = try positive(&rest, argument)
            case "--quick":
                options.quick = true
                options.payloads = 5000
                options.runs = 3
                options.referenceBudget = 1_000_000
                options.analysisMaxRules = 100
            case "--load-only": options.loadOnly = true
            case "--decide-only": options.decideOnly = true
            case "--cpu-time": options.cpuTime = true
            case "--generate-chain":
                options.chainPath = rest.first.map { $0.hasPrefix("--") } == false
                    ? rest.popFirst() : "Sources/routebench/HandWrittenChain.swift"
            case "--write-table":
                options.writeTable = (try positive(&rest, argument), try value(&rest, argument))
            case "--memory-probe":
                let path = try value(&rest, argument)
                options.memoryProbe = (path, try positive(&rest, argument))
            case "--help", "-h":
                throw UsageError(message: "")
            default:
                throw UsageError(message: "unknown option '\(argument)'")
            }
        }
        return options
    }

    private static func value(_ rest: inout ArraySlice<String>, _ name: String) throws(UsageError) -> String {
        guard let value = rest.popFirst() else { throw UsageError(message: "'\(name)' needs a value") }
        return value
    }

    private static func positive(_ rest: inout ArraySlice<String>, _ name: String) throws(UsageError) -> Int {
        guard let number = Int(try value(&rest, name)), number > 0 else {
            throw UsageError(message: "'\(name)' expects a positive integer")
        }
        return number
    }
}
