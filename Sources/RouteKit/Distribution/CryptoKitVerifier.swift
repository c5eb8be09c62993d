#if canImport(CryptoKit)
import CryptoKit
import Foundation

/// Ed25519 and SHA-256 from Apple's CryptoKit (`Curve25519.Signing`, `SHA256`): the verifier
/// an iOS or macOS app gives `TrustedKeys`.
///
/// Only on Apple platforms; on Linux, use `SodiumVerifier` from `RouteKitSodium`.
///
/// ```swift
/// let keys = try TrustedKeys(base64: ["6yFQ…="], verifier: CryptoKitVerifier())
/// ```
public struct CryptoKitVerifier: SignatureVerifier {
    /// The verifier; it holds nothing.
    ///
    /// ```swift
    /// let verifier = CryptoKitVerifier()
    /// ```
    public init() {}

    public func isValidSignature(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == 64,
            let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey)
        else { return false }
        return key.isValidSignature(signature, for: message)
    }

    public func sha256(_ bytes: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: bytes))
    }
}
#endif
