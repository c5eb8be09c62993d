import Foundation
import RouteKitYAML

/// Checks paths named on the command line before a command reads them, so a missing or
/// unreadable input is an I/O error (exit 2) that names the path.
///
/// ```swift
/// try InputPath.checkReadable("routes/")
/// // throws CLIError.io("cannot read 'routes/': no such file or directory") when it is missing
/// ```
public enum InputPath {
    /// Throws `CLIError.io` naming `path` unless it is an existing, readable file or directory.
    ///
    /// ```swift
    /// for table in arguments.positionals { try InputPath.checkReadable(table) }
    /// ```
    public static func checkReadable(_ path: String) throws(CLIError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .io("cannot read '\(path)': " + TableLoadError.reason("no such file or directory", opening: path))
        }
        guard manager.isReadableFile(atPath: path) else {
            throw .io("cannot read '\(path)': permission denied")
        }
    }

    /// The bytes of a file named on the command line; an unreadable file is `CLIError.io`.
    ///
    /// Pipes such as `<(…)` can be read too.
    ///
    /// ```swift
    /// let payload = try InputPath.readBytes("payload.json")
    /// ```
    public static func readBytes(_ path: String) throws(CLIError) -> [UInt8] {
        // FileHandle rather than FileManager.contents, which cannot read pipes (`<(…)`).
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io("cannot read '\(path)': " + FileProblem.reason(reading: path))
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw .io("cannot read '\(path)': " + FileProblem.reason(reading: path, error: error))
        }
    }

    /// All of standard input, for the `-` that `--payload`, `--payloads` and `--events` accept.
    ///
    /// ```swift
    /// let events = InputPath.readStandardInput()
    /// ```
    public static func readStandardInput() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }
}
