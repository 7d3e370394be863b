import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a relying party stores for a registered credential (WebAuthn Level 3 §4 "credential record",
/// §7.1 `#reg-ceremony-create-credential-record`) and needs again to verify its assertions, with what a
/// passkey-management page shows: the ``registration`` details, a ``nickname`` and the ``lastUsedAt`` instant.
///
/// ``version`` is the record's revision in its ``CredentialStore``: every write after the insert adds one, and
/// ``CredentialStore/update(_:)`` is a compare-and-set on it. `Codable` as one JSON object with a stable,
/// documented encoding, so a host may keep a record in one column.
public struct CredentialRecord: Sendable, Hashable {
    /// The credential ID (§4 "Credential ID"), at most 1023 bytes.
    public var id: [UInt8]
    /// The credential public key; parsed once and reused for every assertion.
    public var publicKey: COSEKey
    /// The last signature counter seen (§6.1.1).
    public var signCount: UInt32
    /// Whether the credential was backup eligible when stored (BE, §6.1.3).
    public var backupEligible: Bool
    /// The last backup state seen (BS, §6.1.3).
    public var backupState: Bool
    /// Whether user verification has been performed with this credential (§4 `uvInitialized`).
    public var userVerificationInitialized: Bool
    /// The user handle of the account the credential belongs to, if known (§5.4.3 `user.id`).
    public var userHandle: [UInt8]?
    /// The transports the client reported at registration (§5.2.1 `getTransports()`).
    public var transports: [String]
    /// What the registration ceremony established (§7.1): when, the AAGUID, the attestation, `credProps.rk`,
    /// BE and BS at the time; `nil` for a record that was not created by a verified registration (an import).
    public var registration: CredentialRegistrationDetails?
    /// A name the user gave the passkey on the host's management page; `nil` when none. Not part of WebAuthn:
    /// the host's own label (§4 "credential record" lets a relying party keep more items).
    public var nickname: String?
    /// When the credential last signed in: the relying party's clock at the last recorded assertion (§7.2);
    /// `nil` when never.
    public var lastUsedAt: Date?
    /// The record's revision: 0 when inserted, one more after each update or rename; the compare-and-set of
    /// ``CredentialStore/update(_:)`` expects it.
    public var version: Int64

    /// Creates a record.
    public init(
        id: [UInt8],
        publicKey: COSEKey,
        signCount: UInt32 = 0,
        backupEligible: Bool = false,
        backupState: Bool = false,
        userVerificationInitialized: Bool = false,
        userHandle: [UInt8]? = nil,
        transports: [String] = [],
        registration: CredentialRegistrationDetails? = nil,
        nickname: String? = nil,
        lastUsedAt: Date? = nil,
        version: Int64 = 0
    ) {
        self.id = id
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.userVerificationInitialized = userVerificationInitialized
        self.userHandle = userHandle
        self.transports = transports
        self.registration = registration
        self.nickname = nickname
        self.lastUsedAt = lastUsedAt
        self.version = version
    }
}
