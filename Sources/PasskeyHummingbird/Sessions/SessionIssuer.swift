#if Hummingbird
import Foundation
import Hummingbird
import PasskeyAccounts
import PasskeyHTTP

/// The sessions' cookie and store for the routes: the token ``PasskeyAccounts/AccountService`` issues at every
/// sign-up and sign-in is handed to a browser as the session cookie and to a native app in the JSON answer
/// (`sessionToken`, sent back as `Authorization: Bearer`); ``SessionAuthenticator`` finds its session.
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
