import Foundation
import Testing

/// Output that cannot be written (a full disk, a closed stream) is an I/O error, exit 2, said on
/// standard error: `compile -o - > routes.json` on a full disk must not pass a CI step.
@Suite struct OutputFailureTests {
    /// Runs `routecheck` with standard output going to `output`, returning its standard error
    /// and exit status.
    private func run(_ arguments: [String], stdout output: FileHandle) throws -> (stderr: String, status: Int32) {
        let process = Process()
        process.executableURL = try routeCheckBinary()
        process.arguments = arguments
        process.currentDirectoryURL = CompileCommandTests.repositoryRoot
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationStatus)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDiskIsAnError() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        for arguments in [["compile", "routes", "-o", "-"], ["validate", "--format", "json", "routes"],
                          ["eval", "routes", "--payload", #"{"type": 3, "id": 1}"#]] {
            let result = try run(arguments, stdout: full)
            #expect(result.stderr == "Error: cannot write to standard output: No space left on device\n", "\(arguments)")
            #expect(result.status == 2, "\(arguments)")
        }
    }

    @Test func aClosedStandardOutputIsAnError() throws {
        // The shell closes the child's descriptor 1 (`>&-`) before it starts.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" "$@" >&-"#, try routeCheckBinary().path,
                             "eval", "routes", "--payload", "{}"]
        process.currentDirectoryURL = CompileCommandTests.repositoryRoot
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text == "Error: cannot write to standard output: Bad file descriptor\n")
    }
}

/// An input that cannot be read is named with the reason a user acts on, never Foundation's
/// "The operation could not be completed".
@Suite struct InputFailureTests {
    @Test(arguments: [
        ["eval", "routes", "--payload", "@folder"], ["eval", "routes", "--payloads", "folder"],
        ["simulate", "routes", "--events", "folder"], ["test", "routes", "folder"],
    ])
    func aFolderWhereAFileIsExpected(_ arguments: [String]) throws {
        let dir = try CompileCommandTests.exampleTable()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let run = try runRouteCheck(arguments, in: dir.url)
        #expect(run.stderr == "Error: cannot read 'folder': it is a directory, not a file\n")
        #expect(run.status == 2)
    }

    @Test func aMissingFileAndABrokenLink() throws {
        let dir = try CompileCommandTests.exampleTable()
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("broken.json").path, withDestinationPath: "moved.json")
        let missing = try runRouteCheck(["eval", "routes", "--payloads", "missing.jsonl"], in: dir.url)
        #expect(missing.stderr == "Error: cannot read 'missing.jsonl': no such file or directory\n")
        let broken = try runRouteCheck(["eval", "routes", "--payload", "@broken.json"], in: dir.url)
        #expect(broken.stderr == "Error: cannot read 'broken.json': broken symbolic link: its target 'moved.json' does not exist\n")
        #expect(broken.status == 2)
    }
}
