/// How ``AccountService`` starts sessions: a new random token (``SessionToken``, 256 bits) at every sign-up and
/// sign-in, stored as its SHA-256 only (``SessionRecord``), with an idle and an absolute expiry; an account keeps at
/// most ``maximumPerAccount``, the oldest ending first (OWASP session management).
public struct SessionIssuing: Sendable {
    /// A session unused this long ends; cut to 1 s … ``maximumDuration``.
    public var idleTimeout: Duration
    /// A session ends this long after it started, used or not; cut to 1 s … ``maximumDuration``.
    public var lifetime: Duration
    /// The most sessions one account keeps: a new one ends the oldest beyond it, so signing in again and again cannot
    /// fill the database.
    public var maximumPerAccount: Int

    /// The longest timeout or lifetime: ten years, so that no instant arithmetic can overflow.
    public static let maximumDuration: Duration = .seconds(10 * 365 * 24 * 60 * 60)
    /// The default idle timeout: one day.
    public static let defaultIdleTimeout: Duration = .seconds(24 * 60 * 60)
    /// The default lifetime: thirty days.
    public static let defaultLifetime: Duration = .seconds(30 * 24 * 60 * 60)
    /// The default number of sessions an account keeps: 32.
    public static let defaultMaximumPerAccount = 32

    /// Creates the rules: a day idle, thirty days in all, 32 per account by default.
    public init(
        idleTimeout: Duration = SessionIssuing.defaultIdleTimeout,
        lifetime: Duration = SessionIssuing.defaultLifetime,
        maximumPerAccount: Int = SessionIssuing.defaultMaximumPerAccount
    ) {
        self.idleTimeout = idleTimeout
        self.lifetime = lifetime
        self.maximumPerAccount = maximumPerAccount
    }

    /// A new session of `userHandle` begun with `credentialID` at `now` (whole seconds since 1970), and its token.
    public func issue(userHandle: [UInt8], credentialID: [UInt8], userAgent: String, at now: Int64) -> IssuedSession {
        let token = SessionToken.generate()
        let expiresAt = now.addingSaturated(Self.seconds(lifetime))
        let record = SessionRecord(
            tokenHash: SessionToken.hash(Substring(token)),
            userHandle: userHandle,
            credentialID: credentialID,
            createdAt: now,
            lastSeenAt: now,
            idleExpiresAt: min(now.addingSaturated(Self.seconds(idleTimeout)), expiresAt),
            expiresAt: expiresAt,
            userAgent: userAgent
        )
        return IssuedSession(token: token, record: record)
    }

    /// `duration` in whole seconds, cut to 1 s … ``maximumDuration``.
    static func seconds(_ duration: Duration) -> Int64 {
        min(max(duration, .seconds(1)), maximumDuration).components.seconds
    }
}

/// A session just started: the token the client gets (once; the store keeps only its hash) and the record stored.
public struct IssuedSession: Sendable {
    /// The token, for the cookie or the native app's `Authorization: Bearer`.
    public let token: String
    /// The stored record.
    public let record: SessionRecord
}

extension Int64 {
    /// `self + other`, `Int64.max` or `.min` instead of overflowing.
    func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
