import PasskeyVerifier

extension VerifiedRegistration {
    /// The authenticator's FIDO metadata entry when the verifier has a ``MetadataTrustPolicy`` and the BLOB
    /// lists the authenticator (by AAGUID, or for `fido-u2f` by the attestation certificate's key
    /// identifier); `nil` otherwise (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`; FIDO Metadata
    /// Service v3.0 §3.1.1). Its statuses are as the BLOB states them; the one in force at the verification instant is
    /// ``MetadataBLOBPayloadEntry/latestStatusReport(at:)``.
    public var metadataEntry: MetadataBLOBPayloadEntry? {
        (trustAssessment as? MetadataTrustAssessment)?.match?.entry
    }

    /// The status of ``metadataEntry`` at the verification instant: a compromise or rejected status in force and
    /// not cleared (``MetadataBLOBPayloadEntry/unclearedStatusReport(among:at:)``) when there is one, otherwise
    /// the latest report in force (``MetadataBLOBPayloadEntry/latestStatusReport(at:)``); `nil` without an entry
    /// or a status in force (FIDO Metadata Service v3.0 §3.1.4).
    public var metadataStatus: AuthenticatorStatus? {
        (trustAssessment as? MetadataTrustAssessment)?.status
    }
}
