#if Hummingbird
import Foundation

/// How long sessions last and how the session cookie is made (OWASP session management: idle and absolute
/// timeouts; RFC 6265bis cookie attributes).
public struct SessionPolicy: Sendable {
    /// A session unused for this many seconds ends.
    public var idleTimeout: Int64
    /// A session ends this many seconds after it started, used or not.
    public var lifetime: Int64
    /// Whether the cookie is `__Host-passkey-session` with `Secure` (https origins) rather than `passkey-session`
    /// (plain-http loopback origins, where a browser would drop a `Secure` cookie).
    public var securesCookie: Bool

    /// The default idle timeout: one day.
    public static let defaultIdleTimeout: Int64 = 24 * 60 * 60
    /// The default lifetime: thirty days.
    public static let defaultLifetime: Int64 = 30 * 24 * 60 * 60
    /// A use moves the last-seen instant only when it is this many seconds old, so most requests write nothing.
    public static let lastSeenGranularity: Int64 = 60
    /// The most sessions one account keeps: a new one ends the oldest beyond it, so signing in again and again
    /// cannot fill the database.
    public static let maximumSessionsPerAccount = 32
    /// The longest `User-Agent` kept, in UTF-8 bytes.
    public static let maximumUserAgentBytes = 256
    /// The longest timeout or lifetime accepted: ten years, so that no instant arithmetic can overflow.
    public static let maximumDuration: Int64 = 10 * 365 * 24 * 60 * 60

    /// Creates a policy, each duration clamped to 1 s … ``maximumDuration``; the cookie is secured unless every
    /// origin is plain http (``securesCookie(for:)``).
    public init(
        idleTimeout: Int64 = SessionPolicy.defaultIdleTimeout,
        lifetime: Int64 = SessionPolicy.defaultLifetime,
        securesCookie: Bool = true
    ) {
        self.idleTimeout = min(max(1, idleTimeout), Self.maximumDuration)
        self.lifetime = min(max(1, lifetime), Self.maximumDuration)
        self.securesCookie = securesCookie
    }

    /// The cookie's name.
    public var cookieName: String { securesCookie ? "__Host-passkey-session" : "passkey-session" }

    /// Whether `origins` need the `Secure` cookie: any origin that is not `http://`.
    public static func securesCookie(for origins: [String]) -> Bool {
        origins.contains { !$0.lowercased().hasPrefix("http://") }
    }
}
#endif
