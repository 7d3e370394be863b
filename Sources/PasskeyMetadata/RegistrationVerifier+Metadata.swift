import PasskeyVerifier

extension RegistrationVerifier {
    /// Creates a verifier for the built-in formats with the given trust anchors and FIDO metadata (WebAuthn
    /// Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`; FIDO Metadata Service v3.0 §3.2):
    /// `init(trustAnchors:compoundPolicy:trustPolicy:)` with the metadata as its trust policy.
    /// - Parameters:
    ///   - trustAnchors: The attestation trust anchors per format (§7.1 `#reg-ceremony-attestation-trust-anchors`).
    ///   - compoundPolicy: How many sub-statements of a `compound` statement must verify.
    ///   - metadata: FIDO metadata to take per-authenticator trust anchors, statuses and certification from
    ///     (``MetadataTrustPolicy``); `nil` for none.
    public init(
        trustAnchors: AttestationTrustAnchors = .builtIn,
        compoundPolicy: CompoundAttestation.Policy = .allMustPass,
        metadata: MetadataTrustPolicy?
    ) {
        self.init(trustAnchors: trustAnchors, compoundPolicy: compoundPolicy, trustPolicy: metadata)
    }

    /// The FIDO metadata used for every registration, `nil` when the host loaded none or the trust policy is
    /// another (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`; FIDO Metadata Service v3.0 §3.2).
    public var metadata: MetadataTrustPolicy? {
        get { trustPolicy as? MetadataTrustPolicy }
        set { trustPolicy = newValue }
    }
}
