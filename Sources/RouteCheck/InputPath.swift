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

    /// The beginning of a file named on the command line: all of it when it is at most `limit`
    /// bytes, else its first `limit + 1`, which the reader reports as too large. A huge file or
    /// an endless pipe is never held whole (SPEC §8: no unbounded memory). Pipes such as `<(…)`
    /// can be read too; an unreadable file is `CLIError.io`.
    ///
    /// ```swift
    /// let payload = try InputPath.readBytes("payload.json", atMost: PayloadLimits.maxBytes)
    /// ```
    public static func readBytes(_ path: String, atMost limit: Int) throws(CLIError) -> [UInt8] {
        // FileHandle rather than FileManager.contents, which cannot read pipes (`<(…)`).
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io("cannot read '\(path)': " + FileProblem.reason(reading: path))
        }
        defer { try? handle.close() }
        do {
            return try read(handle, atMost: limit)
        } catch {
            throw .io("cannot read '\(path)': " + FileProblem.reason(reading: path, error: error))
        }
    }

    /// Standard input, for the `-` that `--payload` and `--events` accept: all of it when it is
    /// at most `limit` bytes, else its first `limit + 1`, as ``readBytes(_:atMost:)`` reads.
    ///
    /// ```swift
    /// let events = try InputPath.readStandardInput(atMost: YAMLLimits.maxFileSize)
    /// ```
    public static func readStandardInput(atMost limit: Int) throws(CLIError) -> [UInt8] {
        do {
            return try read(FileHandle.standardInput, atMost: limit)
        } catch {
            throw .io("cannot read standard input: \(error.localizedDescription)")
        }
    }

    /// The bytes a UTF-8 byte order mark adds before a payload, which `eval` drops before the
    /// payload's limit is counted: read past it, a payload one byte past the limit is still seen.
    public static let byteOrderMarkLength = 3

    private static func read(_ handle: FileHandle, atMost limit: Int) throws -> [UInt8] {
        [UInt8](try handle.read(upToCount: limit + 1) ?? Data())
    }
}
