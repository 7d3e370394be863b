import CPasskeyLibCrypto

/// AES-256 in Galois/Counter Mode (NIST SP 800-38D), through libcrypto's `EVP_CIPHER` "AES-256-GCM": the
/// authenticated encryption that seals a `PasskeyVerifier` challenge. The key is 32 bytes, the nonce 12, the tag 16;
/// the additional data is authenticated, not encrypted.
public enum AES256GCM {
    /// The key's length in bytes.
    public static let keyCount = 32
    /// The nonce's length in bytes (SP 800-38D §8.2: 96 bits).
    public static let nonceCount = 12
    /// The tag's length in bytes (SP 800-38D §5.2.1.2: 128 bits).
    public static let tagCount = 16
    /// The most plaintext one call seals, 64 KiB: it bounds the allocation.
    public static let maximumPlaintextCount = 65_536

    /// `plaintext` sealed under `key` and `nonce`, with `additionalData` authenticated: the ciphertext followed by
    /// the tag (``tagCount`` bytes).
    ///
    /// - Throws: ``CryptoError/Code/libcryptoFailure`` when a length is wrong or libcrypto fails.
    public static func seal(
        _ plaintext: [UInt8],
        key: [UInt8],
        nonce: [UInt8],
        additionalData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try checkLengths(key: key, nonce: nonce, count: plaintext.count)
        let context = try Context()
        let cipher = try Cipher.aes256GCM()
        guard EVP_EncryptInit_ex2(context.pointer, cipher, key, nonce, nil) == 1 else {
            throw LibCrypto.failure("EVP_EncryptInit_ex2")
        }
        try context.feedAdditionalData(additionalData, encrypting: true)
        var output = [UInt8](repeating: 0, count: plaintext.count + tagCount)
        var written: Int32 = 0
        let updated = output.withUnsafeMutableBufferPointer { buffer in
            EVP_EncryptUpdate(context.pointer, buffer.baseAddress, &written, plaintext, Int32(plaintext.count))
        }
        guard updated == 1, written == Int32(plaintext.count) else { throw LibCrypto.failure("EVP_EncryptUpdate") }
        var finalWritten: Int32 = 0
        let finished = output.withUnsafeMutableBufferPointer { buffer in
            EVP_EncryptFinal_ex(context.pointer, buffer.baseAddress.map { $0 + plaintext.count }, &finalWritten)
        }
        guard finished == 1, finalWritten == 0 else { throw LibCrypto.failure("EVP_EncryptFinal_ex") }
        let tagged = output.withUnsafeMutableBufferPointer { buffer in
            EVP_CIPHER_CTX_ctrl(
                context.pointer, EVP_CTRL_AEAD_GET_TAG, Int32(tagCount), buffer.baseAddress.map { $0 + plaintext.count }
            )
        }
        guard tagged == 1 else { throw LibCrypto.failure("EVP_CTRL_AEAD_GET_TAG") }
        return output
    }

    /// The plaintext of `sealed` (a ciphertext followed by its tag), or `nil` when the tag does not verify under
    /// `key`, `nonce` and `additionalData`, or `sealed` is shorter than a tag.
    ///
    /// - Throws: ``CryptoError/Code/libcryptoFailure`` when the key or nonce has the wrong length, or libcrypto
    ///   fails other than by refusing the tag.
    public static func open(
        _ sealed: [UInt8],
        key: [UInt8],
        nonce: [UInt8],
        additionalData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8]? {
        guard sealed.count >= tagCount else { return nil }
        let count = sealed.count - tagCount
        try checkLengths(key: key, nonce: nonce, count: count)
        let context = try Context()
        let cipher = try Cipher.aes256GCM()
        guard EVP_DecryptInit_ex2(context.pointer, cipher, key, nonce, nil) == 1 else {
            throw LibCrypto.failure("EVP_DecryptInit_ex2")
        }
        try context.feedAdditionalData(additionalData, encrypting: false)
        var output = [UInt8](repeating: 0, count: max(count, 1))
        var written: Int32 = 0
        let updated = sealed.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                EVP_DecryptUpdate(context.pointer, buffer.baseAddress, &written, input.baseAddress, Int32(count))
            }
        }
        guard updated == 1, written == Int32(count) else { throw LibCrypto.failure("EVP_DecryptUpdate") }
        var tag = Array(sealed[count...])
        let tagSet = tag.withUnsafeMutableBufferPointer { buffer in
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_AEAD_SET_TAG, Int32(tagCount), buffer.baseAddress)
        }
        guard tagSet == 1 else { throw LibCrypto.failure("EVP_CTRL_AEAD_SET_TAG") }
        var finalWritten: Int32 = 0
        let verified = output.withUnsafeMutableBufferPointer { buffer in
            EVP_DecryptFinal_ex(context.pointer, buffer.baseAddress, &finalWritten)
        }
        _ = LibCrypto.drainErrorQueue()
        guard verified == 1 else { return nil }
        return Array(output.prefix(count))
    }

    private static func checkLengths(key: [UInt8], nonce: [UInt8], count: Int) throws(CryptoError) {
        guard key.count == keyCount else {
            throw CryptoError(.libcryptoFailure, "an AES-256-GCM key is \(keyCount) bytes, not \(key.count)")
        }
        guard nonce.count == nonceCount else {
            throw CryptoError(.libcryptoFailure, "an AES-256-GCM nonce is \(nonceCount) bytes, not \(nonce.count)")
        }
        guard count <= maximumPlaintextCount else {
            throw CryptoError(.libcryptoFailure, "\(count) bytes to seal; at most \(maximumPlaintextCount) can be")
        }
    }

    /// One `EVP_CIPHER_CTX`, freed with its owner.
    private final class Context {
        let pointer: OpaquePointer

        init() throws(CryptoError) {
            guard let pointer = EVP_CIPHER_CTX_new() else { throw LibCrypto.failure("EVP_CIPHER_CTX_new") }
            self.pointer = pointer
        }

        deinit {
            EVP_CIPHER_CTX_free(pointer)
        }

        /// Authenticates `additionalData` (an update with no output buffer).
        func feedAdditionalData(_ additionalData: [UInt8], encrypting: Bool) throws(CryptoError) {
            guard !additionalData.isEmpty else { return }
            guard additionalData.count <= AES256GCM.maximumPlaintextCount else {
                throw CryptoError(.libcryptoFailure, "\(additionalData.count) bytes of additional data is too many")
            }
            var written: Int32 = 0
            let status =
                encrypting
                ? EVP_EncryptUpdate(pointer, nil, &written, additionalData, Int32(additionalData.count))
                : EVP_DecryptUpdate(pointer, nil, &written, additionalData, Int32(additionalData.count))
            guard status == 1 else { throw LibCrypto.failure("EVP_CipherUpdate (additional data)") }
        }
    }

    /// The `EVP_CIPHER` fetched once from the default library context.
    private final class Cipher: @unchecked Sendable {
        let pointer: OpaquePointer?

        private init() {
            pointer = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil)
        }

        deinit {
            EVP_CIPHER_free(pointer)
        }

        private static let shared = Cipher()

        static func aes256GCM() throws(CryptoError) -> OpaquePointer {
            guard let pointer = shared.pointer else {
                throw CryptoError(.libcryptoFailure, "libcrypto does not provide AES-256-GCM")
            }
            return pointer
        }
    }
}
