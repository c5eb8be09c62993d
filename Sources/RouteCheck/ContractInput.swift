import RouteKit
import RouteKitYAML

/// The app contract named by `--contract FILE` (`validate`, `verify`): read and checked, or the
/// positioned `invalid-contract` error saying why it is not one.
///
/// ```swift
/// switch try ContractInput.read("contract/app.contract.json") {
/// case .success(let contract): check(table, against: contract)
/// case .failure(let problem): print(TextDiagnosticRenderer(files: [problem.file]).render([problem.diagnostic]))
/// }
/// ```
enum ContractInput {
    /// Why a contract file is not a contract: the error, and the file's text to show it in.
    struct Problem: Error {
        var diagnostic: Diagnostic
        var file: SourceFile
    }

    /// The code of a contract file that is not one.
    static let invalidCode: DiagnosticCode = "invalid-contract"

    /// The contract in the file at `path`; a file that cannot be read is `CLIError.io` (exit 2).
    static func read(_ path: String) throws(CLIError) -> Result<AppContract, Problem> {
        // One byte past the limit, so that the reader reports a larger file as too large; a byte
        // order mark an editor may have added is no part of the JSON.
        let read = try InputPath.readBytes(path, atMost: AppContract.maxBytes + InputPath.byteOrderMarkLength)
        let bytes = YAMLReader.withoutByteOrderMark(read)
        let file = SourceFile(path: path, text: String(decoding: bytes.prefix(AppContract.maxBytes), as: UTF8.self))
        do throws(AppContractError) {
            return .success(try AppContract(json: bytes))
        } catch {
            let place = error.position.map { SourceRange(file: path, at: $0) } ?? .wholeFile(path)
            let diagnostic = Diagnostic(.error, invalidCode, "not an app contract: \(error.reason)", at: place)
            return .failure(Problem(diagnostic: diagnostic, file: file))
        }
    }
}
