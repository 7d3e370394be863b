#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Setting a credential's `uvInitialized` (WebAuthn Level 3 §4 "credential record",
/// §7.2 `#authn-ceremony-update-credential-record`) after the host's own additional authorization.
extension RelyingParty {
    /// Marks the credential as having performed user verification (`uvInitialized = true`), with a
    /// compare-and-set on the stored record's version (so a concurrent sign-in's counter, flags and last use
    /// are kept), after the host has done the additional authorization §7.2 asks
    /// for (a second factor, a recent password entry…) following a sign-in whose
    /// ``CompletedAuthentication/userVerificationInitializationPending`` was `true`.
    ///
    /// - Returns: `true` when the flag is set (or was already), `false` when the credential is gone.
    /// - Throws: errors of the credential store; ``WebAuthnError/Code/signCountRegression`` when the record
    ///   kept changing during ``maximumCounterUpdateAttempts`` attempts.
    public func initializeUserVerification(credentialID: [UInt8]) async throws -> Bool {
        for _ in 0..<Self.maximumCounterUpdateAttempts {
            guard let record = try await credentialStore.credential(withID: credentialID) else { return false }
            guard !record.userVerificationInitialized else { return true }
            let update = CredentialRecordUpdate(
                credentialID: record.id,
                expectedVersion: record.version,
                signCount: record.signCount,
                backupEligible: record.backupEligible,
                backupState: record.backupState,
                userVerificationInitialized: true,
                lastUsedAt: record.lastUsedAt
            )
            if try await credentialStore.update(update) { return true }
        }
        throw WebAuthnError(
            .signCountRegression,
            "the credential record kept changing while uvInitialized was set "
                + "(\(Self.maximumCounterUpdateAttempts) compare-and-set attempts failed)"
        )
    }
}
