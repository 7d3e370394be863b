#if SQLite
    import Foundation
    import PasskeyAccounts
    import PasskeyVerifier
    import PasskeyVerifierSQLite
    import PasskeyVerifierTesting
    import SQLiteNIO
    import Testing

    /// The SQLite account store passes the account conformance suite on a file, on two connections to one file,
    /// and keeps the accounts of a database that an earlier passkey-server kept in `passkey_server_users`.
    @Suite struct SQLiteAccountStoreTests {
        static let conformance = AccountStoreConformanceTests(accountStore: {
            try await SQLiteStoreTests.sharedFile.value.accountStore
        })

        /// Two connections to one file, as two processes would open it, the calls alternating between them.
        static let twoConnections = Task { () throws -> [SQLiteAccountStore] in
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            return [
                try await SQLiteStorage.open(.file(path: path)).accountStore,
                try await SQLiteStorage.open(.file(path: path)).accountStore,
            ]
        }

        static let acrossConnections = AccountStoreConformanceTests(accountStore: {
            AlternatingAccountStore(stores: try await twoConnections.value)
        })

        @Test(arguments: conformance.checks)
        func theAccountStoreOverAFilePassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test(arguments: acrossConnections.checks)
        func theAccountStoreOverTwoConnectionsPassesTheConformanceSuite(
            _ check: StoreConformanceTests.Check
        ) async throws {
            try await check.run()
        }

        @Test func theAccountsOfAnEarlierServerTableCarryOver() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            try await SQLiteStorage.open(.file(path: path)).close()
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("DROP TABLE passkey_accounts")
            _ = try await connection.query("UPDATE passkey_schema_version SET version = 2")
            _ = try await connection.query(
                "CREATE TABLE passkey_server_users (username TEXT PRIMARY KEY NOT NULL, user_handle BLOB NOT NULL UNIQUE)"
            )
            _ = try await connection.query(
                """
                CREATE TABLE passkey_server_apple_accounts (
                    apple_subject TEXT PRIMARY KEY NOT NULL,
                    username TEXT NOT NULL UNIQUE REFERENCES passkey_server_users (username)
                )
                """
            )
            _ = try await connection.query(
                "INSERT INTO passkey_server_users (username, user_handle) VALUES ('ada', x'0102')"
            )
            try await connection.close()

            try await SQLiteStorage.withStorage(.file(path: path)) { storage in
                #expect(try await storage.schemaVersion() == SQLiteSchema.currentVersion)
                #expect(try await storage.accountStore.existingUserHandle(forUsername: "ada") == [1, 2])
                #expect(try await storage.accountStore.setDisplayName("Ada", forUserHandle: [1, 2]))
                #expect(
                    try await storage.accountStore.account(forUserHandle: [1, 2])
                        == Account(username: "ada", userHandle: [1, 2], displayName: "Ada"))
                let schema = try await storage.connection.query(
                    "SELECT sql FROM sqlite_master WHERE name = 'passkey_server_apple_accounts'"
                )
                let text = try #require(schema.first?.column("sql")?.string)
                #expect(text.contains("passkey_accounts"))
                let legacy = try await storage.connection.query(
                    "SELECT 1 FROM sqlite_master WHERE name = 'passkey_server_users'"
                )
                #expect(legacy.isEmpty)
            }
        }
    }
#endif
