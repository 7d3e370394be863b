#if PostgreSQL
    import Foundation
    import PasskeyAccounts
    import PasskeyVerifier
    import PostgresNIO

    /// A relying party's credential records, pending challenges and accounts in a PostgreSQL database (WebAuthn
    /// Level 3 §4 "credential record", §13.4.3, §5.4.3), shared by every server process, with its
    /// ``credentialStore``, ``challengeStore`` and ``accountStore``.
    ///
    /// It runs its statements on the host's `PostgresClient` pool, whose `run()` the host keeps running (for
    /// instance in its `ServiceGroup`). ``open(client:logger:)`` creates the schema in a new database and migrates
    /// an older one in one transaction that first takes a transaction-level advisory lock
    /// (``PostgresSchema/advisoryLockKey``), so processes starting at once migrate it once. Every store method is
    /// one statement whose values are bound parameters (`INSERT … ON CONFLICT DO NOTHING RETURNING`,
    /// `UPDATE … WHERE version = $n RETURNING`, `DELETE … RETURNING`), atomic across connections and processes.
    ///
    /// ```swift
    /// let client = PostgresClient(configuration: configuration)
    /// Task { await client.run() }  // or add the client to your ServiceGroup
    /// let storage = try await PostgresStorage.open(client: client)
    /// let relyingParty = try RelyingParty(
    ///     configuration: relyingPartyConfiguration,
    ///     credentialStore: storage.credentialStore,
    ///     challengeStore: storage.challengeStore)
    /// ```
    public struct PostgresStorage: Sendable {
        /// The pool the stores run their statements on.
        public let client: PostgresClient
        let logger: Logger

        /// The stores' statements outside a transaction: each its own, on any connection of the pool.
        var statements: PostgresStatements { PostgresStatements(client: client, logger: logger) }

        /// The credential records, in the `passkey_credentials` table.
        public var credentialStore: PostgresCredentialStore { PostgresCredentialStore(statements: statements) }
        /// The pending challenges, in the `passkey_challenges` table.
        public var challengeStore: PostgresChallengeStore { PostgresChallengeStore(statements: statements) }
        /// The sealed challenges a ceremony used, in the `passkey_used_challenges` table.
        public var usedChallengeStore: PostgresUsedChallengeStore { PostgresUsedChallengeStore(statements: statements) }
        /// The accounts (username and user handle, WebAuthn Level 3 §5.4.3), in the `passkey_accounts` table.
        public var accountStore: PostgresAccountStore { PostgresAccountStore(statements: statements) }
        /// The last good FIDO metadata BLOB, in the `passkey_metadata_blob` table (FIDO Metadata Service v3.0 §3.2).
        public var metadataBLOBStore: PostgresMetadataBLOBStore { PostgresMetadataBLOBStore(statements: statements) }

        /// Brings the schema of the database `client` connects to (its `search_path`) to
        /// ``PostgresSchema/currentVersion`` and returns the storage.
        ///
        /// - Parameters:
        ///   - client: a running pool (`run()` called in a long-running task).
        ///   - logger: where PostgresNIO logs the statements (at debug and trace levels).
        /// - Throws: ``PasskeyVerifier/StoreError/Code/unsupportedSchemaVersion`` when a newer release migrated
        ///   the database; `PSQLError` when the server cannot be reached or a statement fails.
        public static func open(
            client: PostgresClient,
            logger: Logger = Logger(label: "passkey-verifier.postgres")
        ) async throws -> PostgresStorage {
            try await PostgresSchema.migrate(client, logger: logger)
            return PostgresStorage(client: client, logger: logger)
        }

        /// Deletes the challenges expired at `instant` (`expires_at <= instant`) and returns how many.
        /// ``PostgresChallengeStore/put(_:)`` only inserts: call this (or
        /// ``PasskeyVerifier/ChallengeStore/removeExpired(at:)``) from a periodic job.
        @discardableResult
        public func deleteExpiredChallenges(at instant: Date) async throws -> Int {
            try await challengeStore.removeExpired(at: instant)
        }

        /// Runs `body` in one transaction on one connection of the pool (`BEGIN` … `COMMIT`, PostgreSQL's default
        /// READ COMMITTED isolation), with statements bound to that connection; rolls back when `body` throws.
        ///
        /// - Throws: what `body` throws (the transaction rolled back), or the driver's error of `BEGIN` or `COMMIT`
        ///   (nothing committed), never PostgresNIO's wrapper `PostgresTransactionError` around them.
        func withTransaction<Result: Sendable>(
            _ body: @Sendable (PostgresStatements) async throws -> Result
        ) async throws -> Result {
            let client = self.client
            let logger = self.logger
            do {
                return try await client.withTransaction(logger: logger) { connection in
                    let scope = TransactionScope(refusing: {
                        UserStoreError("a store of a PostgreSQL transaction was used after the transaction ended")
                    })
                    do {
                        let result = try await body(
                            PostgresStatements(client: client, logger: logger, connection: connection, scope: scope)
                        )
                        await scope.close()
                        return result
                    } catch {
                        await scope.close()
                        throw error
                    }
                }
            } catch let error as PostgresTransactionError {
                throw error.closureError ?? error.commitError ?? error.beginError ?? error
            }
        }

        /// The schema version recorded in the database.
        public func schemaVersion() async throws -> Int {
            let rows = try await client.query("SELECT version FROM passkey_schema_version", logger: logger).collect()
            return try rows.first.map { try $0.makeRandomAccess()["version"].decode(Int.self) } ?? 0
        }
    }
#else
    /// The PostgreSQL database of the credential records and challenges, built only with the package trait
    /// `PostgreSQL`: without it this placeholder names the trait in the compiler's error instead of a bare "cannot find
    /// type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresStorage {}
#endif
