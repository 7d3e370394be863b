#if PostgreSQL
    import PasskeyAccounts
    import PasskeyVerifierPostgres
    import PasskeyVerifierTesting
    import Testing

    /// `AccountService` over `PostgresAccountStorage` passes the service conformance suite on one pool, and with its
    /// steps spread over two pools on one schema, as two server processes would have. Each pool runs on a new schema
    /// of its own, and every check uses fresh random usernames.
    @Suite(
        .enabled("PostgreSQL answers at PASSKEY_POSTGRES_URL, or CI=true") { await PostgresTestServer.shouldRun() },
        .timeLimit(.minutes(1))
    )
    struct AccountServicePostgresTests {
        /// One pool on a new schema, shared by every check.
        static let onePool = Task { () throws -> PostgresAccountStorage in
            try await PostgresAccountStorageConformanceTests.accountStorage(
                schema: try await PostgresMetadataBLOBStoreTests.schema())
        }

        static let conformance = AccountServiceConformanceTests(storage: { try await onePool.value })

        /// Two pools on one new schema.
        static let twoPools = Task { () throws -> [PostgresAccountStorage] in
            let schema = try await PostgresMetadataBLOBStoreTests.schema()
            let first = try await PostgresAccountStorageConformanceTests.accountStorage(schema: schema)
            return [first, try await PostgresAccountStorageConformanceTests.accountStorage(schema: schema)]
        }

        static let acrossPools = AccountServiceConformanceTests(
            storage: { try await twoPools.value[0] },
            openSecond: { try await twoPools.value[1] },
            sealsChallenges: true
        )

        @Test(arguments: conformance.checks)
        func theServiceOnOnePoolPassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test(arguments: acrossPools.checks)
        func theServiceOverTwoPoolsOnOneDatabasePassesTheConformanceSuite(
            _ check: StoreConformanceTests.Check
        ) async throws {
            try await check.run()
        }
    }
#endif
