import Foundation
import RouteKit
import Testing

/// RouteKit reads the app contracts `schemas/contract.schema.json` accepts and refuses those it
/// rejects: the fixtures `scripts/check-schemas.sh` runs through the schema.
@Suite struct ContractSchemaAgreementTests {
    static let root = SigningFixture.root

    static func files(_ folder: String) -> [String] {
        let path = root + "/" + folder
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { path + "/" + $0 }
    }

    @Test func everyContractTheSchemaAcceptsIsRead() throws {
        let valid = Self.files("Tests/Fixtures/contract/valid") + Self.files("contract")
        #expect(valid.count >= 3)
        for path in valid {
            #expect(throws: Never.self, "\(path)") { try AppContract(json: SigningFixture.readFile(path)) }
        }
    }

    @Test func everyContractTheSchemaRejectsIsRefused() {
        let broken = Self.files("Tests/Fixtures/contract/broken")
        #expect(broken.count >= 10)
        for path in broken {
            #expect(throws: AppContractError.self, "\(path)") { try AppContract(json: SigningFixture.readFile(path)) }
        }
    }
}
