#if PostgreSQL
    import Foundation
    import PasskeyAccounts
    import PasskeyVerifier
    import PasskeyVerifierPostgres
    import PasskeyVerifierTesting
    import PostgresNIO
    import Testing

    /// The PostgreSQL account store passes the account conformance suite on one pool and on two pools over one
    /// schema, and keeps the accounts of a database that an earlier passkey-server kept in `passkey_server_users`.
    @Suite(.enabled("PostgreSQL answers at PASSKEY_POSTGRES_URL, or CI=true") { await PostgresTestServer.shouldRun() })
    struct PostgresAccountStoreTests {
        static let conformance = AccountStoreConformanceTests(accountStore: {
            try await PostgresStoreTests.shared.value.accountStore
        })

        /// Two pools on one schema, as two server processes would have, the calls alternating between them.
        static let twoProcesses = Task { () throws -> AlternatingAccountStore in
            let schema = try await PostgresMetadataBLOBStoreTests.schema()
            let one = try await PostgresStorage.open(client: PostgresMetadataBLOBStoreTests.client(schema: schema))
            let other = try await PostgresStorage.open(client: PostgresMetadataBLOBStoreTests.client(schema: schema))
            return AlternatingAccountStore(stores: [one.accountStore, other.accountStore])
        }

        static let acrossProcesses = AccountStoreConformanceTests(accountStore: { try await twoProcesses.value })

        @Test(arguments: conformance.checks)
        func theAccountStorePassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test(arguments: acrossProcesses.checks)
        func theAccountStoreOverTwoPoolsPassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test func theAccountsOfAnEarlierServerTableCarryOver() async throws {
            try await PostgresTestServer.withFreshSchema { client, _ in
                _ = try await PostgresStorage.open(client: client)
                try await client.query("DROP TABLE passkey_accounts")
                try await client.query("UPDATE passkey_schema_version SET version = 2")
                try await client.query(
                    "CREATE TABLE passkey_server_users (username TEXT PRIMARY KEY, user_handle BYTEA NOT NULL UNIQUE)"
                )
                try await client.query(
                    """
                    CREATE TABLE passkey_server_apple_accounts (
                        apple_subject TEXT PRIMARY KEY,
                        username TEXT NOT NULL UNIQUE REFERENCES passkey_server_users (username)
                    )
                    """
                )
                try await client.query(
                    "INSERT INTO passkey_server_users (username, user_handle) VALUES ('ada', '\\x0102'::bytea)"
                )
                try await client.query(
                    "INSERT INTO passkey_server_apple_accounts (apple_subject, username) VALUES ('000100.a.1', 'ada')"
                )

                let storage = try await PostgresStorage.open(client: client)
                #expect(try await storage.schemaVersion() == PostgresSchema.currentVersion)
                #expect(try await storage.accountStore.existingUserHandle(forUsername: "ada") == [1, 2])
                #expect(try await storage.accountStore.setDisplayName("Ada", forUserHandle: [1, 2]))
                #expect(
                    try await storage.accountStore.account(forUserHandle: [1, 2])
                        == Account(username: "ada", userHandle: [1, 2], displayName: "Ada"))
                let references = try await client.query(
                    """
                    SELECT confrelid::regclass::text FROM pg_constraint
                    WHERE conrelid = 'passkey_server_apple_accounts'::regclass AND contype = 'f'
                    """
                ).collect()
                #expect(try references.first?.decode(String.self) == "passkey_accounts")
                var constraints: [String] = []
                for try await name in try await client.query(
                    "SELECT conname::text FROM pg_constraint WHERE conrelid = 'passkey_accounts'::regclass ORDER BY 1"
                ).decode(String.self) {
                    constraints.append(name)
                }
                #expect(constraints == ["passkey_accounts_pkey", "passkey_accounts_user_handle_key"])
            }
        }
    }
#endif
