#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file where an app keeps the last signed table it accepted, written whole or not at all.
///
/// It holds the signed table's bytes exactly as they were accepted, signature included, so that
/// each launch verifies it again (`TableUpdate`): a file changed on the device, a key no longer
/// trusted or an app version whose contract it does not satisfy sends the app back to its
/// bundled table instead of trusting what is on disk.
///
/// Writing goes to a new temporary file in the same folder, which is flushed to disk (`fsync`)
/// and renamed over the file; the folder is then flushed too, so that after a crash or a power
/// loss the file is the old table or the new one, never a mix. Missing folders are created.
///
/// ```swift
/// let file = LastGoodTableFile(path: applicationSupport + "/RouteKit/routes.signed.json")
/// try file.write(downloaded)    // after TrustedKeys.open accepted it
/// let stored = try file.read()  // nil before the first update
/// ```
public struct LastGoodTableFile: Sendable, Hashable {
    /// Where the table is kept.
    public let path: String

    /// The file at `path`; nothing is read or written yet.
    ///
    /// ```swift
    /// let file = LastGoodTableFile(path: "/var/mobile/…/Library/Application Support/routes.signed.json")
    /// ```
    public init(path: String) {
        self.path = path
    }

    /// The stored bytes, or nil when there is no file yet. At most `SignedTable.maxBytes + 1`
    /// bytes are read, so a file grown huge is refused as too large rather than read whole.
    ///
    /// ```swift
    /// if let stored = try file.read() { _ = try keys.open(stored) }
    /// ```
    public func read() throws(SignedTableError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("cannot read '\(path)'")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= SignedTable.maxBytes {
            let count = chunk.withUnsafeMutableBytes { readSome(descriptor, $0) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read '\(path)'")
            }
            bytes += chunk.prefix(count)
        }
        return bytes
    }

    /// Replaces the file with `bytes`, whole or not at all: on any error the file is as it was
    /// and no temporary file is left behind.
    ///
    /// ```swift
    /// try file.write(downloaded) // throws .storageFailed(reason:) on a full disk
    /// ```
    public func write(_ bytes: [UInt8]) throws(SignedTableError) {
        let folder = Self.folder(of: path)
        try makeFolders(folder)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = (folder == "/" ? "" : folder) + "/." + name + ".tmp-" + String(getpid()) + "-"
            + String(UInt32.random(in: .min ... .max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create a file in '\(folder)'") }
        guard let file = fdopen(descriptor, "wb") else {
            let problem = errno
            close(descriptor)
            unlink(temporary)
            throw .storageFailed(reason: "cannot write '\(path)': " + Self.describe(problem))
        }
        // fwrite goes on after short writes and interruptions; fflush hands the bytes to the
        // system, fsync to the disk.
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        var problem: Int32? = written == bytes.count && fflush(file) == 0 ? nil : Self.lastError()
        if problem == nil, fsync(descriptor) != 0 { problem = Self.lastError() }
        if fclose(file) != 0, problem == nil { problem = Self.lastError() }
        if problem == nil, rename(temporary, path) != 0 { problem = Self.lastError() }
        if let problem {
            unlink(temporary)
            throw .storageFailed(reason: "cannot write '\(path)': " + Self.describe(problem))
        }
        // The rename is durable once the folder's entry is on disk; a folder that cannot be
        // flushed (some file systems refuse) still holds a whole file.
        let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Creates `folder` and any missing folder above it.
    private func makeFolders(_ folder: String) throws(SignedTableError) {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw .storageFailed(reason: "cannot write '\(path)': '\(folder)' is not a folder")
            }
            return
        }
        let parent = Self.folder(of: folder)
        if parent != folder { try makeFolders(parent) }
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw failure("cannot create the folder '\(folder)'") }
    }

    /// The folder a path is in: `.` for a bare name, `/` at the root.
    private static func folder(of path: String) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The `errno` of the call that just failed (EIO when it set none).
    private static func lastError() -> Int32 { errno == 0 ? EIO : errno }

    private func failure(_ what: String) -> SignedTableError {
        .storageFailed(reason: what + ": " + Self.describe(errno))
    }

    private static func describe(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

// The C library's `read`, which `LastGoodTableFile.read()` hides inside the type.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
