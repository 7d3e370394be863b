/// A client's response body read once, for a finish that takes its challenge before it verifies
/// (``RelyingParty/takeChallenge(of:)``): the response in either accepted shape and its client data parsed
/// (WebAuthn Level 3 §5.8.1), so that neither the body nor `clientDataJSON` is read a second time.
package struct ReadClientResponse<Response: Sendable>: Sendable {
    /// The response.
    package let response: Response
    /// Its `clientDataJSON`, parsed.
    package let clientData: CollectedClientData
}

extension RelyingParty {
    /// `body`, an authentication response (Level 3 JSON or the native payload), read once.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body is neither shape, cannot be decoded, or its
    ///   client data cannot be parsed.
    package static func readAuthentication(json body: [UInt8]) throws -> ReadClientResponse<AuthenticationResponse> {
        let response = try authenticationResponse(json: body)
        return ReadClientResponse(
            response: response, clientData: try CollectedClientData(jsonBytes: response.clientDataJSON))
    }

    /// `body`, a registration response (Level 3 JSON or the native payload), read once.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body is neither shape, cannot be decoded, or its
    ///   client data cannot be parsed.
    package static func readRegistration(json body: [UInt8]) throws -> ReadClientResponse<RegistrationResponse> {
        let response = try registrationResponse(json: body)
        return ReadClientResponse(
            response: response, clientData: try CollectedClientData(jsonBytes: response.clientDataJSON))
    }

    /// Takes the challenge a response names out of the challenge store, in a commit of its own, before a host's
    /// transaction finishes the ceremony with it (``using(credentialStore:challengeStore:)``): of any number of
    /// responses naming one challenge, sent at once to any instance, one gets it (§13.4.3), whatever becomes of the
    /// host's transaction.
    ///
    /// - Returns: the challenge as issued, or `nil` when the response names none this store holds (never issued,
    ///   taken, expired); the ceremony then fails as it would without it.
    package func takeChallenge(of read: ReadClientResponse<some Sendable>) async throws -> IssuedChallenge? {
        guard let challenge = Self.challengeBytes(named: read.clientData) else { return nil }
        return try await challengeStore.take(challenge, at: clock())
    }

    /// The sealed authentication challenge a response names, opened and not recorded as used, for a host that records
    /// its use in the transaction that finishes the ceremony (``SealedChallengeStore/open(_:at:)``); `nil` when the
    /// challenge store is not a ``SealedChallengeStore`` or the challenge does not open.
    package func openSealedChallenge(of read: ReadClientResponse<some Sendable>) -> IssuedChallenge? {
        guard let sealed = challengeStore as? SealedChallengeStore,
            let challenge = Self.challengeBytes(named: read.clientData)
        else { return nil }
        return sealed.open(challenge, at: clock())
    }

    /// Finishes an authentication read by ``readAuthentication(json:)``, as
    /// ``finishAuthentication(json:concealingAccounts:)`` does.
    package func finishAuthentication(
        _ read: ReadClientResponse<AuthenticationResponse>,
        concealingAccounts: Bool
    ) async throws -> CompletedAuthentication {
        try await finishAuthentication(
            read.response, clientData: read.clientData, concealingAccounts: concealingAccounts)
    }

    /// Finishes a registration read by ``readRegistration(json:)``, as ``finishRegistration(json:admitting:)``
    /// does.
    package func finishRegistration(
        _ read: ReadClientResponse<RegistrationResponse>,
        admitting admit: @Sendable (IssuedChallenge) async throws -> Void
    ) async throws -> CompletedRegistration {
        try await finishRegistration(read.response, clientData: read.clientData, admitting: admit)
    }
}
