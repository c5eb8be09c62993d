#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a file whole or not at all: the bytes go to a new temporary file in the same
/// directory, which is flushed and then renamed over the destination, with the mode the file
/// had. On any error the temporary file is removed and the destination is left as it was.
/// A symbolic link is written through (the file it names is replaced, the link stays), and a
/// device or a pipe (`-o /dev/stdout`, `-o /dev/null`) is written to, not replaced: renaming
/// over `/dev/null` as root would turn it into a file for every later process.
///
/// ```swift
/// try AtomicWriter.save(Array(json.utf8), to: "routes.compiled.json")
/// ```
enum AtomicWriter {
    /// The device and inode of an existing file (following symbolic links), or nil.
    static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    static func save(_ bytes: [UInt8], to path: String) throws(CLIError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Nothing there, or a link to a file not made yet: create the file it names.
            return try replace(at: linkTarget(of: path) ?? path, shownAs: path, mode: nil, with: bytes)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let real = realpath(path, nil).map { resolved in
                defer { free(resolved) }
                return String(cString: resolved)
            } ?? path
            try replace(at: real, shownAs: path, mode: info.st_mode & 0o7777, with: bytes)
        case S_IFDIR:
            throw failure(path, EISDIR)
        default:
            try writeInPlace(bytes, to: path)
        }
    }

    /// The path a symbolic link names, relative to the link's folder; nil for no link.
    private static func linkTarget(of path: String) -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return nil }
        if target.hasPrefix("/") { return target }
        return (((path as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(target) as NSString).standardizingPath
    }

    private static func replace(at path: String, shownAs shown: String, mode: mode_t?,
                                with bytes: [UInt8]) throws(CLIError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-"
            + String(getpid()) + "-" + String(UInt32.random(in: .min ... .max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            let folder = (path as NSString).deletingLastPathComponent
            guard FileManager.default.fileExists(atPath: directory) else {
                throw .io("cannot write '\(shown)': the folder '\(folder.isEmpty ? "." : folder)' does not exist")
            }
            // A folder that exists but takes no new file (`/proc`, read-only, not writable).
            throw .io("cannot write '\(shown)': cannot create a file in '\(folder.isEmpty ? "." : folder)' to write it first: \(String(cString: strerror(code)))")
        }
        var problem = writeAll(bytes, to: descriptor)
        if problem == nil, let mode, fchmod(descriptor, mode) != 0 { problem = errno }
        if problem == nil, fsync(descriptor) != 0 { problem = errno }
        if close(descriptor) != 0, problem == nil { problem = errno }
        if problem == nil, rename(temporary, path) != 0 { problem = errno }
        if let problem {
            unlink(temporary)
            throw failure(shown, problem)
        }
    }

    /// A device or a pipe: written as it is, since it cannot be written whole or not at all.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno) }
        var problem = writeAll(bytes, to: descriptor)
        if close(descriptor) != 0, problem == nil { problem = errno }
        if let problem { throw failure(path, problem) }
    }

    /// Creates a new file at `path` holding `bytes`, with permission bits `mode` whatever the
    /// umask, and refuses (`CLIError.io`) when something is already there: a key file is never
    /// overwritten. A file that could not be written whole is removed.
    ///
    /// ```swift
    /// try AtomicWriter.createNew(Array(seedText.utf8), at: "routes.key", mode: 0o600)
    /// ```
    static func createNew(_ bytes: [UInt8], at path: String, mode: mode_t) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw exists(path) }
            let folder = (path as NSString).deletingLastPathComponent
            if code == ENOENT, !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                throw .io("cannot write '\(path)': the folder '\(folder)' does not exist")
            }
            throw failure(path, code)
        }
        var problem = fchmod(descriptor, mode) == 0 ? nil : errno
        if problem == nil { problem = writeAll(bytes, to: descriptor) }
        if problem == nil, fsync(descriptor) != 0 { problem = errno }
        if close(descriptor) != 0, problem == nil { problem = errno }
        if let problem {
            unlink(path)
            throw failure(path, problem)
        }
    }

    /// Refuses (`CLIError.io`) a path where something already is, as `createNew` would.
    static func refuseExisting(_ path: String) throws(CLIError) {
        var info = stat()
        if lstat(path, &info) == 0 { throw exists(path) }
    }

    private static func exists(_ path: String) -> CLIError {
        .io("refusing to overwrite '\(path)': it exists; remove it or choose another name")
    }

    /// Removes the file at `path`, made by this run and not to be left half done.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Writes every byte, retrying after interruptions; the `errno` of a failure, or nil.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var written = 0
            while written < buffer.count {
                let result = write(descriptor, base + written, buffer.count - written)
                if result > 0 {
                    written += result
                } else if result < 0, errno == EINTR {
                    continue
                } else {
                    return result < 0 ? errno : EIO
                }
            }
            return nil
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> CLIError {
        .io("cannot write '\(path)': \(String(cString: strerror(code)))")
    }
}
