internal import CSodium
import RouteKit

/// An Ed25519 private key, from libsodium: made fresh (`routecheck keygen`) or from the 32-byte
/// seed a key file holds, it signs a compiled table for `routecheck compile --sign`.
///
/// The secret key lives in memory this object allocates and wipes (`sodium_memzero`) when it
/// goes; `seed` hands out a copy, only to be written to the key file.
///
/// ```swift
/// let key = try Ed25519SigningKey(seed: seedBytes)
/// let signature = key.sign(message)  // 64 bytes
/// SodiumVerifier().isValidSignature(signature, of: message, publicKey: key.publicKey) // true
/// ```
public final class Ed25519SigningKey: @unchecked Sendable {
    // Sendable: `secretKey` is written once, in `init`, and only read after.

    /// The 32-byte public key: what a `.pub` file holds and apps trust.
    public let publicKey: [UInt8]
    /// libsodium's 64-byte secret key (the seed, then the public key), owned by this object.
    private let secretKey: UnsafeMutablePointer<UInt8>

    /// Why a key cannot be made.
    ///
    /// ```swift
    /// do { _ = try Ed25519SigningKey(seed: [1, 2]) } catch { print(error) } // a seed is 32 bytes, not 2
    /// ```
    public struct KeyError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A single lowercase phrase.
        public var description: String
    }

    /// The key a 32-byte seed stands for (RFC 8032's private key).
    ///
    /// ```swift
    /// let key = try Ed25519SigningKey(seed: Array(repeating: 7, count: 32))
    /// ```
    public init(seed: [UInt8]) throws(KeyError) {
        guard seed.count == Int(crypto_sign_SEEDBYTES) else {
            throw KeyError(description: "a seed is \(crypto_sign_SEEDBYTES) bytes, not \(seed.count)")
        }
        guard Sodium.isReady else { throw KeyError(description: "libsodium could not be initialized") }
        var publicKey = [UInt8](repeating: 0, count: Int(crypto_sign_PUBLICKEYBYTES))
        secretKey = .allocate(capacity: Int(crypto_sign_SECRETKEYBYTES))
        _ = crypto_sign_seed_keypair(&publicKey, secretKey, seed)
        self.publicKey = publicKey
    }

    /// The 32-byte seed the key is made from: what a private key file holds (a copy).
    public var seed: [UInt8] { Array(UnsafeBufferPointer(start: secretKey, count: Int(crypto_sign_SEEDBYTES))) }

    /// A new key from libsodium's random generator (the system's).
    ///
    /// ```swift
    /// let key = try Ed25519SigningKey.generate()
    /// ```
    public static func generate() throws(KeyError) -> Ed25519SigningKey {
        guard Sodium.isReady else { throw KeyError(description: "libsodium could not be initialized") }
        var seed = [UInt8](repeating: 0, count: Int(crypto_sign_SEEDBYTES))
        randombytes_buf(&seed, seed.count)
        defer { sodium_memzero(&seed, seed.count) }
        return try Ed25519SigningKey(seed: seed)
    }

    /// The 64-byte Ed25519 signature of `message`.
    ///
    /// ```swift
    /// let signature = key.sign(SignedTable.message(keyID: id, tableVersion: 42, table: bytes))
    /// ```
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Int(crypto_sign_BYTES))
        _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), secretKey)
        return signature
    }

    deinit {
        sodium_memzero(secretKey, Int(crypto_sign_SECRETKEYBYTES))
        secretKey.deallocate()
    }
}
