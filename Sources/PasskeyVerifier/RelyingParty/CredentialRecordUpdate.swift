#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a successful authentication writes back to a credential record (WebAuthn Level 3 §7.2
/// `#authn-ceremony-update-credential-record`), as a compare-and-set on the record's
/// ``CredentialRecord/version``.
///
/// A ``CredentialStore`` applies it only if the stored record's version is still ``expectedVersion``, the
/// version the relying party read before verifying the assertion, and then stores the version one higher.
/// Guarding the whole record, not the signature counter alone, matters for synced passkeys: their counter
/// stays 0 (§6.1.1), so two concurrent sign-ins would otherwise both pass a counter check and one would
/// silently overwrite the other's BE, BS, `uvInitialized` and last-use time.
public struct CredentialRecordUpdate: Sendable, Hashable {
    /// The credential ID of the record to update (§4 "Credential ID").
    public var credentialID: [UInt8]
    /// The ``CredentialRecord/version`` the relying party read before verifying; the update applies only if it
    /// is still stored.
    public var expectedVersion: Int64
    /// The new signature counter (§6.1.1).
    public var signCount: UInt32
    /// The backup eligibility flag of the assertion (BE, §6.1.3).
    public var backupEligible: Bool
    /// The backup state flag of the assertion (BS, §6.1.3).
    public var backupState: Bool
    /// Whether user verification has been performed with the credential (§4 `uvInitialized`).
    public var userVerificationInitialized: Bool
    /// When the credential was last used: the relying party's clock at verification; written as is.
    public var lastUsedAt: Date?

    /// Creates the update.
    public init(
        credentialID: [UInt8],
        expectedVersion: Int64,
        signCount: UInt32,
        backupEligible: Bool,
        backupState: Bool,
        userVerificationInitialized: Bool,
        lastUsedAt: Date?
    ) {
        self.credentialID = credentialID
        self.expectedVersion = expectedVersion
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.userVerificationInitialized = userVerificationInitialized
        self.lastUsedAt = lastUsedAt
    }

    /// The version a store writes with the update: ``expectedVersion`` plus one.
    public var newVersion: Int64 { expectedVersion &+ 1 }

    /// `record` as a store holds it after the update: this update's counter, flags and last use, and
    /// ``newVersion``; every other field unchanged.
    public func applied(to record: CredentialRecord) -> CredentialRecord {
        var updated = record
        updated.signCount = signCount
        updated.backupEligible = backupEligible
        updated.backupState = backupState
        updated.userVerificationInitialized = userVerificationInitialized
        updated.lastUsedAt = lastUsedAt
        updated.version = newVersion
        return updated
    }
}
