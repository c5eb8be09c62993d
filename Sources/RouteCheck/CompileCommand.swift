#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RouteKit
import RouteKitYAML

/// `routecheck compile TABLE -o FILE`: checks a table and writes its compiled form, the
/// deterministic JSON that `RouteKit` loads without libyaml (`CompiledTableFormat`).
///
/// ```
/// $ routecheck compile routes/ -o routes.compiled.json
/// $ routecheck eval routes.compiled.json --payload '{"type": 3, "id": 42}'
/// ```
struct CompileCommand: Command {
    static let configuration = CommandConfiguration(
        name: "compile",
        abstract: "Write a table's compiled form for the app to load",
        discussion: """
            Checks TABLE (a .yaml/.yml file, a directory of them, or a compiled table) and
            writes the compiled table: deterministic JSON (the same table gives the same bytes)
            described by schemas/compiled.schema.json, which RouteKit loads without libyaml and
            'routecheck eval' accepts as its TABLE. The file is written whole or
            not at all: a temporary file in the same directory is renamed over FILE. A table
            with errors is reported on standard error (warnings too) and nothing is written.
            FILE may not be one of the table's own files, nor a .yaml file inside a directory
            TABLE (it would join the table); -o - writes to standard output.
            """,
        options: [
            .value("output", short: "o", placeholder: "FILE",
                   help: "Where to write the compiled table (- for standard output)").required,
            .color,
        ],
        arguments: [
            .table()
        ],
        exitStatuses: [
            (0, "Compiled and written"),
            (1, "The table has errors; nothing written"),
            (2, "Usage error, a file could not be read or written, or FILE is an input of TABLE or would join it"),
        ])

    var table: String
    var output: String
    var color: ColorMode

    init(_ arguments: ParsedArguments) throws(CLIError) {
        table = try arguments.positional(0, name: "TABLE")
        guard let output = arguments.value("output"), !output.isEmpty else {
            throw .usage("give the output file with -o FILE (or -o - for standard output)")
        }
        self.output = output
        color = try arguments.choice("color", as: ColorMode.self, default: .auto)
    }

    func run(_ context: CommandContext) throws(CLIError) -> ExitStatus {
        let input = try TableInput.open(table)
        let program: RoutingProgram
        if input.isCompiled {
            try refuseOverwriting([table])
            program = try ProgramLoader.loadCompiled(input, context: context)
        } else {
            let checked: CheckedTable
            do throws(TableLoadError) {
                checked = try input.loadRouteTable()
            } catch {
                throw .io(error.description)
            }
            try refuseOverwriting(checked.files.map(\.path))
            report(checked, context: context)
            guard let loaded = checked.program else {
                context.console.err("Error: the table '\(table)' has errors; nothing written\n")
                return .findings
            }
            program = loaded
        }
        let text = CompiledTableFormat.encode(program, sourceRoot: table)
        let bytes = Array(text.utf8)
        // Never write what the loader would refuse (say, a text past the reader's string bound).
        do throws(CompiledTableError) {
            _ = try CompiledTableFormat.decode(bytes)
        } catch {
            context.console.err("Error: the compiled table would not load: \(error.description); nothing written\n")
            return .findings
        }
        if output == "-" {
            context.console.out(text)
        } else {
            try AtomicWriter.save(bytes, to: output)
        }
        return .success
    }

    /// Prints the table's diagnostics on standard error, as `validate` renders them, with the
    /// summary line when there are any.
    private func report(_ checked: CheckedTable, context: CommandContext) {
        guard !checked.diagnostics.isEmpty else { return }
        let renderer = TextDiagnosticRenderer(
            files: checked.files, colored: context.colors(.error, mode: color))
        context.console.err(renderer.render(checked.diagnostics))
        var summary = DiagnosticSummary(
            tables: 1, files: checked.files.count, rules: checked.ruleCount, errors: 0, warnings: 0)
        summary.count(checked.diagnostics)
        context.console.err(summary.line + "\n")
    }

    /// Refuses (exit 2) an output that is one of the table's input files, by path or by identity
    /// (a hard link or a symbolic link to it).
    private func refuseOverwriting(_ inputs: [String]) throws(CLIError) {
        guard output != "-" else { return }
        let target = AtomicWriter.identity(of: output)
        let targetPath = URL(fileURLWithPath: output).standardizedFileURL.path
        for input in inputs {
            let sameFile = target != nil && target == AtomicWriter.identity(of: input)
            let samePath = URL(fileURLWithPath: input).standardizedFileURL.path == targetPath
            if sameFile || samePath {
                throw .io("refusing to write '\(output)': it is an input file of the table '\(table)'")
            }
        }
        try refuseJoiningTheTable()
    }

    /// Refuses (exit 2) an output that the next load of a directory table would read as one of
    /// its route files (`routes/compiled.yaml`), which would break that table.
    private func refuseJoiningTheTable() throws(CLIError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: table, isDirectory: &isDirectory), isDirectory.boolValue,
              TableLoader.isRouteFile(URL(fileURLWithPath: output).lastPathComponent)
        else { return }
        let directory = URL(fileURLWithPath: table).resolvingSymlinksInPath().standardizedFileURL.path
        let target = URL(fileURLWithPath: output).deletingLastPathComponent()
            .resolvingSymlinksInPath().standardizedFileURL.path
        guard target == directory || target.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
        else { return }
        throw .io("refusing to write '\(output)': inside the table's directory '\(table)' it would be "
            + "read as one of its route files; write it elsewhere, or name it '.json'")
    }
}

extension CompileCommand {
    /// Writes a file whole or not at all: the bytes go to a new temporary file in the same
    /// directory, which is flushed and then renamed over the destination, with the mode the file
    /// had. On any error the temporary file is removed and the destination is left as it was.
    /// A symbolic link is written through (the file it names is replaced, the link stays), and a
    /// device or a pipe (`-o /dev/stdout`, `-o /dev/null`) is written to, not replaced: renaming
    /// over `/dev/null` as root would turn it into a file for every later process.
    ///
    /// ```swift
    /// try CompileCommand.AtomicWriter.save(Array(json.utf8), to: "routes.compiled.json")
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

        /// Writes every byte, retrying after interruptions; the `errno` of a failure, or nil.
        private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
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
}
