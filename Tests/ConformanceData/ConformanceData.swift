import Foundation
import Testing

/// An official conformance data set that some test suites read. The data is not part of the
/// repository: it is looked for in the folder `ROUTEKIT_CONFORMANCE_DIR` names, or, when that
/// is not set, in `../shared` beside the package (where it sits on the team's machines), as
/// `yaml-test-suite/` and `cel-conformance/`. `scripts/fetch-conformance.sh DIR` makes such a
/// folder. A test that needs a data set carries the `.needs(_:)` trait and reads the folder with
/// `directory()`:
///
/// ```swift
/// @Test(.needs(.yamlTestSuite)) func tallies() throws {
///     let suite = try ConformanceData.yamlTestSuite.directory()
///     …
/// }
/// ```
///
/// Without the data, such a test is skipped with a one-line note that says what is missing and
/// how to get it; with `CI=true` it runs and fails with that note instead, so CI never passes
/// without having run it.
public enum ConformanceData: String, Sendable, CaseIterable {
    /// The yaml-test-suite, data release `data-2022-01-17`: one folder per case.
    case yamlTestSuite = "yaml-test-suite"
    /// CEL's conformance tests (cel-spec's `tests/simple/testdata`) as JSON, with `subset.json`.
    case celConformance = "cel-conformance"

    /// The environment variable that names the folder holding the data sets.
    public static let directoryVariable = "ROUTEKIT_CONFORMANCE_DIR"

    /// The folder the data sets are looked for in: the one the environment variable names when
    /// it is set (and not empty), else `../shared` beside the package when it exists; nil when
    /// neither, with the reason.
    static func searchedFolder(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (folder: URL?, origin: String) {
        if let named = environment[directoryVariable], !named.isEmpty {
            return (URL(fileURLWithPath: named, isDirectory: true), "from \(directoryVariable)")
        }
        let beside = packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
        guard isFolder(beside) else {
            return (nil, "\(directoryVariable) is not set and \(beside.path) does not exist")
        }
        return (beside, "../shared beside the package")
    }

    /// The package's root: this file is `Tests/ConformanceData/ConformanceData.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Whether this run is CI's (`CI=true`, as GitHub Actions and most CI systems set it), where
    /// missing data fails the tests that need it instead of skipping them.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The data set's folder when it is there.
    public var location: URL? {
        guard let folder = Self.searchedFolder().folder?.appendingPathComponent(rawValue, isDirectory: true),
            Self.isFolder(folder)
        else { return nil }
        return folder
    }

    /// The data set's folder, or an error whose description is `missingNote`.
    public func directory() throws -> URL {
        guard let location else { throw Missing(note: missingNote) }
        return location
    }

    /// One line: what is missing, where it was looked for, and how to get it.
    public var missingNote: String {
        let (folder, origin) = Self.searchedFolder()
        let place = folder.map { "\($0.appendingPathComponent(rawValue).path) (\(origin)) does not exist" } ?? origin
        return "\(rawValue) not found: \(place); get it with 'scripts/fetch-conformance.sh DIR' "
            + "and run with \(Self.directoryVariable)=DIR"
    }

    /// A data set that is not there, described by its note.
    public struct Missing: Error, CustomStringConvertible {
        public let note: String
        public var description: String { note }
    }

    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when the data set is there, or in CI (`CI=true`), where its absence is
    /// a failure; otherwise the test is skipped with the data set's `missingNote`.
    ///
    /// ```swift
    /// @Suite(.needs(.celConformance)) struct ConformanceTests { … }
    /// ```
    public static func needs(_ data: ConformanceData) -> Self {
        .enabled(if: data.location != nil || ConformanceData.isCI, Comment(rawValue: data.missingNote))
    }
}
