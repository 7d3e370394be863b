#if Hummingbird
import PasskeyAccounts

/// The identity ``SessionAuthenticator`` puts into the request context (hummingbird-auth's
/// `AuthRequestContext.identity`) when a request carries a valid session: the stored session and how the client
/// presented it.
public struct AuthenticatedSession: Sendable, Hashable {
    /// How the token arrived.
    public enum Presentation: Sendable, Hashable {
        /// In the session cookie: a browser, which another site could make send it, so state-changing requests
        /// are checked for their `Origin` (``RequestGuardMiddleware``).
        case cookie
        /// As `Authorization: Bearer`: a native app, which no other site can make send it.
        case bearer
    }

    /// The session as stored.
    public let record: SessionRecord
    /// How the token arrived.
    public let presentation: Presentation

    /// Creates the identity.
    public init(record: SessionRecord, presentation: Presentation) {
        self.record = record
        self.presentation = presentation
    }

    /// The account (WebAuthn Level 3 §5.4.3 `user.id`).
    public var userHandle: [UInt8] { record.userHandle }
}
#endif
