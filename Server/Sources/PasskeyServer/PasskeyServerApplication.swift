import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import PasskeyVerifier

/// Builds the server: the router with its middleware (``RejectionMiddleware``, ``RequestGuardMiddleware``,
/// ``SessionAuthenticator``) and controllers (``PasskeyController``, ``SessionController``,
/// ``CredentialManagementController``, ``WellKnownController``, ``PageController``, ``AppleSignInController``) over
/// a ``PasskeyVerifier/RelyingParty`` on a ``PasskeyStorage``, and the Hummingbird application that serves it as a
/// swift-service-lifecycle `Service`, with the ``ExpiredRowsCleanup`` job beside it.
public enum PasskeyServerApplication {
    /// The router for `configuration` on `storage`. Apple's keys come from `appleKeySetSource`, by default an
    /// ``AppleKeySetFetcher`` of ``ServerConfiguration/appleKeysURL``; the credential list names authenticators
    /// with `authenticatorNaming`; `clock` is the instant of ceremonies and sessions.
    ///
    /// - Throws: ``PasskeyVerifier/RelyingPartyUsageError`` when the configuration cannot run a ceremony,
    ///   ``ServerConfigurationError`` for an Apple keys URL that is not a URL.
    public static func makeRouter<Context: AuthRequestContext>(
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        appleKeySetSource: (any AppleKeySetSource)? = nil,
        authenticatorNaming: AuthenticatorNaming = AuthenticatorNaming(),
        clock: @escaping @Sendable () -> Date = { Date() },
        context: Context.Type = PasskeyRequestContext.self
    ) throws -> Router<Context> where Context.Identity == AuthenticatedSession {
        let relyingPartyConfiguration = try configuration.relyingPartyConfiguration()
        let relyingParty = try RelyingParty(
            configuration: relyingPartyConfiguration,
            credentialStore: storage.credentialStore,
            challengeStore: storage.challengeStore,
            clock: clock
        )
        let policy = configuration.sessionPolicy
        let sessions = SessionIssuer(sessionStore: storage.sessionStore, policy: policy, clock: clock)
        let router = Router(context: Context.self)
        router.add(middleware: RejectionMiddleware<Context>())
        router.add(
            middleware: RequestGuardMiddleware<Context>(
                origins: Set(configuration.origins),
                cookieName: policy.cookieName,
                conformance: configuration.conformance
            )
        )
        router.add(
            middleware: SessionAuthenticator<Context>(sessionStore: storage.sessionStore, policy: policy, clock: clock))
        PasskeyController<Context>(
            relyingParty: relyingParty,
            userStore: storage.userStore,
            sessions: sessions,
            configuration: configuration
        ).addRoutes(to: router)
        SessionController<Context>(userStore: storage.userStore, sessions: sessions).addRoutes(to: router)
        CredentialManagementController<Context>(
            relyingParty: relyingParty,
            userStore: storage.userStore,
            sessionStore: storage.sessionStore,
            naming: authenticatorNaming
        ).addRoutes(to: router)
        WellKnownController<Context>(
            appleAppIDs: configuration.appleAppIDs,
            relatedOrigins: relyingPartyConfiguration.relatedOrigins
        ).addRoutes(to: router)
        PageController<Context>(origins: configuration.origins).addRoutes(to: router)
        AppleSignInController<Context>(
            clientIDs: configuration.appleClientIDs,
            keySetSource: try appleKeySetSource ?? defaultAppleKeySetSource(configuration),
            userStore: storage.userStore,
            relyingParty: relyingParty
        ).addRoutes(to: router)
        return router
    }

    /// An ``AppleKeySetFetcher`` of the configured URL.
    private static func defaultAppleKeySetSource(_ configuration: ServerConfiguration) throws -> AppleKeySetFetcher {
        guard let url = URL(string: configuration.appleKeysURL),
            url.scheme == "https" || (url.scheme == "http" && isLoopback(url.host))
        else {
            throw ServerConfigurationError(
                "--apple-keys \(configuration.appleKeysURL) is not an https URL (http is allowed for loopback hosts only)"
            )
        }
        return AppleKeySetFetcher(url: url)
    }

    /// Whether `host` is `localhost` or a loopback address (`127.0.0.0/8`, `::1`).
    private static func isLoopback(_ host: String?) -> Bool {
        guard let host else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The application serving
    /// ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:clock:context:)`` on `host`:`port`,
    /// with the ``ExpiredRowsCleanup`` job.
    public static func makeApplication(
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        host: String,
        port: Int,
        logger: Logger
    ) throws -> some ApplicationProtocol {
        Application(
            router: try makeRouter(configuration: configuration, storage: storage),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "passkey-server"),
            services: [
                ExpiredRowsCleanup(sessionStore: storage.sessionStore, userStore: storage.userStore, logger: logger)
            ],
            logger: logger
        )
    }
}
