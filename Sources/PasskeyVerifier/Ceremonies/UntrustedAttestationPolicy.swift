/// What a registration whose attestation trust path does not reach a trust anchor means (WebAuthn Level 3
/// §7.1 `#reg-ceremony-assess-trust`: "if the attestation statement is not trustworthy, the
/// Relying Party SHOULD fail the registration ceremony", with a relying party free to register the credential
/// as one with unverified attestation).
///
/// Only the chain's trust is at stake: under either policy the statement's signature, its certificate rules
/// and everything else of §7.1 must verify, and a failure there is never accepted.
public enum UntrustedAttestationPolicy: String, Sendable, Hashable, CaseIterable {
    /// Fail with `untrustedAttestation` (the pure verifiers' default, and the relying party's when the host
    /// configured trust anchors or asks for `direct` or `enterprise` attestation).
    case reject
    /// Register the credential and report its attestation as ``AttestationTrust/unverified(reason:)``, with
    /// the certificates kept in ``VerifiedRegistration/trustPath`` for a later audit (the relying party's
    /// default when it asks for `none` or `indirect` attestation with the built-in anchors only).
    case acceptAsUnverified
}
