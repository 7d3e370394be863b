#if Hummingbird
import Foundation
import PasskeyVerifier

/// One passkey as a management page shows it: its ID, the name the user gave it, when it was registered and last
/// used, and the provider that holds it (WebAuthn Level 3 §6.5.1 AAGUID, named by the community list,
/// ``PasskeyVerifier/AuthenticatorName``, else by the FIDO metadata statement when `--metadata` is loaded).
public struct CredentialSummary: Codable, Sendable, Hashable {
    /// The credential ID, base64url (§5.1 `Base64URLString`).
    public var credentialID: String
    /// The user's name for the passkey, if any.
    public var nickname: String?
    /// When it was registered, ISO 8601 (`nil` for records stored without registration details).
    public var createdAt: String?
    /// When it was last used to sign in, ISO 8601.
    public var lastUsedAt: String?
    /// The AAGUID in its textual form (RFC 9562), `nil` when unknown.
    public var aaguid: String?
    /// The provider's or model's name, `nil` when neither metadata nor the community list knows the AAGUID.
    public var authenticatorName: String?
    /// The provider's icon for light backgrounds, a `data:` URI.
    public var authenticatorIconLight: String?
    /// The provider's icon for dark backgrounds, a `data:` URI.
    public var authenticatorIconDark: String?
    /// Whether the passkey can be synced (the BE flag, §6.1): a synced passkey rather than a device-bound one.
    public var backupEligible: Bool
    /// Whether the passkey is backed up (synced), the BS flag at its last use (§6.1).
    public var backedUp: Bool
    /// How the client can reach the authenticator (§5.8.4 `AuthenticatorTransport`), as registered.
    public var transports: [String]
    /// Whether the session asking started with this passkey.
    public var usedByThisSession: Bool

    /// Creates a summary.
    public init(
        credentialID: String,
        nickname: String?,
        createdAt: String?,
        lastUsedAt: String?,
        aaguid: String?,
        authenticatorName: String?,
        authenticatorIconLight: String?,
        authenticatorIconDark: String?,
        backupEligible: Bool,
        backedUp: Bool,
        transports: [String],
        usedByThisSession: Bool
    ) {
        self.credentialID = credentialID
        self.nickname = nickname
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.aaguid = aaguid
        self.authenticatorName = authenticatorName
        self.authenticatorIconLight = authenticatorIconLight
        self.authenticatorIconDark = authenticatorIconDark
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.transports = transports
        self.usedByThisSession = usedByThisSession
    }
}
#endif
