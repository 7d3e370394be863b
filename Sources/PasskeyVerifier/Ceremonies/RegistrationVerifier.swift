import PasskeyCBOR
import PasskeyCrypto

/// Verifies a registration ceremony (WebAuthn Level 3 §7.1 "Registering a New Credential").
///
/// A pure function of the response, the expectations and the configured trust
/// anchors: no storage, no clock and no randomness inside. Checking that the
/// credential ID is not yet registered (§7.1 `#sctn-registering-a-new-credential`
/// step "credentialId not yet registered") needs storage and belongs to the caller.
public struct RegistrationVerifier: Sendable {
    private let formats: [String: any AttestationStatementFormat]
    /// The trust policy consulted for every registration (such as FIDO metadata), `nil` for none (§7.1
    /// `#reg-ceremony-attestation-trust-anchors`, `#reg-ceremony-assess-trust`).
    public var trustPolicy: (any AttestationTrustPolicy)?

    /// Creates a verifier for the built-in formats (`none`, `packed`, `apple`, `fido-u2f`, `tpm`, `android-key`,
    /// `android-safetynet`, and `compound` over all of them, §8.9) with the given trust anchors.
    /// - Parameters:
    ///   - trustAnchors: The attestation trust anchors per format (§7.1 `#reg-ceremony-attestation-trust-anchors`).
    ///   - compoundPolicy: How many sub-statements of a `compound` statement must verify.
    ///   - trustPolicy: A policy to take per-authenticator trust anchors and decisions from
    ///     (``AttestationTrustPolicy``, such as FIDO metadata); `nil` for none.
    public init(
        trustAnchors: AttestationTrustAnchors = .builtIn,
        compoundPolicy: CompoundAttestation.Policy = .allMustPass,
        trustPolicy: (any AttestationTrustPolicy)? = nil
    ) {
        let formats: [any AttestationStatementFormat] = [
            NoneAttestation(),
            PackedAttestation(trustAnchors: trustAnchors.anchors(forFormat: "packed")),
            AppleAnonymousAttestation(trustAnchors: trustAnchors.anchors(forFormat: "apple")),
            FIDOU2FAttestation(trustAnchors: trustAnchors.anchors(forFormat: "fido-u2f")),
            TPMAttestation(trustAnchors: trustAnchors.anchors(forFormat: "tpm")),
            AndroidKeyAttestation(trustAnchors: trustAnchors.anchors(forFormat: "android-key")),
            AndroidSafetyNetAttestation(trustAnchors: trustAnchors.anchors(forFormat: "android-safetynet")),
        ]
        self.init(formats: formats + [CompoundAttestation(formats: formats, policy: compoundPolicy)])
        self.trustPolicy = trustPolicy
    }

    /// Creates a verifier for exactly these formats; a later format with the same identifier replaces an earlier one.
    public init(formats: [any AttestationStatementFormat]) {
        var byIdentifier: [String: any AttestationStatementFormat] = [:]
        for format in formats {
            byIdentifier[format.identifier] = format
        }
        self.formats = byIdentifier
    }

    /// An enforced `credentialProtectionPolicy` (CTAP 2.1 §12.1) must be met by the authenticator data's
    /// `credProtect` output (§7.1 `#reg-ceremony-verify-extension-outputs`).
    static func verifyCredentialProtection(
        _ authenticatorData: AuthenticatorData,
        requested: AuthenticationExtensionsClientInputsJSON?
    ) throws(WebAuthnError) {
        guard let requested, requested.enforceCredentialProtectionPolicy == true,
            let policy = requested.credentialProtectionPolicy
        else { return }
        guard let applied = authenticatorData.credentialProtectionPolicy else {
            throw WebAuthnError(
                .extensionMismatch,
                "credProtect \(policy.rawValue) was enforced but the authenticator data has no valid credProtect output"
            )
        }
        guard applied.level >= policy.level else {
            throw WebAuthnError(
                .extensionMismatch,
                "credProtect \(policy.rawValue) was enforced but the authenticator applied \(applied.rawValue)"
            )
        }
    }

    /// The identifiers of the formats this verifier accepts.
    public var supportedFormats: [String] { formats.keys.sorted() }

    /// Verifies `response` against `expectations`, step by step as §7.1 lists them.
    /// - Throws: ``WebAuthnError`` naming the first step that failed.
    public func verify(
        _ response: RegistrationResponse,
        expecting expectations: RegistrationExpectations
    ) throws(WebAuthnError) -> VerifiedRegistration {
        try verify(
            response, clientData: CollectedClientData(jsonBytes: response.clientDataJSON), expecting: expectations)
    }

    /// ``verify(_:expecting:)`` with `clientData` as the parse of `response`'s `clientDataJSON` that the caller
    /// already made (the relying party reads the challenge from it first), so that a ceremony parses its client
    /// data once.
    package func verify(
        _ response: RegistrationResponse,
        clientData: CollectedClientData,
        expecting expectations: RegistrationExpectations
    ) throws(WebAuthnError) -> VerifiedRegistration {
        try CeremonyChecks.verifyClientData(
            clientData,
            type: "webauthn.create",
            challenge: expectations.challenge,
            minimumChallengeLength: expectations.minimumChallengeLength,
            origins: expectations.origins,
            crossOrigin: expectations.crossOrigin
        )
        let attestationObject = try AttestationObject(
            bytes: response.attestationObject, cborMode: expectations.cborMode)
        let authenticatorData = attestationObject.authenticatorData
        try CeremonyChecks.verifyAuthenticatorData(
            authenticatorData,
            relyingPartyID: expectations.relyingPartyID,
            relyingPartyIDHash: expectations.relyingPartyIDHash,
            userVerification: expectations.userVerification,
            requiresUserPresence: expectations.mediation != .conditional
        )
        try Self.verifyCredentialProtection(authenticatorData, requested: expectations.extensions)
        guard let attestedCredentialData = authenticatorData.attestedCredentialData else {
            throw WebAuthnError(
                .missingAttestedCredentialData,
                "the registration's authenticator data has no attested credential data (AT flag clear)"
            )
        }
        guard attestedCredentialData.credentialID == response.credentialID else {
            throw WebAuthnError(
                .credentialMismatch,
                "rawId is not the credential ID in the attested credential data"
            )
        }
        let algorithm = attestedCredentialData.credentialPublicKey.algorithm
        guard expectations.allowedAlgorithms.contains(algorithm) else {
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "the credential uses \(algorithm), which is not among the allowed algorithms "
                    + "\(expectations.allowedAlgorithms.map(\.rawValue).sorted())"
            )
        }
        guard let format = formats[attestationObject.format] else {
            throw WebAuthnError(
                .unsupportedAttestationFormat,
                "attestation format \"\(attestationObject.format)\" is not supported; supported: \(supportedFormats)"
            )
        }
        var input = AttestationStatementInput(
            statementValue: attestationObject.attestationStatementValue,
            authenticatorData: authenticatorData,
            attestedCredentialData: attestedCredentialData,
            clientDataHash: clientData.hash,
            verificationInstant: expectations.verificationInstant
        )
        var assessment = trustPolicy?.assessment(
            format: attestationObject.format,
            aaguid: attestedCredentialData.aaguid,
            statementValue: attestationObject.attestationStatementValue
        )
        input.trustAssessment = assessment
        let result: AttestationResult
        var trust = AttestationTrust.trusted
        do {
            result = try format.verify(input)
        } catch
            where error.code == .untrustedAttestation && expectations.untrustedAttestationPolicy == .acceptAsUnverified
        {
            input.assessesTrust = false
            result = try format.verify(input)
            trust = .unverified(reason: error.message)
        }
        if result.trustPath.isEmpty {
            trust = .noTrustPath
        }
        let attestationType =
            try assessment?.decide(
                attestationType: result.type,
                trust: trust,
                aaguid: attestedCredentialData.aaguid,
                at: expectations.verificationInstant
            ) ?? result.type
        guard expectations.acceptedAttestationTypes.contains(attestationType) else {
            throw WebAuthnError(
                .untrustedAttestation,
                "the \(attestationObject.format) statement verified as \(attestationType.rawValue) attestation, which "
                    + "this relying party does not accept; accepted: "
                    + "\(expectations.acceptedAttestationTypes.map(\.rawValue).sorted())"
            )
        }
        return VerifiedRegistration(
            format: attestationObject.format,
            attestationType: attestationType,
            trustPath: result.trustPath,
            attestationTrust: trust,
            attestationResult: result,
            authenticatorData: authenticatorData,
            attestedCredentialData: attestedCredentialData,
            transports: response.transports,
            clientExtensionResults: response.clientExtensionResults,
            trustAssessment: assessment
        )
    }
}
