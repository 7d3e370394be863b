#if Hummingbird
import PasskeyAccounts

/// A request refused by a rate limit: ``Refusal`` answers it `429 Too Many Requests` (RFC 6585 §4) with
/// `Retry-After` (RFC 9110 §10.2.3) and the stable code ``PasskeyAccounts/AccountError/Code/rateLimited``.
public struct RateLimitExceeded: Error, Sendable, CustomStringConvertible {
    /// Seconds until the client may try again.
    public let retryAfter: Int
    /// What was limited: `client address` or `username`.
    public let scope: String

    /// Creates the refusal.
    public init(retryAfter: Int, scope: String) {
        self.retryAfter = max(1, retryAfter)
        self.scope = scope
    }

    /// What the client is told.
    public var description: String {
        "too many requests for this \(scope); try again in \(retryAfter) s"
    }
}
#endif
