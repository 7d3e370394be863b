/// A signed-in session as the database keeps it: never the token itself, only its SHA-256, with the account
/// and the credential it was started with (WebAuthn Level 3 §7.2 `#sctn-verifying-assertion` step "continue" ends the
/// ceremony; what follows is the relying party's own session, OWASP's session management guidance).
///
/// Instants are whole seconds since 1970. A session is valid while `now < idleExpiresAt` and
/// `now < expiresAt`.
public struct SessionRecord: Sendable, Hashable {
    /// SHA-256 of the token the client holds.
    public var tokenHash: [UInt8]
    /// The account (§5.4.3 `user.id`).
    public var userHandle: [UInt8]
    /// The credential whose registration or assertion started the session (§4 credential ID).
    public var credentialID: [UInt8]
    /// When it started.
    public var createdAt: Int64
    /// When it was last seen, to within `SessionPolicy.lastSeenGranularity`.
    public var lastSeenAt: Int64
    /// When it ends unless it is used again: the last use plus the idle timeout, never after ``expiresAt``.
    public var idleExpiresAt: Int64
    /// When it ends in any case: its start plus the absolute lifetime.
    public var expiresAt: Int64
    /// The client's `User-Agent`, escaped and cut to `SessionPolicy.maximumUserAgentBytes` bytes.
    public var userAgent: String

    /// Creates a record.
    public init(
        tokenHash: [UInt8],
        userHandle: [UInt8],
        credentialID: [UInt8],
        createdAt: Int64,
        lastSeenAt: Int64,
        idleExpiresAt: Int64,
        expiresAt: Int64,
        userAgent: String
    ) {
        self.tokenHash = tokenHash
        self.userHandle = userHandle
        self.credentialID = credentialID
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.idleExpiresAt = idleExpiresAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
    }

    /// Whether the session is valid at `now`.
    public func isValid(at now: Int64) -> Bool {
        now < idleExpiresAt && now < expiresAt
    }
}
