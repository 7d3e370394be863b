#if Server && PostgreSQL
import Logging
import PasskeyHummingbird
import PostgresNIO

/// One connection to PostgreSQL made at start, before the pool: a server that cannot reach the database, or sign
/// in to it, stops at once with the cause (``PostgresStartupFailure``). The pool alone would retry in the
/// background until its circuit breaker trips, some 15 s later, with an error that no longer carries the cause.
enum PostgresStartupCheck {
    /// Connects once to the database of `url` and closes the connection.
    ///
    /// - Throws: ``PostgresStartupFailure`` naming the host, the port and the cause; ``ServerConfigurationError``
    ///   for a URL without a host or a user.
    static func run(url: String, logger: Logger) async throws {
        let configuration = try PostgresConnectionURL.connectionConfiguration(url)
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw PostgresStartupFailure(host: configuration.host ?? "", port: configuration.port ?? 0, error: error)
        }
    }
}
#endif
