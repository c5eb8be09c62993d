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
        samples.sort()
        let middle = samples.count / 2
        return samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
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
