import Foundation

/// Checks paths named on the command line before a command reads them, so a missing or
/// unreadable input is an I/O error (exit 2) that names the path.
///
/// ```swift
/// try InputPath.checkReadable("routes/")
/// // throws CLIError.io("cannot read 'routes/': no such file or directory") when it is missing
/// ```
public enum InputPath {
    /// Throws `CLIError.io` naming `path` unless it is an existing, readable file or directory.
    public static func checkReadable(_ path: String) throws(CLIError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .io("cannot read '\(path)': no such file or directory")
        }
        guard manager.isReadableFile(atPath: path) else {
            throw .io("cannot read '\(path)': permission denied")
        }
    }

    /// The bytes of a file named on the command line; an unreadable file is `CLIError.io`.
    public static func readBytes(_ path: String) throws(CLIError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .io("cannot read '\(path)': no such file, permission denied or not a regular file")
        }
        return [UInt8](data)
    }
}
