#if SQLite
    import Foundation
    import PasskeyAccounts
    import PasskeyVerifier
    import SQLiteNIO

    /// One SQLite database holding a relying party's credential records, pending challenges and accounts
    /// (WebAuthn Level 3 §4 "credential record", §13.4.3, §5.4.3), with its ``credentialStore``,
    /// ``challengeStore`` and ``accountStore``.
    ///
    /// ``open(_:)`` creates the schema in a new database and migrates an older one, inside one
    /// `BEGIN IMMEDIATE` transaction recorded in the `passkey_schema_version` table, so processes opening one file
    /// at once migrate it once; while another holds the lock, it waits with `Task.sleep`, not on a thread. A file
    /// is put in WAL mode, so reads do not wait for writes. Open one storage per file in a process and share it:
    /// its statements run one at a time on one connection, on a thread of the storage's own, which keeps each
    /// atomic. (On a shared thread pool, a write that started while another statement of the connection was
    /// stepping would run in that statement's read transaction and, once another process had written, fail at
    /// once with `SQLITE_BUSY_SNAPSHOT` instead of waiting.) Each store method outside a transaction is one SQL
    /// statement (`INSERT … ON CONFLICT DO NOTHING RETURNING`, `UPDATE … WHERE version = ? RETURNING`,
    /// `DELETE … RETURNING`), atomic for every task of the process and, on a file, for every process using it. It
    /// takes the storage's gate for that statement, which a transaction of ``SQLiteAccountStorage`` holds from its
    /// `BEGIN IMMEDIATE` to its end, so no other task's statement runs inside a transaction.
    ///
    /// ``withStorage(_:isolation:_:)`` opens it for the length of a body and closes it on every way out, errors and
    /// cancellation included; a storage opened with ``open(_:)`` must be closed with ``close()`` before it is
    /// released.
    ///
    /// ```swift
    /// try await SQLiteStorage.withStorage(.file(path: "/var/lib/example/passkeys.sqlite")) { storage in
    ///     let relyingParty = try RelyingParty(
    ///         configuration: configuration,
    ///         credentialStore: storage.credentialStore,
    ///         challengeStore: storage.challengeStore)
    ///     try await serve(relyingParty)  // the storage is closed when this returns or throws
    /// }
    /// ```
    public struct SQLiteStorage: Sendable {
        /// Where the database lives.
        public enum Location: Sendable, Hashable {
            /// A database file, created when missing; prefer an absolute path. Shared by every process that
            /// opens it.
            case file(path: String)
            /// A database in this connection's memory, gone when it closes: for tests and single-process tools.
            case memory
        }

        /// How long a statement waits for another process's write lock before failing: 10 seconds. The storage waits
        /// itself, trying again every ``busyPause`` (the connection's own `busy_timeout` is 0), except in
        /// ``withConnection(_:)``, where SQLite's busy timeout waits as long.
        public static let busyTimeoutMilliseconds = 10_000
        /// How long the storage sleeps between two attempts at a statement another process's lock refused: 1 ms.
        public static let busyPause: Duration = .milliseconds(1)
        /// How long ``open(_:)`` waits for another process's migration or journal-mode change: 60 seconds.
        public static let migrationTimeoutMilliseconds = 60_000

        /// The storage's one connection. A host's own statements (over its own tables beside these) go through
        /// ``withConnection(_:)``, which runs them while no store statement or transaction of this storage does: a
        /// statement run here directly can land inside a transaction of ``SQLiteAccountStorage/withTransaction(_:)``
        /// (and be rolled back with it), and a `BEGIN` here would take in the statements other tasks run meanwhile.
        /// Close the storage, not the connection. In WAL mode its `busy_timeout` is 0: a statement run on it directly
        /// fails at once with `SQLITE_BUSY` while another process writes.
        public let connection: SQLiteConnection
        let threadPool: NIOThreadPool
        /// Held by each store statement run outside a transaction, and by a transaction from `BEGIN` to its end.
        let gate: SerialGate
        /// The transactions that commit together.
        let groupCommit = SQLiteGroupCommit()
        /// The connection's `busy_timeout` outside ``withConnection(_:)``, in milliseconds: 0 in WAL mode, where the
        /// storage waits itself; ``busyTimeoutMilliseconds`` in a rollback journal, where SQLite's handler must wait
        /// inside a commit holding the pending lock, or readers of other processes could keep a writer out.
        let restingBusyTimeout: Int

        /// The stores' statements outside a transaction: each takes the gate.
        var statements: SQLiteStatements { .gated(connection, gate: gate) }

        /// The credential records, in the `passkey_credentials` table.
        public var credentialStore: SQLiteCredentialStore { SQLiteCredentialStore(statements: statements) }
        /// The pending challenges, in the `passkey_challenges` table.
        public var challengeStore: SQLiteChallengeStore { SQLiteChallengeStore(statements: statements) }
        /// The sealed challenges a ceremony used, in the `passkey_used_challenges` table.
        public var usedChallengeStore: SQLiteUsedChallengeStore { SQLiteUsedChallengeStore(statements: statements) }
        /// The accounts (username and user handle, WebAuthn Level 3 §5.4.3), in the `passkey_accounts` table.
        public var accountStore: SQLiteAccountStore { SQLiteAccountStore(statements: statements) }
        /// The signed-in sessions, in the `passkey_server_sessions` table that ``SQLiteUserStore/open(storage:)``
        /// creates.
        public var sessionStore: SQLiteSessionStore { SQLiteSessionStore(statements: statements) }
        /// The last good FIDO metadata BLOB, in the `passkey_metadata_blob` table (FIDO Metadata Service v3.0 §3.2).
        public var metadataBLOBStore: SQLiteMetadataBLOBStore { SQLiteMetadataBLOBStore(statements: statements) }

        /// Opens (creating if needed) the database at `location` and brings its schema to
        /// ``SQLiteSchema/currentVersion``. The caller closes it with ``close()``; ``withStorage(_:isolation:_:)``
        /// does that for it.
        ///
        /// - Throws: ``StoreError/Code/unsupportedSchemaVersion`` when a newer release migrated the database;
        ///   `SQLiteError` when the file cannot be opened or a statement fails.
        public static func open(_ location: Location) async throws -> SQLiteStorage {
            try await open(location, synchronous: .full)
        }

        /// Opens the database at `location` as ``open(_:)`` does, with `synchronous` as its
        /// [`PRAGMA synchronous`](https://sqlite.org/pragma.html#pragma_synchronous) (which a memory database
        /// ignores). When the file does not enter WAL mode (a file system without shared memory, for one),
        /// ``Synchronous/full`` is used whatever `synchronous` says: outside WAL mode `NORMAL` could corrupt the
        /// file on a power cut.
        ///
        /// - Throws: as ``open(_:)``.
        public static func open(_ location: Location, synchronous: Synchronous) async throws -> SQLiteStorage {
            let storage: SQLiteConnection.Storage
            switch location {
            case .file(let path): storage = .file(path: path)
            case .memory: storage = .memory
            }
            let threadPool = NIOThreadPool(numberOfThreads: 1)
            threadPool.start()
            let connection: SQLiteConnection
            do {
                connection = try await SQLiteConnection.open(
                    storage: storage,
                    threadPool: threadPool,
                    on: MultiThreadedEventLoopGroup.singleton.any()
                )
            } catch {
                await Task.detached { try? await threadPool.shutdownGracefully() }.value
                throw error
            }
            var restingBusyTimeout = 0
            do {
                _ = try await connection.query("PRAGMA busy_timeout = 0")
                if case .file = location {
                    let journalMode = try await SQLiteSchema.retryingWhileBusy {
                        try await connection.query("PRAGMA journal_mode = WAL").first?.column("journal_mode")?.string
                    }
                    let isWAL = journalMode?.lowercased() == "wal"
                    let applied = isWAL ? synchronous : .full
                    _ = try await connection.query("PRAGMA synchronous = \(applied.pragmaValue)")
                    restingBusyTimeout = isWAL ? 0 : busyTimeoutMilliseconds
                }
                try await SQLiteSchema.migrate(connection)
                _ = try await connection.query("PRAGMA busy_timeout = \(restingBusyTimeout)")
            } catch {
                await Task.detached {
                    try? await connection.close()
                    try? await threadPool.shutdownGracefully()
                }.value
                throw error
            }
            let gate = SerialGate()
            SQLiteGateRegistry.shared.register(gate, for: connection)
            return SQLiteStorage(
                connection: connection, threadPool: threadPool, gate: gate, restingBusyTimeout: restingBusyTimeout)
        }

        /// Deletes the challenges expired at `instant` (`expires_at <= instant`) and returns how many.
        /// ``SQLiteChallengeStore/put(_:)`` only inserts: call this (or
        /// ``PasskeyVerifier/ChallengeStore/removeExpired(at:)``) from a periodic job.
        @discardableResult
        public func deleteExpiredChallenges(at instant: Date) async throws -> Int {
            try await challengeStore.removeExpired(at: instant)
        }

        /// How many `COMMIT`s this storage's transactions made, groups counted once (``SQLiteGroupCommit``).
        package func commitCount() async -> Int {
            await groupCommit.commits
        }

        /// How many transactions wait for the one that runs.
        package func waitingTransactionCount() async -> Int {
            await groupCommit.waitingCount
        }

        /// The schema version recorded in the database.
        public func schemaVersion() async throws -> Int {
            try await withConnection { connection in try await SQLiteSchema.recordedVersion(connection) ?? 0 }
        }

        /// Runs `body` with ``connection`` while no store statement or transaction of this storage runs, and none
        /// starts until `body` returns: the way for a host's own statements, a transaction of its own
        /// (`BEGIN IMMEDIATE` … `COMMIT`, rolled back by `body` when it fails) included.
        ///
        /// `body`'s statements wait up to ``busyTimeoutMilliseconds`` for another process's lock (SQLite's
        /// `busy_timeout`, set before `body` and put back after it, so a `busy_timeout` that `body` sets lasts only
        /// as long as `body`).
        ///
        /// - Returns: what `body` returns.
        /// - Throws: what `body` throws; `CancellationError` when the task is cancelled while it waits;
        ///   ``PasskeyAccounts/UserStoreError`` inside a transaction's body (it would wait for itself).
        public func withConnection<Value>(_ body: (SQLiteConnection) async throws -> Value) async throws -> Value {
            let resting = "PRAGMA busy_timeout = \(restingBusyTimeout)"
            return try await statements.withConnection { connection in
                _ = try await connection.query("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)")
                do {
                    let value = try await body(connection)
                    try? await Self.uncancelled(resting, on: connection)
                    return value
                } catch {
                    try? await Self.uncancelled(resting, on: connection)
                    throw error
                }
            }
        }

        /// Runs `statement` until another process's lock no longer refuses it, ``busyPause`` apart, for at most
        /// ``busyTimeoutMilliseconds``.
        static func retryingWhileBusy<Value>(_ statement: () async throws -> Value) async throws -> Value {
            try await SQLiteSchema.retryingWhileBusy(
                timeout: .milliseconds(busyTimeoutMilliseconds), pause: busyPause, statement)
        }

        /// Runs `body` in a `BEGIN IMMEDIATE` transaction holding the gate, so that no other statement of this
        /// storage runs inside it, and another connection's writer waits (for at most ``busyTimeoutMilliseconds``);
        /// the transactions that wait meanwhile run in the same one, each in a savepoint, and commit with it
        /// (``SQLiteGroupCommit``). Returns once the `COMMIT` succeeded; rolls `body`'s writes back when it throws or
        /// the task is cancelled during it, and all of the group's when the `COMMIT` fails, and rethrows. A member's
        /// own error is thrown once the group committed (its decision may rest on an earlier member's writes): when
        /// the `COMMIT` failed, that error is thrown instead. The gate is released on every way out.
        ///
        /// - Throws: what `body` throws, or the driver's error of `BEGIN IMMEDIATE`, its savepoint or `COMMIT`
        ///   (`SQLITE_BUSY` when another connection kept the write lock past the busy timeout); nothing of `body` is
        ///   committed then. ``PasskeyAccounts/UserStoreError`` when called from inside a transaction of this storage;
        ///   `CancellationError` when the task is cancelled before its body runs.
        func withTransaction<Value>(_ body: (SQLiteStatements) async throws -> Value) async throws -> Value {
            try SQLiteStatements.refuseInsideTransaction(of: gate)
            switch try await groupCommit.enter() {
            case .lead:
                return try await lead(body)
            case .join(let batch):
                let (outcome, end) = await runMember(body)
                await batch.end(end)
                if case .failure(let commitError) = await batch.commitOutcome() {
                    throw commitError
                }
                return try outcome.get()
            }
        }

        /// Leads a group: takes the gate, begins, runs `body`, then each waiting transaction's body, commits, and
        /// leaves the lead to the next one waiting. `body` runs without a savepoint, so a transaction that arrives
        /// alone costs what it did before group commit; when it throws, the transaction is rolled back and the next
        /// one waiting leads. A member whose savepoint cannot be rolled back poisons the group: no other is called,
        /// and the whole transaction is rolled back. The statements that end a member's or the group's work run in
        /// tasks of their own, so that the cancellation of one member's task never ends the others'.
        private func lead<Value>(_ body: (SQLiteStatements) async throws -> Value) async throws -> Value {
            let connection = self.connection
            let groupCommit = self.groupCommit
            let outcome: Result<Value, any Error>
            var committed = false
            do {
                outcome = try await gate.run {
                    _ = try await Self.retryingWhileBusy { try await connection.query("BEGIN IMMEDIATE") }
                    let own = await runBody(body)
                    if case .failure = own {
                        await Self.rollBack(connection)
                        return own
                    }
                    let batch = SQLiteGroupCommit.Batch()
                    var poison: (any Error)?
                    var members = 1
                    while members < SQLiteGroupCommit.maximumMembers, await groupCommit.callNext(into: batch) {
                        members += 1
                        if case .poisoned(let error) = await batch.waitForMember() {
                            poison = error
                            break
                        }
                    }
                    let commit: Result<Void, any Error>
                    if let poison {
                        await Self.rollBack(connection)
                        commit = .failure(poison)
                    } else {
                        do {
                            try await Self.uncancelled("COMMIT", on: connection)
                            commit = .success(())
                        } catch {
                            await Self.rollBack(connection)
                            commit = .failure(error)
                        }
                    }
                    if members > 1 {
                        await batch.resolve(commit)
                    }
                    if case .success = commit {
                        committed = true
                    }
                    return own.flatMap { value in commit.map { value } }
                }
            } catch {
                outcome = .failure(error)
            }
            await groupCommit.finishLeading(committed: committed)
            return try outcome.get()
        }

        /// Runs one waiting transaction's body in the group's transaction, inside a savepoint of its own, released
        /// when it returns and rolled back to when it throws.
        private func runMember<Value>(
            _ body: (SQLiteStatements) async throws -> Value
        ) async -> (Result<Value, any Error>, SQLiteGroupCommit.MemberEnd) {
            let connection = self.connection
            do {
                try await Self.uncancelled("SAVEPOINT passkey_member", on: connection)
            } catch {
                return (.failure(error), .poisoned(error))
            }
            var outcome = await runBody(body)
            if case .success = outcome {
                do {
                    try await Self.uncancelled("RELEASE passkey_member", on: connection)
                    return (outcome, .released)
                } catch {
                    outcome = .failure(error)
                }
            }
            do {
                try await Self.uncancelled("ROLLBACK TO passkey_member", on: connection)
                try await Self.uncancelled("RELEASE passkey_member", on: connection)
                return (outcome, .rolledBack)
            } catch {
                return (outcome, .poisoned(error))
            }
        }

        /// Runs `body` over the open transaction's statements, in a scope that refuses them once it returns.
        private func runBody<Value>(_ body: (SQLiteStatements) async throws -> Value) async -> Result<Value, any Error>
        {
            let scope = TransactionScope(refusing: {
                UserStoreError("a store of an SQLite transaction was used after the transaction ended")
            })
            do {
                let value = try await SQLiteStatements.$openTransactions.withValue(
                    SQLiteStatements.openTransactions + [ObjectIdentifier(gate)]
                ) {
                    try await body(.inTransaction(connection, scope: scope))
                }
                await scope.close()
                return .success(value)
            } catch {
                await scope.close()
                return .failure(error)
            }
        }

        /// Runs `sql` on `connection` in a task of its own, which the caller's cancellation does not reach: the
        /// statements that keep a group's transaction whole.
        static func uncancelled(_ sql: String, on connection: SQLiteConnection) async throws {
            try await Task.detached { _ = try await retryingWhileBusy { try await connection.query(sql) } }.value
        }

        /// Rolls back the open transaction of `connection`, in a task of its own (the caller's cancellation would end
        /// the statement before it runs), trying again a few times when the `ROLLBACK` itself fails while a
        /// transaction is still open (a busy statement): a transaction left open would take in every later statement
        /// of the storage. "No transaction is active" means there is nothing left to roll back.
        static func rollBack(_ connection: SQLiteConnection) async {
            await Task.detached {
                for _ in 0..<3 {
                    do {
                        _ = try await connection.query("ROLLBACK")
                        return
                    } catch {
                        if String(describing: error).contains("no transaction is active") { return }
                        try? await Task.sleep(for: .milliseconds(10))
                    }
                }
            }.value
        }

        /// Closes the connection and stops its thread; the stores fail afterwards. The close waits for the statement
        /// or transaction that holds the gate, and runs even when the calling task is cancelled, so the connection is
        /// never left open; closing a closed storage does nothing. Inside a transaction's body it throws
        /// ``PasskeyAccounts/UserStoreError`` (it would wait for itself); never call it inside ``withConnection(_:)``'s.
        ///
        /// A storage must be closed before it is released: SQLiteNIO stops a debug build whose connection is
        /// deinitialized open ("SQLiteConnection was not closed before deinitializing"). Prefer
        /// ``withStorage(_:isolation:_:)``, which closes on every way out of its body.
        public func close() async throws {
            try SQLiteStatements.refuseInsideTransaction(of: gate)
            let connection = self.connection
            let threadPool = self.threadPool
            let gate = self.gate
            try await Task.detached {
                try await gate.run {
                    if !connection.isClosed {
                        try await connection.close()
                    }
                }
                SQLiteGateRegistry.shared.remove(connection)
                try await threadPool.shutdownGracefully()
            }.value
        }
    }
#else
    /// The SQLite database of the credential records and challenges, built only with the package trait `SQLite`:
    /// without it this placeholder names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteStorage {}
#endif
