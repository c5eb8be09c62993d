import Foundation
import RouteKit
import RouteKitYAML
import Testing

/// One hostile route file (SPEC §8): its bytes, every diagnostic expected from
/// `TableLoader.load(path:)` rendered as `file:line:col: severity: message [code]`, whether the
/// table still loads (it may, with warnings), and how long loading may take.
struct HostileFileCase: CustomStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var expected: [String]
    var loads: Bool
    /// A hang check, not a benchmark: each case states the time it was measured at.
    var bound: Duration
    var description: String { name }

    init(_ name: String, _ bytes: [UInt8], _ expected: [String], loads: Bool = false,
         bound: Duration = HostileRouteFiles.bound) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
        self.loads = loads
        self.bound = bound
    }

    init(_ name: String, _ text: String, _ expected: [String], loads: Bool = false,
         bound: Duration = HostileRouteFiles.bound) {
        self.init(name, Array(text.utf8), expected, loads: loads, bound: bound)
    }
}

/// Writes hostile route files to a fresh temporary directory and loads them as a product would.
enum HostileRouteFiles {
    /// Every small case loads in under 1 ms in a debug build; 5 s is over 5000×, a hang check only.
    static let bound: Duration = .seconds(20)

    /// The file name every case is written to and every expected diagnostic starts with.
    static let fileName = "routes.yaml"

    /// A valid table of 10 lines; cases break one thing in it.
    static let table = """
        version: 1
        tabs: [home, me]
        screens:
          detail: {show: push, tab: home, params: {id: int}}
        payload: {type: int, id: int, uid: string}
        routes:
          - name: a
            when: type == 3
            push: detail
            params: {id: id}

        """

    /// `table` with `old` replaced by `new` (which must occur).
    static func table(replacing old: String, with new: String) -> String {
        precondition(table.contains(old), "'\(old)' is not in the table")
        return table.replacingOccurrences(of: old, with: new)
    }

    /// `table` as bytes, with the first occurrence of `old` replaced by `new`.
    static func bytes(replacing old: String, with new: [UInt8]) -> [UInt8] {
        var bytes = Array(table.utf8)
        let needle = Array(old.utf8)
        guard let start = (0...(bytes.count - needle.count)).first(where: {
            Array(bytes[$0..<($0 + needle.count)]) == needle
        }) else { preconditionFailure("'\(old)' is not in the table") }
        bytes.replaceSubrange(start..<(start + needle.count), with: new)
        return bytes
    }

    static func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit -> [UInt8] in
            let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
            return bigEndian ? [high, low] : [low, high]
        }
    }

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A diagnostic as `routecheck validate` prints its first line, with the path made relative.
    static func render(_ diagnostic: Diagnostic, in directory: URL) -> String {
        let prefix = directory.path + "/"
        var file = diagnostic.range.file
        if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
        let start = diagnostic.range.start
        return "\(file):\(start.line):\(start.column): \(diagnostic.severity.rawValue): "
            + "\(diagnostic.message) [\(diagnostic.code)]"
    }

    /// Writes the case's bytes to a temporary `routes.yaml`, loads it with `TableLoader`, and
    /// checks the rendered diagnostics, whether a program came out, and the time taken.
    static func check(_ c: HostileFileCase) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("routekit-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(fileName).path
        try Data(c.bytes).write(to: URL(fileURLWithPath: path))

        let clock = ContinuousClock()
        let start = clock.now
        let checked = try TableLoader.load(path: path)
        let elapsed = clock.now - start

        #expect(checked.diagnostics.map { render($0, in: directory) } == c.expected)
        #expect((checked.program != nil) == c.loads, "the table should \(c.loads ? "" : "not ")load")
        #expect(elapsed < c.bound, "took \(elapsed), bound \(c.bound)")
    }
}
