#if Hummingbird
import NIOConcurrencyHelpers

/// A deadline on one store call: the call's answer when it comes within ``duration``, else ``StoreTimeout``
/// (which ``Refusal`` answers `503 storeUnavailable`), so that a database that stopped answering costs a request
/// a few seconds, not the minute a connection attempt or a lost packet can take. A driver's or store's own error
/// comes out as a ``StoreFailure`` (also `503`), so that an error from anywhere else is told apart from the
/// database and answered `500 serverFailure`.
///
/// The call runs in a task of its own: a driver that does not react to cancellation (a connection attempt in
/// progress) cannot hold the request past the deadline. A late answer is dropped; the call is cancelled once the
/// race is decided, by the deadline or by the request's own cancellation, and a request cancelled before it starts
/// never starts it.
public struct StoreDeadline: Sendable {
    /// How long a call may take, from ``minimum`` to ``maximum``.
    public let duration: Duration
    /// The one timer of this deadline's calls.
    private let timer: StoreDeadlineTimer

    /// The shortest deadline: a millisecond. Shorter ones, zero and negative ones included, are raised to it.
    public static let minimum: Duration = .milliseconds(1)

    /// The longest deadline: a day. Longer ones are cut to it, so that no deadline overflows the clock's instants
    /// (`.seconds(Int64.max)` would).
    public static let maximum: Duration = .seconds(86_400)

    /// Creates the deadline, `duration` cut to ``minimum`` … ``maximum``.
    public init(_ duration: Duration) {
        self.duration = duration.clamped(to: Self.minimum...Self.maximum)
        self.timer = StoreDeadlineTimer(duration: self.duration)
    }

    /// `operation`'s answer, or ``StoreTimeout`` after ``duration``.
    public func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try Task.checkCancellation()
        let race = Race<Value>()
        let duration = self.duration
        let timer = self.timer
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                race.start(continuation)
                let work = Task {
                    do {
                        race.finish(.success(try await operation()))
                    } catch {
                        race.finish(.failure(StoreFailure.marking(error)))
                    }
                }
                let number = timer.add {
                    if race.finish(.failure(StoreTimeout(deadline: duration))) {
                        work.cancel()
                    }
                }
                race.onFinish {
                    timer.remove(number)
                    work.cancel()
                }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The continuation of one call, resumed once by whichever of the call, the timer and a cancellation comes
    /// first.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var early: Result<Value, any Error>?
            var finished = false
            var cleanup: (@Sendable () -> Void)?
        }
        private let state = NIOLockedValueBox(State())

        func start(_ continuation: CheckedContinuation<Value, any Error>) {
            let early: Result<Value, any Error>? = state.withLockedValue { state in
                guard let early = state.early else {
                    state.continuation = continuation
                    return nil
                }
                state.early = nil
                return early
            }
            if let early {
                continuation.resume(with: early)
            }
        }

        /// Runs `cleanup` once the race is decided (at once when it is).
        func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
            let finished = state.withLockedValue { state in
                guard state.finished else {
                    state.cleanup = cleanup
                    return false
                }
                return true
            }
            if finished {
                cleanup()
            }
        }

        /// Resumes with `result` unless the race was decided; whether this call decided it.
        @discardableResult
        func finish(_ result: Result<Value, any Error>) -> Bool {
            let decided = state.withLockedValue {
                state -> (continuation: CheckedContinuation<Value, any Error>?, cleanup: (@Sendable () -> Void)?)? in
                guard !state.finished else { return nil }
                state.finished = true
                let continuation = state.continuation
                state.continuation = nil
                if continuation == nil {
                    state.early = result
                }
                let cleanup = state.cleanup
                state.cleanup = nil
                return (continuation, cleanup)
            }
            guard let decided else { return false }
            decided.continuation?.resume(with: result)
            decided.cleanup?()
            return true
        }
    }
}

/// A store call that failed with an error of the database or of the store (a driver's error, a
/// ``PasskeyVerifier/StoreError``, a ``UserStoreError``): the database is unavailable for now, or refused a value
/// (``DatabaseValueRejection``, a `400`). ``StoreDeadline`` wraps what its calls throw, except the errors that
/// already say what they mean to a client (``StoreFailure/marking(_:)``).
public struct StoreFailure: Error, Sendable, CustomStringConvertible {
    /// The store's or driver's error, for the log.
    public let underlying: any Error

    /// `error` as a store call's failure: unchanged when it is a cancellation, a ``StoreTimeout``, already a
    /// ``StoreFailure``, or an error that says by its own type what a client is told (``Refusal``'s
    /// `speaksToTheClient(_:)`, beside the classification that answers it); wrapped otherwise.
    package static func marking(_ error: any Error) -> any Error {
        switch error {
        case is CancellationError, is StoreTimeout, is StoreFailure: error
        case _ where Refusal.speaksToTheClient(error): error
        default: StoreFailure(underlying: error)
        }
    }

    /// The underlying error's description.
    public var description: String { String(describing: underlying) }
}

/// A store call that did not answer within its ``StoreDeadline``: the database is unavailable for now.
public struct StoreTimeout: Error, Sendable, CustomStringConvertible {
    /// The deadline that passed.
    public let deadline: Duration

    /// `the store did not answer within … s`.
    public var description: String { "the store did not answer within \(deadline.inSeconds) s" }
}
#endif
