import Foundation

/// A description of the machine the benchmark runs on, printed with the results.
enum Machine {
    static func describe() -> [String] {
        var name = utsname()
        uname(&name)
        let architecture = withUnsafeBytes(of: &name.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let info = ProcessInfo.processInfo
        return [
            "machine: \(architecture), \(info.activeProcessorCount) cores, \(cpuModel())",
            "memory: \(info.physicalMemory / 1_048_576) MiB; load average: \(loadAverage())",
            "swift: \(swiftVersion())",
            "os: \(info.operatingSystemVersionString)",
        ]
    }

    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// `swift --version`'s first line when a toolchain is on the PATH, else the compiler's version
    /// range known at build time.
    static func swiftVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        do {
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first
            if let first, process.terminationStatus == 0 { return String(first) + buildMode }
        } catch {}
        #if compiler(>=6.3)
            return "compiled with Swift 6.3 or later" + buildMode
        #else
            return "compiled with Swift before 6.3" + buildMode
        #endif
    }

    static var buildMode: String {
        #if DEBUG
            return " — DEBUG build: numbers are not meaningful, use -c release"
        #else
            return ", release build"
        #endif
    }
}
