#if PostgreSQL
    import Foundation
    import PasskeyMetadata
    import PasskeyVerifier
    import PasskeyVerifierPostgres
    import PasskeyVerifierTesting
    import PostgresNIO
    import Testing

    /// The last good metadata BLOB in the `passkey_metadata_blob` table of PostgreSQL (FIDO Metadata Service v3.0
    /// §3.2): shared by two pools as by two server processes, never replaced by a smaller `no`, added to a version 1
    /// database by the migration under the advisory lock.
    @Suite(.enabled("PostgreSQL answers at PASSKEY_POSTGRES_URL, or CI=true") { await PostgresTestServer.shouldRun() })
    struct PostgresMetadataBLOBStoreTests {
        /// A running client on a new schema.
        static func client(schema: String) throws -> PostgresClient {
            let client = PostgresClient(configuration: try PostgresTestServer.configuration(schema: schema))
            Task.detached { await client.run() }
            return client
        }

        static func schema() async throws -> String {
            if let reason = await PostgresTestServer.unavailability.value {
                throw PostgresTestServer.Unavailable(reason: reason)
            }
            return try await PostgresTestServer.makeSchema()
        }

        @Test func twoPoolsShareTheBLOBWithTheLargerNo() async throws {
            let schema = try await Self.schema()
            let one = try await PostgresStorage.open(client: try Self.client(schema: schema))
            let other = try await PostgresStorage.open(client: try Self.client(schema: schema))
            #expect(try await one.metadataBLOBStore.loadMetadataBLOB() == nil)
            #expect(try await one.metadataBLOBStore.saveMetadataBLOB(StoredMetadataBLOB(jws: [1, 2], serialNumber: 8)))
            #expect(
                try await other.metadataBLOBStore.saveMetadataBLOB(StoredMetadataBLOB(jws: [3], serialNumber: 7))
                    == false)
            #expect(
                try await other.metadataBLOBStore.loadMetadataBLOB()
                    == StoredMetadataBLOB(jws: [1, 2], serialNumber: 8))
            let saved = await withTaskGroup(of: Bool.self) { group in
                for serialNumber in 20..<26 {
                    let storage = serialNumber.isMultiple(of: 2) ? one : other
                    group.addTask {
                        (try? await storage.metadataBLOBStore.saveMetadataBLOB(
                            StoredMetadataBLOB(jws: [UInt8(serialNumber)], serialNumber: serialNumber))) ?? false
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(saved.count == 6)
            #expect(
                try await one.metadataBLOBStore.loadMetadataBLOB() == StoredMetadataBLOB(jws: [25], serialNumber: 25))
        }

        @Test func aVersionOneDatabaseIsMigratedToTheMetadataTable() async throws {
            let schema = try await Self.schema()
            let client = try Self.client(schema: schema)
            _ = try await PostgresStorage.open(client: client)
            try await client.query("DROP TABLE passkey_metadata_blob")
            try await client.query("UPDATE passkey_schema_version SET version = 1")
            let storage = try await PostgresStorage.open(client: client)
            #expect(try await storage.schemaVersion() == PostgresSchema.currentVersion)
            #expect(try await storage.metadataBLOBStore.saveMetadataBLOB(StoredMetadataBLOB(jws: [5], serialNumber: 1)))
            try await client.query("UPDATE passkey_metadata_blob SET serial_number = -1")
            let error = await #expect(throws: StoreError.self) {
                try await storage.metadataBLOBStore.loadMetadataBLOB()
            }
            #expect(error?.code == .corruptedRow)
        }

        @Test func aSecondServiceStartsFromWhatTheFirstSaved() async throws {
            let schema = try await Self.schema()
            let metadata = try VirtualMetadataService()
            let instant = Date(timeIntervalSince1970: 1_767_225_600)
            let jws = try metadata.blob(
                payload: VirtualMetadataService.payload(serialNumber: 12, nextUpdate: "2026-02-01", entries: []))
            let one = try await PostgresStorage.open(client: try Self.client(schema: schema))
            let other = try await PostgresStorage.open(client: try Self.client(schema: schema))
            let first = MetadataService(trustAnchors: [metadata.rootCertificate], store: one.metadataBLOBStore)
            #expect(try await first.load(jws: jws, at: instant) == .replaced(serialNumber: 12))
            let second = MetadataService(trustAnchors: [metadata.rootCertificate], store: other.metadataBLOBStore)
            #expect(try await second.restore(at: instant) == .replaced(serialNumber: 12))
            #expect(await second.current?.serialNumber == 12)
        }
    }
#endif
