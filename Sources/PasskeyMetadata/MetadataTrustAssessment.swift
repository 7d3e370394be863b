import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a ``MetadataTrustPolicy`` found about one registration's authenticator, and the status it reports once
/// the registration verified (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`,
/// `#reg-ceremony-assess-trust`; FIDO Metadata Service v3.0 §3.2): the `AttestationTrustAssessment` behind
/// `VerifiedRegistration`'s `metadataEntry` and `metadataStatus`.
struct MetadataTrustAssessment: AttestationTrustAssessment {
    /// The policy that made the assessment.
    let policy: MetadataTrustPolicy
    /// The matched entry and whether the attestation is tied to it; `nil` when the BLOB does not list the
    /// authenticator.
    let match: MetadataMatch?
    /// The (format, statement) pairs of the attestation: the statement, or the sub-statements of `compound`.
    let statements: [(format: String, map: CBORMap)]
    /// The status reported at the verification instant (``MetadataTrustPolicy/reportedStatus(of:at:)``), set by
    /// ``decide(attestationType:trust:aaguid:at:)``.
    private(set) var status: AuthenticatorStatus?

    /// The roots of the matched entry when the attestation is tied to it (``MetadataMatch``), `nil` otherwise.
    var trustAnchors: CertificateChainVerifier? {
        match?.isTiedToAttestation == true ? match?.entry?.attestationRootVerifier : nil
    }

    /// How an error message names ``trustAnchors``.
    var trustAnchorsName: String { "the metadata entry's roots" }

    /// Checks the entry's statuses and certification (``MetadataTrustPolicy/check(_:aaguid:trust:at:)``), takes
    /// the status to report, and returns the attestation type with the entry's knowledge; when the entry decided
    /// the attestation's trust (tied to it, trusted, with a trust path), checks that type and the packed
    /// statements' algorithms against its statement (``MetadataStatementConsistency``).
    mutating func decide(
        attestationType: AttestationType,
        trust: AttestationTrust,
        aaguid: AAGUID,
        at instant: Date
    ) throws(WebAuthnError) -> AttestationType {
        try policy.check(match, aaguid: aaguid, trust: trust, at: instant)
        status = policy.reportedStatus(of: match?.entry, at: instant)
        let type = policy.attestationType(attestationType, entry: match?.entry)
        if trust == .trusted, match?.isTiedToAttestation == true, let entry = match?.entry,
            let statement = entry.metadataStatement, type != .none, type != .`self`
        {
            try MetadataStatementConsistency.check(
                type: type, statements: statements, against: statement,
                name: entry.description.map { "\"\($0)\"" } ?? "authenticator \(aaguid)")
        }
        return type
    }
}
