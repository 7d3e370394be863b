import PasskeyVerifier

extension RelyingPartyConfiguration {
    /// FIDO metadata for registrations (``MetadataTrustPolicy``: per-authenticator trust anchors, statuses,
    /// certification), kept as the configuration's `attestationTrustPolicy`; `nil` (the default) for none, or
    /// when the trust policy is another. Setting it makes `reject` the default of `untrustedAttestationPolicy`
    /// (WebAuthn Level 3 §7.1 steps 23–25; FIDO Metadata Service v3.0 §3.2).
    public var metadataTrustPolicy: MetadataTrustPolicy? {
        get { attestationTrustPolicy as? MetadataTrustPolicy }
        set { attestationTrustPolicy = newValue }
    }
}
