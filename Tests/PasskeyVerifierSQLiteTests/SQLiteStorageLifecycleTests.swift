#if SQLite
    import Foundation
    import PasskeyCrypto
    import PasskeyVerifier
    import PasskeyVerifierSQLite
    import Testing

    /// ``SQLiteStorage/withStorage(_:isolation:_:)`` closes the storage on every way out of its body, so a host
    /// never ends with SQLiteNIO's "SQLiteConnection was not closed before deinitializing" trap; a closed storage's
    /// stores fail, and closing twice is harmless.
    @Suite struct SQLiteStorageLifecycleTests {
        struct BodyFailure: Error, Equatable {}

        private static func record(_ id: UInt8) throws -> CredentialRecord {
            CredentialRecord(id: [id], publicKey: try PrivateKey.generate(.es256).coseKey, userHandle: [7])
        }

        @Test func theBodysResultIsReturnedAndTheStorageIsClosedAfterwards() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            let record = try Self.record(1)
            let (inserted, leaked) = try await SQLiteStorage.withStorage(.file(path: path)) { storage in
                (try await storage.credentialStore.insert(record), storage)
            }
            #expect(inserted)
            await #expect(throws: (any Error).self) { try await leaked.schemaVersion() }
            let stored = try await SQLiteStorage.withStorage(.file(path: path)) { storage in
                try await storage.credentialStore.credential(withID: [1])
            }
            #expect(stored == record)
        }

        @Test func aThrowingBodyRethrowsItsErrorAndClosesTheStorage() async throws {
            var leaked: SQLiteStorage?
            do {
                try await SQLiteStorage.withStorage(.memory) { storage in
                    leaked = storage
                    #expect(try await storage.schemaVersion() == SQLiteSchema.currentVersion)
                    throw BodyFailure()
                }
                Issue.record("withStorage returned although its body threw")
            } catch {
                #expect(error is BodyFailure)
            }
            let storage = try #require(leaked)
            await #expect(throws: (any Error).self) { try await storage.credentialStore.credential(withID: [1]) }
        }

        @Test func aCancelledBodyClosesTheStorage() async throws {
            let (opened, continuation) = AsyncStream.makeStream(of: SQLiteStorage.self)
            let task = Task {
                try await SQLiteStorage.withStorage(.memory) { storage in
                    continuation.yield(storage)
                    try await Task.sleep(for: .seconds(600))
                }
            }
            var iterator = opened.makeAsyncIterator()
            let storage = try #require(await iterator.next())
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            await #expect(throws: (any Error).self) { try await storage.schemaVersion() }
        }

        @Test func closingInsideTheBodyOrTwiceIsHarmless() async throws {
            let version = try await SQLiteStorage.withStorage(.memory) { storage in
                let version = try await storage.schemaVersion()
                try await storage.close()
                try await storage.close()
                return version
            }
            #expect(version == SQLiteSchema.currentVersion)
        }

        @Test func aFailedOpenRunsNoBody() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath() + "-missing/passkeys.sqlite"
            var ran = false
            do {
                try await SQLiteStorage.withStorage(.file(path: path)) { _ in ran = true }
                Issue.record("a database in a missing directory was opened")
            } catch {
                #expect(!(error is BodyFailure))
            }
            #expect(!ran)
        }
    }
#endif
