import CPasskeyLibCrypto

/// HMAC with SHA-256 (RFC 2104, FIPS 198-1), through libcrypto's `EVP_Q_mac`: the key derivation of a sealed
/// `PasskeyVerifier` challenge.
public enum HMACSHA256 {
    /// The length of a tag in bytes.
    public static let tagCount = 32
    /// The most bytes one call authenticates, and the longest key, 64 KiB: they bound the work.
    public static let maximumCount = 65_536

    /// The HMAC-SHA-256 of `message` under `key`.
    ///
    /// - Throws: ``CryptoError/Code/libcryptoFailure`` when the key is empty, either input is longer than
    ///   ``maximumCount``, or libcrypto fails.
    public static func authenticationCode(of message: [UInt8], key: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard !key.isEmpty, key.count <= maximumCount, message.count <= maximumCount else {
            throw CryptoError(
                .libcryptoFailure, "an HMAC key of 1 to \(maximumCount) bytes and a message of at most as many")
        }
        var tag = [UInt8](repeating: 0, count: tagCount)
        var written = 0
        let result = tag.withUnsafeMutableBufferPointer { buffer in
            EVP_Q_mac(
                nil, "HMAC", nil, "SHA256", nil, key, key.count, message, message.count, buffer.baseAddress,
                tagCount, &written)
        }
        guard result != nil, written == tagCount else { throw LibCrypto.failure("EVP_Q_mac") }
        return tag
    }
}
