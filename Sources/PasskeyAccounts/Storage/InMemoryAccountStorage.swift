import Foundation
import PasskeyVerifier

/// An ``AccountStorage`` in the memory of one process: credential records (WebAuthn Level 3 §4), pending
/// challenges (§13.4.3), accounts with their Sign in with Apple links and secrets, and sessions, for a single
/// instance and for tests.
///
/// A transaction is real: ``withTransaction(_:)`` runs one body at a time, holding the storage's gate from start to
/// end; a call through ``stores`` takes the same gate for its own duration, so it waits while a transaction is open
/// and never joins it. The transaction notes the stores' content when it starts and puts it back when its body
/// throws, so every write of the body is undone and no other call's write is. Noting the content copies nothing; the
/// first write of a transaction to a store copies that store's content once, so a writing transaction costs time in
/// the size of the stores it writes.
///
/// A store of a transaction used after its body returned, and ``stores`` called from inside its own transaction (which
/// would wait for itself), throw ``InMemoryStoreError``. Copies of a storage share one content. It shares nothing
/// between processes and holds every account, credential, session and Apple secret it is given (the challenges up to
/// `challengeCapacity`): the host bounds them, as ``AccountService`` and the periodic cleanup do.
public struct InMemoryAccountStorage: AccountStorage {
    private let backing: Backing

    /// Creates an empty storage whose challenge store holds at most `challengeCapacity` pending challenges
    /// (`InMemoryChallengeStore`).
    public init(challengeCapacity: Int = InMemoryChallengeStore.defaultCapacity) {
        backing = Backing(challengeCapacity: challengeCapacity)
    }

    /// The stores, each call its own commit: a call waits while a transaction is open.
    public var stores: AccountStores {
        backing.stores(InMemoryStoreAccess(backing: backing, transaction: nil))
    }

    /// Runs `body` alone over the transaction's stores, and undoes every write it made when it throws.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, after the rollback; `CancellationError` when the task is cancelled while it waits
    ///   for another transaction; ``InMemoryStoreError`` when called from inside a transaction of this storage.
    public func withTransaction<Result: Sendable>(
        _ body: @escaping @Sendable (AccountStores) async throws -> Result
    ) async throws -> Result {
        try backing.refuseCallFromItsOwnTransaction()
        let backing = backing
        return try await backing.gate.run {
            let snapshot = await backing.snapshot()
            let transaction = TransactionScope(refusing: {
                InMemoryStoreError(
                    "a store of an InMemoryAccountStorage transaction was used after the transaction ended")
            })
            let stores = backing.stores(InMemoryStoreAccess(backing: backing, transaction: transaction))
            do {
                let result = try await InMemoryTransactionContext.$openStorages.withValue(
                    InMemoryTransactionContext.openStorages + [ObjectIdentifier(backing)]
                ) {
                    try await body(stores)
                }
                await transaction.close()
                return result
            } catch {
                await transaction.close()
                await backing.restore(snapshot)
                throw error
            }
        }
    }

    /// The stores' actors and the gate every call takes, shared by the copies of one storage.
    final class Backing: Sendable {
        let credentials = InMemoryCredentialStore()
        let challenges: InMemoryChallengeStore
        let users = InMemoryUserStore()
        let sessions = InMemorySessionStore()
        let usedChallenges = InMemoryUsedChallengeStore()
        let gate = SerialGate()

        init(challengeCapacity: Int) {
            challenges = InMemoryChallengeStore(capacity: challengeCapacity)
        }

        /// The stores, each call made through `access`.
        func stores(_ access: InMemoryStoreAccess) -> AccountStores {
            AccountStores(
                credentials: InMemoryStorageCredentialStore(store: credentials, access: access),
                challenges: InMemoryStorageChallengeStore(store: challenges, access: access),
                users: InMemoryStorageUserStore(store: users, access: access),
                sessions: InMemoryStorageSessionStore(store: sessions, access: access),
                usedChallenges: InMemoryStorageUsedChallengeStore(store: usedChallenges, access: access)
            )
        }

        /// Throws when the current task runs inside a transaction of this storage.
        func refuseCallFromItsOwnTransaction() throws {
            guard !InMemoryTransactionContext.openStorages.contains(ObjectIdentifier(self)) else {
                throw InMemoryStoreError(
                    "InMemoryAccountStorage was called outside its transaction from inside that transaction, which "
                        + "would wait for itself: use the stores the transaction's body is handed"
                )
            }
        }

        /// The content of every store.
        func snapshot() async -> Snapshot {
            Snapshot(
                credentials: await credentials.snapshot(),
                challenges: await challenges.snapshot(),
                users: await users.snapshot(),
                sessions: await sessions.snapshot(),
                usedChallenges: await usedChallenges.snapshot()
            )
        }

        /// Puts back the content of every store.
        func restore(_ snapshot: Snapshot) async {
            await credentials.restore(snapshot.credentials)
            await challenges.restore(snapshot.challenges)
            await users.restore(snapshot.users)
            await sessions.restore(snapshot.sessions)
            await usedChallenges.restore(snapshot.usedChallenges)
        }
    }

    /// The content of the stores at the start of a transaction.
    struct Snapshot: Sendable {
        let credentials: InMemoryCredentialStore.Snapshot
        let challenges: InMemoryChallengeStore.Snapshot
        let users: InMemoryUserStore.Snapshot
        let sessions: InMemorySessionStore.Snapshot
        let usedChallenges: [[UInt8]: Date]
    }
}

/// The storages whose transaction the current task runs in.
enum InMemoryTransactionContext {
    @TaskLocal static var openStorages: [ObjectIdentifier] = []
}

/// How a store of an ``InMemoryAccountStorage`` makes its calls: outside a transaction through the storage's gate,
/// inside one while the transaction is open.
struct InMemoryStoreAccess: Sendable {
    let backing: InMemoryAccountStorage.Backing
    let transaction: TransactionScope?

    /// Runs one call of a store.
    func run<Value>(_ operation: () async throws -> Value) async throws -> Value {
        guard let transaction else {
            try backing.refuseCallFromItsOwnTransaction()
            return try await backing.gate.run(operation)
        }
        return try await transaction.run(operation)
    }
}
