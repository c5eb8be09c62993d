/// The cryptography a signed table needs: Ed25519 signature verification (RFC 8032) and
/// SHA-256, both from a real library. RouteKit implements neither.
///
/// RouteKit brings `CryptoKitVerifier` on Apple platforms; `routecheck` and the tests on Linux
/// use `SodiumVerifier` (the `RouteKitSodium` module, over libsodium). An app with its own
/// crypto library can conform any type.
///
/// ```swift
/// struct MyVerifier: SignatureVerifier {
///     func isValidSignature(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
///         MyCrypto.ed25519Verify(signature: signature, message: message, key: publicKey)
///     }
///     func sha256(_ bytes: [UInt8]) -> [UInt8] { MyCrypto.sha256(bytes) }
/// }
/// let keys = try TrustedKeys(base64: ["…"], verifier: MyVerifier())
/// ```
public protocol SignatureVerifier: Sendable {
    /// Whether `signature` (64 bytes) is a valid Ed25519 signature of `message` by the 32-byte
    /// `publicKey`; false for anything of the wrong length.
    func isValidSignature(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool
    /// The SHA-256 digest of `bytes`, 32 bytes; a key's id is made from it.
    func sha256(_ bytes: [UInt8]) -> [UInt8]
}
