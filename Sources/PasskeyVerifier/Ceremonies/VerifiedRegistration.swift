import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The result of a successful registration (WebAuthn Level 3 §7.1): everything the relying
/// party stores and reports.
public struct VerifiedRegistration: Sendable {
    /// The attestation statement format identifier (`fmt`).
    public let format: String
    /// The attestation type the statement established.
    public let attestationType: AttestationType
    /// The statement's certificates, leaf first; empty for `none` and `self`. Validated when
    /// ``attestationTrust`` is ``AttestationTrust/trusted``; kept as sent for a later audit when it is
    /// ``AttestationTrust/unverified(reason:)``.
    public let trustPath: [Certificate]
    /// Whether the trust path chains to a trust anchor (§7.1 `#reg-ceremony-assess-trust`).
    public let attestationTrust: AttestationTrust
    /// The whole attestation verification result, with the format-specific details (the TPM manufacturer
    /// for `tpm`, §8.3.1; every sub-statement's outcome for `compound`, §8.9).
    public let attestationResult: AttestationResult
    /// The verified authenticator data.
    public let authenticatorData: AuthenticatorData
    /// The attested credential data: AAGUID, credential ID and public key.
    public let attestedCredentialData: AttestedCredentialData
    /// The transports the client reported (§5.2.1), unauthenticated.
    public let transports: [String]
    /// The client extension outputs (§5.1 `getClientExtensionResults()`), unauthenticated.
    public let clientExtensionResults: AuthenticationExtensionsClientOutputsJSON?
    /// What the verifier's ``AttestationTrustPolicy`` found about the authenticator and decided about this
    /// registration (§7.1 `#reg-ceremony-attestation-trust-anchors`, `#reg-ceremony-assess-trust`), `nil` when the
    /// verifier has no trust policy. The module of the policy reads it (for FIDO metadata, PasskeyMetadata's
    /// `metadataEntry` and `metadataStatus`).
    public let trustAssessment: (any AttestationTrustAssessment)?

    /// The credential ID.
    public var credentialID: [UInt8] { attestedCredentialData.credentialID }
    /// The credential public key.
    public var credentialPublicKey: COSEKey { attestedCredentialData.credentialPublicKey }
    /// The authenticator's AAGUID.
    public var aaguid: AAGUID { attestedCredentialData.aaguid }
    /// The initial signature counter.
    public var signCount: UInt32 { authenticatorData.signCount }
    /// Whether the UP flag was set.
    public var userPresent: Bool { authenticatorData.flags.contains(.userPresent) }
    /// Whether the UV flag was set.
    public var userVerified: Bool { authenticatorData.flags.contains(.userVerified) }
    /// Whether the credential is backup eligible (BE).
    public var backupEligible: Bool { authenticatorData.flags.contains(.backupEligible) }
    /// Whether the credential is backed up now (BS).
    public var backupState: Bool { authenticatorData.flags.contains(.backupState) }

    /// The credential record to store (§7.1 `#reg-ceremony-create-credential-record`), at version 0.
    ///
    /// - Parameters:
    ///   - userHandle: the account the credential belongs to (§5.4.3 `user.id`).
    ///   - registeredAt: the instant of the registration; when given, the record carries its
    ///     ``registrationDetails(registeredAt:)``.
    public func credentialRecord(userHandle: [UInt8]? = nil, registeredAt: Date? = nil) -> CredentialRecord {
        CredentialRecord(
            id: credentialID,
            publicKey: credentialPublicKey,
            signCount: signCount,
            backupEligible: backupEligible,
            backupState: backupState,
            userVerificationInitialized: userVerified,
            userHandle: userHandle,
            transports: transports,
            registration: registeredAt.map(registrationDetails(registeredAt:))
        )
    }

    /// What this registration established, for a passkey-management page (§7.1): the AAGUID, the attestation
    /// format and type, `credProps.rk` when the client reported it (§10.1.3), BE and BS.
    public func registrationDetails(registeredAt: Date) -> CredentialRegistrationDetails {
        CredentialRegistrationDetails(
            registeredAt: registeredAt,
            aaguid: aaguid,
            attestationFormat: format,
            attestationType: attestationType,
            isDiscoverable: clientExtensionResults?.credProps?.rk,
            backupEligible: backupEligible,
            backupState: backupState
        )
    }
}
