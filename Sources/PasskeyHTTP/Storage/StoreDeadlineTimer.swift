#if Hummingbird
import NIOConcurrencyHelpers

/// The timer of one ``StoreDeadline``: every call it watches expires ``duration`` after it started, so the calls
/// expire in the order they started and one sleeping task serves them all, instead of a sleeping task per call.
///
/// A call is registered with ``add(_:)`` and unregistered with ``remove(_:)`` once its race is decided, so the
/// timer holds only the calls in flight. The sweeping task exists only while some call is registered: it sleeps
/// until the oldest call's deadline, expires the calls past theirs, and ends when none is left; the next
/// ``add(_:)`` starts another.
///
/// The order holds because every call of one timer has the same duration and its start is read under the lock;
/// deadlines of different lengths would need a heap.
final class StoreDeadlineTimer: Sendable {
    /// A registered call: when it expires, and what expiring it does.
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    private struct State {
        /// The calls in flight by number; numbers rise with the start, hence with the deadline.
        var entries: [UInt64: Entry] = [:]
        /// The lowest number that may still be registered.
        var oldest: UInt64 = 0
        /// The number of the next call.
        var next: UInt64 = 0
        /// Whether a sweeping task is running.
        var sweeping = false
    }

    /// The most call numbers one hold of the lock walks past, so that a sweep after a burst does not hold it for
    /// long.
    private static let numbersPerLockHold = 1024

    /// From a call's start to its deadline (at most ``StoreDeadline/maximum``, so that the deadline instant cannot
    /// overflow).
    let duration: Duration
    private let state = NIOLockedValueBox(State())

    /// A timer whose calls expire after `duration`.
    init(duration: Duration) {
        self.duration = duration
    }

    /// Registers a call starting now, which `expire` ends at its deadline unless ``remove(_:)`` came first, and
    /// returns its number.
    func add(_ expire: @escaping @Sendable () -> Void) -> UInt64 {
        let (number, startsSweeper) = state.withLockedValue { state in
            let number = state.next
            state.next += 1
            state.entries[number] = Entry(deadline: ContinuousClock.now + duration, expire: expire)
            let startsSweeper = !state.sweeping
            state.sweeping = true
            return (number, startsSweeper)
        }
        if startsSweeper {
            Task { [self] in await sweep() }
        }
        return number
    }

    /// Unregisters the call `number`: its race is decided.
    func remove(_ number: UInt64) {
        _ = state.withLockedValue { $0.entries.removeValue(forKey: number) }
    }

    /// Expires the calls past their deadline and sleeps until the next one's, until no call is registered.
    private func sweep() async {
        while true {
            let (expired, wakeUp) = state.withLockedValue {
                state -> (expired: [Entry], wakeUp: ContinuousClock.Instant?) in
                let now = ContinuousClock.now
                var expired: [Entry] = []
                var scanned = 0
                while state.oldest < state.next {
                    scanned += 1
                    if scanned > Self.numbersPerLockHold {
                        return (expired, now)
                    }
                    if let entry = state.entries[state.oldest] {
                        guard entry.deadline <= now else { return (expired, entry.deadline) }
                        expired.append(entry)
                        state.entries[state.oldest] = nil
                    }
                    state.oldest += 1
                }
                state.sweeping = false
                state.entries = [:]
                return (expired, nil)
            }
            for entry in expired {
                entry.expire()
            }
            guard let wakeUp else { return }
            try? await Task.sleep(until: wakeUp, clock: .continuous)
        }
    }
}
#endif
