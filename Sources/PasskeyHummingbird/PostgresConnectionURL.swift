#if Hummingbird && PostgreSQL
import Foundation
import PostgresNIO

/// Reads a `postgres://user:password@host:port/database` URL into a `PostgresClient.Configuration`. TLS is
/// off unless the query asks for it with `sslmode=require`, `verify-ca` or `verify-full`; connection attempts time
/// out after ``connectTimeout``.
public enum PostgresConnectionURL {
    /// The configuration for `url`.
    ///
    /// - Throws: ``ServerConfigurationError`` when the URL has no host or no user.
    public static func configuration(_ url: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw ServerConfigurationError("the database URL has no host; write postgres://user:password@host/db")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ServerConfigurationError("the database URL has no user; write postgres://user:password@host/db")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        let sslMode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "disable"
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        default: tls = .disable
        }
        var configuration = PostgresClient.Configuration(
            host: host,
            port: components.port ?? 5432,
            username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.isEmpty ? nil : database,
            tls: tls
        )
        configuration.options.connectTimeout = connectTimeout
        return configuration
    }

    /// How long a connection attempt may take: 3 seconds (postgres-nio's default is 10), so that a database that
    /// went away is noticed quickly; each store call also has its ``StoreDeadline``.
    public static let connectTimeout = Duration.seconds(3)
}
#endif
