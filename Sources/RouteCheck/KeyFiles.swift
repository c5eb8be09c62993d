#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RouteKit
import RouteKitSodium

/// The key files of signed tables (SPEC §10): `KEY` holds one line of base64 of a 32-byte
/// Ed25519 seed and must be private to its owner (mode 0600, as `routecheck keygen` writes it);
/// `KEY.pub` holds one line of base64 of the 32-byte public key.
///
/// ```swift
/// let signer = try KeyFiles.signingKey(at: "keys/routes.key")
/// let trusted = try KeyFiles.trustedKeys(["keys/routes.key.pub"])
/// ```
enum KeyFiles {
    /// The most a key file is read: one line of base64 is 45 bytes; anything far larger is not
    /// a key file.
    static let maxBytes = 4096

    /// The name `keygen` gives the public key of the private key file `path`.
    static func publicKeyPath(of path: String) -> String { path + ".pub" }

    /// The signing key a private key file holds. Refused (`CLIError.io`, exit 2) when the file
    /// is a `.pub` file, can be read or written by anyone but its owner (as ssh refuses a key
    /// others can read: anyone who read it could sign tables every app trusts), or does not hold
    /// one line of base64 of 32 bytes.
    static func signingKey(at path: String) throws(CLIError) -> Ed25519SigningKey {
        if path.hasSuffix(".pub") {
            throw .io("'\(path)' is a public key; sign with the private key (the file without '.pub')")
        }
        try InputPath.checkReadable(path)
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw .io("the private key file '\(path)' can be read or written by others (mode 0\(mode)); "
                + "anyone who reads it can sign tables your apps trust: make it private with 'chmod 600 \(path)'")
        }
        let seed = try decodedKey(at: path, what: "a private key: expected one line of base64 of a 32-byte seed (as routecheck keygen writes)")
        do {
            return try Ed25519SigningKey(seed: seed)
        } catch {
            throw .io("'\(path)' is not a private key: \(error)")
        }
    }

    /// The public keys in `paths`, trusted with libsodium's verifier.
    static func trustedKeys(_ paths: [String]) throws(CLIError) -> TrustedKeys {
        var keys: [[UInt8]] = []
        for path in paths {
            keys.append(try publicKey(at: path))
        }
        do {
            return try TrustedKeys(publicKeys: keys, verifier: SodiumVerifier())
        } catch {
            throw .io(error.description)
        }
    }

    /// The public key a `.pub` file holds.
    static func publicKey(at path: String) throws(CLIError) -> [UInt8] {
        // A private key decodes to 32 bytes too; trusting it would refuse every table.
        if !path.hasSuffix(".pub"), FileManager.default.fileExists(atPath: publicKeyPath(of: path)) {
            throw .io("'\(path)' looks like a private key ('\(publicKeyPath(of: path))' is beside it); "
                + "trust the public key: --key \(publicKeyPath(of: path))")
        }
        try InputPath.checkReadable(path)
        return try decodedKey(at: path, what: "a public key: expected one line of base64 of a 32-byte Ed25519 public key (as routecheck keygen writes KEY.pub)")
    }

    /// The 32 bytes of one line of base64 in the file at `path`.
    private static func decodedKey(at path: String, what: String) throws(CLIError) -> [UInt8] {
        let bytes = try InputPath.readBytes(path, atMost: maxBytes)
        let text = String(decoding: bytes.prefix(maxBytes), as: UTF8.self)
        guard bytes.count <= maxBytes, let key = Base64.decode(line: text),
            key.count == SignedTable.publicKeyLength
        else { throw .io("'\(path)' is not \(what)") }
        return key
    }
}
