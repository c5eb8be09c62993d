internal import CSodium
import RouteKit

/// Ed25519 (RFC 8032) and SHA-256 from libsodium: the `SignatureVerifier` of `routecheck` and of
/// apps and services on Linux. (Apple platforms have `CryptoKitVerifier` in `RouteKit`.)
///
/// ```swift
/// let keys = try TrustedKeys(base64: [publicKeyText], verifier: SodiumVerifier())
/// ```
public struct SodiumVerifier: SignatureVerifier {
    /// The verifier; libsodium is initialized on first use.
    ///
    /// ```swift
    /// let verifier = SodiumVerifier()
    /// ```
    public init() {}

    public func isValidSignature(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard Sodium.isReady, signature.count == Int(crypto_sign_BYTES),
            publicKey.count == Int(crypto_sign_PUBLICKEYBYTES)
        else { return false }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }

    public func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        // Only fails before libsodium is initialized, which `Sodium.isReady` does.
        precondition(Sodium.isReady)
        _ = crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return digest
    }
}

/// libsodium's one-time initialization.
enum Sodium {
    /// Whether `sodium_init` succeeded (it returns 1 when already initialized); it only fails when
    /// the system has no source of randomness.
    static let isReady: Bool = sodium_init() >= 0
}
