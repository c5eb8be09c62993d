#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why a file named on the command line could not be opened or read, in the words a user acts
/// on ("it is a directory, not a file", "broken symbolic link") rather than Foundation's
/// "The operation could not be completed. (NSCocoaErrorDomain error 256.)".
///
/// ```swift
/// FileProblem.reason(reading: "payloads/")     // "it is a directory, not a file"
/// FileProblem.reason(reading: "missing.json")  // "no such file or directory"
/// ```
public enum FileProblem {
    /// Why `path` cannot be read; `error`, when reading failed, is described when nothing about
    /// the path explains it.
    ///
    /// ```swift
    /// do { _ = try Data(contentsOf: URL(fileURLWithPath: path)) }
    /// catch { print("cannot read '\(path)': \(FileProblem.reason(reading: path, error: error))") }
    /// // cannot read 'payload.json': permission denied
    /// ```
    public static func reason(reading path: String, error: (any Error)? = nil) -> String {
        if path.unicodeScalars.contains("\u{FFFD}") {
            return TableLoadError.reason("no such file or directory", opening: path)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            if lstat(path, &link) == 0 {
                if code == ELOOP { return "symbolic link loop: the links lead back to themselves" }
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                return "broken symbolic link: its target '\(target)' does not exist"
            }
            return code == ENOENT ? "no such file or directory" : String(cString: strerror(code))
        }
        if info.st_mode & S_IFMT == S_IFDIR { return "it is a directory, not a file" }
        if access(path, R_OK) != 0 { return "permission denied" }
        if let code = error.flatMap(posixCode) { return String(cString: strerror(code)) }
        return error.map { "\($0.localizedDescription)" } ?? "it cannot be opened"
    }

    /// The `errno` behind a Foundation error, when there is one.
    private static func posixCode(_ error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return Int32(underlying.code)
        }
        return nil
    }
}
