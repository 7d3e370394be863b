/// The registration ceremony (WebAuthn Level 3 §7.1) over the stores.
extension RelyingParty {
    /// Starts a registration for `user`: issues a challenge bound to the user and returns the options to send
    /// to the client (§5.4, §7.1 "Registering a New Credential").
    ///
    /// The options carry the RP ID and name, the user, the challenge, `pubKeyCredParams` from
    /// ``RelyingPartyConfiguration/allowedAlgorithms``, the timeout, the user's existing credentials in
    /// `excludeCredentials` (so one authenticator does not register twice), `authenticatorSelection`, hints,
    /// the attestation preference and formats, and the `credProps` extension. `overrides` change any of them
    /// for this registration only; what they ask is bound to the challenge and enforced by
    /// ``finishRegistration(_:)`` (a `userVerification: .required` registration fails without UV, a
    /// `mediation: .conditional` one accepts UP clear).
    ///
    /// - Throws: ``RelyingPartyUsageError`` when `user.id` is not 1 to 64 bytes or the timeout is outside one
    ///   second to one day; errors of the stores and the random source.
    public func beginRegistration(
        for user: PublicKeyCredentialUserEntity,
        overrides: RegistrationCeremonyOverrides = RegistrationCeremonyOverrides()
    ) async throws -> PublicKeyCredentialCreationOptionsJSON {
        try await beginRegistration(for: user, overrides: overrides, hostBinding: nil)
    }

    /// Starts a registration as ``beginRegistration(for:overrides:)`` does, with `hostBinding` kept in the
    /// challenge's ``CeremonyParameters/hostBinding`` and handed to the `admit` closure of
    /// ``finishRegistration(json:admitting:)``.
    package func beginRegistration(
        for user: PublicKeyCredentialUserEntity,
        overrides: RegistrationCeremonyOverrides,
        hostBinding: String?
    ) async throws -> PublicKeyCredentialCreationOptionsJSON {
        try Self.validate(userHandle: user.id)
        try Self.validate(timeout: overrides.timeout)
        let existing = try await credentialStore.credentials(forUserHandle: user.id)
        let extensions = overrides.extensions ?? AuthenticationExtensionsClientInputsJSON(credProps: true)
        let userJSON = PublicKeyCredentialUserEntityJSON(
            id: Base64URL.encode(user.id),
            name: user.name,
            displayName: user.displayName
        )
        let parameters = CeremonyParameters(
            userVerification: overrides.userVerification,
            mediation: overrides.mediation,
            attestation: overrides.attestation,
            extensions: extensions,
            user: userJSON,
            hostBinding: hostBinding
        )
        let issued = try await issueChallenge(
            for: .registration,
            userHandle: user.id,
            parameters: parameters,
            timeout: overrides.timeout
        )
        return PublicKeyCredentialCreationOptionsJSON(
            rp: PublicKeyCredentialRpEntity(id: configuration.relyingPartyID, name: configuration.relyingPartyName),
            user: userJSON,
            challenge: Base64URL.encode(issued.challenge),
            pubKeyCredParams: configuration.allowedAlgorithms.map(PublicKeyCredentialParameters.init(algorithm:)),
            timeout: overrides.timeout.map(RelyingPartyConfiguration.milliseconds) ?? configuration.timeoutMilliseconds,
            excludeCredentials: existing.map(Self.descriptor(for:)),
            authenticatorSelection: AuthenticatorSelectionCriteria(
                authenticatorAttachment: overrides.authenticatorAttachment ?? configuration.authenticatorAttachment,
                residentKey: overrides.residentKey ?? configuration.residentKey,
                userVerification: overrides.userVerification ?? configuration.userVerification
            ),
            hints: overrides.hints ?? configuration.hints,
            attestation: overrides.attestation ?? configuration.attestation,
            attestationFormats: configuration.attestationFormats,
            extensions: extensions
        )
    }

    /// Finishes a registration from the request body a client sent: a Level 3 `RegistrationResponseJSON`
    /// (§5.1, from a browser's `PublicKeyCredential.toJSON()`) or a ``NativeRegistrationPayload`` (the
    /// fields of `ASAuthorizationPlatformPublicKeyCredentialRegistration` in standard base64).
    ///
    /// A body with a `response` member is read as Level 3 JSON, one with `rawAttestationObject` as the
    /// native payload. See ``finishRegistration(_:)`` for what is verified and stored.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body is neither shape or cannot be decoded,
    ///   and everything ``finishRegistration(_:)`` throws.
    public func finishRegistration(json body: [UInt8]) async throws -> CompletedRegistration {
        try await finishRegistration(try Self.registrationResponse(json: body))
    }

    /// Finishes a registration as ``finishRegistration(json:)`` does, calling `admit` with the taken challenge
    /// before the response is verified and the credential stored: a host refuses there a ceremony whose
    /// ``CeremonyParameters/hostBinding`` no longer holds (the session that began it has ended), so nothing is
    /// stored that it would have to remove again.
    package func finishRegistration(
        json body: [UInt8],
        admitting admit: @Sendable (IssuedChallenge) async throws -> Void
    ) async throws -> CompletedRegistration {
        try await finishRegistration(try Self.registrationResponse(json: body), admitting: admit)
    }

    /// The response in a client's body: Level 3 JSON or the native payload.
    static func registrationResponse(json body: [UInt8]) throws -> RegistrationResponse {
        switch try ClientResponseShape.detect(body, ceremony: .registration) {
        case .level3:
            return try RegistrationResponse(json: body)
        case .native:
            return try NativeRegistrationPayload(json: body).registrationResponse()
        }
    }

    /// Finishes a registration (§7.1): consumes the challenge the client data names, verifies the response
    /// with ``RegistrationVerifier`` against the configuration, and stores the credential record for the user
    /// the registration was started for, with its registration details (AAGUID, attestation, `credProps.rk`,
    /// BE and BS, the instant), in one insert.
    ///
    /// The challenge is consumed before anything else is checked: a response that fails cannot be retried,
    /// the client starts again with ``beginRegistration(for:overrides:)``.
    ///
    /// - Returns: the stored record, with ``CredentialRecord/userHandle`` set, and the verification.
    /// - Throws: ``WebAuthnError``: `challengeNotFound` when the challenge was never issued, expired, was
    ///   already used or was issued for an authentication; `credentialAlreadyRegistered` when the credential
    ///   ID is stored already, for any user (§7.1 `#sctn-registering-a-new-credential`
    ///   step "credentialId not yet registered"); every code of ``RegistrationVerifier/verify(_:expecting:)``. Errors
    ///   of the stores are rethrown.
    public func finishRegistration(_ response: RegistrationResponse) async throws -> CompletedRegistration {
        try await finishRegistration(response, admitting: { _ in })
    }

    /// Finishes a registration (§7.1), calling `admit` with the taken challenge before anything is verified.
    private func finishRegistration(
        _ response: RegistrationResponse,
        admitting admit: @Sendable (IssuedChallenge) async throws -> Void
    ) async throws -> CompletedRegistration {
        try await finishRegistration(
            response, clientData: try CollectedClientData(jsonBytes: response.clientDataJSON), admitting: admit)
    }

    /// Finishes a registration (§7.1) of `response`, whose client data is `clientData`, calling `admit` with the
    /// taken challenge before anything is verified.
    func finishRegistration(
        _ response: RegistrationResponse,
        clientData: CollectedClientData,
        admitting admit: @Sendable (IssuedChallenge) async throws -> Void
    ) async throws -> CompletedRegistration {
        let now = clock()
        let issued = try await consumeChallenge(named: clientData, for: .registration, at: now)
        guard let userHandle = issued.userHandle else {
            throw WebAuthnError(.challengeNotFound, "the registration challenge is not bound to a user")
        }
        try await admit(issued)
        let expectations = RegistrationExpectations(
            relyingPartyID: configuration.relyingPartyID,
            origins: configuration.origins,
            challenge: issued.challenge,
            userVerification: issued.parameters.userVerification ?? configuration.userVerification,
            allowedAlgorithms: Set(configuration.allowedAlgorithms),
            crossOrigin: configuration.crossOrigin,
            acceptedAttestationTypes: configuration.acceptedAttestationTypes,
            verificationInstant: now,
            cborMode: configuration.cborMode,
            untrustedAttestationPolicy: configuration.untrustedAttestationPolicy(
                askedFor: issued.parameters.attestation),
            mediation: issued.parameters.mediation ?? .optional,
            extensions: issued.parameters.extensions
        )
        let verified = try registrationVerifier.verify(response, clientData: clientData, expecting: expectations)
        let record = verified.credentialRecord(userHandle: userHandle, registeredAt: now)
        guard try await credentialStore.insert(record) else {
            throw WebAuthnError(
                .credentialAlreadyRegistered,
                "credential ID \(Base64URL.encode(record.id)) is already registered"
            )
        }
        let user = issued.parameters.user.map {
            PublicKeyCredentialUserEntity(id: userHandle, name: $0.name, displayName: $0.displayName)
        }
        return CompletedRegistration(
            credentialRecord: record,
            userHandle: userHandle,
            verifiedRegistration: verified,
            user: user,
            hostBinding: issued.parameters.hostBinding
        )
    }
}
