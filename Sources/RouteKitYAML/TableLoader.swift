import Foundation
import RouteKit

/// A route table read from disk and checked: the model (when it has no errors), every diagnostic,
/// and the source files (for rendering diagnostics with their source lines).
///
/// ```swift
/// let checked = try TableLoader.load(path: "routes/")
/// guard let program = checked.program else { return } // errors: see checked.diagnostics
/// let compiled = CompiledTable(program)
/// ```
public struct CheckedTable: Sendable {
    /// The path the table was loaded from, as given.
    public var path: String
    /// Every file read, in reading order, with its text (byte order mark removed); renderers
    /// need them to print a diagnostic's source line.
    public var files: [SourceFile]
    /// Sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// The number of rules declared, counted even when the table has errors.
    public var ruleCount: Int
    /// The checked model; nil when the table has errors.
    public var table: RouteTable? { program?.table }
    /// The reference interpreter over the checked table; nil when the table has errors.
    public var program: RoutingProgram?

    /// Whether any diagnostic is an error; then `program` and `table` are nil, and
    /// `routecheck validate` exits 1.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Why a table could not be read at all (exit code 2 in `routecheck`).
///
/// Unlike a `Diagnostic` it has no position: nothing was read to point into.
///
/// ```swift
/// do { _ = try TableLoader.load(path: "missing/") } catch { print(error) } // cannot read 'missing/': …
/// ```
public struct TableLoadError: Error, Sendable, CustomStringConvertible {
    /// The file or directory that could not be read: the path given, or one found under it.
    public var path: String
    /// Why, worded for a person (such as "no such file or directory"); not meant for matching.
    public var reason: String
    public var description: String { "cannot read '\(path)': \(reason)" }

    /// Why `path` cannot be opened: `reason`, unless the name was not valid UTF-8. Such a name
    /// reaches Swift with U+FFFD in place of its bad bytes, and no file has that name, so
    /// "missing" or "permission denied" would send the user looking in the wrong place.
    ///
    /// ```swift
    /// TableLoadError.reason("no such file or directory", opening: "routes/\u{FFFD}.yaml")
    /// // "the name is not valid UTF-8 (shown with �), which cannot be opened; rename the file"
    /// ```
    public static func reason(_ reason: String, opening path: String) -> String {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return reason }
        return "the name is not valid UTF-8 (shown with \u{FFFD}), which cannot be opened; rename the file"
    }
}

/// Reads a route table — one YAML file or a directory of them — and checks it.
///
/// In `RouteKitYAML`, not `RouteKit`, because it needs libyaml, which iOS lacks: apps load the
/// compiled JSON with `CompiledTableFormat` instead.
///
/// ```swift
/// let checked = try TableLoader.load(path: "routes/") // a directory, or one .yaml file
/// let tests = try TableLoader.testFiles(at: "routes/")
/// ```
public enum TableLoader {
    /// Loads and checks the table at `path` (a `.yaml`/`.yml` file or a directory).
    ///
    /// A directory's route files are read recursively, symbolic links followed, in byte order of
    /// their relative paths (as `LC_ALL=C ls` and git sort them); `*.test.yaml` files are test
    /// files, not route files, and are skipped, as are hidden files and folders (a name starting
    /// with `.`: `.git/`, an editor's lock or backup file). A folder that cannot be listed, a
    /// broken link or a pipe named like a route file is a `TableLoadError`.
    ///
    /// With `analyze` false, the never-matching and shadowed-rule warnings (`RuleAnalyzer`) are
    /// not looked for: a command that runs the table and shows no warnings skips that work, which
    /// on a table of thousands of overlapping rules takes a second or more.
    ///
    /// ```swift
    /// let checked = try TableLoader.load(path: "routes/")
    /// print(checked.diagnostics.count)
    /// ```
    public static func load(path: String, analyze: Bool = true) throws(TableLoadError) -> CheckedTable {
        let listing = try TableDirectory.list(path, named: isRouteFile)
        if listing == nil, isTestFile((path as NSString).lastPathComponent) {
            throw TableLoadError(path: path, reason: "it is a test file (*.test.yaml), not a route table; "
                + "run it with 'routecheck test TABLE \(path)'")
        }
        var read: [FileBytes] = []
        for file in listing?.files ?? [path] {
            let (bytes, size) = try readBytes(file)
            read.append(FileBytes(path: file, bytes: bytes, size: size))
        }
        return check(read, path: path, listing: listing, analyze: analyze)
    }

    /// Checks a one-file table whose bytes are already read: a stream such as a pipe or
    /// `/dev/stdin`, which cannot be read a second time. `size` is as `YAMLReader.read` takes it.
    ///
    /// ```swift
    /// let checked = TableLoader.load(path: "/dev/stdin", bytes: piped, size: nil)
    /// ```
    public static func load(path: String, bytes: [UInt8], size: Int?, analyze: Bool = true) -> CheckedTable {
        check([FileBytes(path: path, bytes: bytes, size: size ?? bytes.count)], path: path, listing: nil,
              analyze: analyze)
    }

    private struct FileBytes {
        let path: String
        let bytes: [UInt8]
        let size: Int
    }

    private static func check(
        _ read: [FileBytes], path: String, listing: TableDirectory.Listing?, analyze: Bool
    ) -> CheckedTable {
        var files: [SourceFile] = []
        var documents: [(file: String, root: Node?)] = []
        var mappingsWithFailedMerges: [SourceRange] = []
        var diagnostics: [Diagnostic] = []
        for entry in read {
            let (file, bytes) = (entry.path, entry.bytes)
            let document = YAMLReader.read(bytes, file: file, size: entry.size)
            let text = YAMLReader.withoutByteOrderMark(bytes)
            files.append(SourceFile(path: file, text: String(decoding: text, as: UTF8.self)))
            diagnostics += document.diagnostics
            mappingsWithFailedMerges += document.mappingsWithFailedMerges
            documents.append((file, document.root))
        }
        if read.isEmpty { diagnostics.append(emptyTable(path)) }
        diagnostics += (listing?.ignored ?? []).map(ignoredFile)
        let readAll = !diagnostics.contains { $0.severity == .error }
        // Consumed: each rule's nodes are freed once it is decoded.
        let decoded = TableDecoder.decode(consume documents, complete: readAll)
        diagnostics += withoutFollowOnErrors(decoded.diagnostics, of: diagnostics,
                                             mappingsWithFailedMerges: mappingsWithFailedMerges)
            .map { listing == nil ? withSplitTableHint($0, file: path) : $0 }
        // Expressions are checked even when the structure has errors, so one run reports all;
        // rules that failed to decode are simply not there.
        let checked = TableChecker.check(
            decoded.partial, sources: files, analyze: analyze && decoded.table != nil,
            predicatesOfBrokenRules: decoded.predicatesOfBrokenRules)
        // With the `payload` section lost (reported), every field would be "undeclared".
        diagnostics += decoded.payloadSectionLost
            ? checked.diagnostics.filter { $0.code != .undeclaredField } : checked.diagnostics
        let program = decoded.table == nil ? nil : checked.program
        let readable = !diagnostics.contains { $0.severity == .error }
        return CheckedTable(
            path: path, files: files,
            diagnostics: unique(withoutMootWarnings(diagnostics).sorted(by: Diagnostic.sortsBefore)),
            ruleCount: decoded.ruleCount, program: readable ? program : nil)
    }

    /// Whether a file name is a route file of a directory table.
    ///
    /// ```swift
    /// TableLoader.isRouteFile("messages.yml")       // true
    /// TableLoader.isRouteFile("messages.test.yaml") // false: a test file
    /// ```
    public static func isRouteFile(_ name: String) -> Bool {
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !isTestFile(name)
    }

    /// Whether a file name is a test file (`*.test.yaml`).
    ///
    /// ```swift
    /// TableLoader.isTestFile("login.test.yml") // true
    /// ```
    public static func isTestFile(_ name: String) -> Bool {
        name.hasSuffix(".test.yaml") || name.hasSuffix(".test.yml")
    }

    /// The test files (`*.test.yaml`) of a table: under a directory table, in lexical order of
    /// their relative paths; beside a single-file table `app.yaml` (or a compiled `app.json`),
    /// `app.test.yaml` and `app.test.yml`, those that exist.
    ///
    /// ```swift
    /// let tests = try TableLoader.testFiles(at: "routes/") // ["routes/login.test.yaml", …]
    /// try TableLoader.testFiles(at: "app.yaml")             // ["app.test.yaml"] when it exists
    /// ```
    public static func testFiles(at path: String) throws(TableLoadError) -> [String] {
        if let listing = try TableDirectory.list(path, named: isTestFile) { return listing.files }
        let directory = (path as NSString).deletingLastPathComponent
        return testFileNames(beside: path)
            .map { directory.isEmpty ? $0 : (directory as NSString).appendingPathComponent($0) }
            .filter { candidate in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }
    }

    /// The names of the test files of a single-file table, beside it: `app.test.yaml` and
    /// `app.test.yml` for `app.yaml` (or its compiled `app.json`).
    ///
    /// ```swift
    /// TableLoader.testFileNames(beside: "routes/app.yaml") // ["app.test.yaml", "app.test.yml"]
    /// ```
    public static func testFileNames(beside table: String) -> [String] {
        let stem = ((table as NSString).lastPathComponent as NSString).deletingPathExtension
        return ["\(stem).test.yaml", "\(stem).test.yml"]
    }

    /// The file's bytes, at most one past the size limit, and its real size.
    static func readBytes(_ path: String) throws(TableLoadError) -> (bytes: [UInt8], size: Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TableLoadError(path: path, reason: FileProblem.reason(reading: path))
        }
        defer { try? handle.close() }
        do {
            // Read one byte past the limit so an oversized file is reported, not truncated.
            let data = try handle.read(upToCount: YAMLLimits.maxFileSize + 1) ?? Data()
            guard data.count > YAMLLimits.maxFileSize else { return ([UInt8](data), data.count) }
            // A device or a pipe has no size of its own (0): then only "larger than" is known.
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = max((attributes?[.size] as? NSNumber)?.intValue ?? 0, data.count)
            return ([UInt8](data), size)
        } catch {
            throw TableLoadError(path: path, reason: FileProblem.reason(reading: path, error: error))
        }
    }

    /// `decoded` without the errors at the very place of an error the YAML reader reported: an
    /// undefined alias is read as null, and "expected an expression, found null" there would only
    /// restate it, listed first. Nor a key missing from a mapping whose merge key the reader
    /// could not apply (`{<<: home}`): it was most likely to come from the merge.
    static func withoutFollowOnErrors(_ decoded: [Diagnostic], of read: [Diagnostic],
                                      mappingsWithFailedMerges: [SourceRange]) -> [Diagnostic] {
        let places = Set(read.filter { $0.severity == .error }.map(\.range))
        guard !places.isEmpty else { return decoded }
        return decoded.filter { diagnostic in
            diagnostic.severity != .error || !places.contains(diagnostic.range)
                && (diagnostic.code != "missing-key" || !mappingsWithFailedMerges.contains(diagnostic.range))
        }
    }

    /// `diagnostics` without a `yaml11-boolean` warning on a value that also has an error
    /// (`tab: off` where no tab is named so): quoting it, as the warning says, would not mend it.
    static func withoutMootWarnings(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let errorPlaces = Set(diagnostics.filter { $0.severity == .error }.map(\.range))
        return diagnostics.filter { $0.code != "yaml11-boolean" || !errorPlaces.contains($0.range) }
    }

    /// Drops repeats of the same diagnostic (a merge key can bring one problem in twice).
    static func unique(_ sorted: [Diagnostic]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for diagnostic in sorted where result.last != diagnostic { result.append(diagnostic) }
        return result
    }

    /// "missing required key 'tabs'" in a file given alone, beside other route files: most
    /// likely one part of a table split over several files, which is checked as its folder.
    static func withSplitTableHint(_ diagnostic: Diagnostic, file: String) -> Diagnostic {
        guard diagnostic.code == "missing-key", diagnostic.message.hasPrefix("missing required key 'tabs'") else {
            return diagnostic
        }
        let folder = (file as NSString).deletingLastPathComponent
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        guard siblings.contains(where: { isRouteFile($0) && $0 != (file as NSString).lastPathComponent }) else {
            return diagnostic
        }
        var hinted = diagnostic
        hinted.notes.append(DiagnosticNote(
            "if this file is one part of a table split over several files, check the folder: '\(folder.isEmpty ? "." : folder + "/")'"))
        return hinted
    }

    /// A file named like a route file but in upper case: `*.yaml` and `*.yml` are matched as
    /// written, as on a case-sensitive file system, so its rules are not in the table.
    static func ignoredFile(_ path: String) -> Diagnostic {
        let name = (path as NSString).lastPathComponent
        return Diagnostic(.warning, "ignored-file",
                          "'\(name)' is not read: route files end in '.yaml' or '.yml', in lower case; rename it to read its rules",
                          at: .wholeFile(path))
    }

    static func emptyTable(_ path: String) -> Diagnostic {
        Diagnostic(.error, "empty-table",
                   "no route files (*.yaml, *.yml) found in '\(path)'", at: .wholeFile(path))
    }
}
