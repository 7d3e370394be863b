#if SQLite
    import PasskeyAccounts
    import PasskeyVerifier
    import SQLiteNIO

    /// The ``PasskeyAccounts/AccountStorage`` of an ``SQLiteStorage``: its credential records, challenges, accounts
    /// and sessions, with one `BEGIN IMMEDIATE` transaction per ceremony step (WebAuthn Level 3 §7.1
    /// `#reg-ceremony-create-credential-record`, §13.4.3 single-use challenges).
    ///
    /// ``withTransaction(_:)`` holds the storage's gate from `BEGIN IMMEDIATE` to `COMMIT` or `ROLLBACK`, and every
    /// statement of ``stores`` takes the gate for itself, so no other task's statement runs inside a transaction.
    /// `BEGIN IMMEDIATE` takes the file's write lock at once, so transactions of other connections and processes on
    /// the file run one after the other too (waiting for at most ``SQLiteStorage/busyTimeoutMilliseconds``); their
    /// reads and writes therefore need no account lock (``PasskeyAccounts/UserStore/lockAccount(userHandle:)`` does
    /// nothing).
    ///
    /// ```swift
    /// let accounts = try await SQLiteAccountStorage.open(storage: storage)
    /// try await accounts.withTransaction { stores in
    ///     guard try await stores.credentials.insert(record) else { throw DuplicateCredential() }
    ///     try await stores.sessions.insert(session)
    /// }
    /// ```
    public struct SQLiteAccountStorage: AccountStorage {
        /// The storage the stores run on.
        public let storage: SQLiteStorage

        /// The account storage of `storage`, whose server tables `userStore` (``SQLiteUserStore/open(storage:)`` of
        /// the same storage) created.
        public init(storage: SQLiteStorage, userStore: SQLiteUserStore) {
            self.storage = storage
        }

        /// Creates the server's tables of `storage` when missing (``SQLiteUserStore/open(storage:)``) and returns its
        /// account storage.
        public static func open(storage: SQLiteStorage) async throws -> SQLiteAccountStorage {
            SQLiteAccountStorage(storage: storage, userStore: try await SQLiteUserStore.open(storage: storage))
        }

        /// The stores, each statement its own commit, run while no transaction of the storage is open.
        public var stores: AccountStores { Self.stores(on: storage.statements) }

        /// Runs `body` in one `BEGIN IMMEDIATE` transaction over the stores it is handed and commits it when `body`
        /// returns; rolls it back when `body` throws, the commit fails or the task is cancelled.
        ///
        /// - Returns: what `body` returns, once the transaction committed.
        /// - Throws: what `body` throws, or the driver's error of `BEGIN IMMEDIATE` or `COMMIT` (`SQLITE_BUSY` when
        ///   another connection kept the file's write lock past the busy timeout); nothing is committed then.
        ///   `CancellationError` when the task was cancelled before the transaction began.
        public func withTransaction<Result: Sendable>(
            _ body: @escaping @Sendable (AccountStores) async throws -> Result
        ) async throws -> Result {
            try await storage.withTransaction { statements in try await body(Self.stores(on: statements)) }
        }

        /// The stores, their statements run as `statements` do.
        static func stores(on statements: SQLiteStatements) -> AccountStores {
            AccountStores(
                credentials: SQLiteCredentialStore(statements: statements),
                challenges: SQLiteChallengeStore(statements: statements),
                users: SQLiteUserStore(statements: statements),
                sessions: SQLiteSessionStore(statements: statements),
                usedChallenges: SQLiteUsedChallengeStore(statements: statements)
            )
        }
    }
#else
    /// The account storage in SQLite, built only with the package trait `SQLite`: without it this placeholder names
    /// the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteAccountStorage {}
#endif
