#if SQLite
    import Foundation
    import PasskeyVerifier
    import PasskeyVerifierSQLite
    import PasskeyVerifierTesting
    import SQLiteNIO
    import Testing

    /// The SQLite stores pass the whole conformance suite against a real temporary database file, and their
    /// schema is created, recorded and migrated on open.
    @Suite struct SQLiteStoreTests {
        /// A new database file in a new temporary directory.
        static func temporaryDatabasePath() throws -> String {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("passkey-sqlite-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return directory.appendingPathComponent("passkeys.sqlite").path
        }

        /// One database file shared by every conformance check, as servers share one database.
        static let sharedFile = Task { try await SQLiteStorage.open(.file(path: try temporaryDatabasePath())) }

        static let conformance = StoreConformanceTests(
            credentialStore: { try await sharedFile.value.credentialStore },
            challengeStore: { try await sharedFile.value.challengeStore },
            usedChallengeStore: { try await sharedFile.value.usedChallengeStore }
        )

        static let inMemory = Task { try await SQLiteStorage.open(.memory) }

        /// Two connections to one file, as two processes on one machine would open it.
        static let twoConnections = Task { () throws -> AlternatingStores in
            let path = try temporaryDatabasePath()
            let first = try await SQLiteStorage.open(.file(path: path))
            let second = try await SQLiteStorage.open(.file(path: path))
            return AlternatingStores(
                credentialStores: [first.credentialStore, second.credentialStore],
                challengeStores: [first.challengeStore, second.challengeStore]
            )
        }

        static let acrossConnections = StoreConformanceTests(
            credentialStore: { try await twoConnections.value.credentialStore },
            challengeStore: { try await twoConnections.value.challengeStore }
        )

        @Test(arguments: conformance.checks)
        func theStoresOverAFilePassTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test(arguments: acrossConnections.checks)
        func theStoresOverTwoConnectionsToOneFilePassTheConformanceSuite(
            _ check: StoreConformanceTests.Check
        ) async throws {
            try await check.run()
        }

        @Test func theStoresOverMemoryPassTheConformanceSuite() async throws {
            try await StoreConformanceTests(
                credentialStore: { try await Self.inMemory.value.credentialStore },
                challengeStore: { try await Self.inMemory.value.challengeStore }
            ).runAll()
        }

        @Test func aNewFileGetsTheCurrentSchemaAndReopeningKeepsTheRecords() async throws {
            let path = try Self.temporaryDatabasePath()
            let first = try await SQLiteStorage.open(.file(path: path))
            #expect(try await first.schemaVersion() == SQLiteSchema.currentVersion)
            let record = CredentialRecord(
                id: [1, 2, 3],
                publicKey: try PrivateKey.generate(.es256).coseKey,
                userHandle: [7],
                registration: CredentialRegistrationDetails(registeredAt: Date(timeIntervalSince1970: 1_700_000_000))
            )
            #expect(try await first.credentialStore.insert(record))
            try await first.close()
            let second = try await SQLiteStorage.open(.file(path: path))
            #expect(try await second.schemaVersion() == SQLiteSchema.currentVersion)
            #expect(try await second.credentialStore.credential(withID: [1, 2, 3]) == record)
            try await second.close()
        }

        @Test func processesOpeningOneFileAtOnceMigrateItOnce() async throws {
            let path = try Self.temporaryDatabasePath()
            let outcomes = await withTaskGroup(of: Result<SQLiteStorage, any Error>.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        do {
                            return .success(try await SQLiteStorage.open(.file(path: path)))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for outcome in outcomes {
                switch outcome {
                case .success(let storage):
                    #expect(try await storage.schemaVersion() == SQLiteSchema.currentVersion)
                    try await storage.close()
                case .failure(let error):
                    Issue.record("an open failed: \(String(reflecting: error))")
                }
            }
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            let rows = try await connection.query("SELECT count(*) AS rows FROM passkey_schema_version")
            #expect(rows.first?.column("rows")?.integer == 1)
            try await connection.close()
        }

        @Test func aDatabaseMigratedByANewerReleaseIsRefused() async throws {
            let path = try Self.temporaryDatabasePath()
            try await SQLiteStorage.open(.file(path: path)).close()
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("UPDATE passkey_schema_version SET version = 99")
            try await connection.close()
            await #expect(throws: StoreError(.unsupportedSchemaVersion, "")) {
                try await SQLiteStorage.open(.file(path: path))
            }
        }

        @Test(arguments: ["-1", "-9223372036854775808", "'two'", "1e300", "X'01'"])
        func aDamagedSchemaVersionIsAStoreErrorNotACrash(stored: String) async throws {
            let path = try Self.temporaryDatabasePath()
            try await SQLiteStorage.open(.file(path: path)).close()
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("UPDATE passkey_schema_version SET version = \(stored)")
            try await connection.close()
            await #expect(throws: StoreError(.unsupportedSchemaVersion, "")) {
                try await SQLiteStorage.open(.file(path: path))
            }
        }

        @Test func aCorruptedRowIsAStoreErrorNotACrash() async throws {
            let path = try Self.temporaryDatabasePath()
            let storage = try await SQLiteStorage.open(.file(path: path))
            let record = CredentialRecord(id: [9], publicKey: try PrivateKey.generate(.es256).coseKey, userHandle: [1])
            #expect(try await storage.credentialStore.insert(record))
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("UPDATE passkey_credentials SET sign_count = 4294967296")
            try await connection.close()
            await #expect(throws: StoreError(.corruptedRow, "")) {
                try await storage.credentialStore.credential(withID: [9])
            }
            try await storage.close()
        }

        @Test func expiredChallengesStayUntilTheCleanupRemovesThem() async throws {
            let storage = try await SQLiteStorage.open(.memory)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            for index in 0..<3 {
                try await storage.challengeStore.put(
                    IssuedChallenge(
                        challenge: [UInt8(index)],
                        ceremony: .authentication,
                        userHandle: nil,
                        issuedAt: start,
                        expiresAt: start.addingTimeInterval(60)
                    )
                )
            }
            try await storage.challengeStore.put(
                IssuedChallenge(
                    challenge: [9],
                    ceremony: .authentication,
                    userHandle: nil,
                    issuedAt: start.addingTimeInterval(60),
                    expiresAt: start.addingTimeInterval(120)
                )
            )
            #expect(try await storage.deleteExpiredChallenges(at: start.addingTimeInterval(59)) == 0)
            #expect(try await storage.deleteExpiredChallenges(at: start.addingTimeInterval(60)) == 3)
            #expect(try await storage.challengeStore.removeExpired(at: start.addingTimeInterval(120)) == 1)
            for index in 0..<5 {
                try await storage.challengeStore.put(
                    IssuedChallenge(
                        challenge: [UInt8(20 + index)],
                        ceremony: .authentication,
                        userHandle: nil,
                        issuedAt: start,
                        expiresAt: start.addingTimeInterval(Double(100 + index))
                    )
                )
            }
            #expect(try await storage.challengeStore.removeOldest(keeping: 2) == 3)
            #expect(try await storage.challengeStore.removeOldest(keeping: 2) == 0)
            #expect(try await storage.challengeStore.take([22], at: start) == nil)
            #expect(try await storage.challengeStore.take([23], at: start) != nil)
            #expect(try await storage.challengeStore.take([24], at: start) != nil)
            try await storage.close()
        }
    }
#endif
