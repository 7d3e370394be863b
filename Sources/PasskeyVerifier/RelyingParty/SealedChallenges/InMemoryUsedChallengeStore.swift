#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``UsedChallengeStore`` in the memory of one process (WebAuthn Level 3 §13.4.3), for a single server instance
/// and for tests.
///
/// Memory is bounded: at ``capacity`` digests, an insert first drops the expired ones, and when none has expired it
/// refuses the challenge (`false`, as for a replay) rather than forget one that still opens.
public actor InMemoryUsedChallengeStore: UsedChallengeStore {
    /// The default ``capacity``: one million digests, about 100 MB.
    public static let defaultCapacity = 1_000_000

    /// The most digests kept at once.
    public nonisolated let capacity: Int

    private var expiries: [[UInt8]: Date] = [:]
    private var secret: [UInt8]?

    /// An empty store holding at most `capacity` digests (at least 1).
    public init(capacity: Int = InMemoryUsedChallengeStore.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The number of digests held, expired ones not removed yet included.
    public var count: Int { expiries.count }

    /// Records `digest`; `false` when it was recorded, or the store is full of digests that have not expired.
    public func insert(_ digest: [UInt8], expiresAt: Date) -> Bool {
        guard expiries[digest] == nil else { return false }
        if expiries.count >= capacity {
            let now = Date()
            expiries = expiries.filter { $0.value > now }
            guard expiries.count < capacity else { return false }
        }
        expiries[digest] = expiresAt
        return true
    }

    /// Deletes the digests expired at `instant` and returns how many.
    public func removeExpired(at instant: Date) -> Int {
        let before = expiries.count
        expiries = expiries.filter { $0.value > instant }
        return before - expiries.count
    }

    /// The first secret proposed to this store.
    public func sealingSecret(proposing candidate: [UInt8]) -> [UInt8] {
        if let secret { return secret }
        secret = candidate
        return candidate
    }

    /// The digests, for a transaction of the caller's to put back when it rolls back.
    package func snapshot() -> [[UInt8]: Date] { expiries }

    /// Puts back what ``snapshot()`` returned.
    package func restore(_ snapshot: [[UInt8]: Date]) { expiries = snapshot }
}
