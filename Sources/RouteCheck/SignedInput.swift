import RouteKit

/// A compiled TABLE that may be signed (SPEC §10): every command that takes a TABLE decides with
/// the compiled table inside a signed one, checking its signature only when `--key` is given;
/// with `--key`, a TABLE that is not signed is refused.
///
/// ```swift
/// switch SignedInput.unwrap(bytes, trusted: keys) {
/// case .success(let input): _ = try CompiledTableFormat.decode(input.table)
/// case .failure(let refusal): print(refusal.message(for: path))
/// }
/// ```
enum SignedInput {
    /// The compiled table's bytes, and the signed table they came in, if any.
    struct Unwrapped {
        var table: [UInt8]
        var signed: SignedTable?
    }

    /// Why a TABLE's bytes give no compiled table to decide with.
    enum Refusal: Error {
        /// A signed table that does not read.
        case invalid(SignedTableError)
        /// A signed table whose key is not trusted or whose signature does not verify.
        case untrusted(SignedTableError)
        /// Not a signed table, while `--key` asks for one.
        case notSigned

        /// One line for a person, naming the TABLE `path`.
        func message(for path: String) -> String {
            switch self {
            case .invalid(let error): "cannot load the signed table '\(path)': \(error)"
            case .untrusted(let error): "refusing the signed table '\(path)': \(error)"
            case .notSigned:
                "'\(path)' is not a signed table, and --key asks for one; sign it with "
                    + "'routecheck compile TABLE -o FILE --sign KEY --table-version N'"
            }
        }

        /// The diagnostic code `validate` reports it with.
        var code: DiagnosticCode {
            switch self {
            case .invalid: "invalid-signed-table"
            case .untrusted, .notSigned: "untrusted-table"
            }
        }
    }

    /// The compiled table in `bytes`: the bytes themselves, or the table inside a signed table,
    /// whose signature is checked with `trusted` when given.
    static func unwrap(_ bytes: [UInt8], trusted: TrustedKeys?) -> Result<Unwrapped, Refusal> {
        guard SignedTable.isSignedTable(bytes) else {
            return trusted == nil ? .success(Unwrapped(table: bytes, signed: nil)) : .failure(.notSigned)
        }
        let signed: SignedTable
        do throws(SignedTableError) {
            signed = try SignedTable(reading: bytes)
        } catch {
            return .failure(.invalid(error))
        }
        if let trusted {
            do throws(SignedTableError) {
                try trusted.verify(signed)
            } catch {
                return .failure(.untrusted(error))
            }
        }
        return .success(Unwrapped(table: signed.table, signed: signed))
    }
}
