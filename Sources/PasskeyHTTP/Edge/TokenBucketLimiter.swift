#if Hummingbird
import NIOConcurrencyHelpers

/// Token buckets by key (a client address, a username) in the memory of one process (``RateLimit``): each key
/// starts with a full bucket, and ``acquire(_:)`` takes a token or says how long until the next one.
///
/// Memory is bounded: at most ``maximumKeys`` buckets are kept. A bucket that has refilled completely is the same
/// as no bucket and is dropped when the table is full; when that frees too little room, the half of the buckets
/// used least recently are dropped too (their clients start again with a full bucket). Each call costs amortized
/// constant time. The clock is a parameter (seconds on a monotonic scale), so tests run it by hand.
public final class TokenBucketLimiter: Sendable {
    /// The rate and burst of every bucket.
    public let limit: RateLimit
    /// The most buckets kept at once.
    public let maximumKeys: Int
    private let now: @Sendable () -> Double
    private let state = NIOLockedValueBox(State())

    private struct Bucket {
        var tokens: Double
        var updatedAt: Double
    }

    private struct State {
        var buckets: [String: Bucket] = [:]
    }

    /// What ``acquire(_:)`` decided.
    public enum Decision: Sendable, Hashable {
        /// The request may proceed; a token was taken.
        case allowed
        /// The bucket is empty; a token is back after `retryAfter` seconds (at least 1, rounded up).
        case limited(retryAfter: Int)
    }

    /// The default ``maximumKeys``: 100 000 buckets, a few megabytes.
    public static let defaultMaximumKeys = 100_000

    /// Creates the limiter; `now` is the current instant in seconds on a monotonic scale, by default the
    /// process's continuous clock.
    public init(
        limit: RateLimit,
        maximumKeys: Int = TokenBucketLimiter.defaultMaximumKeys,
        now: @escaping @Sendable () -> Double = TokenBucketLimiter.monotonicSeconds
    ) {
        self.limit = limit
        self.maximumKeys = min(max(maximumKeys, 2), 10_000_000)
        self.now = now
    }

    /// Takes a token from `key`'s bucket, or says how long until one is back.
    public func acquire(_ key: String) -> Decision {
        let instant = now()
        let limit = self.limit
        let maximumKeys = self.maximumKeys
        return state.withLockedValue { state in
            var bucket: Bucket
            if let existing = state.buckets[key] {
                bucket = existing
                let elapsed = max(0, instant - bucket.updatedAt)
                bucket.tokens = min(Double(limit.burst), bucket.tokens + elapsed * limit.rate)
            } else {
                if state.buckets.count >= maximumKeys {
                    Self.makeRoom(in: &state, at: instant, limit: limit, maximumKeys: maximumKeys)
                }
                bucket = Bucket(tokens: Double(limit.burst), updatedAt: instant)
            }
            bucket.updatedAt = instant
            guard bucket.tokens >= 1 else {
                state.buckets[key] = bucket
                let wait = (1 - bucket.tokens) / limit.rate
                return .limited(retryAfter: max(1, Int(min(wait, 86_400).rounded(.up))))
            }
            bucket.tokens -= 1
            state.buckets[key] = bucket
            return .allowed
        }
    }

    /// The number of buckets kept.
    public var count: Int {
        state.withLockedValue { $0.buckets.count }
    }

    /// Drops the buckets that have refilled by `instant`; when fewer than a tenth of the table is freed, also the
    /// half used least recently.
    private static func makeRoom(in state: inout State, at instant: Double, limit: RateLimit, maximumKeys: Int) {
        let refillSeconds = Double(limit.burst) / limit.rate
        state.buckets = state.buckets.filter { _, bucket in
            bucket.tokens + max(0, instant - bucket.updatedAt) * limit.rate < Double(limit.burst)
                && instant - bucket.updatedAt < refillSeconds
        }
        guard state.buckets.count > maximumKeys - maximumKeys / 10 else { return }
        let instants = state.buckets.values.map(\.updatedAt).sorted()
        let median = instants[instants.count / 2]
        state.buckets = state.buckets.filter { _, bucket in bucket.updatedAt > median }
    }

    /// Seconds on the continuous clock since an arbitrary start of this process.
    public static let monotonicSeconds: @Sendable () -> Double = {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static let start = ContinuousClock.now
}
#endif
