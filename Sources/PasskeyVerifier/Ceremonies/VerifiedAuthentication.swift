/// The result of a successful authentication (WebAuthn Level 3 §7.2): what signed in and what
/// the relying party must write back to the credential record.
public struct VerifiedAuthentication: Sendable {
    /// The verified authenticator data.
    public let authenticatorData: AuthenticatorData
    /// The credential record updated with this assertion's counter and flags
    /// (§7.2 `#authn-ceremony-update-credential-record`).
    public let updatedCredentialRecord: CredentialRecord
    /// Whether the counter did not increase and the policy let it pass (§6.1.1).
    public let signCountRegressed: Bool
    /// How BE compares with the stored record (§6.1.3).
    public let backupEligibilityChange: BackupEligibilityChange
    /// Whether BS differs from the stored record: hosts can prompt users when a passkey becomes (un)synced.
    public let backupStateChanged: Bool
    /// The user handle the authenticator returned, if any (§5.2.2 `userHandle`).
    public let userHandle: [UInt8]?
    /// Whether the assertion was made for the requested FIDO AppID rather than the RP ID (§10.1.1: `appid`
    /// requested, the client reported `appid: true`, the rpIdHash is SHA-256 of the AppID).
    public let usedAppID: Bool
    /// Whether the authenticator verified the user (UV set) for a credential whose record says
    /// `uvInitialized` is false (§7.2 `#authn-ceremony-update-credential-record`). §7.2 asks for an additional
    /// authorization factor before `uvInitialized` becomes true, so the verifier does not set it:
    /// ``updatedCredentialRecord`` keeps the stored value, and a host that has such a factor sets it (with
    /// ``RelyingParty``, ``RelyingParty/initializeUserVerification(credentialID:)``).
    public let userVerificationInitializationPending: Bool
    /// The client extension outputs (§5.1 `getClientExtensionResults()`), unauthenticated: `prf` results
    /// (secrets, never printed), `largeBlob` outputs, `appid`.
    public let clientExtensionResults: AuthenticationExtensionsClientOutputsJSON?

    /// The credential ID that signed.
    public var credentialID: [UInt8] { updatedCredentialRecord.id }
    /// The new signature counter.
    public var newSignCount: UInt32 { authenticatorData.signCount }
    /// Whether the UP flag was set.
    public var userPresent: Bool { authenticatorData.flags.contains(.userPresent) }
    /// Whether the UV flag was set.
    public var userVerified: Bool { authenticatorData.flags.contains(.userVerified) }
    /// Whether BE was set.
    public var backupEligible: Bool { authenticatorData.flags.contains(.backupEligible) }
    /// Whether BS was set.
    public var backupState: Bool { authenticatorData.flags.contains(.backupState) }
}
