#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import PasskeyAccounts
import PasskeyHTTP
import PasskeyVerifier

/// The session routes, behind ``SessionRequiredMiddleware``:
///
/// - `GET /session`: the account, the passkey the session started with, and its expiry (``SessionResponse``);
/// - `POST /session/logout`: ends this session and clears the cookie;
/// - `POST /session/logout-all`: ends every session of the account and its pending registrations (WebAuthn Level 3
///   §13.4.3), and clears the cookie.
public struct SessionController<Context: AuthRequestContext>: Sendable
where Context.Identity == AuthenticatedSession {
    /// The accounts and sessions.
    public let service: AccountService
    /// The session cookie.
    public let sessions: SessionIssuer

    /// Creates the controller.
    public init(service: AccountService, sessions: SessionIssuer) {
        self.service = service
        self.sessions = sessions
    }

    /// Adds the routes, inside the ``RejectionMiddleware`` of ``PasskeyServerApplication``.
    func addRoutes(to router: some RouterMethods<Context>) {
        router.group("session")
            .add(middleware: SessionRequiredMiddleware<Context>())
            .get(use: current)
            .post("logout", use: logout)
            .post("logout-all", use: logoutAll)
    }

    /// `GET /session`.
    @Sendable func current(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let account = try await service.account(of: session.record)
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
        try await service.signOut(session.record)
        return try signedOut(context)
    }

    /// `POST /session/logout-all`: every session of the account and its pending registrations end in one commit.
    @Sendable func logoutAll(request: Request, context: Context) async throws -> Response {
        let session = try context.requireIdentity()
        let ended = try await service.signOutEverywhere(session.record)
        context.logger.info(
            "every session of an account ended",
            metadata: [
                "sessions": "\(ended.sessionsEnded)", "pendingRegistrations": "\(ended.pendingRegistrationsCancelled)",
            ]
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
