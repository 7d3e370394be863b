import PasskeyCBOR

/// A source of knowledge about authenticators that takes part in deciding whether a registration's attestation is
/// trustworthy, besides the format's own trust anchors (WebAuthn Level 3 §7.1
/// `#reg-ceremony-attestation-trust-anchors`, "obtain a list of acceptable trust anchors … for example, from the
/// FIDO Metadata Service", and `#reg-ceremony-assess-trust`).
///
/// ``RegistrationVerifier`` asks the policy once per registration, before the statement is verified, for an
/// ``AttestationTrustAssessment`` of the authenticator that made it; the assessment lends trust anchors to the
/// statement's verification and then decides about its outcome. The FIDO Metadata Service's policy
/// (`MetadataTrustPolicy`, in the PasskeyMetadata module) is one.
public protocol AttestationTrustPolicy: Sendable {
    /// What the policy knows about the authenticator that made a statement of `format` (its `attStmt` as decoded:
    /// a map, or for `compound`, §8.9, the array of sub-statements) for a credential with `aaguid`
    /// (§7.1 `#reg-ceremony-attestation-trust-anchors`).
    func assessment(format: String, aaguid: AAGUID, statementValue: CBORValue) -> any AttestationTrustAssessment
}
