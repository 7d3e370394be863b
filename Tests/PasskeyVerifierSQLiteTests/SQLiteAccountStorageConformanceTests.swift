#if SQLite
    import PasskeyAccounts
    import PasskeyVerifierSQLite
    import PasskeyVerifierTesting
    import Testing

    /// `SQLiteAccountStorage` passes the account storage conformance suite on a file, and across two storages on one
    /// file, as two processes would open it.
    @Suite(.timeLimit(.minutes(2))) struct SQLiteAccountStorageConformanceTests {
        /// One file shared by every check.
        static let onAFile = Task { () throws -> SQLiteAccountStorage in
            try await SQLiteAccountStorage.open(
                storage: try await SQLiteStorage.open(.file(path: try SQLiteStoreTests.temporaryDatabasePath()))
            )
        }

        static let conformance = AccountStorageConformanceTests(storage: { try await onAFile.value })

        /// Two storages, each with its own connection, on one file.
        static let twoStorages = Task { () throws -> [SQLiteAccountStorage] in
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            return [
                try await SQLiteAccountStorage.open(storage: try await SQLiteStorage.open(.file(path: path))),
                try await SQLiteAccountStorage.open(storage: try await SQLiteStorage.open(.file(path: path))),
            ]
        }

        static let acrossStorages = AccountStorageConformanceTests(
            storage: { try await twoStorages.value[0] },
            openSecond: { try await twoStorages.value[1] }
        )

        @Test(arguments: conformance.checks)
        func theStorageOverAFilePassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test(arguments: acrossStorages.checks)
        func twoStoragesOnOneFilePassTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }
    }
#endif
