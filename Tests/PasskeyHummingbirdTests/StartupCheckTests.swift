#if Server
import Foundation
import Logging
@testable import passkey_server
import PasskeyHummingbird
import SQLiteNIO
import Testing

/// A database the server cannot use stops it at start with the cause: PostgreSQL unreachable or refusing the sign-in
/// (``PostgresStartupCheck``), a credentials table with other columns (``StorageReadCheck``).
@Suite struct StartupCheckTests {
    static func service(_ database: DatabaseLocation, log: CapturedLog) -> PasskeyServerService {
        PasskeyServerService(
            configuration: ServerHarness.configuration,
            database: database,
            host: "127.0.0.1",
            port: 0,
            logger: log.logger()
        )
    }

    @Test func aCredentialsTableWithOtherColumnsStopsTheStart() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-columns-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        try await PasskeyStorage.openSQLite(path: path).close()
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query("DROP TABLE passkey_credentials")
        _ = try await connection.query("CREATE TABLE passkey_credentials (x TEXT)")
        try await connection.close()

        let log = CapturedLog()
        let error = await #expect(throws: ServerConfigurationError.self) {
            try await Self.service(.sqlite(path: path), log: log).run()
        }
        #expect(error?.message.hasPrefix("the passkey_credentials table cannot be read: ") == true)
        #expect(error?.message.contains("credential_id") == true)
        let line = try #require(log.lines.first { $0.message == "the database cannot be used" })
        #expect(line.level == .error)
    }

    #if PostgreSQL
    @Test func aPostgreSQLNobodyListensOnStopsTheStartNamingHostPortAndCause() async throws {
        let log = CapturedLog()
        let error = await #expect(throws: PostgresStartupFailure.self) {
            try await Self.service(.postgres(url: "postgres://passkey:passkey@127.0.0.1:1/passkey"), log: log)
                .runUntilSignal()
        }
        #expect(
            error?.description.hasPrefix("PostgreSQL at 127.0.0.1:1 cannot be used: no connection could be made")
                == true)
        #expect(error?.cause.lowercased().contains("refused") == true)
        let line = try #require(log.lines.first { $0.message == "the PostgreSQL database cannot be reached" })
        #expect(line.metadata["error"]?.contains("127.0.0.1:1") == true)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["PASSKEY_POSTGRES_URL"] != nil))
    func aWrongPasswordStopsTheStartWithTheSQLState() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["PASSKEY_POSTGRES_URL"])
        var components = try #require(URLComponents(string: url))
        components.password = "not-the-password"
        let wrong = try #require(components.string)
        let error = await #expect(throws: PostgresStartupFailure.self) {
            try await Self.service(.postgres(url: wrong), log: CapturedLog()).runUntilSignal()
        }
        #expect(error?.cause.hasPrefix("the server answered with SQL state 28P01: ") == true)
    }
    #else
    @Test func aPostgreSQLDatabaseNeedsTheTrait() async throws {
        let error = await #expect(throws: ServerConfigurationError.self) {
            try await Self.service(
                .postgres(url: "postgres://passkey:secret@127.0.0.1:1/passkey"), log: CapturedLog()
            )
            .runUntilSignal()
        }
        #expect(error?.description.contains("PostgreSQL trait") == true)
        #expect(error?.description.contains("secret") == false)
    }
    #endif
}
#endif
