#if Server && PostgreSQL
import Foundation
import PasskeyHummingbird
import PostgresNIO

/// Reads a `postgres://user:password@host:port/database?sslmode=…&sslrootcert=…` URL into a
/// `PostgresClient.Configuration` (the pool) or a `PostgresConnection.Configuration` (one connection,
/// ``PostgresStartupCheck``). TLS follows ``PostgresTLSMode``: `verify-full` by default for a host that is not this
/// machine, off by default for a loopback host; `sslrootcert` names a PEM file of the roots the server's certificate
/// must reach (the system's roots otherwise, or with `sslrootcert=system`), and makes `require` check the chain as
/// `verify-ca` does (as libpq does with a root file). Connection attempts time out after ``connectTimeout``.
enum PostgresConnectionURL {
    /// The configuration of the pool for `url`.
    ///
    /// - Throws: ``ServerConfigurationError`` when the URL has no host or no user, or an `sslmode` it cannot honour.
    static func configuration(_ url: String) throws -> PostgresClient.Configuration {
        let parts = try Parts(url)
        let tls: PostgresClient.Configuration.TLS =
            switch parts.tlsMode {
            case .disable: .disable
            case .prefer: .prefer(parts.tlsConfiguration)
            case .require, .verifyCA, .verifyFull: .require(parts.tlsConfiguration)
            }
        var configuration = PostgresClient.Configuration(
            host: parts.host,
            port: parts.port,
            username: parts.user,
            password: parts.password,
            database: parts.database,
            tls: tls
        )
        configuration.options.connectTimeout = connectTimeout
        return configuration
    }

    /// The configuration of one connection for `url`, as ``configuration(_:)`` configures the pool's.
    ///
    /// - Throws: ``ServerConfigurationError`` when the URL has no host or no user, or an `sslmode` it cannot honour;
    ///   NIOSSL's error when TLS is asked for and cannot be set up (an `sslrootcert` file that cannot be read).
    static func connectionConfiguration(_ url: String) throws -> PostgresConnection.Configuration {
        let parts = try Parts(url)
        let tls: PostgresConnection.Configuration.TLS =
            switch parts.tlsMode {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: parts.tlsConfiguration))
            case .require, .verifyCA, .verifyFull: .require(try NIOSSLContext(configuration: parts.tlsConfiguration))
            }
        var configuration = PostgresConnection.Configuration(
            host: parts.host,
            port: parts.port,
            username: parts.user,
            password: parts.password,
            database: parts.database,
            tls: tls
        )
        configuration.options.connectTimeout = .seconds(connectTimeout.components.seconds)
        return configuration
    }

    /// The TLS mode of `url` (``PostgresTLSMode``): its `sslmode`, or the default for its host.
    ///
    /// - Throws: ``ServerConfigurationError`` as ``configuration(_:)`` does.
    static func tlsMode(_ url: String) throws -> PostgresTLSMode {
        try Parts(url).tlsMode
    }

    /// The TLS settings of a connection in `mode` (unused for ``PostgresTLSMode/disable``): the certificate checked
    /// as the mode says, against the roots in the PEM file `rootCertificatePath`, or the system's when `nil`.
    static func tlsConfiguration(_ mode: PostgresTLSMode, rootCertificatePath: String? = nil)
        -> TLSConfiguration
    {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification =
            mode.verifiesHostName ? .fullVerification : mode.verifiesCertificate ? .noHostnameVerification : .none
        if let rootCertificatePath {
            configuration.trustRoots = .file(rootCertificatePath)
        }
        return configuration
    }

    /// How long a connection attempt may take: 3 seconds (postgres-nio's default is 10), so that a database that
    /// went away is noticed quickly; each store call also has its ``StoreDeadline``.
    static let connectTimeout = Duration.seconds(3)

    /// What a URL names.
    private struct Parts {
        let host: String
        let port: Int
        let user: String
        let password: String?
        let database: String?
        let tlsMode: PostgresTLSMode
        let rootCertificatePath: String?

        var tlsConfiguration: TLSConfiguration {
            PostgresConnectionURL.tlsConfiguration(tlsMode, rootCertificatePath: rootCertificatePath)
        }

        init(_ url: String) throws {
            guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
                throw ServerConfigurationError("the database URL has no host; write postgres://user:password@host/db")
            }
            guard let user = components.user, !user.isEmpty else {
                throw ServerConfigurationError("the database URL has no user; write postgres://user:password@host/db")
            }
            let database = String(components.path.drop(while: { $0 == "/" }))
            let query = components.queryItems ?? []
            let rootCertificate = query.first { $0.name == "sslrootcert" }?.value
            self.host = host
            self.port = components.port ?? 5432
            self.user = user.removingPercentEncoding ?? user
            self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
            self.database = database.isEmpty ? nil : database
            let rootCertificatePath =
                rootCertificate == "system" || rootCertificate?.isEmpty == true
                ? nil : rootCertificate
            let tlsMode = try PostgresTLSMode(sslMode: query.first { $0.name == "sslmode" }?.value, host: host)
            // libpq 16 refuses the system's roots with a mode that would not check them: asking for them means
            // asking for a verified certificate.
            if rootCertificate == "system", tlsMode != .verifyFull {
                throw ServerConfigurationError(
                    "sslrootcert=system needs sslmode=verify-full, which checks the certificate")
            }
            self.tlsMode = tlsMode == .require && rootCertificatePath != nil ? .verifyCA : tlsMode
            self.rootCertificatePath = rootCertificatePath
        }
    }
}
#endif
