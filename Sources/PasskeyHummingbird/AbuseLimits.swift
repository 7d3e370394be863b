#if Hummingbird
/// What bounds the work and storage a stranger can cause (``ServerConfiguration/abuseLimits``): rate limits on the
/// routes that write without a session (``RequestRateLimiter``), the client address behind trusted proxies
/// (``ClientAddress``), connection timeouts and caps (``ConnectionGuardHandler``), a deadline on every store call
/// (``StoreDeadline``) and a cap on the pending challenges (``ExpiredRowsCleanup``). `Docs/Decisions.md` gives
/// the reasons for the defaults.
public struct AbuseLimits: Sendable {
    /// The token bucket per client address on the routes that write without a session; `nil` for none.
    public var clientAddressRateLimit: RateLimit?
    /// The token bucket per username on the options routes that name one; `nil` for none.
    public var usernameRateLimit: RateLimit?
    /// The token bucket per IPv6 /48 network (``IPAddress/networkRateLimitKey``), beside the one per client; `nil`
    /// (the default) for none. Opt-in: a site with many /64s in a /48 can keep the bucket empty and lock its
    /// neighbours in that /48 out of the routes it guards.
    public var ipv6NetworkRateLimit: RateLimit?
    /// The proxies whose `X-Forwarded-For` is believed (none: the socket's peer is the client).
    public var trustedProxies: [IPAddressRange]
    /// Seconds a connection may stay idle (no request part read, no response pending) before it is closed.
    public var idleTimeout: Int
    /// Seconds from a request's head to the end of its body; a slower client's connection is closed.
    public var requestBodyDeadline: Int
    /// The most connections open at once from one peer address (trusted proxies are not counted).
    public var maximumConnectionsPerClientAddress: Int
    /// Seconds a store call may take before the request fails with `503 storeUnavailable`.
    public var storeCallDeadline: Double
    /// The most pending challenges kept; past it the oldest are deleted by the next cleanup round.
    public var maximumPendingChallenges: Int
    /// Seconds between two rounds of the cleanup job (expired challenges, sessions and Sign in with Apple secrets).
    public var cleanupInterval: Int

    /// The default ``idleTimeout``: 30 seconds.
    public static let defaultIdleTimeout = 30
    /// The default ``requestBodyDeadline``: 10 seconds.
    public static let defaultRequestBodyDeadline = 10
    /// The default ``maximumConnectionsPerClientAddress``: 32.
    public static let defaultMaximumConnectionsPerClientAddress = 32
    /// The default ``storeCallDeadline``: 5 seconds.
    public static let defaultStoreCallDeadline = 5.0
    /// The default ``maximumPendingChallenges``: 100 000.
    public static let defaultMaximumPendingChallenges = 100_000
    /// The default ``cleanupInterval``: 10 seconds.
    public static let defaultCleanupInterval = 10

    /// Creates the limits; every member defaults to the deployment default (rate limits on).
    public init(
        clientAddressRateLimit: RateLimit? = .defaultPerClientAddress,
        usernameRateLimit: RateLimit? = .defaultPerUsername,
        ipv6NetworkRateLimit: RateLimit? = nil,
        trustedProxies: [IPAddressRange] = [],
        idleTimeout: Int = AbuseLimits.defaultIdleTimeout,
        requestBodyDeadline: Int = AbuseLimits.defaultRequestBodyDeadline,
        maximumConnectionsPerClientAddress: Int = AbuseLimits.defaultMaximumConnectionsPerClientAddress,
        storeCallDeadline: Double = AbuseLimits.defaultStoreCallDeadline,
        maximumPendingChallenges: Int = AbuseLimits.defaultMaximumPendingChallenges,
        cleanupInterval: Int = AbuseLimits.defaultCleanupInterval
    ) {
        self.clientAddressRateLimit = clientAddressRateLimit
        self.usernameRateLimit = usernameRateLimit
        self.ipv6NetworkRateLimit = ipv6NetworkRateLimit
        self.trustedProxies = trustedProxies
        self.idleTimeout = min(max(idleTimeout, 1), 86_400)
        self.requestBodyDeadline = min(max(requestBodyDeadline, 1), 3_600)
        self.maximumConnectionsPerClientAddress = min(max(maximumConnectionsPerClientAddress, 1), 1_000_000)
        self.storeCallDeadline = storeCallDeadline.isFinite ? min(max(storeCallDeadline, 0.01), 3_600) : 5
        self.maximumPendingChallenges = min(max(maximumPendingChallenges, 1), 1 << 32)
        self.cleanupInterval = min(max(cleanupInterval, 1), 86_400)
    }

    /// The generous token bucket per client address of every other route of the passkey group (a session lookup, a
    /// page, a management call): ``clientAddressRateLimit`` times ``anyRouteRateLimitFactor``, so that a client with
    /// a random `Authorization: Bearer` cannot make a store read per request without bound; `nil` when the
    /// per-address limit is off.
    public var anyRouteRateLimit: RateLimit? {
        clientAddressRateLimit.map {
            RateLimit(
                rate: $0.rate * Double(Self.anyRouteRateLimitFactor),
                burst: $0.burst.multipliedReportingOverflow(by: Self.anyRouteRateLimitFactor).partialValue
            )
        }
    }

    /// How many times ``clientAddressRateLimit`` the limit of every other route is (``anyRouteRateLimit``): 10, so
    /// 100 requests a second after a burst of 500 by default.
    public static let anyRouteRateLimitFactor = 10

    /// The most challenges one client address can keep pending for `challengeLifetime` seconds under the
    /// per-address limit: the burst plus the rate times the lifetime (`nil` without a limit).
    public func pendingChallengeBound(challengeLifetime seconds: Double) -> Int? {
        clientAddressRateLimit.map { Int($0.maximumRequests(inSeconds: seconds).rounded(.up)) }
    }
}
#endif
