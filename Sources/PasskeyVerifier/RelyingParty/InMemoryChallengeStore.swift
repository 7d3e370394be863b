#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``ChallengeStore`` in the memory of one process (WebAuthn Level 3 §13.4.3): the default for a
/// single server instance, and for tests.
///
/// An actor, so ``take(_:at:)`` is atomic for every task in the process. It does not share challenges
/// between processes: a relying party served by several instances needs a shared store (see
/// ``ChallengeStore``).
///
/// Memory is bounded. The store treats the latest instant it has seen (an ``IssuedChallenge/issuedAt``
/// or the instant of a take) as the present, and drops challenges expired by then, oldest first, at
/// every put and take. When ``capacity`` challenges are pending, a put drops the oldest pending
/// challenge: a flood of started ceremonies can then cancel real ones, but cannot exhaust memory.
/// Each step costs amortized constant time.
public actor InMemoryChallengeStore: ChallengeStore {
    /// The default ``capacity``: 100 000 pending challenges, about 20 MB.
    public static let defaultCapacity = 100_000

    /// The most challenges kept at once.
    public nonisolated let capacity: Int

    fileprivate struct Entry {
        let challenge: IssuedChallenge
        let sequence: UInt64
    }

    private var entries: [[UInt8]: Entry] = [:]
    /// Challenge keys in the order they were put; an element is stale when its entry was taken or replaced.
    private var order: [(key: [UInt8], sequence: UInt64)] = []
    private var orderStart = 0
    private var nextSequence: UInt64 = 0
    private var latestInstant: Date = .distantPast

    /// The largest ``capacity``: 2^32 challenges.
    public static let maximumCapacity = 1 << 32

    /// Creates an empty store holding at most `capacity` challenges, clamped to 1 through ``maximumCapacity``.
    public init(capacity: Int = InMemoryChallengeStore.defaultCapacity) {
        self.capacity = min(max(1, capacity), Self.maximumCapacity)
    }

    /// The number of challenges held, expired ones not purged yet included.
    public var count: Int { entries.count }

    /// Stores `challenge`, replacing one with the same bytes; drops expired challenges and, at capacity,
    /// the oldest pending one.
    public func put(_ challenge: IssuedChallenge) {
        advance(to: challenge.issuedAt)
        while entries.count >= capacity, let oldest = popFront() {
            entries[oldest] = nil
        }
        let sequence = nextSequence
        nextSequence &+= 1
        entries[challenge.challenge] = Entry(challenge: challenge, sequence: sequence)
        order.append((challenge.challenge, sequence))
        compactIfNeeded()
    }

    /// Returns and deletes the challenge whose bytes are `challenge`; `nil` when absent or expired at `instant`.
    public func take(_ challenge: [UInt8], at instant: Date) -> IssuedChallenge? {
        advance(to: instant)
        guard let entry = entries.removeValue(forKey: challenge) else { return nil }
        guard entry.challenge.isValid(at: instant) else { return nil }
        return entry.challenge
    }

    /// Drops every challenge expired at `instant` (which becomes the present when it is later), wherever it is in
    /// the queue, and returns how many.
    public func removeExpired(at instant: Date) -> Int {
        let before = entries.count
        advance(to: instant)
        let present = latestInstant
        entries = entries.filter { $0.value.challenge.isValid(at: present) }
        compactIfNeeded()
        return before - entries.count
    }

    /// Drops the oldest pending challenges until at most `maximumCount` are left and returns how many.
    public func removeOldest(keeping maximumCount: Int) -> Int {
        let before = entries.count
        while entries.count > max(0, maximumCount), let oldest = popFront() {
            entries[oldest] = nil
        }
        compactIfNeeded()
        return before - entries.count
    }

    /// Drops the pending challenges of `ceremony` issued for `userHandle` and returns how many.
    public func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) -> Int {
        let before = entries.count
        entries = entries.filter {
            $0.value.challenge.ceremony != ceremony || $0.value.challenge.userHandle != userHandle
        }
        compactIfNeeded()
        return before - entries.count
    }

    /// The store's whole content at one instant, for a unit of work that may have to undo its writes
    /// (`InMemoryAccountStorage`): taking it copies nothing until the store changes.
    package struct Snapshot: Sendable {
        fileprivate let entries: [[UInt8]: Entry]
        fileprivate let order: [(key: [UInt8], sequence: UInt64)]
        fileprivate let orderStart: Int
        fileprivate let nextSequence: UInt64
        fileprivate let latestInstant: Date
    }

    /// The content now.
    package func snapshot() -> Snapshot {
        Snapshot(
            entries: entries,
            order: order,
            orderStart: orderStart,
            nextSequence: nextSequence,
            latestInstant: latestInstant
        )
    }

    /// Puts back the content of `snapshot`, discarding every write since.
    package func restore(_ snapshot: Snapshot) {
        entries = snapshot.entries
        order = snapshot.order
        orderStart = snapshot.orderStart
        nextSequence = snapshot.nextSequence
        latestInstant = snapshot.latestInstant
    }

    /// Moves the present forward to `instant` and drops the challenges expired by then from the front.
    private func advance(to instant: Date) {
        if instant > latestInstant {
            latestInstant = instant
        }
        while orderStart < order.count {
            let front = order[orderStart]
            if let entry = entries[front.key], entry.sequence == front.sequence {
                guard !entry.challenge.isValid(at: latestInstant) else { break }
                entries[front.key] = nil
            }
            orderStart += 1
        }
        compactIfNeeded()
    }

    /// Removes the oldest live key from the queue and returns it.
    private func popFront() -> [UInt8]? {
        while orderStart < order.count {
            let front = order[orderStart]
            orderStart += 1
            if let entry = entries[front.key], entry.sequence == front.sequence {
                return front.key
            }
        }
        return nil
    }

    /// Keeps the queue within a constant factor of the live entries.
    private func compactIfNeeded() {
        if orderStart > 1024, orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
        if order.count - orderStart > 2 * capacity + 1024 {
            order = order[orderStart...].filter { element in entries[element.key]?.sequence == element.sequence }
            orderStart = 0
        }
    }
}
