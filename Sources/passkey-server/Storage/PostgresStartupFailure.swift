#if Server && PostgreSQL
import PasskeyHummingbird
import PostgresNIO

/// PostgreSQL cannot be used at start: the server's address and the cause. postgres-nio's `PSQLError` describes
/// itself only generically (so that a careless host cannot show a client the database's internals), so the cause
/// is read from its parts: the SQL state and message the server sent (`28P01` a wrong password, `3D000` a missing
/// database), or the connection error underneath (refused, timed out, host unknown).
struct PostgresStartupFailure: Error, Sendable, CustomStringConvertible {
    /// The host of the database URL.
    let host: String
    /// The port of the database URL.
    let port: Int
    /// What went wrong, in words.
    let cause: String

    /// The failure of `error` against `host`:`port`.
    init(host: String, port: Int, error: any Error) {
        self.host = host
        self.port = port
        self.cause = Self.cause(of: error)
    }

    /// `PostgreSQL at HOST:PORT cannot be used: CAUSE`.
    var description: String { "PostgreSQL at \(host):\(port) cannot be used: \(cause)" }

    /// The cause of `error` in words; an error not of postgres-nio's own description.
    static func cause(of error: any Error) -> String {
        guard let error = error as? PSQLError else {
            return String(describing: error)
        }
        if let info = error.serverInfo {
            let state = info[.sqlState] ?? "unknown"
            let message = info[.message] ?? "no message"
            return "the server answered with SQL state \(state): \(message)"
        }
        var cause: String
        switch error.code {
        case .connectionError: cause = "no connection could be made"
        case .serverClosedConnection: cause = "the server closed the connection"
        case .authMechanismRequiresPassword: cause = "the server asks for a password, and the URL has none"
        case .unsupportedAuthMechanism: cause = "the server asks for an authentication method postgres-nio lacks"
        case .sslUnsupported:
            cause =
                "the server does not offer TLS, which the URL's sslmode requires (verify-full unless the URL says "
                + "otherwise, for a host that is not loopback)"
        default: cause = "postgres-nio error \(error.code)"
        }
        if let underlying = error.underlying {
            cause += " (\(String(describing: underlying)))"
        }
        return cause
    }
}
#endif
