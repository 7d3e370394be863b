#if Hummingbird
import Foundation
import PasskeyAccounts

/// How long sessions last and how the session cookie is made (OWASP session management: idle and absolute
/// timeouts; RFC 6265bis cookie attributes).
public struct SessionPolicy: Sendable {
    /// A session unused this long ends; cut to 1 s … ``maximumDuration``, in whole seconds (the stored instants are
    /// seconds).
    public var idleTimeout: Duration
    /// A session ends this long after it started, used or not; cut to 1 s … ``maximumDuration``, in whole seconds.
    public var lifetime: Duration
    /// Whether the cookie is `__Host-passkey-session` with `Secure` (https origins) rather than `passkey-session`
    /// (plain-http loopback origins, where a browser would drop a `Secure` cookie).
    public var securesCookie: Bool

    /// The default idle timeout: one day.
    public static let defaultIdleTimeout: Duration = SessionIssuing.defaultIdleTimeout
    /// The default lifetime: thirty days.
    public static let defaultLifetime: Duration = SessionIssuing.defaultLifetime
    /// A use moves the last-seen instant only when it is this old, so most requests write nothing.
    public static let lastSeenGranularity: Duration = .seconds(60)
    /// The most sessions one account keeps: a new one ends the oldest beyond it, so signing in again and again
    /// cannot fill the database.
    public static let maximumSessionsPerAccount = SessionIssuing.defaultMaximumPerAccount
    /// The longest `User-Agent` kept, in UTF-8 bytes.
    public static let maximumUserAgentBytes = 256
    /// The longest timeout or lifetime accepted: ten years, so that no instant arithmetic can overflow; a longer one
    /// is cut to it.
    public static let maximumDuration: Duration = SessionIssuing.maximumDuration
    /// The bounds every timeout and lifetime is cut to: 1 s … ``maximumDuration``.
    static let durationBounds: ClosedRange<Duration> = .seconds(1)...maximumDuration

    /// Creates a policy, each duration cut to 1 s … ``maximumDuration``; the cookie is secured unless every origin is
    /// plain http (``securesCookie(for:)``).
    public init(
        idleTimeout: Duration = SessionPolicy.defaultIdleTimeout,
        lifetime: Duration = SessionPolicy.defaultLifetime,
        securesCookie: Bool = true
    ) {
        self.idleTimeout = idleTimeout.clamped(to: Self.durationBounds)
        self.lifetime = lifetime.clamped(to: Self.durationBounds)
        self.securesCookie = securesCookie
    }

    /// ``idleTimeout`` in whole seconds, cut to its bounds (a member set after
    /// ``init(idleTimeout:lifetime:securesCookie:)`` is cut here).
    package var idleTimeoutSeconds: Int64 { idleTimeout.clamped(to: Self.durationBounds).wholeSeconds }

    /// ``lifetime`` in whole seconds, cut to its bounds.
    package var lifetimeSeconds: Int64 { lifetime.clamped(to: Self.durationBounds).wholeSeconds }

    /// ``lastSeenGranularity`` in whole seconds.
    package static var lastSeenGranularitySeconds: Int64 { lastSeenGranularity.wholeSeconds }

    /// The cookie's name.
    public var cookieName: String { securesCookie ? "__Host-passkey-session" : "passkey-session" }

    /// Whether `origins` need the `Secure` cookie: any origin that is not `http://`.
    public static func securesCookie(for origins: [String]) -> Bool {
        origins.contains { !$0.lowercased().hasPrefix("http://") }
    }
}
#endif
