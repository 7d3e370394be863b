#if Hummingbird
/// The answer to `GET /session`: ``CommonResponse``'s members and who is signed in, with which passkey (WebAuthn
/// Level 3 §4 credential ID), since when and until when.
public struct SessionResponse: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String
    /// Empty.
    public var errorMessage: String
    /// The account (§5.4.3 `user.name`).
    public var username: String
    /// Its display name (§5.4.3 `user.displayName`): the username when none was chosen.
    public var displayName: String
    /// The credential the session was started with, base64url.
    public var credentialID: String
    /// When the session started, ISO 8601.
    public var createdAt: String
    /// When it ends unless used again, ISO 8601.
    public var idleExpiresAt: String
    /// When it ends in any case, ISO 8601.
    public var expiresAt: String

    /// Creates the answer.
    public init(
        username: String,
        displayName: String,
        credentialID: String,
        createdAt: String,
        idleExpiresAt: String,
        expiresAt: String
    ) {
        self.status = CommonResponse.ok.status
        self.errorMessage = CommonResponse.ok.errorMessage
        self.username = username
        self.displayName = displayName
        self.credentialID = credentialID
        self.createdAt = createdAt
        self.idleExpiresAt = idleExpiresAt
        self.expiresAt = expiresAt
    }
}
#endif
