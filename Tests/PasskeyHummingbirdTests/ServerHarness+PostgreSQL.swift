#if Server
#if PostgreSQL
import Foundation
import Logging
@testable import passkey_server
import PasskeyHummingbird
import PostgresNIO
import Testing

extension ServerHarness {
    /// Runs `body` with the server's storage (the library's stores and the server's tables) on the PostgreSQL server
    /// that `PASSKEY_POSTGRES_URL` names, such as `postgres://user:password@127.0.0.1:5432/database`; the client
    /// runs for as long as `body` does.
    static func withPostgresStorage(_ body: (PasskeyStorage) async throws -> Void) async throws {
        let url = try #require(ProcessInfo.processInfo.environment["PASSKEY_POSTGRES_URL"])
        let postgres = PostgresClient(configuration: try PostgresConnectionURL.configuration(url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await postgres.run() }
            let storage = try await PasskeyStorage.openPostgres(
                client: postgres,
                logger: Logger(label: "passkey-server-tests")
            )
            try await body(storage)
            group.cancelAll()
        }
    }
}
#endif
#endif
