#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The files of a directory table: a walk of the directory and every directory under it, symbolic
/// links followed, that never leaves a file out without saying so.
///
/// A repository's table is often reached through links (`routes -> app/routes`, a shared folder
/// linked into several tables), so a link is read as what it points to; each folder is read once,
/// through the first link the walk meets (it lists entries in byte order). A folder that cannot be
/// listed, a broken link or a pipe named like a route file stops the load (exit 2): skipping it
/// would leave its rules out of a table that then validates clean.
///
/// ```swift
/// let listing = try TableDirectory.list("routes", named: TableLoader.isRouteFile)
/// listing?.files   // ["routes/app.yaml", "routes/messages/detail.yaml"]
/// listing?.ignored // ["routes/Legacy.YAML"]: named like a route file but in upper case
/// ```
enum TableDirectory {
    struct Listing {
        /// The files whose names pass the filter, in byte order of their relative paths.
        var files: [String]
        /// Files whose names pass the filter only in lower case (`Home.YAML`), which are not read.
        var ignored: [String]
    }

    /// The listing of the directory at `path`; nil when `path` is a file (or a link to one).
    static func list(_ path: String, named filter: (String) -> Bool) throws(TableLoadError) -> Listing? {
        guard let kind = try kind(of: path, given: true) else {
            throw TableLoadError(path: path, reason: TableLoadError.reason("no such file or directory", opening: path))
        }
        guard case .directory(let identity) = kind else { return nil }
        var walk = Walk(visited: [identity])
        try walk.visit(base(of: path), named: filter)
        walk.listing.files.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        walk.listing.ignored.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return walk.listing
    }

    /// `path` without trailing slashes, so that files read `routes/app.yaml`, not `routes//app.yaml`.
    private static func base(of path: String) -> String {
        var base = Substring(path)
        while base.count > 1, base.hasSuffix("/") { base = base.dropLast() }
        return String(base)
    }

    private enum Kind {
        /// A directory, by device and inode, to notice a folder reached again through a link.
        case directory(Identity)
        case file
        case other
    }

    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// What `path` is, links followed; nil when nothing is there. `given`: the path was given
    /// by the user, so a broken link is simply "no such file".
    private static func kind(of path: String, given: Bool) throws(TableLoadError) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let failure = errno
            var link = stat()
            // Only a link is there: a loop, or (in a listing) a broken link, which FileProblem names.
            guard lstat(path, &link) == 0, failure == ELOOP || !given else { return nil }
            throw TableLoadError(path: path, reason: FileProblem.reason(reading: path))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return .directory(Identity(device: UInt64(truncatingIfNeeded: info.st_dev),
                                       inode: UInt64(truncatingIfNeeded: info.st_ino)))
        case S_IFREG: return .file
        default: return .other
        }
    }

    private struct Walk {
        /// Every folder listed so far. A folder reached again through a link is not listed again:
        /// a link back to a folder being walked would list it for ever, and folders linking twice
        /// to the next, level after level, would list the last one 2ⁿ times.
        var visited: Set<Identity>
        var listing = Listing(files: [], ignored: [])

        /// Lists `directory`'s entries in byte order, so that a folder reached by two links is
        /// always read through the same one.
        mutating func visit(_ directory: String, named filter: (String) -> Bool) throws(TableLoadError) {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw TableLoadError(path: directory, reason: "the directory cannot be listed (permission denied?)")
            }
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                // Hidden files and folders are not the table's, as a shell's `*.yaml` leaves them
                // out: `.git/`, an editor's lock link `.#messages.yaml` or backup `.messages.yaml`.
                if name.hasPrefix(".") { continue }
                let path = directory + "/" + name
                let named = filter(name)
                let found: Kind?
                do {
                    found = try TableDirectory.kind(of: path, given: false)
                } catch {
                    // A broken link matters only where a route file may have been meant.
                    if named { throw error }
                    continue
                }
                guard let kind = found else {
                    // Listed, yet not there by its name: a name that is not valid UTF-8 reaches
                    // Swift with U+FFFD in place of its bad bytes. Its rules would be lost.
                    guard named || name.unicodeScalars.contains("\u{FFFD}") else { continue }
                    throw TableLoadError(path: path, reason: TableLoadError.reason("it was listed but cannot be opened", opening: path))
                }
                switch kind {
                case .directory(let identity):
                    guard visited.insert(identity).inserted else { continue }
                    try visit(path, named: filter)
                case .file where named:
                    listing.files.append(path)
                case .file:
                    if filter(name.lowercased()) { listing.ignored.append(path) }
                case .other where named:
                    // Reading a pipe with no writer would wait for ever.
                    throw TableLoadError(path: path, reason: "not a regular file (a pipe, a socket or a device)")
                case .other:
                    continue
                }
            }
        }
    }
}
