import Foundation

/// What one run of the built `routecheck` binary printed and how it exited.
struct RouteCheckRun: Equatable, CustomStringConvertible {
    var stdout: String
    var stderr: String
    var status: Int32

    var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

enum RouteCheckRunnerError: Error, CustomStringConvertible {
    case binaryNotFound([String])

    var description: String {
        switch self {
        case .binaryNotFound(let places):
            "routecheck binary not found; looked in: \(places.joined(separator: ", "))"
        }
    }
}

/// Runs the built `routecheck` executable with `arguments` in the directory `dir` and returns
/// its standard output, standard error and exit status. `NO_COLOR` is removed from the
/// inherited environment unless `environment` sets it; `environment` entries are added. Standard
/// input is `input`, or the file at `inputPath` (`/dev/zero` for one that never ends), or empty.
///
/// ```swift
/// let dir = try TemporaryDirectory()
/// try dir.write("app.yaml", "version: 1\n")
/// let run = try runRouteCheck(["validate", "app.yaml"], in: dir.url)
/// #expect(run.status == 0)
/// ```
func runRouteCheck(
    _ arguments: [String], in dir: URL, environment: [String: String] = [:], input: String? = nil,
    inputPath: String? = nil
) throws -> RouteCheckRun {
    let process = Process()
    process.executableURL = try routeCheckBinary()
    process.arguments = arguments
    process.currentDirectoryURL = dir
    var inherited = ProcessInfo.processInfo.environment
    inherited["NO_COLOR"] = nil
    process.environment = inherited.merging(environment) { _, new in new }

    // Files rather than pipes: no deadlock however much either stream prints.
    let capture = try TemporaryDirectory()
    let outURL = capture.url.appendingPathComponent("stdout")
    let errURL = capture.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer {
        try? out.close()
        try? err.close()
    }
    process.standardOutput = out
    process.standardError = err
    if let inputPath {
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
    } else if let input {
        let inURL = capture.url.appendingPathComponent("stdin")
        try Data(input.utf8).write(to: inURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    return RouteCheckRun(
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
        status: process.terminationStatus)
}

/// The `routecheck` executable next to the test bundle: the build products directory, which
/// follows a custom `--build-path`.
func routeCheckBinary() throws -> URL {
    var directories: [URL] = []
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    if let executable = Bundle.main.executableURL {
        directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    directories.append(packageRoot.appendingPathComponent(".build/debug"))
    for directory in directories {
        let candidate = directory.appendingPathComponent("routecheck")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw RouteCheckRunnerError.binaryNotFound(directories.map(\.path))
}

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("routecheck-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `relativePath`, creating intermediate directories.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }
}
