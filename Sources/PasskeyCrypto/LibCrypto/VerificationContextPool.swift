import CPasskeyLibCrypto

/// Verification contexts of one key, initialised once per algorithm and reused, so that a key kept by the host
/// (a stored credential's ``COSEKey``) verifies without libcrypto's per-call setup: OpenSSL 3.0's
/// `EVP_DigestVerifyInit` creates an `EVP_PKEY_CTX` (a key-management fetch) and fetches the signature
/// algorithm on every call, under the provider store's lock (Docs/Performance.md).
///
/// A context is taken out for one verification and put back after it, so no two threads ever use the same
/// context at once; the lock guards only the short take and put, and belongs to this key alone. At most
/// ``capacity`` contexts per algorithm are kept; extra ones are freed. A context whose verification did not
/// succeed is freed rather than reused (a digest-context template, which verifies nothing itself, is always
/// put back).
final class VerificationContextPool: @unchecked Sendable {
    /// What a pooled pointer is, which decides how it is used and freed.
    enum Kind {
        /// An `EVP_PKEY_CTX` after `EVP_PKEY_verify_init` (ECDSA, RSA): verifies a precomputed digest.
        case publicKeyContext
        /// An `EVP_MD_CTX` after `EVP_DigestVerifyInit` with no digest (EdDSA): a template, copied for each
        /// one-shot verification and never used itself, because since OpenSSL 3.2 a context that ran
        /// `EVP_DigestVerify` cannot run it again.
        case digestContext
    }

    /// The most contexts kept per algorithm: enough for every core of a typical server to verify with the
    /// same key at once.
    static let capacity = 8

    private let mutex = PosixMutex()
    private var available: [COSEAlgorithm: [OpaquePointer]] = [:]
    private var kinds: [COSEAlgorithm: Kind] = [:]

    init() {}

    deinit {
        for (algorithm, contexts) in available {
            for context in contexts {
                Self.free(context, kinds[algorithm] ?? .publicKeyContext)
            }
        }
    }

    /// A context for `algorithm` that no one else is using, if one is pooled.
    func take(_ algorithm: COSEAlgorithm) -> OpaquePointer? {
        mutex.withLock { available[algorithm]?.popLast() }
    }

    /// Returns a context after a successful verification (or frees it when the pool is full).
    func put(_ context: OpaquePointer, _ algorithm: COSEAlgorithm, _ kind: Kind) {
        let kept = mutex.withLock {
            guard available[algorithm, default: []].count < Self.capacity else { return false }
            available[algorithm, default: []].append(context)
            kinds[algorithm] = kind
            return true
        }
        if !kept {
            Self.free(context, kind)
        }
    }

    /// Frees a context that is not put back.
    static func free(_ context: OpaquePointer, _ kind: Kind) {
        switch kind {
        case .publicKeyContext: EVP_PKEY_CTX_free(context)
        case .digestContext: EVP_MD_CTX_free(context)
        }
    }
}
