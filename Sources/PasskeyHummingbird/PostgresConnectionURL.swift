#if Hummingbird && PostgreSQL
import Foundation
import PostgresNIO

/// Reads a `postgres://user:password@host:port/database` URL into a `PostgresClient.Configuration` (the pool) or a
/// `PostgresConnection.Configuration` (one connection, ``PostgresStartupCheck``). TLS is off unless the query asks
/// for it with `sslmode=require`, `verify-ca` or `verify-full`; connection attempts time out after
/// ``connectTimeout``.
public enum PostgresConnectionURL {
    /// The configuration of the pool for `url`.
    ///
    /// - Throws: ``ServerConfigurationError`` when the URL has no host or no user.
    public static func configuration(_ url: String) throws -> PostgresClient.Configuration {
        let parts = try Parts(url)
        var configuration = PostgresClient.Configuration(
            host: parts.host,
            port: parts.port,
            username: parts.user,
            password: parts.password,
            database: parts.database,
            tls: parts.requiresTLS ? .require(.makeClientConfiguration()) : .disable
        )
        configuration.options.connectTimeout = connectTimeout
        return configuration
    }

    /// The configuration of one connection for `url`, as ``configuration(_:)`` configures the pool's.
    ///
    /// - Throws: ``ServerConfigurationError`` when the URL has no host or no user; NIOSSL's error when TLS is asked
    ///   for and cannot be set up.
    public static func connectionConfiguration(_ url: String) throws -> PostgresConnection.Configuration {
        let parts = try Parts(url)
        var configuration = PostgresConnection.Configuration(
            host: parts.host,
            port: parts.port,
            username: parts.user,
            password: parts.password,
            database: parts.database,
            tls: parts.requiresTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable
        )
        configuration.options.connectTimeout = .seconds(connectTimeout.components.seconds)
        return configuration
    }

    /// How long a connection attempt may take: 3 seconds (postgres-nio's default is 10), so that a database that
    /// went away is noticed quickly; each store call also has its ``StoreDeadline``.
    public static let connectTimeout = Duration.seconds(3)

    /// What a URL names.
    private struct Parts {
        let host: String
        let port: Int
        let user: String
        let password: String?
        let database: String?
        let requiresTLS: Bool

        init(_ url: String) throws {
            guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
                throw ServerConfigurationError("the database URL has no host; write postgres://user:password@host/db")
            }
            guard let user = components.user, !user.isEmpty else {
                throw ServerConfigurationError("the database URL has no user; write postgres://user:password@host/db")
            }
            let database = String(components.path.drop(while: { $0 == "/" }))
            let sslMode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "disable"
            self.host = host
            self.port = components.port ?? 5432
            self.user = user.removingPercentEncoding ?? user
            self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
            self.database = database.isEmpty ? nil : database
            self.requiresTLS = ["require", "verify-ca", "verify-full"].contains(sslMode)
        }
    }
}
#endif
