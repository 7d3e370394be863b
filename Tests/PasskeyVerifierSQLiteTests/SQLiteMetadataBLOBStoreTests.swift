#if SQLite
    import Foundation
    import PasskeyMetadata
    import PasskeyVerifier
    import PasskeyVerifierSQLite
    import PasskeyVerifierTesting
    import SQLiteNIO
    import Testing

    /// The last good metadata BLOB in the `passkey_metadata_blob` table (FIDO Metadata Service v3.0 §3.2): kept
    /// across a reopen, never replaced by a smaller `no`, added to a version 1 database by the migration, and a
    /// corrupted row is a `corruptedRow` error.
    @Suite struct SQLiteMetadataBLOBStoreTests {
        @Test func theBLOBWithTheLargerNoIsKeptAcrossAReopen() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            let first = try await SQLiteStorage.open(.file(path: path))
            #expect(try await first.metadataBLOBStore.loadMetadataBLOB() == nil)
            #expect(
                try await first.metadataBLOBStore.saveMetadataBLOB(StoredMetadataBLOB(jws: [1, 2], serialNumber: 8)))
            #expect(
                try await first.metadataBLOBStore.saveMetadataBLOB(StoredMetadataBLOB(jws: [3], serialNumber: 7))
                    == false)
            try await first.close()
            let second = try await SQLiteStorage.open(.file(path: path))
            #expect(
                try await second.metadataBLOBStore.loadMetadataBLOB()
                    == StoredMetadataBLOB(jws: [1, 2], serialNumber: 8))
            #expect(try await second.metadataBLOBStore.saveMetadataBLOB(StoredMetadataBLOB(jws: [4], serialNumber: 9)))
            #expect(
                try await second.metadataBLOBStore.loadMetadataBLOB() == StoredMetadataBLOB(jws: [4], serialNumber: 9))
            try await second.close()
        }

        @Test func aVersionOneDatabaseIsMigratedToTheMetadataTable() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            try await SQLiteStorage.open(.file(path: path)).close()
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("DROP TABLE passkey_metadata_blob")
            _ = try await connection.query("UPDATE passkey_schema_version SET version = 1")
            try await connection.close()
            let storage = try await SQLiteStorage.open(.file(path: path))
            #expect(try await storage.schemaVersion() == SQLiteSchema.currentVersion)
            #expect(try await storage.metadataBLOBStore.saveMetadataBLOB(StoredMetadataBLOB(jws: [5], serialNumber: 1)))
            #expect(try await storage.metadataBLOBStore.loadMetadataBLOB()?.serialNumber == 1)
            try await storage.close()
        }

        @Test func aCorruptedRowIsAStoreError() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            try await SQLiteStorage.open(.file(path: path)).close()
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query(
                "INSERT INTO passkey_metadata_blob (id, serial_number, jws, saved_at) VALUES (1, -4, x'01', 0)")
            try await connection.close()
            let storage = try await SQLiteStorage.open(.file(path: path))
            let error = await #expect(throws: StoreError.self) {
                try await storage.metadataBLOBStore.loadMetadataBLOB()
            }
            #expect(error?.code == .corruptedRow)
            try await storage.close()
        }

        @Test func aNoAboveInt32IsKeptAndAnEmptyOrMistypedRowIsAStoreError() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            let storage = try await SQLiteStorage.open(.file(path: path))
            let large = StoredMetadataBLOB(jws: [7], serialNumber: 5_000_000_000)
            #expect(try await storage.metadataBLOBStore.saveMetadataBLOB(large))
            #expect(try await storage.metadataBLOBStore.loadMetadataBLOB() == large)
            try await storage.close()
            for update in ["jws = x''", "serial_number = 'eight'", "jws = 'text'"] {
                let connection = try await SQLiteConnection.open(storage: .file(path: path))
                _ = try await connection.query("UPDATE passkey_metadata_blob SET serial_number = 9, jws = x'01'")
                _ = try await connection.query("UPDATE passkey_metadata_blob SET \(update)")
                try await connection.close()
                let reopened = try await SQLiteStorage.open(.file(path: path))
                let error = await #expect(throws: StoreError.self) {
                    try await reopened.metadataBLOBStore.loadMetadataBLOB()
                }
                #expect(error?.code == .corruptedRow, "\(update)")
                try await reopened.close()
            }
        }

        @Test func aServiceRestartsFromTheStoredBLOB() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            let metadata = try VirtualMetadataService()
            let instant = Date(timeIntervalSince1970: 1_767_225_600)
            let jws = try metadata.blob(
                payload: VirtualMetadataService.payload(serialNumber: 12, nextUpdate: "2026-02-01", entries: []))
            let first = try await SQLiteStorage.open(.file(path: path))
            let running = MetadataService(trustAnchors: [metadata.rootCertificate], store: first.metadataBLOBStore)
            #expect(try await running.load(jws: jws, at: instant) == .replaced(serialNumber: 12))
            try await first.close()
            let second = try await SQLiteStorage.open(.file(path: path))
            let restarted = MetadataService(trustAnchors: [metadata.rootCertificate], store: second.metadataBLOBStore)
            #expect(try await restarted.restore(at: instant) == .replaced(serialNumber: 12))
            #expect(await restarted.current?.serialNumber == 12)
            try await second.close()
        }
    }
#endif
