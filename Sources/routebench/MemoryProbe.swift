import Foundation
import RouteKit

/// Measures memory per compiled rule in a fresh child process (`routebench --memory-probe`), so
/// that free heap left over from earlier measurements cannot hide the table's memory.
///
/// The parent writes the table (YAML or compiled JSON) to a temporary file; the child reads it,
/// notes its resident set, loads and holds enough copies for ≥ `BenchOptions.memoryRules` rules,
/// and prints the growth of the resident set and of its peak (`VmHWM`), per rule held.
enum MemoryProbe {
    struct Figures {
        /// Resident-set growth while holding the copies, per rule.
        var held: Double
        /// Peak resident-set growth (loading included), per rule.
        var peak: Double
    }

    /// Runs the probe for `bytes` (YAML when `yaml`, else compiled JSON) of a `rules`-rule table.
    static func measure(_ bytes: [UInt8], yaml: Bool, rules: Int) -> Figures? {
        let path = NSTemporaryDirectory() + "routebench-\(getpid())-\(rules).\(yaml ? "yaml" : "json")"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--memory-probe", path, "\(rules)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return nil
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let numbers = String(decoding: output, as: UTF8.self).split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard process.terminationStatus == 0, numbers.count == 2 else { return nil }
        return Figures(held: numbers[0], peak: numbers[1])
    }

    /// The child's side: prints "HELD PEAK" bytes per rule, or exits 1.
    static func probe(path: String, rules: Int) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else { return 1 }
        let bytes = [UInt8](data)
        let load: () -> CompiledTable? = path.hasSuffix(".yaml")
            ? { TableLoading.fromYAML(bytes) } : { TableLoading.fromCompiledJSON(bytes) }
        let copies = max(4, BenchOptions.memoryRules / max(1, rules))
        var held: [CompiledTable] = []
        held.reserveCapacity(copies)
        releaseFreeHeap()
        let residentBefore = Stopwatch.residentBytes()
        let peakBefore = peakResidentBytes()
        for _ in 0..<copies {
            guard let table = load() else { return 1 }
            held.append(table)
        }
        let peakAfter = peakResidentBytes()
        releaseFreeHeap()
        let residentAfter = Stopwatch.residentBytes()
        Sink.consume(held.count)
        let total = Double(copies * rules)
        print("\(Double(residentAfter - residentBefore) / total) \(Double(peakAfter - peakBefore) / total)")
        return 0
    }

    /// Gives free heap back to the system (glibc's `malloc_trim`), so that the resident set
    /// counts what the tables hold and not memory freed by loading (the compiled JSON's parsed
    /// tree, the YAML nodes) that the allocator kept. `malloc.h` is not in Swift's Glibc module,
    /// hence the lookup.
    static func releaseFreeHeap() {
        #if os(Linux)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// `VmHWM` from `/proc/self/status`, in bytes (0 when unavailable).
    static func peakResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return (digits.first ?? 0) * 1024
        }
        return 0
    }
}
