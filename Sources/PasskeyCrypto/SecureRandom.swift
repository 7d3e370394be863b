import CPasskeyLibCrypto

/// Cryptographically secure random bytes from libcrypto's default DRBG (`RAND_bytes`, NIST SP 800-90A),
/// for WebAuthn challenges (WebAuthn Level 3 §13.4.3: at least 16 random bytes) and user handles (§14.6.1).
public enum SecureRandom {
    /// The most bytes one call returns, 1 MiB; it bounds the allocation.
    public static let maximumCount = 1_048_576

    /// Returns `count` random bytes.
    ///
    /// - Throws: ``CryptoError/Code/libcryptoFailure`` when `count` is negative or above
    ///   ``maximumCount``, or when libcrypto cannot produce random bytes (its generator could not be seeded).
    public static func bytes(count: Int) throws(CryptoError) -> [UInt8] {
        guard count >= 0, count <= maximumCount else {
            throw CryptoError(.libcryptoFailure, "\(count) random bytes requested; 0 to \(maximumCount) can be")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return bytes }
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            RAND_bytes(buffer.baseAddress, Int32(buffer.count))
        }
        guard status == 1 else {
            throw LibCrypto.failure("RAND_bytes")
        }
        return bytes
    }
}
