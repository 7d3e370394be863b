#if Hummingbird
import Hummingbird
import NIOCore
import PasskeyHTTP

/// The rate limits of the routes that write without a session (``AbuseLimits``): a token bucket per client address
/// (``ClientAddress``; an IPv6 client per /64), optionally one per IPv6 /48 network
/// (``AbuseLimits/ipv6NetworkRateLimit``), and one per username, each in the memory of this process. N instances behind one address
/// therefore let N times the rate through; a limit for the whole deployment belongs in the gateway in front.
public struct RequestRateLimiter: Sendable {
    /// The buckets per client address; `nil` when not limited.
    public let perClientAddress: TokenBucketLimiter?
    /// The buckets per IPv6 /48 network (``IPAddress/networkRateLimitKey``); `nil` when not limited.
    public let perNetwork: TokenBucketLimiter?
    /// The buckets per username; `nil` when not limited.
    public let perUsername: TokenBucketLimiter?
    /// The generous buckets per client address of every other route (``AbuseLimits/anyRouteRateLimit``); `nil`
    /// when not limited.
    public let perClientAddressOnAnyRoute: TokenBucketLimiter?
    /// Who the client is.
    public let clientAddress: ClientAddress

    /// Creates the limiter from the limits (`nil`: none).
    public init(
        perClientAddress: TokenBucketLimiter?,
        perNetwork: TokenBucketLimiter? = nil,
        perUsername: TokenBucketLimiter?,
        perClientAddressOnAnyRoute: TokenBucketLimiter? = nil,
        clientAddress: ClientAddress
    ) {
        self.perClientAddress = perClientAddress
        self.perNetwork = perNetwork
        self.perUsername = perUsername
        self.perClientAddressOnAnyRoute = perClientAddressOnAnyRoute
        self.clientAddress = clientAddress
    }

    /// The limiter of `limits`.
    public init(_ limits: AbuseLimits) {
        self.init(
            perClientAddress: limits.clientAddressRateLimit.map { TokenBucketLimiter(limit: $0) },
            perNetwork: limits.ipv6NetworkRateLimit.map { TokenBucketLimiter(limit: $0) },
            perUsername: limits.usernameRateLimit.map { TokenBucketLimiter(limit: $0) },
            perClientAddressOnAnyRoute: limits.anyRouteRateLimit.map { TokenBucketLimiter(limit: $0) },
            clientAddress: ClientAddress(trustedProxies: limits.trustedProxies)
        )
    }

    /// Takes a token for the client of `request` from `peer`, and for its IPv6 /48 network.
    ///
    /// - Throws: ``RateLimitExceeded`` when a bucket is empty.
    public func admit(_ request: Request, peer: SocketAddress?) throws {
        guard let perClientAddress else { return }
        let client = clientAddress.client(of: request, peer: peer)
        if case .limited(let retryAfter) = perClientAddress.acquire(client?.rateLimitKey ?? "unknown") {
            throw RateLimitExceeded(retryAfter: retryAfter, scope: "client address")
        }
        if let perNetwork, let network = client?.networkRateLimitKey,
            case .limited(let retryAfter) = perNetwork.acquire(network)
        {
            throw RateLimitExceeded(retryAfter: retryAfter, scope: "network")
        }
    }

    /// Takes a token for the client of `request` from `peer` on a route that writes nothing without a session.
    ///
    /// - Throws: ``RateLimitExceeded`` when its bucket is empty.
    public func admitOnAnyRoute(_ request: Request, peer: SocketAddress?) throws {
        guard let perClientAddressOnAnyRoute else { return }
        let client = clientAddress.client(of: request, peer: peer)
        if case .limited(let retryAfter) = perClientAddressOnAnyRoute.acquire(client?.rateLimitKey ?? "unknown") {
            throw RateLimitExceeded(retryAfter: retryAfter, scope: "client address")
        }
    }

    /// Takes a token for `username` (normalised, so that `Alice` and `alice` share a bucket).
    ///
    /// - Throws: ``RateLimitExceeded`` when its bucket is empty.
    public func admit(username: String) throws {
        guard let perUsername else { return }
        if case .limited(let retryAfter) = perUsername.acquire(username) {
            throw RateLimitExceeded(retryAfter: retryAfter, scope: "username")
        }
    }
}
#endif
