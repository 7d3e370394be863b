#if PostgreSQL
    import Foundation
    import PasskeyVerifier
    import PasskeyVerifierPostgres
    import PasskeyVerifierTesting
    import PostgresNIO
    import Testing

    /// The PostgreSQL stores pass the whole conformance suite against a real server (`PASSKEY_POSTGRES_URL`), and
    /// their schema is created and migrated once when several processes start at once.
    @Suite(.enabled("PostgreSQL answers at PASSKEY_POSTGRES_URL, or CI=true") { await PostgresTestServer.shouldRun() })
    struct PostgresStoreTests {
        /// One schema and one running client shared by every conformance check, as server processes share one
        /// database.
        static let shared = Task { () throws -> PostgresStorage in
            if let reason = await PostgresTestServer.unavailability.value {
                throw PostgresTestServer.Unavailable(reason: reason)
            }
            let schema = try await PostgresTestServer.makeSchema()
            let client = PostgresClient(configuration: try PostgresTestServer.configuration(schema: schema))
            Task.detached { await client.run() }
            return try await PostgresStorage.open(client: client)
        }

        static let conformance = StoreConformanceTests(
            credentialStore: { try await shared.value.credentialStore },
            challengeStore: { try await shared.value.challengeStore },
            usedChallengeStore: { try await shared.value.usedChallengeStore }
        )

        /// A second pool on the same schema, as a second server process would have, calls alternating between
        /// the two.
        static let twoProcesses = Task { () throws -> AlternatingStores in
            if let reason = await PostgresTestServer.unavailability.value {
                throw PostgresTestServer.Unavailable(reason: reason)
            }
            let schema = try await PostgresTestServer.makeSchema()
            let firstInSchema = PostgresClient(configuration: try PostgresTestServer.configuration(schema: schema))
            let secondInSchema = PostgresClient(configuration: try PostgresTestServer.configuration(schema: schema))
            Task.detached { await firstInSchema.run() }
            Task.detached { await secondInSchema.run() }
            let one = try await PostgresStorage.open(client: firstInSchema)
            let other = try await PostgresStorage.open(client: secondInSchema)
            return AlternatingStores(
                credentialStores: [one.credentialStore, other.credentialStore],
                challengeStores: [one.challengeStore, other.challengeStore]
            )
        }

        static let acrossProcesses = StoreConformanceTests(
            credentialStore: { try await twoProcesses.value.credentialStore },
            challengeStore: { try await twoProcesses.value.challengeStore }
        )

        @Test(arguments: acrossProcesses.checks)
        func theStoresOverTwoPoolsPassTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test(arguments: conformance.checks)
        func theStoresPassTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
            try await check.run()
        }

        @Test func processesStartingAtOnceMigrateTheSchemaOnce() async throws {
            try await PostgresTestServer.withFreshSchema { _, schema in
                let versions = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<6 {
                        group.addTask {
                            try await PostgresTestServer.withClient(schema: schema) { client in
                                try await PostgresStorage.open(client: client).schemaVersion()
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(versions == Array(repeating: PostgresSchema.currentVersion, count: 6))
                try await PostgresTestServer.withClient(schema: schema) { client in
                    let rows = try await client.query("SELECT count(*) FROM passkey_schema_version").collect()
                    #expect(try rows.first?.decode(Int.self) == 1)
                }
            }
        }

        @Test func aDatabaseMigratedByANewerReleaseIsRefused() async throws {
            try await PostgresTestServer.withFreshSchema { client, _ in
                _ = try await PostgresStorage.open(client: client)
                try await client.query("UPDATE passkey_schema_version SET version = 99")
                await #expect(throws: StoreError(.unsupportedSchemaVersion, "")) {
                    try await PostgresStorage.open(client: client)
                }
            }
        }

        @Test func aNegativeSchemaVersionIsAStoreErrorNotACrash() async throws {
            try await PostgresTestServer.withFreshSchema { client, _ in
                _ = try await PostgresStorage.open(client: client)
                try await client.query("UPDATE passkey_schema_version SET version = -1")
                await #expect(throws: StoreError(.unsupportedSchemaVersion, "")) {
                    try await PostgresStorage.open(client: client)
                }
            }
        }

        @Test func aCorruptedRowIsAStoreErrorNotACrash() async throws {
            try await PostgresTestServer.withFreshSchema { client, _ in
                let storage = try await PostgresStorage.open(client: client)
                let record = CredentialRecord(
                    id: [9],
                    publicKey: try PrivateKey.generate(.es256).coseKey,
                    userHandle: [1]
                )
                #expect(try await storage.credentialStore.insert(record))
                try await client.query("UPDATE passkey_credentials SET sign_count = 4294967296")
                await #expect(throws: StoreError(.corruptedRow, "")) {
                    try await storage.credentialStore.credential(withID: [9])
                }
            }
        }

        @Test func expiredChallengesStayUntilTheCleanupRemovesThem() async throws {
            try await PostgresTestServer.withFreshSchema { client, _ in
                let storage = try await PostgresStorage.open(client: client)
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
            }
        }
    }
#endif
