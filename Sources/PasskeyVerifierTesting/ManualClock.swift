import Foundation

/// A clock a test moves by hand, for ``RelyingParty``'s `clock` parameter (challenge expiry, WebAuthn Level 3
/// §13.4.3; certificate validity at the verification instant, §7.1 `#reg-ceremony-assess-trust`).
///
/// Pass ``now`` as the relying party's clock (`clock: { clock.now }`), then ``advance(by:)`` past a challenge's
/// lifetime to test expiry. Safe to read and move from any task: a lock guards the instant, so it compiles
/// under Swift 6's strict concurrency on every platform the package supports (no `Mutex`, which needs
/// macOS 15).
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    /// Creates a clock that reads `instant` until it is moved.
    public init(_ instant: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
        self.instant = instant
    }

    /// The current instant.
    public var now: Date {
        lock.withLock { instant }
    }

    /// Moves the clock forward (or back, for a negative `seconds`).
    public func advance(by seconds: TimeInterval) {
        lock.withLock { instant = instant.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `instant`.
    public func set(_ instant: Date) {
        lock.withLock { self.instant = instant }
    }
}
