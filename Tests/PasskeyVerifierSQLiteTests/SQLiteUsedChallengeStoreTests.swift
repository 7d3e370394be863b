#if SQLite
    import Foundation
    import PasskeyVerifier
    import PasskeyVerifierSQLite
    import Testing

    /// A sealing secret the database holds with another length than 32 bytes is a corrupted row, not a key.
    @Suite struct SQLiteSealingSecretTests {
        @Test func aStoredSecretOfAnotherLengthIsACorruptedRow() async throws {
            let storage = try await SQLiteStorage.open(.file(path: try SQLiteStoreTests.temporaryDatabasePath()))
            try await storage.withConnection { connection in
                _ = try await connection.query(
                    "INSERT INTO passkey_challenge_keys (identifier, secret) VALUES (1, x'00')")
            }
            let error = await #expect(throws: StoreError.self) {
                try await storage.usedChallengeStore.sealingSecret(proposing: [UInt8](repeating: 1, count: 32))
            }
            #expect(error?.code == .corruptedRow)
            try await storage.close()
        }
    }
#endif
