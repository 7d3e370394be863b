#if PostgreSQL
    import Foundation
    import PasskeyCrypto
    import PasskeyVerifier
    import PasskeyVerifierPostgres
    import PostgresNIO
    import Testing

    /// ``PostgresStorage/withStorage(configuration:logger:isolation:_:)`` runs its own pool for the length of its
    /// body and stops it on every way out: afterwards the storage's statements fail at once (the pool is shut
    /// down) instead of waiting for a pool nobody runs.
    @Suite(.enabled("PostgreSQL answers at PASSKEY_POSTGRES_URL, or CI=true") { await PostgresTestServer.shouldRun() })
    struct PostgresStorageLifecycleTests {
        struct BodyFailure: Error, Equatable {}

        /// Runs `body` with the configuration of a new, empty schema, then drops the schema.
        private static func withFreshConfiguration(
            _ body: (PostgresClient.Configuration) async throws -> Void
        ) async throws {
            if let reason = await PostgresTestServer.unavailability.value {
                throw PostgresTestServer.Unavailable(reason: reason)
            }
            let schema = try await PostgresTestServer.makeSchema()
            do {
                try await body(try PostgresTestServer.configuration(schema: schema))
            } catch {
                try await dropSchema(schema)
                throw error
            }
            try await dropSchema(schema)
        }

        private static func dropSchema(_ schema: String) async throws {
            try await PostgresTestServer.withClient(schema: nil) { client in
                try await client.query("DROP SCHEMA \(unescaped: schema) CASCADE").collect()
            }
        }

        private static func expectPoolClosed(_ storage: PostgresStorage) async {
            do {
                _ = try await storage.schemaVersion()
                Issue.record("a statement ran after withStorage returned")
            } catch let error as PSQLError {
                #expect(error.code == .poolClosed)
            } catch {
                // PostgresClient.query rethrows the pool's own error, ConnectionPoolError.poolShutdown.
                #expect(String(reflecting: error).contains("poolShutdown"), "\(String(reflecting: error))")
            }
        }

        @Test func theBodysResultIsReturnedAndThePoolIsStoppedAfterwards() async throws {
            try await Self.withFreshConfiguration { configuration in
                let record = CredentialRecord(
                    id: [1, 2, 3],
                    publicKey: try PrivateKey.generate(.es256).coseKey,
                    userHandle: [7]
                )
                let (inserted, leaked) = try await PostgresStorage.withStorage(configuration: configuration) {
                    storage in
                    (try await storage.credentialStore.insert(record), storage)
                }
                #expect(inserted)
                await Self.expectPoolClosed(leaked)
                let stored = try await PostgresStorage.withStorage(configuration: configuration) { storage in
                    try await storage.credentialStore.credential(withID: [1, 2, 3])
                }
                #expect(stored == record)
            }
        }

        @Test func aThrowingBodyRethrowsItsErrorAndStopsThePool() async throws {
            try await Self.withFreshConfiguration { configuration in
                var leaked: PostgresStorage?
                do {
                    try await PostgresStorage.withStorage(configuration: configuration) { storage in
                        leaked = storage
                        #expect(try await storage.schemaVersion() == PostgresSchema.currentVersion)
                        throw BodyFailure()
                    }
                    Issue.record("withStorage returned although its body threw")
                } catch {
                    #expect(error is BodyFailure)
                }
                await Self.expectPoolClosed(try #require(leaked))
            }
        }

        @Test func aCancelledBodyStopsThePool() async throws {
            try await Self.withFreshConfiguration { configuration in
                let (opened, continuation) = AsyncStream.makeStream(of: PostgresStorage.self)
                let task = Task {
                    try await PostgresStorage.withStorage(configuration: configuration) { storage in
                        continuation.yield(storage)
                        try await Task.sleep(for: .seconds(600))
                    }
                }
                var iterator = opened.makeAsyncIterator()
                let storage = try #require(await iterator.next())
                task.cancel()
                await #expect(throws: CancellationError.self) { try await task.value }
                await Self.expectPoolClosed(storage)
            }
        }
    }
#endif
