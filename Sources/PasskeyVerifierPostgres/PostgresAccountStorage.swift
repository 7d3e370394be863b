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
    /// re-reads the row when another transaction changed it meanwhile. ``commitSignIn(_:)`` is one statement, one
    /// round trip. ``stores`` run each statement on any connection of the pool, its own implicit transaction, never
    /// inside one of ``withTransaction(_:)``.
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

        /// Commits `signIn` in one statement, one round trip, its own transaction: `passkey_server_commit_sign_in`
        /// (``PostgresUserStore``'s schema) locks the account row, locks the record if it still has the expected
        /// version and owner, records the sealed challenge's use, and then writes the record, inserts the session
        /// and ends the oldest beyond the number kept; or it writes nothing and says why.
        ///
        /// - Returns: the outcome; only ``PasskeyAccounts/SignInCommit/Outcome/committed(_:)`` wrote anything.
        /// - Throws: the driver's `PSQLError`; ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the answer or the
        ///   account does not read back.
        public func commitSignIn(_ signIn: SignInCommit) async throws -> SignInCommit.Outcome {
            let update = signIn.update
            let session = signIn.session
            let digest = signIn.sealedChallenge.map { ByteBuffer(bytes: SealedChallengeStore.digest(of: $0.challenge)) }
            let rows = try await sessionStore.statements.query(
                """
                SELECT outcome, account_username, account_display_name FROM passkey_server_commit_sign_in(
                    \(digest), \(signIn.sealedChallenge?.expiresAt),
                    \(ByteBuffer(bytes: update.credentialID)), \(update.expectedVersion), \(Int64(update.signCount)),
                    \(update.backupEligible), \(update.backupState), \(update.userVerificationInitialized),
                    \(update.lastUsedAt), \(ByteBuffer(bytes: session.userHandle)),
                    \(ByteBuffer(bytes: session.tokenHash)), \(ByteBuffer(bytes: session.credentialID)),
                    \(session.createdAt), \(session.lastSeenAt), \(session.idleExpiresAt), \(session.expiresAt),
                    \(session.userAgent), \(Int64(signIn.sessionsKept)))
                """
            )
            guard let row = rows.first else { throw StoreError(.corruptedRow, "the sign-in's commit answered no row") }
            let (outcome, username, displayName): (String, String?, String?)
            do {
                (outcome, username, displayName) = try row.decode((String, String?, String?).self)
            } catch {
                throw StoreError(.corruptedRow, "the sign-in's commit does not read back as text")
            }
            switch (outcome, username) {
            case ("committed", let username?):
                return .committed(Account(username: username, userHandle: session.userHandle, displayName: displayName))
            case ("credentialChanged", _):
                return .credentialChanged
            case ("accountMissing", _):
                return .accountMissing
            case ("challengeUsed", _):
                return .challengeUsed
            default:
                throw StoreError(.corruptedRow, "the sign-in's commit answered an outcome this release does not know")
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
