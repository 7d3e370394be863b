#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import PasskeyAccounts
import PasskeyVerifier

/// The session routes, behind ``SessionRequiredMiddleware``:
///
/// - `GET /session`: the account, the passkey the session started with, and its expiry (``SessionResponse``);
/// - `POST /session/logout`: ends this session and clears the cookie;
/// - `POST /session/logout-all`: ends every session of the account and its pending registrations (WebAuthn Level 3
///   §13.4.3), and clears the cookie.
public struct SessionController<Context: AuthRequestContext>: Sendable
where Context.Identity == AuthenticatedSession {
    /// The accounts.
    public let userStore: any UserStore
    /// The sessions and their cookie.
    public let sessions: SessionIssuer
    /// The pending ceremonies, whose registrations end with every session.
    public let challengeStore: any ChallengeStore

    /// Creates the controller.
    public init(userStore: any UserStore, sessions: SessionIssuer, challengeStore: any ChallengeStore) {
        self.userStore = userStore
        self.sessions = sessions
        self.challengeStore = challengeStore
    }

    /// Adds the routes.
    public func addRoutes(to router: some RouterMethods<Context>) {
        router.group("session")
            .add(middleware: RejectionMiddleware<Context>())
            .add(middleware: SessionRequiredMiddleware<Context>())
            .get(use: current)
            .post("logout", use: logout)
            .post("logout-all", use: logoutAll)
    }

    /// `GET /session`.
    @Sendable func current(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        guard let account = try await userStore.account(forUserHandle: session.userHandle) else {
            throw AccountError.sessionRequired
        }
        let record = session.record
        return try JSONResponse.make(
            SessionResponse(
                username: account.username,
                displayName: account.shownName,
                credentialID: Base64URL.encode(record.credentialID),
                createdAt: Self.iso8601(record.createdAt),
                idleExpiresAt: Self.iso8601(record.idleExpiresAt),
                expiresAt: Self.iso8601(record.expiresAt)
            ),
            headers: [.cacheControl: "no-store"]
        )
    }

    /// `POST /session/logout`.
    @Sendable func logout(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        try await sessions.sessionStore.remove(tokenHash: session.record.tokenHash)
        return try signedOut(context)
    }

    /// `POST /session/logout-all`: the sessions end first, then the account's pending registrations, so that a
    /// failure of the second leaves no session behind (and a registration bound to a session fails with it anyway).
    @Sendable func logoutAll(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let ended = try await sessions.sessionStore.removeAll(userHandle: session.userHandle)
        let cancelled = try await challengeStore.removeAll(ceremony: .registration, userHandle: session.userHandle)
        context.logger.info(
            "every session of an account ended",
            metadata: ["sessions": "\(ended)", "pendingRegistrations": "\(cancelled)"]
        )
        return try signedOut(context)
    }

    private func signedOut(_ context: Context) throws -> Response {
        var response = try JSONResponse.make(CommonResponse.ok)
        response.setCookie(sessions.expiredCookie)
        return response
    }

    /// `seconds` since 1970 in ISO 8601.
    static func iso8601(_ seconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }
}
#endif
