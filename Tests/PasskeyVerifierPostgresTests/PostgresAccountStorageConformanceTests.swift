#if PostgreSQL
    import Logging
    import PasskeyAccounts
    import PasskeyVerifierPostgres
    import PasskeyVerifierTesting
    import PostgresNIO
    import Testing

    /// `PostgresAccountStorage` passes the account storage conformance suite on one pool, and across two pools on one
    /// schema, as two server processes would have.
    @Suite(
        .enabled("PostgreSQL answers at PASSKEY_POSTGRES_URL, or CI=true") { await PostgresTestServer.shouldRun() },
        .timeLimit(.minutes(2))
    )
    struct PostgresAccountStorageConformanceTests {
        static let logger = Logger(label: "passkey-account-storage-conformance")

        /// The account storage of a new pool on `schema`, the pool running for the rest of the process.
        static func accountStorage(schema: String) async throws -> PostgresAccountStorage {
            let client = try PostgresMetadataBLOBStoreTests.client(schema: schema)
            let storage = try await PostgresStorage.open(client: client)
            return PostgresAccountStorage(
                storage: storage,
                userStore: try await PostgresUserStore.open(storage: storage, logger: logger),
                sessionStore: PostgresSessionStore(client: client, logger: logger)
            )
        }

        /// One pool on a new schema, shared by every check.
        static let onePool = Task { () throws -> PostgresAccountStorage in
            try await accountStorage(schema: try await PostgresMetadataBLOBStoreTests.schema())
        }

        static let conformance = AccountStorageConformanceTests(storage: { try await onePool.value })

        /// Two pools on one new schema.
        static let twoPools = Task { () throws -> [PostgresAccountStorage] in
            let schema = try await PostgresMetadataBLOBStoreTests.schema()
            let first = try await accountStorage(schema: schema)
            return [first, try await accountStorage(schema: schema)]
        }

        static let acrossPools = AccountStorageConformanceTests(
            storage: { try await twoPools.value[0] },
            openSecond: { try await twoPools.value[1] }
        )

        @Test(arguments: conformance.checks)
        func theStorageOnOnePoolPassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test(arguments: acrossPools.checks)
        func twoPoolsOnOneDatabasePassTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }
    }
#endif
