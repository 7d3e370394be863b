#if Server
import PasskeyHummingbird
/// How the server's connections to PostgreSQL use TLS: the database URL's `sslmode` (libpq's names and meanings, the
/// PostgreSQL documentation's "SSL Support" chapter of libpq), or, without one, ``verifyFull`` for a host that is not this machine and ``disable`` for a loopback
/// host (``LoopbackHost``).
///
/// Nothing falls back silently to an unencrypted connection to another host: libpq's `allow` and `prefer` (TLS when
/// the server offers it, else plain text) are accepted for a loopback host only, where they are ``prefer``, and are
/// refused for any other.
enum PostgresTLSMode: String, Sendable, Hashable, CaseIterable {
    /// No TLS (`sslmode=disable`).
    case disable
    /// TLS when the server offers it, its certificate not checked; plain text otherwise (`sslmode=prefer` or
    /// `allow`, on a loopback host only).
    case prefer
    /// TLS, its certificate not checked: encrypted, but not protected from someone in the middle
    /// (`sslmode=require`, as libpq without a root certificate file).
    case require
    /// TLS, the certificate chain checked against the roots (`sslrootcert`, else the system's), the host name not
    /// (`sslmode=verify-ca`).
    case verifyCA = "verify-ca"
    /// TLS, the certificate chain and the host name checked (`sslmode=verify-full`): the default for a host that is
    /// not this machine.
    case verifyFull = "verify-full"

    /// The mode for `sslmode` (`nil` when the URL has none) on `host`.
    ///
    /// - Throws: ``ServerConfigurationError`` for an `sslmode` libpq does not know, and for `allow` or `prefer` on a
    ///   host that is not loopback.
    init(sslMode: String?, host: String) throws(ServerConfigurationError) {
        let loopback = LoopbackHost.contains(host)
        guard let sslMode else {
            self = loopback ? .disable : .verifyFull
            return
        }
        switch sslMode {
        case "disable": self = .disable
        case "allow", "prefer":
            guard loopback else {
                throw ServerConfigurationError(
                    "the database URL's sslmode=\(sslMode) would fall back to an unencrypted connection to another "
                        + "host; write sslmode=verify-full (the default), verify-ca, require, or disable"
                )
            }
            self = .prefer
        case "require": self = .require
        case "verify-ca": self = .verifyCA
        case "verify-full": self = .verifyFull
        default:
            throw ServerConfigurationError(
                "the database URL's sslmode must be disable, allow, prefer, require, verify-ca or verify-full"
            )
        }
    }

    /// Whether the server's certificate chain is checked against the trusted roots.
    var verifiesCertificate: Bool {
        self == .verifyCA || self == .verifyFull
    }

    /// Whether the certificate must name the host of the URL.
    var verifiesHostName: Bool {
        self == .verifyFull
    }
}
#endif
