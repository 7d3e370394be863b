/// Whether a transaction of an ``AccountStorage`` is open, and the calls of its stores in progress, which its end
/// waits for: a call that began inside the transaction is committed or rolled back with it, a call after its end is
/// refused with the storage's own error. Each storage (in memory, SQLite, PostgreSQL) holds one per transaction.
package actor TransactionScope {
    private let refusal: @Sendable () -> any Error
    private var isOpen = true
    private var callsInProgress = 0
    private var closing: CheckedContinuation<Void, Never>?

    /// An open scope; a call after ``close()`` throws what `refusal` makes.
    package init(refusing refusal: @escaping @Sendable () -> any Error) {
        self.refusal = refusal
    }

    /// Runs `operation` as one call of the transaction's stores: refused when the transaction ended, waited for by
    /// ``close()`` while it runs.
    package nonisolated func run<Value>(_ operation: () async throws -> Value) async throws -> Value {
        try await enter()
        do {
            let value = try await operation()
            await leave()
            return value
        } catch {
            await leave()
            throw error
        }
    }

    /// Refuses later calls and returns once the calls in progress have finished.
    package func close() async {
        isOpen = false
        guard callsInProgress > 0 else { return }
        await withCheckedContinuation { closing = $0 }
    }

    /// Counts a call in, unless the transaction ended.
    private func enter() throws {
        guard isOpen else { throw refusal() }
        callsInProgress += 1
    }

    /// Counts a call out.
    private func leave() {
        guard callsInProgress > 0 else { return }
        callsInProgress -= 1
        if callsInProgress == 0, let closing {
            self.closing = nil
            closing.resume()
        }
    }
}
