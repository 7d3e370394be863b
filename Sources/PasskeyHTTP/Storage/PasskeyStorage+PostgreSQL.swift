#if Hummingbird && PostgreSQL
import Logging
import PasskeyAccounts
import PasskeyVerifierPostgres
import PostgresNIO

/// The storage in one PostgreSQL database (the `PostgreSQL` trait).
extension PasskeyStorage {
    /// Brings the database of `client`, a running pool, to the library's schema and creates the server's tables beside it.
    public static func openPostgres(client: PostgresClient, logger: Logger) async throws -> PasskeyStorage {
        let storage = try await PostgresStorage.open(client: client, logger: logger)
        let users = try await PostgresUserStore.open(storage: storage, logger: logger)
        return PasskeyStorage(
            accountStorage: PostgresAccountStorage(
                storage: storage,
                userStore: users,
                sessionStore: PostgresSessionStore(client: client, logger: logger)
            ),
            metadataStore: storage.metadataBLOBStore
        )
    }
}
#endif
