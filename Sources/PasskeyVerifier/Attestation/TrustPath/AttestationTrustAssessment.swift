#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyCrypto

/// What an ``AttestationTrustPolicy`` knows about the authenticator of one registration, and what it decides
/// about that registration's attestation (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`,
/// `#reg-ceremony-assess-trust`).
///
/// ``VerifiedRegistration/trustAssessment`` keeps the assessment of a successful registration, so that the module
/// that declares it can report what it found (PasskeyMetadata's `metadataEntry` and `metadataStatus`).
public protocol AttestationTrustAssessment: Sendable {
    /// Roots trusted for this registration besides the format's own anchors
    /// (§7.1 `#reg-ceremony-attestation-trust-anchors`), `nil` for none.
    var trustAnchors: CertificateChainVerifier? { get }
    /// How an error message names ``trustAnchors`` when the trust path reaches neither them nor the format's
    /// anchors (§7.1 `#reg-ceremony-assess-trust`), such as "the metadata entry's roots".
    var trustAnchorsName: String { get }

    /// Decides about the verified statement (§7.1 `#reg-ceremony-assess-trust`): throws to fail the registration, or
    /// returns its attestation type as the policy knows it (`attestationType` when the policy knows no better).
    /// - Parameters:
    ///   - attestationType: The attestation type the statement's format established (§6.5.3).
    ///   - trust: Whether the trust path reached a trust anchor (§7.1 `#reg-ceremony-assess-trust`).
    ///   - aaguid: The authenticator's AAGUID, for the error messages.
    ///   - instant: The verification instant.
    mutating func decide(
        attestationType: AttestationType,
        trust: AttestationTrust,
        aaguid: AAGUID,
        at instant: Date
    ) throws(WebAuthnError) -> AttestationType
}
