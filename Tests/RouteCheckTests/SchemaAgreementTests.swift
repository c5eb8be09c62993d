import Foundation
import Testing

/// The JSON Schema and `routecheck validate` agree on the schema fixtures: every structurally
/// broken file is rejected by both (the schema side runs in scripts/check-schemas.sh), every
/// valid one accepted by both.
@Suite struct SchemaAgreementTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/schema")

    static func files(_ folder: String) -> [String] {
        let directory = fixtures.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test func thereAreFixtures() {
        #expect(Self.files("broken").count >= 10)
        #expect(Self.files("broken-tests").count >= 3)
        #expect(Self.files("valid").count >= 1)
    }

    @Test(arguments: files("broken"))
    func brokenFileIsRejected(_ name: String) throws {
        let run = try runRouteCheck(["validate", "broken/" + name], in: Self.fixtures)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains(": error: "), "\(run)")
    }

    @Test(arguments: files("valid"))
    func validFileIsAccepted(_ name: String) throws {
        let run = try runRouteCheck(["validate", "valid/" + name], in: Self.fixtures)
        #expect(run.status == 0, "\(run)")
    }

    /// Test files the test-file schema rejects, `routecheck test` rejects too (run against the
    /// example app's table).
    @Test(arguments: files("broken-tests"))
    func brokenTestFileIsRejected(_ name: String) throws {
        let routes = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("routes").path
        let run = try runRouteCheck(["test", routes, "broken-tests/" + name], in: Self.fixtures)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains(": error: "), "\(run)")
    }
}
