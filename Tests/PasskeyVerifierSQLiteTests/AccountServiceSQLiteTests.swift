#if SQLite
    import PasskeyAccounts
    import PasskeyVerifierSQLite
    import PasskeyVerifierTesting
    import Testing

    /// `AccountService` over `SQLiteAccountStorage` passes the service conformance suite on a file, and with its
    /// steps spread over two storages (two connections) on one file, as two server processes would open it, those
    /// sealing their sign-in challenges with one key.
    @Suite(.timeLimit(.minutes(1))) struct AccountServiceSQLiteTests {
        /// One file shared by every check.
        static let onAFile = Task { () throws -> SQLiteAccountStorage in
            try await SQLiteAccountStorage.open(
                storage: try await SQLiteStorage.open(.file(path: try SQLiteStoreTests.temporaryDatabasePath()))
            )
        }

        static let conformance = AccountServiceConformanceTests(storage: { try await onAFile.value })

        /// Two storages, each with its own connection, on one file.
        static let twoStorages = Task { () throws -> [SQLiteAccountStorage] in
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            return [
                try await SQLiteAccountStorage.open(storage: try await SQLiteStorage.open(.file(path: path))),
                try await SQLiteAccountStorage.open(storage: try await SQLiteStorage.open(.file(path: path))),
            ]
        }

        static let acrossStorages = AccountServiceConformanceTests(
            storage: { try await twoStorages.value[0] },
            openSecond: { try await twoStorages.value[1] },
            sealsChallenges: true
        )

        @Test(arguments: conformance.checks)
        func theServiceOverAFilePassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test(arguments: acrossStorages.checks)
        func theServiceOverTwoStoragesOnOneFilePassesTheConformanceSuite(
            _ check: StoreConformanceTests.Check
        ) async throws {
            try await check.run()
        }
    }
#endif
