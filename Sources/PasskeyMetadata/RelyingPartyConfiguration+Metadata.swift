import PasskeyVerifier

extension RelyingPartyConfiguration {
    /// FIDO metadata for registrations (``MetadataTrustPolicy``: per-authenticator trust anchors, statuses,
    /// certification), kept as the configuration's `attestationTrustPolicy`; `nil` (the default) for none, or
    /// when the trust policy is another. Setting it makes `reject` the default of `untrustedAttestationPolicy`
    /// (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`, `#reg-ceremony-assess-trust`; FIDO Metadata
    /// Service v3.0 §3.2).
    public var metadataTrustPolicy: MetadataTrustPolicy? {
        get { attestationTrustPolicy as? MetadataTrustPolicy }
        set { attestationTrustPolicy = newValue }
    }
}
