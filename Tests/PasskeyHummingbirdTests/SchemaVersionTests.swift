#if Server
import Foundation
import Logging
@testable import passkey_server
import PasskeyHummingbird
import PasskeyVerifier
import SQLiteNIO
import Testing

/// A stored schema version no release writes (below 0, not an integer) is a clear start-up error, never a trap.
@Suite struct SchemaVersionTests {
    /// A migrated SQLite file whose `passkey_schema_version` row is then set to `stored`.
    static func damagedDatabase(_ stored: String) async throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-schema-\(UUID().uuidString).sqlite").path
        try await PasskeyStorage.openSQLite(path: path).close()
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query("UPDATE passkey_schema_version SET version = \(stored)")
        try await connection.close()
        return path
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    @Test(arguments: ["-1", "'one'", "1e300"])
    func aDamagedSchemaVersionIsAStoreError(stored: String) async throws {
        let path = try await Self.damagedDatabase(stored)
        defer { Self.remove(path) }
        let error = await #expect(throws: StoreError.self) {
            try await PasskeyStorage.openSQLite(path: path)
        }
        #expect(error?.code == .unsupportedSchemaVersion)
        #expect(error?.message.contains("passkey_schema_version table is damaged") == true)
    }

    @Test func theServerStopsAtStartWithTheMessage() async throws {
        let path = try await Self.damagedDatabase("-1")
        defer { Self.remove(path) }
        let log = CapturedLog()
        let service = PasskeyServerService(
            configuration: ServerHarness.configuration,
            database: .sqlite(path: path),
            host: "127.0.0.1",
            port: 0,
            logger: log.logger()
        )
        await #expect(throws: StoreError(.unsupportedSchemaVersion, "")) {
            try await service.run()
        }
        let line = try #require(log.lines.first { $0.message == "the SQLite database cannot be opened" })
        #expect(line.level == .error)
        #expect(line.metadata["error"]?.contains("schema version is -1") == true)
    }
}
#endif
