import CPasskeyLibCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Validates a certification path from a leaf certificate to one of a fixed set of trust anchors
/// (RFC 5280 §6.1, with libcrypto's `X509_verify_cert`).
///
/// Build one verifier per set of anchors and share it: the `X509_STORE` is built once at init and used
/// read-only by concurrent verifications. No purpose or extended key usage is required of the leaf
/// (attestation certificates carry EKUs such as `2.23.133.8.3`), and any anchor may be an intermediate CA
/// (`X509_V_FLAG_PARTIAL_CHAIN`), as WebAuthn §7.1 `#reg-ceremony-attestation-trust-anchors` allows for attestation
/// trust anchors.
public struct CertificateChainVerifier: Sendable {
    private let store: X509StoreHandle
    private let verifiedIntermediates = VerifiedIntermediateCache()
    /// The trust anchors, in the order given.
    public let trustAnchors: [Certificate]
    /// The certificate revocation lists every path is checked against (RFC 5280 §6.3); empty when revocation
    /// is not checked.
    public let revocationLists: [CertificateRevocationList]

    /// Creates a verifier that trusts exactly `trustAnchors` (RFC 5280 §6.1.1 (d)).
    public init(trustAnchors: [Certificate]) {
        self.init(trustAnchors: trustAnchors, revocationLists: [])
    }

    /// Creates a verifier that trusts exactly `trustAnchors` and, when `revocationLists` is not empty, checks
    /// every certificate of a path below its anchor against those lists (RFC 5280 §6.3; libcrypto's
    /// `X509_V_FLAG_CRL_CHECK | X509_V_FLAG_CRL_CHECK_ALL`): a revoked certificate, a list that is outside
    /// its validity at the verification instant or badly signed, and a certificate whose issuer has no list
    /// here all fail the path.
    public init(trustAnchors: [Certificate], revocationLists: [CertificateRevocationList]) {
        self.trustAnchors = trustAnchors
        self.revocationLists = revocationLists
        self.store = X509StoreHandle(anchors: trustAnchors, revocationLists: revocationLists)
    }

    /// How many intermediates this verifier has validated and remembers (``VerifiedIntermediateCache``).
    package var verifiedIntermediateCount: Int { verifiedIntermediates.count }

    /// Validates the path from `leaf` through the untrusted `intermediates` (any order) to a trust anchor, with
    /// every validity period checked at `instant` (RFC 5280 §6.1.3 (a)(2)) rather than the current time.
    ///
    /// Throws ``CryptoError/Code/certificateExpiredOrNotYetValid`` when a certificate (or CRL) of the path is
    /// outside its validity period at `instant`, ``CryptoError/Code/certificateChainUntrusted`` for every other
    /// failure (no path to an anchor, bad signature, CA constraints, a revoked certificate or a missing list
    /// when ``revocationLists`` is not empty, no anchors at all); the reason holds libcrypto's verify error
    /// string and the subject of the failing certificate.
    ///
    /// A chain with one intermediate that this verifier has already validated up to an anchor (and whose path is
    /// valid at `instant`) is first checked from the leaf to that intermediate only; see
    /// ``VerifiedIntermediateCache`` for when that is equivalent. A failure there is never reported: the full
    /// validation runs and decides.
    public func verify(leaf: Certificate, intermediates: [Certificate], at instant: Date) throws {
        guard !trustAnchors.isEmpty else {
            throw CryptoError(.certificateChainUntrusted, "no trust anchors are configured; subject \(leaf.subject)")
        }
        guard let storePointer = store.pointer else {
            throw LibCrypto.failure("X509_STORE_new")
        }
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, let time = Int(exactly: seconds) else {
            throw CryptoError(.certificateExpiredOrNotYetValid, "verification instant \(instant) is out of range")
        }
        if revocationLists.isEmpty, intermediates.count == 1,
            let entry = verifiedIntermediates.entry(for: intermediates[0], at: time)
        {
            let accepted = withExtendedLifetime(entry) {
                guard let entryStore = entry.store.pointer else { return false }
                return (try? validate(leaf: leaf, intermediates: [], store: entryStore, time: time) { _ in }) == true
            }
            if accepted {
                return
            }
        }
        try validate(leaf: leaf, intermediates: intermediates, store: storePointer, time: time) { context in
            if revocationLists.isEmpty, intermediates.count == 1 {
                verifiedIntermediates.record(
                    intermediate: intermediates[0],
                    chain: X509_STORE_CTX_get0_chain(context),
                    anchors: trustAnchors
                )
            }
        }
    }

    /// Runs `X509_verify_cert` for `leaf` with `intermediates` untrusted against `store` at `time`. On success calls
    /// `validated` with the store context (its chain still built) and returns `true`; on failure throws.
    @discardableResult
    private func validate(
        leaf: Certificate,
        intermediates: [Certificate],
        store storePointer: OpaquePointer,
        time: Int,
        validated: (OpaquePointer) -> Void
    ) throws -> Bool {
        guard let context = X509_STORE_CTX_new() else {
            throw LibCrypto.failure("X509_STORE_CTX_new")
        }
        defer { X509_STORE_CTX_free(context) }
        guard let untrusted = CPasskeyLibCrypto_sk_X509_new_null() else {
            throw LibCrypto.failure("sk_X509_new_null")
        }
        defer { CPasskeyLibCrypto_sk_X509_free(untrusted) }
        for intermediate in intermediates
        where CPasskeyLibCrypto_sk_X509_push(untrusted, intermediate.handle.pointer) <= 0 {
            throw LibCrypto.failure("sk_X509_push")
        }
        guard X509_STORE_CTX_init(context, storePointer, leaf.handle.pointer, untrusted) == 1 else {
            throw LibCrypto.failure("X509_STORE_CTX_init")
        }
        var flags = UInt(X509_V_FLAG_PARTIAL_CHAIN)
        if !revocationLists.isEmpty {
            flags |= UInt(X509_V_FLAG_CRL_CHECK) | UInt(X509_V_FLAG_CRL_CHECK_ALL)
        }
        X509_STORE_CTX_set_flags(context, flags)
        X509_STORE_CTX_set_time(context, 0, time)
        let status = withExtendedLifetime((leaf, intermediates, revocationLists)) { X509_verify_cert(context) }
        if status == 1 {
            validated(context)
            return true
        }

        let errorCode = X509_STORE_CTX_get_error(context)
        let depth = X509_STORE_CTX_get_error_depth(context)
        let message = X509_verify_cert_error_string(Int(errorCode)).map { String(cString: $0) } ?? "error \(errorCode)"
        let failing =
            X509_STORE_CTX_get_current_cert(context)
            .flatMap { try? DistinguishedName(name: X509_get_subject_name($0)) }
            ?? leaf.subject
        ERR_clear_error()
        let reason = "\(message) (depth \(depth), subject \(failing))"
        switch errorCode {
        case X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID,
            X509_V_ERR_CRL_HAS_EXPIRED, X509_V_ERR_CRL_NOT_YET_VALID:
            throw CryptoError(.certificateExpiredOrNotYetValid, reason)
        default:
            throw CryptoError(.certificateChainUntrusted, reason)
        }
    }
}
