#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import PasskeyAccounts
import PasskeyHTTP

/// hummingbird-auth's authenticator middleware for the server's sessions: it reads the token from
/// `Authorization: Bearer` or else the session cookie, looks its SHA-256 up (one read by primary key), and, when the
/// session is valid, puts an ``AuthenticatedSession`` into the context; the routes never parse a cookie. A use
/// moves the session's last-seen instant and idle expiry only when the stored one is over
/// ``SessionPolicy/lastSeenGranularity`` old.
///
/// A missing, malformed, unknown or expired token leaves the context without an identity: the routes that need
/// one answer `401 sessionRequired`, the others go on as for a stranger.
public struct SessionAuthenticator<Context: AuthRequestContext>: AuthenticatorMiddleware
where Context.Identity == AuthenticatedSession {
    /// The identity this middleware provides.
    public typealias Identity = AuthenticatedSession

    /// The sessions, their timeouts and cookie, and the clock: the same ones that start them.
    public let sessions: SessionIssuer

    /// Creates the authenticator over the sessions `sessions` starts.
    public init(sessions: SessionIssuer) {
        self.sessions = sessions
    }

    /// The session the request presents, when it is valid.
    public func authenticate(request: Request, context: Context) async throws -> AuthenticatedSession? {
        let presented: (token: Substring, presentation: AuthenticatedSession.Presentation)
        if let bearer = request.headers.bearer {
            presented = (Substring(bearer.token), .bearer)
        } else if let cookie = request.cookies[sessions.policy.cookieName] {
            presented = (Substring(cookie.value), .cookie)
        } else {
            return nil
        }
        guard SessionToken.isWellFormed(presented.token) else { return nil }
        let tokenHash = SessionToken.hash(presented.token)
        guard var record = try await sessions.sessionStore.session(tokenHash: tokenHash) else { return nil }
        let now = AppleSignInSecret.seconds(sessions.clock())
        guard record.isValid(at: now) else { return nil }
        if record.lastSeenAt <= now - SessionPolicy.lastSeenGranularitySeconds {
            record.lastSeenAt = now
            record.idleExpiresAt = min(now + sessions.policy.idleTimeoutSeconds, record.expiresAt)
            try await sessions.sessionStore.touch(
                tokenHash: tokenHash,
                lastSeenAt: record.lastSeenAt,
                idleExpiresAt: record.idleExpiresAt
            )
        }
        return AuthenticatedSession(record: record, presentation: presented.presentation)
    }
}
#endif
