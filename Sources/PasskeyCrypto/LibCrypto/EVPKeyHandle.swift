import CPasskeyLibCrypto

/// Owns one `EVP_PKEY` and frees it when the last reference goes away.
///
/// `@unchecked Sendable` is safe: the key is never mutated after init. Every operation
/// (verify, sign, export) uses its own `EVP_MD_CTX`/`EVP_PKEY_CTX` (verification contexts are pooled
/// and handed to one thread at a time), and OpenSSL 3 allows concurrent read-only use of one
/// `EVP_PKEY` from several threads (its provider-key cache is guarded by the key's own lock).
final class EVPKeyHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    /// Verification contexts for this key, reused across verifications.
    let verificationContexts = VerificationContextPool()

    /// Takes ownership of `pointer`.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }
}
