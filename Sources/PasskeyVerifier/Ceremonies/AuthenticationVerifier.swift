/// Verifies an authentication ceremony (WebAuthn Level 3 §7.2 "Verifying an Authentication Assertion").
///
/// A pure function of the response, the expectations and the stored credential
/// record: no storage, no clock and no randomness inside. Finding the record
/// for the credential ID and writing the updated record back belong to the
/// caller (or to the relying-party facade).
public struct AuthenticationVerifier: Sendable {
    /// The longest user handle (§5.4.3 `user.id`: at most 64 bytes).
    public static let maximumUserHandleLength = 64

    /// Creates a verifier.
    public init() {}

    /// Verifies `response` against `expectations` and the stored `credential`, step by step as §7.2 lists them.
    /// - Throws: ``WebAuthnError`` naming the first step that failed.
    public func verify(
        _ response: AuthenticationResponse,
        expecting expectations: AuthenticationExpectations,
        credential: CredentialRecord
    ) throws(WebAuthnError) -> VerifiedAuthentication {
        try verify(response, clientData: nil, expecting: expectations, credential: credential)
    }

    /// ``verify(_:expecting:credential:)`` with `clientData`, when given, as the parse of `response`'s
    /// `clientDataJSON` that the caller already made (the relying party reads the challenge from it first), so that
    /// a ceremony parses its client data once.
    package func verify(
        _ response: AuthenticationResponse,
        clientData parsedClientData: CollectedClientData?,
        expecting expectations: AuthenticationExpectations,
        credential: CredentialRecord
    ) throws(WebAuthnError) -> VerifiedAuthentication {
        if !expectations.allowedCredentialIDs.isEmpty,
            !expectations.allowedCredentialIDs.contains(response.credentialID)
        {
            throw WebAuthnError(.credentialMismatch, "the credential is not one of allowCredentials")
        }
        guard response.credentialID == credential.id else {
            throw WebAuthnError(.credentialMismatch, "the credential ID is not the stored credential's ID")
        }
        if let userHandle = response.userHandle, userHandle.count > Self.maximumUserHandleLength {
            throw WebAuthnError(
                .malformedInput,
                "userHandle is \(userHandle.count) bytes; a user handle is at most \(Self.maximumUserHandleLength)"
            )
        }
        if let userHandle = response.userHandle, let storedUserHandle = credential.userHandle,
            !ConstantTime.equals(userHandle, storedUserHandle)
        {
            throw WebAuthnError(.credentialMismatch, "userHandle is not the user handle of the credential's owner")
        }
        let clientData: CollectedClientData
        if let parsedClientData {
            clientData = parsedClientData
        } else {
            clientData = try CollectedClientData(jsonBytes: response.clientDataJSON)
        }
        try CeremonyChecks.verifyClientData(
            clientData,
            type: "webauthn.get",
            challenge: expectations.challenge,
            minimumChallengeLength: expectations.minimumChallengeLength,
            origins: expectations.origins,
            crossOrigin: expectations.crossOrigin
        )
        let authenticatorData = try AuthenticatorData(
            bytes: response.authenticatorData, cborMode: expectations.cborMode)
        let appID = expectations.appID.flatMap { response.clientExtensionResults?.appid == true ? $0 : nil }
        try CeremonyChecks.verifyAuthenticatorData(
            authenticatorData,
            relyingPartyID: appID ?? expectations.relyingPartyID,
            relyingPartyIDHash: appID.map { HashAlgorithm.sha256.hash(Array($0.utf8)) }
                ?? expectations.relyingPartyIDHash,
            userVerification: expectations.userVerification
        )
        guard authenticatorData.attestedCredentialData == nil else {
            throw WebAuthnError(
                .malformedAuthenticatorData,
                "an assertion's authenticator data must not carry attested credential data (AT flag set)"
            )
        }
        let backupEligibilityChange = try Self.backupEligibilityChange(
            stored: credential.backupEligible,
            reported: authenticatorData.flags.contains(.backupEligible),
            policy: expectations.backupEligibilityPolicy
        )
        let signedData = authenticatorData.rawBytes + clientData.hash
        guard credential.publicKey.isValidSignature(response.signature, for: signedData) else {
            throw WebAuthnError(
                .invalidSignature,
                "the assertion signature does not verify with the stored \(credential.publicKey.algorithm) key"
            )
        }
        let signCountRegressed = try Self.checkSignCount(
            stored: credential.signCount,
            reported: authenticatorData.signCount,
            policy: expectations.signCountPolicy
        )
        var updated = credential
        updated.signCount = authenticatorData.signCount
        updated.backupEligible = authenticatorData.flags.contains(.backupEligible)
        updated.backupState = authenticatorData.flags.contains(.backupState)

        return VerifiedAuthentication(
            authenticatorData: authenticatorData,
            updatedCredentialRecord: updated,
            signCountRegressed: signCountRegressed,
            backupEligibilityChange: backupEligibilityChange,
            backupStateChanged: updated.backupState != credential.backupState,
            userHandle: response.userHandle,
            usedAppID: appID != nil,
            userVerificationInitializationPending: authenticatorData.flags.contains(.userVerified)
                && !credential.userVerificationInitialized,
            clientExtensionResults: response.clientExtensionResults
        )
    }

    /// §7.2 `#sctn-verifying-assertion` step "backup state" under the host's policy.
    static func backupEligibilityChange(
        stored: Bool,
        reported: Bool,
        policy: BackupEligibilityPolicy
    ) throws(WebAuthnError) -> BackupEligibilityChange {
        switch (stored, reported) {
        case (true, false):
            if policy.rejectsLossOfEligibility {
                throw WebAuthnError(
                    .invalidBackupFlags,
                    "the credential was stored as backup eligible (BE) but the assertion has BE clear"
                )
            }
            return .lost
        case (false, true):
            if policy.rejectsGainOfEligibility {
                throw WebAuthnError(
                    .invalidBackupFlags,
                    "the credential was stored as not backup eligible (BE) but the assertion has BE set"
                )
            }
            return .gained
        default:
            return .unchanged
        }
    }

    /// §7.2 `#sctn-verifying-assertion` step "signCount": returns whether the counter regressed and passed.
    static func checkSignCount(
        stored: UInt32,
        reported: UInt32,
        policy: SignCountPolicy
    ) throws(WebAuthnError) -> Bool {
        guard stored != 0 || reported != 0 else { return false }
        guard reported <= stored else { return false }
        switch policy {
        case .rejectRegression:
            throw WebAuthnError(
                .signCountRegression,
                "the signature counter \(reported) is not greater than the stored \(stored); "
                    + "the authenticator may have been cloned"
            )
        case .reportRegression:
            return true
        }
    }
}
