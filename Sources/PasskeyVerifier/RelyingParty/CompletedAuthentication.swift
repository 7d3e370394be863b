/// What ``RelyingParty/finishAuthentication(_:)`` returns: which account signed in with which credential,
/// and the credential record as updated (WebAuthn Level 3 §7.2).
public struct CompletedAuthentication: Sendable {
    /// The user handle of the account that signed in: the owner recorded for the credential (§5.4.3).
    public let userHandle: [UInt8]
    /// The credential record after this assertion: new counter, BE, BS and `uvInitialized`
    /// (§7.2 `#authn-ceremony-update-credential-record`).
    public let credentialRecord: CredentialRecord
    /// The verified assertion.
    public let verifiedAuthentication: VerifiedAuthentication
    /// How BS compares with the record before this assertion (§6.1.3).
    public let backupStateChange: BackupStateChange

    /// Creates the result.
    public init(
        userHandle: [UInt8],
        credentialRecord: CredentialRecord,
        verifiedAuthentication: VerifiedAuthentication,
        backupStateChange: BackupStateChange
    ) {
        self.userHandle = userHandle
        self.credentialRecord = credentialRecord
        self.verifiedAuthentication = verifiedAuthentication
        self.backupStateChange = backupStateChange
    }

    /// The credential ID that signed (§4).
    public var credentialID: [UInt8] { credentialRecord.id }
    /// Whether UV was performed for a credential whose `uvInitialized` is still false: the host may set it
    /// after its own additional authorization (§7.2 `#authn-ceremony-update-credential-record`), with
    /// ``RelyingParty/initializeUserVerification(credentialID:)``.
    public var userVerificationInitializationPending: Bool {
        verifiedAuthentication.userVerificationInitializationPending
    }
    /// The new signature counter (§6.1.1).
    public var signCount: UInt32 { credentialRecord.signCount }
    /// Whether the counter did not increase and ``SignCountPolicy/reportRegression`` let it pass (§6.1.1).
    public var signCountRegressed: Bool { verifiedAuthentication.signCountRegressed }
    /// How BE compares with the record before this assertion (§6.1.3).
    public var backupEligibilityChange: BackupEligibilityChange { verifiedAuthentication.backupEligibilityChange }
    /// Whether the UV flag was set (§6.1).
    public var userVerified: Bool { verifiedAuthentication.userVerified }
}
