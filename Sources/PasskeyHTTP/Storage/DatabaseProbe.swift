#if Hummingbird
/// Asks the database a trivial question for the readiness check (``HealthController``), with a time bound: at most
/// one question is in flight (a probe while the last one still waits joins it), and the answer is awaited at most
/// the bound, so a database that hangs neither holds the check nor piles questions up. The timer of a check ends
/// with its answer, so checks leave no sleeping task behind.
package actor DatabaseProbe {
    /// What one check found.
    package enum Outcome: Sendable {
        /// The database answered.
        case answered
        /// The question failed with this error.
        case failed(any Error)
        /// No answer within the bound.
        case timedOut
    }

    /// No answer in time, thrown by the readiness check: `503 storeUnavailable`.
    package struct Timeout: Error, CustomStringConvertible {
        /// The refusal of a readiness check that ran out of time.
        package init() {}

        package var description: String { "the database did not answer the readiness question in time" }
    }

    private var inFlight: Task<Void, any Error>?

    /// A probe with no question in flight.
    package init() {}

    /// Asks `question` (or joins the one in flight) and waits at most `bound` for its answer.
    package func check(within bound: Duration, _ question: @escaping @Sendable () async throws -> Void) async
        -> Outcome
    {
        let task: Task<Void, any Error>
        if let inFlight {
            task = inFlight
        } else {
            task = Task { try await question() }
            inFlight = task
            Task {
                _ = await task.result
                self.finished(task)
            }
        }
        return await withCheckedContinuation { continuation in
            let first = FirstOutcome(continuation)
            let timer = Task {
                do {
                    try await Task.sleep(for: bound)
                } catch {
                    return
                }
                await first.resume(.timedOut)
            }
            Task {
                let outcome: Outcome
                do {
                    try await task.value
                    outcome = .answered
                } catch {
                    outcome = .failed(error)
                }
                timer.cancel()
                await first.resume(outcome)
            }
        }
    }

    private func finished(_ task: Task<Void, any Error>) {
        if inFlight == task {
            inFlight = nil
        }
    }
}

/// Resumes a continuation with the first outcome given and ignores the others.
private actor FirstOutcome {
    private var continuation: CheckedContinuation<DatabaseProbe.Outcome, Never>?

    init(_ continuation: CheckedContinuation<DatabaseProbe.Outcome, Never>) {
        self.continuation = continuation
    }

    func resume(_ outcome: DatabaseProbe.Outcome) {
        continuation?.resume(returning: outcome)
        continuation = nil
    }
}
#endif
