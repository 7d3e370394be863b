#if PostgreSQL
    import Logging
    import PasskeyAccounts
    import PasskeyVerifier
    import PostgresNIO

    /// The ``PasskeyAccounts/AccountStorage`` of a ``PostgresStorage``: its credential records, challenges, accounts
    /// and sessions, with one PostgreSQL transaction per ceremony step (WebAuthn Level 3 §7.1
    /// `#reg-ceremony-create-credential-record`, §13.4.3 single-use challenges), shared by every server process.
    ///
    /// ``withTransaction(_:)`` leases one connection of the pool and runs the body's statements on it between
    /// `BEGIN` and `COMMIT` (or `ROLLBACK` when the body throws), at PostgreSQL's default READ COMMITTED isolation:
    /// a step that changes an account first locks its row (``PostgresUserStore/lockAccount(userHandle:)``,
    /// `SELECT … FOR UPDATE`), and the compare-and-set of a credential's counter (`UPDATE … WHERE version = $n`)
    /// re-reads the row when another transaction changed it meanwhile. ``stores`` run each statement on any connection
    /// of the pool, its own implicit transaction, never inside one of ``withTransaction(_:)``.
    ///
    /// ```swift
    /// let users = try await PostgresUserStore.open(storage: storage, logger: logger)
    /// let accounts = PostgresAccountStorage(
    ///     storage: storage, userStore: users, sessionStore: PostgresSessionStore(client: client, logger: logger))
    /// try await accounts.withTransaction { stores in
    ///     try await stores.users.lockAccount(userHandle: userHandle)
    ///     guard try await stores.credentials.insert(record) else { throw DuplicateCredential() }
    ///     try await stores.sessions.insert(session)
    /// }
    /// ```
    public struct PostgresAccountStorage: AccountStorage {
        /// The storage the stores run on.
        public let storage: PostgresStorage
        private let userStore: PostgresUserStore
        private let sessionStore: PostgresSessionStore

        /// The account storage of `storage`, with its user store (``PostgresUserStore/open(storage:logger:)`` of the
        /// same storage, which created the server's tables) and a session store on the same pool.
        public init(storage: PostgresStorage, userStore: PostgresUserStore, sessionStore: PostgresSessionStore) {
            self.storage = storage
            self.userStore = userStore
            self.sessionStore = sessionStore
        }

        /// The stores, each statement its own transaction on the pool.
        public var stores: AccountStores {
            AccountStores(
                credentials: storage.credentialStore,
                challenges: storage.challengeStore,
                users: userStore,
                sessions: sessionStore,
                usedChallenges: storage.usedChallengeStore
            )
        }

        /// Runs `body` in one transaction on one connection over the stores it is handed and commits it when `body`
        /// returns; PostgreSQL rolls it back when `body` throws or the commit fails.
        ///
        /// - Returns: what `body` returns, once the transaction committed.
        /// - Throws: what `body` throws, or the driver's `PSQLError` of `BEGIN` or `COMMIT` (a serialization failure,
        ///   a lost connection); nothing is committed then.
        public func withTransaction<Result: Sendable>(
            _ body: @escaping @Sendable (AccountStores) async throws -> Result
        ) async throws -> Result {
            let userLogger = userStore.statements.logger
            let sessionLogger = sessionStore.statements.logger
            return try await storage.withTransaction { statements in
                let accounts = PostgresAccountStore(statements: statements)
                return try await body(
                    AccountStores(
                        credentials: PostgresCredentialStore(statements: statements),
                        challenges: PostgresChallengeStore(statements: statements),
                        users: PostgresUserStore(statements: statements.logging(to: userLogger), accounts: accounts),
                        sessions: PostgresSessionStore(statements: statements.logging(to: sessionLogger)),
                        usedChallenges: PostgresUsedChallengeStore(statements: statements)
                    )
                )
            }
        }
    }
#else
    /// The account storage in PostgreSQL, built only with the package trait `PostgreSQL`: without it this placeholder
    /// names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresAccountStorage {}
#endif
