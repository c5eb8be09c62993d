#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// What `compile -o FILE` does to what is already at FILE: a file is replaced whole, keeping its
/// mode; a symbolic link is written through; a device is written to, never replaced.
@Suite struct CompileOutputTests {
    private func path(_ dir: TemporaryDirectory, _ name: String) -> String {
        dir.url.appendingPathComponent(name).path
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        #expect(lstat(path, &info) == 0)
        return info.st_mode & S_IFMT
    }

    @Test func aLinkIsWrittenThroughAndAFileKeepsItsMode() throws {
        let dir = try CompileCommandTests.exampleTable()
        try dir.write("out/real.json", "{}")
        #expect(chmod(path(dir, "out/real.json"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: path(dir, "link.json"), withDestinationPath: "out/real.json")
        try FileManager.default.createSymbolicLink(atPath: path(dir, "later.json"), withDestinationPath: "out/later.json")
        for output in ["link.json", "later.json"] {
            let run = try runRouteCheck(["compile", "routes", "-o", output], in: dir.url)
            #expect(run == RouteCheckRun(stdout: "", stderr: "", status: 0), "\(output)")
            #expect(kind(path(dir, output)) == S_IFLNK, "\(output) is still a link")
        }
        let expected = try runRouteCheck(["compile", "routes", "-o", "-"], in: dir.url).stdout
        for written in ["out/real.json", "out/later.json"] {
            #expect(String(decoding: try CompileCommandTests.contents(dir, written), as: UTF8.self) == expected)
        }
        var info = stat()
        #expect(stat(path(dir, "out/real.json"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func aDirectoryIsAClearError() throws {
        let dir = try CompileCommandTests.exampleTable()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try runRouteCheck(["compile", "routes", "-o", "out"], in: dir.url)
        #expect(run == RouteCheckRun(stdout: "", stderr: "Error: cannot write 'out': Is a directory\n", status: 2))
    }

    #if os(Linux)
    /// `-o /dev/null` run as root (as CI does) must not turn the device into a file; a private
    /// null device stands in for it, as making one needs root.
    @Test(.enabled(if: geteuid() == 0)) func aDeviceIsWrittenToNotReplaced() throws {
        let dir = try CompileCommandTests.exampleTable()
        let null = dev_t(1 << 8 | 3)  // major 1, minor 3: Linux's /dev/null
        #expect(mknod(path(dir, "null"), S_IFCHR | 0o666, null) == 0)
        try FileManager.default.createSymbolicLink(atPath: path(dir, "to-null.json"), withDestinationPath: "null")
        for output in ["null", "to-null.json"] {
            let run = try runRouteCheck(["compile", "routes", "-o", output], in: dir.url)
            #expect(run == RouteCheckRun(stdout: "", stderr: "", status: 0), "\(output)")
        }
        #expect(kind(path(dir, "null")) == S_IFCHR)
        #expect(kind(path(dir, "to-null.json")) == S_IFLNK)
    }
    #endif
}
