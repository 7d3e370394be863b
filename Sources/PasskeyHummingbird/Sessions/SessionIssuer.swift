#if Hummingbird
import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import PasskeyAccounts

/// Starts and ends sessions: a new random token (``SessionToken``) at every sign-up and sign-in, kept hashed
/// (``SessionStore``), handed to a browser as the session cookie and to a native app in the JSON answer
/// (`sessionToken`, sent back as `Authorization: Bearer`).
///
/// The cookie is `HttpOnly`, `SameSite=Lax`, `Path=/`, with the session's lifetime as `Max-Age`; `Secure` with the
/// `__Host-` prefix when the origins are https (RFC 6265bis §4.1.3.2), without both on plain-http loopback origins,
/// where browsers would drop it.
public struct SessionIssuer: Sendable {
    /// The sessions.
    public let sessionStore: any SessionStore
    /// Their timeouts and cookie.
    public let policy: SessionPolicy
    /// The current instant.
    public let clock: @Sendable () -> Date

    /// Creates the issuer.
    public init(sessionStore: any SessionStore, policy: SessionPolicy, clock: @escaping @Sendable () -> Date) {
        self.sessionStore = sessionStore
        self.policy = policy
        self.clock = clock
    }

    /// Starts a session for the account `userHandle`, begun with `credentialID`, ends the account's oldest sessions
    /// beyond ``SessionPolicy/maximumSessionsPerAccount``, and returns the token.
    public func start(userHandle: [UInt8], credentialID: [UInt8], request: Request) async throws -> String {
        let token = try await insert(userHandle: userHandle, credentialID: credentialID, request: request)
        try await endOldest(userHandle: userHandle, sparing: token)
        return token
    }

    /// Stores a new session for the account `userHandle`, begun with `credentialID`, and returns its token: the
    /// first half of ``start(userHandle:credentialID:request:)``, for a caller that checks something between the
    /// two and calls ``endOldest(userHandle:sparing:)`` or ``discard(_:)`` after. A failed insert (a deadline, a
    /// cancellation) is discarded too, in case the row was written after all.
    public func insert(userHandle: [UInt8], credentialID: [UInt8], request: Request) async throws -> String {
        let token = SessionToken.generate()
        let now = AppleSignInSecret.seconds(clock())
        let expiresAt = now + policy.lifetimeSeconds
        do {
            try await sessionStore.insert(
                SessionRecord(
                    tokenHash: SessionToken.hash(Substring(token)),
                    userHandle: userHandle,
                    credentialID: credentialID,
                    createdAt: now,
                    lastSeenAt: now,
                    idleExpiresAt: min(now + policy.idleTimeoutSeconds, expiresAt),
                    expiresAt: expiresAt,
                    userAgent: LogText.escaped(
                        request.headers[.userAgent] ?? "",
                        maximumBytes: SessionPolicy.maximumUserAgentBytes
                    )
                )
            )
        } catch {
            await discard(token)
            throw error
        }
        return token
    }

    /// Ends the account's oldest sessions beyond ``SessionPolicy/maximumSessionsPerAccount``, never the one of
    /// `token`.
    public func endOldest(userHandle: [UInt8], sparing token: String) async throws {
        try await sessionStore.removeOldest(
            userHandle: userHandle,
            keeping: SessionPolicy.maximumSessionsPerAccount,
            sparing: SessionToken.hash(Substring(token))
        )
    }

    /// Ends the session of `token`, which was never handed out, as far as the store allows: a failure is dropped
    /// (the row is unusable, only its hash is stored, and expires on its own), and the removal runs even when the
    /// request was cancelled. The caller waits for the removal at most ``discardWait``: a store that stopped
    /// answering (the reason the request failed, often) must not hold the refusal for a second store deadline, so
    /// every answer still comes within one deadline and a margin; the removal goes on behind it.
    public func discard(_ token: String) async {
        let sessionStore = self.sessionStore
        let tokenHash = SessionToken.hash(Substring(token))
        let waiting = NIOLockedValueBox<CheckedContinuation<Void, Never>?>(nil)
        await withCheckedContinuation { continuation in
            waiting.withLockedValue { $0 = continuation }
            Task {
                _ = try? await sessionStore.remove(tokenHash: tokenHash)
                waiting.withLockedValue { $0.take() }?.resume()
            }
            Task {
                try? await Task.sleep(for: Self.discardWait)
                waiting.withLockedValue { $0.take() }?.resume()
            }
        }
    }

    /// How long ``discard(_:)`` waits for the removal: 250 milliseconds, thousands of times a healthy store's.
    public static let discardWait: Duration = .milliseconds(250)

    /// The cookie that carries `token`.
    public func cookie(carrying token: String) -> Cookie {
        Cookie(
            name: policy.cookieName,
            value: token,
            maxAge: Int(clamping: policy.lifetimeSeconds),
            path: "/",
            secure: policy.securesCookie,
            httpOnly: true,
            sameSite: .lax
        )
    }

    /// The cookie that removes the session cookie from the browser.
    public var expiredCookie: Cookie {
        Cookie(
            name: policy.cookieName,
            value: "",
            maxAge: 0,
            path: "/",
            secure: policy.securesCookie,
            httpOnly: true,
            sameSite: .lax
        )
    }
}
#endif
