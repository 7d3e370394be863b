#if Server
import PasskeyHummingbird
#if PostgreSQL
import PostgresNIO
#endif

/// A read of the credentials table at start, so that a table of the right name the library did not create (other
/// columns) stops the server with its cause instead of answering every ceremony `503 storeUnavailable`.
enum StorageReadCheck {
    /// Looks up a credential ID and a user handle no credential has (one zero byte each).
    ///
    /// - Throws: ``ServerConfigurationError`` naming the table and the cause.
    static func run(_ storage: PasskeyStorage) async throws {
        do {
            _ = try await storage.credentialStore.credential(withID: [0])
            _ = try await storage.credentialStore.credentials(forUserHandle: [0])
        } catch {
            #if PostgreSQL
            let cause = error is PSQLError ? PostgresStartupFailure.cause(of: error) : String(describing: error)
            #else
            let cause = String(describing: error)
            #endif
            throw ServerConfigurationError("the passkey_credentials table cannot be read: \(cause)")
        }
    }
}
#endif
