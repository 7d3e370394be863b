#if PostgreSQL
    import PostgresNIO

    extension PostgresStorage {
        /// Starts a `PostgresClient` pool with `configuration`, opens the storage on it
        /// (``open(client:logger:)``), runs `body` with the storage, and stops the pool on every way out: when
        /// `body` returns, throws, or its task is cancelled. The pool's connections are closed before it returns.
        ///
        /// For a service whose pool already runs in its `ServiceGroup`, ``open(client:logger:)`` on that pool is the
        /// way; this one is for a host, a tool or a test that has no pool of its own. The storage must not be used
        /// after `body` returns.
        ///
        /// ```swift
        /// try await PostgresStorage.withStorage(configuration: databaseConfiguration) { storage in
        ///     let relyingParty = try RelyingParty(
        ///         configuration: configuration,
        ///         credentialStore: storage.credentialStore,
        ///         challengeStore: storage.challengeStore)
        ///     try await serve(relyingParty)  // the pool stops when this returns or throws
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - configuration: the database and pool to connect to.
        ///   - logger: where PostgresNIO logs the statements (at debug and trace levels); the pool's background
        ///     events are not logged (give ``open(client:logger:)`` a pool of your own to see them).
        ///   - isolation: the caller's actor, on which `body` runs; leave the default.
        ///   - body: what to do with the open storage.
        /// - Returns: what `body` returns.
        /// - Throws: what ``open(client:logger:)`` and `body` throw.
        public static func withStorage<Result>(
            configuration: PostgresClient.Configuration,
            logger: Logger = Logger(label: "passkey-verifier.postgres"),
            isolation: isolated (any Actor)? = #isolation,
            _ body: (PostgresStorage) async throws -> Result
        ) async throws -> Result {
            let client = PostgresClient(configuration: configuration)
            return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                let storage = try await open(client: client, logger: logger)
                return try await body(storage)
            }
        }
    }
#endif
