#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a successful authentication writes back to a credential record (WebAuthn Level 3 §7.2
/// `#rp-op-verifying-assertion-step-update-credential-record`), as a compare-and-set on the signature counter.
///
/// A ``CredentialStore`` applies it only if the stored counter is still ``expectedSignCount``, the value the
/// relying party read before verifying the assertion (§6.1.1).
public struct CredentialRecordUpdate: Sendable, Hashable {
    /// The credential ID of the record to update (§4 "Credential ID").
    public var credentialID: [UInt8]
    /// The counter the relying party read before verifying; the update applies only if it is still stored.
    public var expectedSignCount: UInt32
    /// The new signature counter (§6.1.1).
    public var signCount: UInt32
    /// The backup eligibility flag of the assertion (BE, §6.1.3).
    public var backupEligible: Bool
    /// The backup state flag of the assertion (BS, §6.1.3).
    public var backupState: Bool
    /// Whether user verification has been performed with the credential (§4 `uvInitialized`).
    public var userVerificationInitialized: Bool
    /// When the credential was used: the relying party's clock at verification.
    public var lastUsedAt: Date

    /// Creates the update.
    public init(
        credentialID: [UInt8],
        expectedSignCount: UInt32,
        signCount: UInt32,
        backupEligible: Bool,
        backupState: Bool,
        userVerificationInitialized: Bool,
        lastUsedAt: Date
    ) {
        self.credentialID = credentialID
        self.expectedSignCount = expectedSignCount
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.userVerificationInitialized = userVerificationInitialized
        self.lastUsedAt = lastUsedAt
    }

    /// `record` with this update's counter and flags.
    public func applied(to record: CredentialRecord) -> CredentialRecord {
        var updated = record
        updated.signCount = signCount
        updated.backupEligible = backupEligible
        updated.backupState = backupState
        updated.userVerificationInitialized = userVerificationInitialized
        return updated
    }
}
