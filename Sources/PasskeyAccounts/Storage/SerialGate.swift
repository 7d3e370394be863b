/// An asynchronous mutual exclusion in first-come order: what a store with one connection holds for each statement
/// and for the whole of a transaction, so that no other task's statement runs inside the transaction (and is
/// committed or rolled back with it). A task waiting for the gate waits without a thread; a task cancelled while it
/// waits stops waiting with `CancellationError` and never runs its body.
package final class SerialGate: Sendable {
    private let queue = Queue()

    /// Creates an open gate.
    package init() {}

    /// Runs `body` alone: after every body that entered before it has finished, and before any that enters after.
    package func run<Value>(_ body: () async throws -> Value) async throws -> Value {
        try Task.checkCancellation()
        let ticket = await queue.ticket()
        do {
            try await withTaskCancellationHandler {
                try await queue.wait(for: ticket)
            } onCancel: { [queue] in
                Task { await queue.cancel(ticket) }
            }
        } catch {
            await queue.leave(ticket)
            throw error
        }
        do {
            let value = try await body()
            await queue.leave(ticket)
            return value
        } catch {
            await queue.leave(ticket)
            throw error
        }
    }

    /// The holder and the waiters, in ticket order.
    private actor Queue {
        private var nextTicket: UInt64 = 0
        private var holder: UInt64?
        private var order: [UInt64] = []
        private var waiting: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        private var cancelled: Set<UInt64> = []

        /// A place in the line.
        func ticket() -> UInt64 {
            nextTicket &+= 1
            order.append(nextTicket)
            return nextTicket
        }

        /// Returns once `ticket` holds the gate.
        func wait(for ticket: UInt64) async throws {
            if cancelled.remove(ticket) != nil { throw CancellationError() }
            if holder == nil, order.first == ticket {
                holder = ticket
                return
            }
            try await withCheckedThrowingContinuation { waiting[ticket] = $0 }
        }

        /// Stops `ticket` waiting; a ticket that holds the gate already keeps it.
        func cancel(_ ticket: UInt64) {
            guard holder != ticket else { return }
            if let continuation = waiting.removeValue(forKey: ticket) {
                continuation.resume(throwing: CancellationError())
            } else if order.contains(ticket) {
                cancelled.insert(ticket)
            }
        }

        /// Gives up `ticket`'s place, held or not, and hands the gate to the next waiter.
        func leave(_ ticket: UInt64) {
            order.removeAll { $0 == ticket }
            cancelled.remove(ticket)
            if holder == ticket {
                holder = nil
            }
            guard holder == nil, let next = order.first, let continuation = waiting.removeValue(forKey: next) else {
                return
            }
            holder = next
            continuation.resume()
        }
    }
}
