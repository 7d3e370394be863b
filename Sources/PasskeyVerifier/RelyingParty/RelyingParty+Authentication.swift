import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The authentication ceremony (WebAuthn Level 3 §7.2) over the stores.
extension RelyingParty {
    /// Starts an authentication and returns the options to send to the client (§5.5).
    ///
    /// - For a known user (`userHandle` set, e.g. after they typed their user name), `allowCredentials`
    ///   lists their credentials and only those can finish the ceremony. A user without credentials gets
    ///   an empty list, and no credential can finish.
    /// - For anyone (`nil`), `allowCredentials` is empty: the user picks a discoverable credential, in the
    ///   modal dialog or through conditional mediation (autofill, §5.1.4.1), and the assertion's
    ///   `userHandle` says who they are.
    ///
    /// `overrides` change the configuration for this authentication only; what they ask is bound to the
    /// challenge and enforced by ``finishAuthentication(_:)`` (a step-up with `userVerification: .required`
    /// fails without UV; an `appid` extension input admits U2F-era assertions, §10.1.1).
    ///
    /// - Throws: ``RelyingPartyUsageError`` when `userHandle` is not 1 to 64 bytes or the timeout is outside
    ///   one second to one day; errors of the stores and the random source.
    public func beginAuthentication(
        for userHandle: [UInt8]? = nil,
        overrides: AuthenticationCeremonyOverrides = AuthenticationCeremonyOverrides()
    ) async throws -> PublicKeyCredentialRequestOptionsJSON {
        try Self.validate(timeout: overrides.timeout)
        var allowCredentials: [PublicKeyCredentialDescriptorJSON] = []
        if let userHandle {
            try Self.validate(userHandle: userHandle)
            allowCredentials = try await credentialStore.credentials(forUserHandle: userHandle)
                .map(Self.descriptor(for:))
        }
        return try await requestOptions(for: userHandle, allowCredentials: allowCredentials, overrides: overrides)
    }

    /// Starts an authentication for a known user with **all** their credential records as the caller has just
    /// read them from ``credentialStore`` (§5.5 `allowCredentials`), so that a caller who must look at the
    /// records first (the server refuses a user without passkeys before a challenge is stored) reads them once.
    ///
    /// The challenge is bound to `userHandle` only, as with ``beginAuthentication(for:overrides:)``: any of the
    /// user's credentials finishes it, listed or not, so a subset of the records would restrict nothing. That is
    /// why this is not public: a host that wants a subset (a step-up with one security key) needs the listed IDs
    /// bound to the challenge, which the library does not offer yet.
    ///
    /// - Throws: ``RelyingPartyUsageError`` when `userHandle` is not 1 to 64 bytes, a record belongs to
    ///   another user, or the timeout is outside one second to one day; errors of the challenge store and the
    ///   random source.
    package func beginAuthentication(
        for userHandle: [UInt8],
        allowing credentials: [CredentialRecord],
        overrides: AuthenticationCeremonyOverrides = AuthenticationCeremonyOverrides()
    ) async throws -> PublicKeyCredentialRequestOptionsJSON {
        try Self.validate(timeout: overrides.timeout)
        try Self.validate(userHandle: userHandle)
        guard credentials.allSatisfy({ $0.userHandle == userHandle }) else {
            throw RelyingPartyUsageError("a credential record of allowCredentials belongs to another user")
        }
        return try await requestOptions(
            for: userHandle, allowCredentials: credentials.map(Self.descriptor(for:)), overrides: overrides)
    }

    /// Issues and stores the challenge of an authentication and returns its options.
    private func requestOptions(
        for userHandle: [UInt8]?,
        allowCredentials: [PublicKeyCredentialDescriptorJSON],
        overrides: AuthenticationCeremonyOverrides
    ) async throws -> PublicKeyCredentialRequestOptionsJSON {
        let parameters = CeremonyParameters(
            userVerification: overrides.userVerification,
            extensions: overrides.extensions
        )
        let issued = try await issueChallenge(
            for: .authentication,
            userHandle: userHandle,
            parameters: parameters,
            timeout: overrides.timeout
        )
        return PublicKeyCredentialRequestOptionsJSON(
            challenge: Base64URL.encode(issued.challenge),
            timeout: overrides.timeout.map(RelyingPartyConfiguration.milliseconds) ?? configuration.timeoutMilliseconds,
            rpId: configuration.relyingPartyID,
            allowCredentials: allowCredentials,
            userVerification: overrides.userVerification ?? configuration.userVerification,
            hints: overrides.hints ?? configuration.hints,
            extensions: overrides.extensions
        )
    }

    /// Finishes an authentication from the request body a client sent: a Level 3
    /// `AuthenticationResponseJSON` (§5.1, from a browser's `PublicKeyCredential.toJSON()`) or a
    /// ``NativeAssertionPayload`` (the fields of `ASAuthorizationPlatformPublicKeyCredentialAssertion` in
    /// standard base64).
    ///
    /// A body with a `response` member is read as Level 3 JSON, one with `rawAuthenticatorData` as the
    /// native payload. See ``finishAuthentication(_:)`` for what is verified and stored.
    ///
    /// - Throws: ``WebAuthnError/Code/malformedInput`` when the body is neither shape or cannot be decoded,
    ///   and everything ``finishAuthentication(_:)`` throws.
    public func finishAuthentication(json body: [UInt8]) async throws -> CompletedAuthentication {
        try await finishAuthentication(try Self.authenticationResponse(json: body), concealingAccounts: false)
    }

    /// Finishes an authentication as ``finishAuthentication(json:)`` does; with `concealingAccounts`, a sign-in
    /// begun for a user (a typed username, which may be made up: §14.6.2 "Username Enumeration") fails the same
    /// way whether the credential is that user's, another user's or unknown. An unknown or foreign credential is
    /// verified against a decoy record (an ES256 key no one holds, no backup eligibility), and a failure at the
    /// checks that read the record (`invalidSignature`, `invalidBackupFlags`) is one fixed `invalidSignature`, so
    /// neither the code, the message nor a Signal API payload tells an existing account from a made-up one.
    package func finishAuthentication(
        json body: [UInt8],
        concealingAccounts: Bool
    ) async throws -> CompletedAuthentication {
        try await finishAuthentication(
            try Self.authenticationResponse(json: body), concealingAccounts: concealingAccounts)
    }

    /// The response in a client's body: Level 3 JSON or the native payload.
    static func authenticationResponse(json body: [UInt8]) throws -> AuthenticationResponse {
        switch try ClientResponseShape.detect(body, ceremony: .authentication) {
        case .level3:
            return try AuthenticationResponse(json: body)
        case .native:
            return try NativeAssertionPayload(json: body).authenticationResponse()
        }
    }

    /// Finishes an authentication (§7.2) and reports which user signed in with which credential.
    ///
    /// In order:
    /// 1. The challenge the client data names is taken out of the challenge store (consumed whatever
    ///    happens next); it must have been issued for an authentication and not be expired.
    /// 2. The credential is looked up by ID (§7.2 `#sctn-verifying-assertion` step "identify the user"). When the
    ///    ceremony was started for a user, the credential must be theirs (it was in `allowCredentials`). When it
    ///    was started for anyone, the response must carry a `userHandle` (§7.2 `#sctn-verifying-assertion`
    ///    step "identify the user").
    /// 3. ``AuthenticationVerifier`` checks the response against the record: a `userHandle` that is not the
    ///    credential owner's fails, then client data, authenticator data, signature, counter and BE rules.
    /// 4. The new counter, BE, BS, `uvInitialized` and last-use time are written with a compare-and-set on
    ///    the ``CredentialRecord/version`` read in step 2 (``CredentialStore/update(_:)``). If the record
    ///    changed in between (another sign-in with the same credential, a rename), it is read again and step 3
    ///    repeats against it: a counter that no longer increases then fails with `signCountRegression`, and
    ///    with a counter that stays 0 (synced passkeys) neither sign-in's flags are lost.
    ///
    /// Replays and races: the same response submitted twice, even at the same instant to several server
    /// instances, succeeds at most once, because its challenge is taken once; every other copy fails with
    /// `challengeNotFound`. Two different assertions of one credential verified against the same stored
    /// record cannot both be recorded: the compare-and-set makes the later one re-check against the record
    /// the earlier one wrote.
    ///
    /// - Throws: ``WebAuthnError``: `challengeNotFound`; `unknownCredential` when no record has the
    ///   credential ID (then ``WebAuthnError/unknownCredentialID`` holds it, for
    ///   ``signalUnknownCredential(credentialID:)``), or it belongs to another user than the one the ceremony was started for;
    ///   `credentialMismatch` when the `userHandle` is missing from a discoverable sign-in or is not the
    ///   credential owner's; every code of ``AuthenticationVerifier/verify(_:expecting:credential:)``.
    ///   Errors of the stores are rethrown.
    public func finishAuthentication(_ response: AuthenticationResponse) async throws -> CompletedAuthentication {
        try await finishAuthentication(response, concealingAccounts: false)
    }

    /// Finishes an authentication (§7.2); with `concealingAccounts`, as
    /// ``finishAuthentication(json:concealingAccounts:)`` says.
    private func finishAuthentication(
        _ response: AuthenticationResponse,
        concealingAccounts: Bool
    ) async throws -> CompletedAuthentication {
        try await finishAuthentication(
            response, clientData: try CollectedClientData(jsonBytes: response.clientDataJSON),
            concealingAccounts: concealingAccounts)
    }

    /// Finishes an authentication (§7.2) of `response`, whose client data is `clientData`.
    func finishAuthentication(
        _ response: AuthenticationResponse,
        clientData: CollectedClientData,
        concealingAccounts: Bool
    ) async throws -> CompletedAuthentication {
        let now = clock()
        let issued = try await consumeChallenge(named: clientData, for: .authentication, at: now)
        let expectations = AuthenticationExpectations(
            relyingPartyID: configuration.relyingPartyID,
            origins: configuration.origins,
            challenge: issued.challenge,
            userVerification: issued.parameters.userVerification ?? configuration.userVerification,
            crossOrigin: configuration.crossOrigin,
            signCountPolicy: configuration.signCountPolicy,
            backupEligibilityPolicy: configuration.backupEligibilityPolicy,
            cborMode: configuration.cborMode,
            appID: issued.parameters.extensions?.appid
        )
        let found = try await credentialStore.credential(withID: response.credentialID)
        guard concealingAccounts, let expectedUser = issued.userHandle else {
            return try await finishAuthentication(
                response, clientData: clientData, issued: issued, record: found, expectations: expectations, at: now)
        }
        guard let found, found.userHandle == expectedUser else {
            throw concealedFailure(of: response, clientData: clientData, expectations: expectations, user: expectedUser)
        }
        do {
            return try await finishAuthentication(
                response, clientData: clientData, issued: issued, record: found, expectations: expectations, at: now)
        } catch let error as WebAuthnError {
            throw Self.concealed(error)
        }
    }

    /// The failure of a concealed sign-in whose credential is unknown or another user's: the verification of
    /// `response` against a decoy record of `user`, with the record's failures made one (``concealed(_:)``).
    private func concealedFailure(
        of response: AuthenticationResponse,
        clientData: CollectedClientData,
        expectations: AuthenticationExpectations,
        user: [UInt8]
    ) -> WebAuthnError {
        guard let decoyKey = Self.decoyPublicKey else { return Self.concealedSignatureFailure }
        let decoy = CredentialRecord(id: response.credentialID, publicKey: decoyKey, userHandle: user)
        do {
            _ = try authenticationVerifier.verify(
                response, clientData: clientData, expecting: expectations, credential: decoy)
            return Self.concealedSignatureFailure
        } catch {
            return Self.concealed(error)
        }
    }

    /// `error`, with the failures of the checks that read the stored record made one fixed
    /// ``concealedSignatureFailure``.
    private static func concealed(_ error: WebAuthnError) -> WebAuthnError {
        switch error.code {
        case .invalidSignature, .invalidBackupFlags, .unknownCredential: concealedSignatureFailure
        default: error
        }
    }

    /// The one failure a concealed sign-in answers for a signature, backup flag or ownership mismatch.
    static var concealedSignatureFailure: WebAuthnError {
        WebAuthnError(.invalidSignature, "the assertion signature does not verify with the stored key")
    }

    /// The public key of the decoy record: an ES256 key made at start, whose private half is dropped.
    private static let decoyPublicKey: COSEKey? = try? PrivateKey.generate(.es256).coseKey

    /// Finishes an authentication (§7.2) against the record read for the response's credential ID, with
    /// `clientData` the response's client data as parsed to find its challenge.
    private func finishAuthentication(
        _ response: AuthenticationResponse,
        clientData: CollectedClientData,
        issued: IssuedChallenge,
        record found: CredentialRecord?,
        expectations: AuthenticationExpectations,
        at now: Date
    ) async throws -> CompletedAuthentication {
        guard var record = found else {
            throw WebAuthnError(
                unknownCredentialID: response.credentialID,
                "no credential with ID \(Base64URL.encode(response.credentialID)) is registered"
            )
        }
        guard let owner = record.userHandle else {
            throw WebAuthnError(
                .unknownCredential,
                "the stored credential record has no user handle, so the account cannot be told"
            )
        }
        if let expectedUser = issued.userHandle {
            guard owner == expectedUser else {
                throw WebAuthnError(
                    .unknownCredential,
                    "the credential is not one of allowCredentials: it belongs to another user"
                )
            }
        } else if response.userHandle == nil {
            throw WebAuthnError(
                .credentialMismatch,
                "userHandle is missing; a sign-in without allowCredentials needs it to identify the user"
            )
        }
        for _ in 0..<Self.maximumCounterUpdateAttempts {
            let verified = try authenticationVerifier.verify(
                response, clientData: clientData, expecting: expectations, credential: record)
            let verifiedRecord = verified.updatedCredentialRecord
            let update = CredentialRecordUpdate(
                credentialID: record.id,
                expectedVersion: record.version,
                signCount: verifiedRecord.signCount,
                backupEligible: verifiedRecord.backupEligible,
                backupState: verifiedRecord.backupState,
                userVerificationInitialized: verifiedRecord.userVerificationInitialized,
                lastUsedAt: now
            )
            if try await credentialStore.update(update) {
                let updated = update.applied(to: record)
                return CompletedAuthentication(
                    userHandle: owner,
                    credentialRecord: updated,
                    verifiedAuthentication: verified,
                    backupStateChange: BackupStateChange(stored: record.backupState, reported: updated.backupState)
                )
            }
            guard let reread = try await credentialStore.credential(withID: response.credentialID),
                reread.userHandle == owner
            else {
                throw WebAuthnError(.unknownCredential, "the credential was removed while the assertion was verified")
            }
            record = reread
        }
        throw WebAuthnError(
            .signCountRegression,
            "the stored signature counter kept changing while this assertion was recorded "
                + "(\(Self.maximumCounterUpdateAttempts) compare-and-set attempts failed)"
        )
    }
}
