#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyCrypto

/// Validates an attestation trust path against a format's trust anchors at the
/// verification instant (WebAuthn Level 3 §7.1 `#reg-ceremony-assess-trust`).
///
/// The first certificate is the leaf; the rest are untrusted intermediates. A
/// certificate supplied by the client is never an anchor.
struct TrustPathValidator: Sendable {
    let format: String
    let verifier: CertificateChainVerifier
    let hasAnchors: Bool

    init(format: String, trustAnchors: [Certificate]) {
        self.format = format
        self.verifier = CertificateChainVerifier(trustAnchors: trustAnchors)
        self.hasAnchors = !trustAnchors.isEmpty
    }

    /// Validates `chain` at `input`'s verification instant; when `input` does not assess trust, checks only
    /// that there is a chain.
    func validate(_ chain: [Certificate], for input: AttestationStatementInput) throws(WebAuthnError) {
        guard let leaf = chain.first else {
            throw WebAuthnError(.invalidAttestationStatement, "the \(format) attestation statement has no certificate")
        }
        guard input.assessesTrust else { return }
        let instant = input.verificationInstant
        var policyFailure = ""
        if let assessment = input.trustAssessment, let policyAnchors = assessment.trustAnchors {
            do {
                try policyAnchors.verify(leaf: leaf, intermediates: Array(chain.dropFirst()), at: instant)
                return
            } catch {
                policyFailure = "; not to \(assessment.trustAnchorsName) either: \(error)"
            }
        }
        guard hasAnchors else {
            throw WebAuthnError(
                .untrustedAttestation,
                "no trust anchor is configured for the \(format) attestation format" + policyFailure
            )
        }
        do {
            try verifier.verify(leaf: leaf, intermediates: Array(chain.dropFirst()), at: instant)
        } catch {
            throw WebAuthnError(
                .untrustedAttestation,
                "the \(format) attestation certificate chain does not validate at \(instant): \(error)"
                    + policyFailure
            )
        }
    }
}
