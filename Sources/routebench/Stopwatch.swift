import Foundation

/// Timing and memory helpers: medians over runs with `ContinuousClock`, a sink that keeps the
/// optimizer from deleting measured work, and resident memory from `/proc/self/statm`.
enum Stopwatch {
    /// Measure this thread's CPU time instead of `ContinuousClock` (`--cpu-time`): on a shared,
    /// loaded machine it leaves out the time the thread waited for a core.
    nonisolated(unsafe) static var usesCPUTime = false

    /// The median duration of `runs` runs of `body`, after one warm-up run that is not counted.
    /// What `body` returns is kept until the clock has stopped: freeing a loaded table is not
    /// part of loading it.
    static func median<Result>(runs: Int, _ body: () -> Result) -> Duration {
        _ = body()
        var samples: [Duration] = []
        for _ in 0..<max(1, runs) {
            var kept: Result?
            samples.append(measure { kept = body() })
            withExtendedLifetime(kept) {}
        }
        return middle(samples) { ($0 + $1) / 2 }
    }

    /// Two measurements taken in alternation, and the ratio the targets compare.
    struct Pair {
        /// The median duration of the first body.
        var first: Duration
        /// The median duration of the second body.
        var second: Duration
        /// The median of the runs' ratios first / second.
        var ratio: Double
    }

    /// Times `first` and `second` in alternation, `runs` times each after a warm-up run of each:
    /// their medians, and the median of the per-run ratios first / second. On a VM whose speed
    /// drifts while the benchmark runs (other tenants, a neighbour's use of the cache), a slow
    /// stretch slows both halves of a pair, so this ratio moves far less than a ratio of two
    /// medians taken a minute apart. The order alternates, so that neither body always runs in
    /// the cache the other left. What each returns is kept until its clock has stopped.
    static func paired<First, Second>(runs: Int, _ first: () -> First, _ second: () -> Second) -> Pair {
        _ = first()
        _ = second()
        var firsts: [Duration] = []
        var seconds: [Duration] = []
        var ratios: [Double] = []
        for run in 0..<max(1, runs) {
            var keptFirst: First?
            var keptSecond: Second?
            let firstTime: Duration
            let secondTime: Duration
            if run % 2 == 0 {
                firstTime = measure { keptFirst = first() }
                secondTime = measure { keptSecond = second() }
            } else {
                secondTime = measure { keptSecond = second() }
                firstTime = measure { keptFirst = first() }
            }
            withExtendedLifetime((keptFirst, keptSecond)) {}
            firsts.append(firstTime)
            seconds.append(secondTime)
            ratios.append(Self.seconds(firstTime) / max(Self.seconds(secondTime), 1e-12))
        }
        return Pair(first: middle(firsts) { ($0 + $1) / 2 }, second: middle(seconds) { ($0 + $1) / 2 },
                    ratio: middle(ratios) { ($0 + $1) / 2 })
    }

    /// The median of `samples`: the middle one, or the `mean` of the middle two.
    private static func middle<Sample: Comparable>(_ samples: [Sample], mean: (Sample, Sample) -> Sample) -> Sample {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : mean(sorted[middle - 1], sorted[middle])
    }

    /// The duration of one run of `body`, by `ContinuousClock` or, with `usesCPUTime`, by
    /// this thread's CPU time.
    static func measure(_ body: () -> Void) -> Duration {
        guard usesCPUTime else { return ContinuousClock().measure(body) }
        let start = threadCPUTime()
        body()
        return threadCPUTime() - start
    }

    static func threadCPUTime() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// The median time per item, in nanoseconds, of `runs` runs over `count` items.
    static func nanosecondsPerItem(runs: Int, count: Int, _ body: () -> Void) -> Double {
        seconds(median(runs: runs, body)) * 1e9 / Double(max(1, count))
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// Resident memory of this process in bytes, from `/proc/self/statm` (0 when unavailable).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Keeps results alive so the optimizer cannot drop the work that produced them.
enum Sink {
    nonisolated(unsafe) static var value = 0

    @inline(never)
    static func consume(_ number: Int) {
        value &+= number
    }
}
