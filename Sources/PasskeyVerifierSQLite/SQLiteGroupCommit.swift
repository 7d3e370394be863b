#if SQLite
    import PasskeyAccounts
    import SQLiteNIO

    /// Group commit: the transactions of one ``SQLiteStorage`` that wait while another runs are run in that one
    /// `BEGIN IMMEDIATE` transaction, each inside a savepoint of its own, and committed with it: one `COMMIT`, one
    /// `fsync` of the WAL under `synchronous = FULL`, for as many ceremony steps as were waiting (at most
    /// ``maximumMembers``).
    ///
    /// The first transaction to arrive leads: it takes the storage's gate, begins, runs its own body, then the body of
    /// each transaction waiting, one at a time, and commits. A body that throws is rolled back to its savepoint; it
    /// touches no other's writes. Every member's answer waits for the commit: a result is returned only once the
    /// `COMMIT` succeeded (durable when its caller hears of it), and an error only then too, since it may rest on an
    /// earlier member's writes; when the `COMMIT` fails, every member gets its error. Nothing waits for company: a transaction that arrives alone
    /// commits alone. Each body runs in its own task, with its own task-locals and cancellation.
    actor SQLiteGroupCommit {
        /// The most bodies one transaction commits: more keep the gate from the statements outside transactions for
        /// longer.
        static let maximumMembers = 64

        /// What a transaction that arrives is told: to lead, or to run its body in the leader's transaction.
        enum Turn: Sendable {
            case lead
            case join(Batch)
        }

        /// How a body's savepoint ended.
        enum MemberEnd: Sendable {
            /// Released: its writes are part of the transaction.
            case released
            /// Rolled back to: it wrote nothing.
            case rolledBack
            /// The rollback to it failed, so the transaction cannot be committed.
            case poisoned(any Error)
        }

        /// One group's transaction, as its members and its leader see it.
        actor Batch {
            private var memberEnded: CheckedContinuation<MemberEnd, Never>?
            private var endedEarly: MemberEnd?
            private var outcome: Result<Void, any Error>?
            private var committing: [CheckedContinuation<Result<Void, any Error>, Never>] = []

            /// The leader waits for the member it called.
            func waitForMember() async -> MemberEnd {
                if let endedEarly {
                    self.endedEarly = nil
                    return endedEarly
                }
                return await withCheckedContinuation { memberEnded = $0 }
            }

            /// A member says how its savepoint ended.
            func end(_ end: MemberEnd) {
                if let memberEnded {
                    self.memberEnded = nil
                    memberEnded.resume(returning: end)
                } else {
                    endedEarly = end
                }
            }

            /// A member waits for the `COMMIT`, or the rollback of a poisoned group.
            func commitOutcome() async -> Result<Void, any Error> {
                if let outcome { return outcome }
                return await withCheckedContinuation { committing.append($0) }
            }

            /// The leader reports the `COMMIT`.
            func resolve(_ result: Result<Void, any Error>) {
                outcome = result
                for waiter in committing {
                    waiter.resume(returning: result)
                }
                committing = []
            }
        }

        private var leading = false
        private var nextTicket: UInt64 = 0
        private var waiting: [(ticket: UInt64, continuation: CheckedContinuation<Turn, any Error>)] = []

        /// Returns this transaction's turn: ``Turn/lead`` at once when none leads, else once the leader calls it or
        /// leaves it the lead.
        ///
        /// - Throws: `CancellationError` when the task is cancelled while it waits (it then never runs).
        func enter() async throws -> Turn {
            try Task.checkCancellation()
            guard leading else {
                leading = true
                return .lead
            }
            nextTicket &+= 1
            let ticket = nextTicket
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { waiting.append((ticket, $0)) }
            } onCancel: {
                Task { await self.cancel(ticket) }
            }
        }

        /// Stops `ticket` waiting, unless its turn came.
        private func cancel(_ ticket: UInt64) {
            guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return }
            waiting.remove(at: index).continuation.resume(throwing: CancellationError())
        }

        /// How many `COMMIT`s the groups made.
        private(set) var commits = 0

        /// How many transactions wait.
        var waitingCount: Int { waiting.count }

        /// The leader calls the next waiting transaction into `batch`; `false` when none waits.
        func callNext(into batch: Batch) -> Bool {
            guard !waiting.isEmpty else { return false }
            waiting.removeFirst().continuation.resume(returning: .join(batch))
            return true
        }

        /// The leader has finished, with a `COMMIT` when `committed`: the next waiting transaction leads, or none does.
        func finishLeading(committed: Bool) {
            if committed {
                commits += 1
            }
            guard !waiting.isEmpty else {
                leading = false
                return
            }
            waiting.removeFirst().continuation.resume(returning: .lead)
        }
    }
#endif
