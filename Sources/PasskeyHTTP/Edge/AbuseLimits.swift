#if Hummingbird
/// What bounds the work and storage a stranger can cause (``ServerConfiguration/abuseLimits``): rate limits on the
/// routes that write without a session (``RequestRateLimiter``), the client address behind trusted proxies
/// (``ClientAddress``), connection timeouts and caps (``ConnectionGuardHandler``), a deadline on every store call
/// (``StoreDeadline``) and a cap on the pending challenges (``ExpiredRowsCleanup``). `Docs/Decisions.md` gives
/// the reasons for the defaults.
///
/// Its time spans are `Duration`s. ``ServerConfiguration/validate()`` refuses one that is zero or negative; a longer
/// one than its bounds allow (``idleTimeoutBounds`` …) is cut to them where it is used, so no conversion overflows.
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
    /// How long a connection may stay idle (no request part read, no response pending) before it is closed
    /// (`--idle-timeout`); cut to ``idleTimeoutBounds``.
    public var idleTimeout: Duration
    /// How long from a request's head to the end of its body; a slower client's connection is closed
    /// (`--body-deadline`); cut to ``requestBodyDeadlineBounds``.
    public var requestBodyDeadline: Duration
    /// The most connections open at once from one peer address (trusted proxies are not counted); at least 1, cut to
    /// 1 000 000.
    public var maximumConnectionsPerClientAddress: Int
    /// How long a store call may take before the request fails with `503 storeUnavailable` (`--store-deadline`); cut
    /// to ``storeCallDeadlineBounds``.
    public var storeCallDeadline: Duration
    /// The most pending challenges kept; past it the oldest are deleted by the next cleanup round. At least 1, cut to
    /// 2³².
    public var maximumPendingChallenges: Int
    /// How long between two rounds of the cleanup job (expired challenges, sessions and Sign in with Apple secrets);
    /// cut to ``cleanupIntervalBounds``.
    public var cleanupInterval: Duration

    /// The default ``idleTimeout``: 30 seconds.
    public static let defaultIdleTimeout: Duration = .seconds(30)
    /// The default ``requestBodyDeadline``: 10 seconds.
    public static let defaultRequestBodyDeadline: Duration = .seconds(10)
    /// The default ``maximumConnectionsPerClientAddress``: 32.
    public static let defaultMaximumConnectionsPerClientAddress = 32
    /// The default ``storeCallDeadline``: 5 seconds.
    public static let defaultStoreCallDeadline: Duration = .seconds(5)
    /// The default ``maximumPendingChallenges``: 100 000.
    public static let defaultMaximumPendingChallenges = 100_000
    /// The default ``cleanupInterval``: 10 seconds.
    public static let defaultCleanupInterval: Duration = .seconds(10)

    /// What ``idleTimeout`` is cut to: 1 second to 1 day.
    public static let idleTimeoutBounds: ClosedRange<Duration> = .seconds(1)...(.seconds(86_400))
    /// What ``requestBodyDeadline`` is cut to: 1 second to 1 hour.
    public static let requestBodyDeadlineBounds: ClosedRange<Duration> = .seconds(1)...(.seconds(3_600))
    /// What ``storeCallDeadline`` is cut to: 10 milliseconds to 1 hour.
    public static let storeCallDeadlineBounds: ClosedRange<Duration> = .milliseconds(10)...(.seconds(3_600))
    /// What ``cleanupInterval`` is cut to: 1 second to 1 day.
    public static let cleanupIntervalBounds: ClosedRange<Duration> = .seconds(1)...(.seconds(86_400))

    /// Creates the limits; every member defaults to the deployment default (rate limits on). The values are kept as
    /// given: ``ServerConfiguration/validate()`` refuses the ones out of range, and each is cut to its bounds where it
    /// is used.
    public init(
        clientAddressRateLimit: RateLimit? = .defaultPerClientAddress,
        usernameRateLimit: RateLimit? = .defaultPerUsername,
        ipv6NetworkRateLimit: RateLimit? = nil,
        trustedProxies: [IPAddressRange] = [],
        idleTimeout: Duration = AbuseLimits.defaultIdleTimeout,
        requestBodyDeadline: Duration = AbuseLimits.defaultRequestBodyDeadline,
        maximumConnectionsPerClientAddress: Int = AbuseLimits.defaultMaximumConnectionsPerClientAddress,
        storeCallDeadline: Duration = AbuseLimits.defaultStoreCallDeadline,
        maximumPendingChallenges: Int = AbuseLimits.defaultMaximumPendingChallenges,
        cleanupInterval: Duration = AbuseLimits.defaultCleanupInterval
    ) {
        self.clientAddressRateLimit = clientAddressRateLimit
        self.usernameRateLimit = usernameRateLimit
        self.ipv6NetworkRateLimit = ipv6NetworkRateLimit
        self.trustedProxies = trustedProxies
        self.idleTimeout = idleTimeout
        self.requestBodyDeadline = requestBodyDeadline
        self.maximumConnectionsPerClientAddress = maximumConnectionsPerClientAddress
        self.storeCallDeadline = storeCallDeadline
        self.maximumPendingChallenges = maximumPendingChallenges
        self.cleanupInterval = cleanupInterval
    }

    /// ``idleTimeout`` cut to ``idleTimeoutBounds``: what the server uses.
    package var boundedIdleTimeout: Duration { idleTimeout.clamped(to: Self.idleTimeoutBounds) }
    /// ``requestBodyDeadline`` cut to ``requestBodyDeadlineBounds``: what the server uses.
    package var boundedRequestBodyDeadline: Duration { requestBodyDeadline.clamped(to: Self.requestBodyDeadlineBounds) }
    /// ``storeCallDeadline`` cut to ``storeCallDeadlineBounds``: what the server uses.
    package var boundedStoreCallDeadline: Duration { storeCallDeadline.clamped(to: Self.storeCallDeadlineBounds) }
    /// ``cleanupInterval`` cut to ``cleanupIntervalBounds``: what the server uses.
    package var boundedCleanupInterval: Duration { cleanupInterval.clamped(to: Self.cleanupIntervalBounds) }
    /// ``maximumConnectionsPerClientAddress`` cut to 1 … 1 000 000: what the server uses.
    package var boundedMaximumConnectionsPerClientAddress: Int {
        min(max(maximumConnectionsPerClientAddress, 1), 1_000_000)
    }
    /// ``maximumPendingChallenges`` cut to 1 … 2³²: what the server uses.
    package var boundedMaximumPendingChallenges: Int { min(max(maximumPendingChallenges, 1), 1 << 32) }

    /// The generous token bucket per client address of every other route of the passkey group (a session lookup, a
    /// management call): ``clientAddressRateLimit`` times ``anyRouteRateLimitFactor``, so that a client with
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

    /// The most challenges one client address can keep pending for `challengeLifetime` under the per-address limit:
    /// the burst plus the rate times the lifetime, `Int.max` at most (`nil` without a limit).
    public func pendingChallengeBound(challengeLifetime: Duration) -> Int? {
        clientAddressRateLimit.map {
            let bound = $0.maximumRequests(in: challengeLifetime).rounded(.up)
            return bound < Double(Int.max) ? Int(bound) : Int.max
        }
    }
}
#endif
