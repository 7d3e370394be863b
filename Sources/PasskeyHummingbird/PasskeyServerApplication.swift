#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import HummingbirdCore
import Logging
import NIOCore
import PasskeyAccounts
import PasskeyMetadata
import PasskeyVerifier
import ServiceLifecycle

/// Builds the server: the router with its middleware (``RequestObservationMiddleware``, ``RejectionMiddleware``,
/// ``RequestGuardMiddleware``, ``SessionAuthenticator``) and controllers (``PasskeyController``,
/// ``SessionController``, ``CredentialManagementController``, ``WellKnownController``, ``PageController``,
/// ``AppleSignInController``, ``HealthController``) over a ``PasskeyVerifier/RelyingParty`` on a ``PasskeyStorage``,
/// and the Hummingbird application that serves it as a swift-service-lifecycle `Service`, with the
/// ``ExpiredRowsCleanup`` and ``MetricsGaugeRefresh`` jobs and, with `--metadata`, the ``MetadataRefresher`` beside
/// it.
public enum PasskeyServerApplication {
    /// The router for `configuration` on `storage`. Apple's keys come from `appleKeySetSource`, by default an
    /// ``AppleKeySetFetcher`` of ``ServerConfiguration/appleKeysURL``; the credential list names authenticators
    /// with `authenticatorNaming`; `clock` is the instant of ceremonies and sessions. With
    /// ``ServerConfiguration/metadata`` and a `metadataService`, each registration is verified under the
    /// ``PasskeyMetadata/MetadataTrustPolicy`` of the service's current BLOB (FIDO Metadata Service v3.0 §3.2;
    /// WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`, `#reg-ceremony-assess-trust`), and the
    /// credential list names the authenticators the community list does not know by their metadata statement. What the
    /// routes count goes to `metrics` (``ServerMetrics``).
    ///
    /// A path no route serves is `404 notFound` and a method a path does not answer `405 methodNotAllowed` (with
    /// `Allow`), both with the usual JSON failure body; the cross-site and content-type checks of
    /// ``RequestGuardMiddleware`` run for every path, before either.
    ///
    /// - Throws: ``PasskeyVerifier/RelyingPartyUsageError`` when the configuration cannot run a ceremony,
    ///   ``ServerConfigurationError`` for an Apple keys URL that is not a URL or for ``ServerConfiguration/metadata``
    ///   without a `metadataService`. A registration before the service's first BLOB fails with
    ///   ``MetadataUnavailable`` (503 `metadataUnavailable`): the server never verifies one without its metadata.
    public static func makeRouter<Context: AuthRequestContext>(
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        appleKeySetSource: (any AppleKeySetSource)? = nil,
        authenticatorNaming: AuthenticatorNaming = AuthenticatorNaming(),
        metadataService: MetadataService? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        metrics: ServerMetrics = ServerMetrics(),
        context: Context.Type = PasskeyRequestContext.self
    ) throws -> Router<Context> where Context.Identity == AuthenticatedSession {
        let router = Router(context: Context.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestObservationMiddleware<Context>(metrics: metrics))
        router.add(middleware: RejectionMiddleware<Context>())
        router.add(
            middleware: RequestGuardMiddleware<Context>(
                origins: Set(configuration.origins),
                cookieName: configuration.sessionPolicy.cookieName,
                conformance: configuration.conformance
            )
        )
        try addRoutes(
            to: router,
            configuration: configuration,
            storage: storage,
            appleKeySetSource: appleKeySetSource,
            authenticatorNaming: authenticatorNaming,
            metadataService: metadataService,
            clock: clock
        )
        HealthController<Context>(
            sessionStore: storage.sessionStore,
            metadataService: configuration.metadata == nil ? nil : metadataService
        ).addRoutes(to: router)
        addMethodNotAllowedRoutes(to: router)
        return router
    }

    /// Adds the passkey routes of
    /// ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:metrics:context:)``
    /// to a host application's `router`, in a group of their own: the middleware (``RejectionMiddleware``,
    /// ``RequestGuardMiddleware``, ``SessionAuthenticator``) runs for these routes only, never for the host's. The
    /// host's request context carries the signed-in ``AuthenticatedSession`` (hummingbird-auth's `AuthRequestContext`),
    /// and `storage` may hold the host's own ``UserStore`` and ``SessionStore``.
    ///
    /// - Throws: as ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:metrics:context:)``,
    ///   and ``ServerConfigurationError`` when the configuration fails ``ServerConfiguration/validate()`` or the
    ///   per-address rate limit is on but `Context` cannot name the peer (it is not a `RemoteAddressRequestContext`).
    public static func addRoutes<Context: AuthRequestContext>(
        to host: some RouterMethods<Context>,
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        appleKeySetSource: (any AppleKeySetSource)? = nil,
        authenticatorNaming: AuthenticatorNaming = AuthenticatorNaming(),
        metadataService: MetadataService? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws where Context.Identity == AuthenticatedSession {
        try configuration.validate()
        let limits = configuration.abuseLimits
        if limits.clientAddressRateLimit != nil, !(Context.self is any RemoteAddressRequestContext.Type) {
            throw ServerConfigurationError(
                "the per-address rate limit needs a request context that names the peer (RemoteAddressRequestContext,"
                    + " such as PasskeyRequestContext); without it every client would share one bucket"
            )
        }
        let storage = storage.withDeadline(StoreDeadline(limits.boundedStoreCallDeadline))
        let rateLimiter = RequestRateLimiter(limits)
        let relyingPartyConfiguration = try configuration.relyingPartyConfiguration()
        let relyingParty = try RelyingParty(
            configuration: relyingPartyConfiguration,
            credentialStore: storage.credentialStore,
            challengeStore: storage.challengeStore,
            clock: clock
        )
        var registrationRelyingParty: (@Sendable () async throws -> RelyingParty)?
        var naming = authenticatorNaming
        if let settings = configuration.metadata {
            guard let metadataService else {
                throw ServerConfigurationError("--metadata needs the MetadataService that holds its BLOB")
            }
            registrationRelyingParty = {
                guard let trustPolicy = await settings.trustPolicy(of: metadataService) else {
                    throw MetadataUnavailable("no metadata BLOB is loaded yet")
                }
                var current = relyingPartyConfiguration
                current.attestationTrustPolicy = trustPolicy
                return try RelyingParty(
                    configuration: current,
                    credentialStore: storage.credentialStore,
                    challengeStore: storage.challengeStore,
                    clock: clock
                )
            }
            if naming.metadataEntry == nil {
                naming = AuthenticatorNaming(metadataEntry: { aaguid in
                    guard let statement = await metadataService.current?.entry(aaguid: aaguid)?.metadataStatement,
                        let description = statement.description
                    else { return nil }
                    return (description, statement.icon)
                })
            }
        }
        let policy = configuration.sessionPolicy
        let sessions = SessionIssuer(sessionStore: storage.sessionStore, policy: policy, clock: clock)
        let router = host.group()
        router.add(middleware: RejectionMiddleware<Context>())
        router.add(middleware: RateLimitMiddleware<Context>(limiter: rateLimiter))
        router.add(
            middleware: RequestGuardMiddleware<Context>(
                origins: Set(configuration.origins),
                cookieName: policy.cookieName,
                conformance: configuration.conformance
            )
        )
        router.add(
            middleware: SessionAuthenticator<Context>(sessions: sessions))
        PasskeyController<Context>(
            relyingParty: relyingParty,
            userStore: storage.userStore,
            sessions: sessions,
            configuration: configuration,
            registrationRelyingParty: registrationRelyingParty,
            rateLimiter: rateLimiter
        ).addRoutes(to: router)
        SessionController<Context>(
            userStore: storage.userStore,
            sessions: sessions,
            challengeStore: storage.challengeStore
        ).addRoutes(to: router)
        CredentialManagementController<Context>(
            relyingParty: relyingParty,
            userStore: storage.userStore,
            sessionStore: storage.sessionStore,
            naming: naming
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
    }

    /// For each path the router serves, a `405 methodNotAllowed` route for every method among `GET`, `HEAD`,
    /// `POST`, `PUT`, `PATCH`, `DELETE` and `OPTIONS` it does not answer, naming those it does in `Allow` (RFC 9110
    /// §15.5.6). A path that answers `GET` answers `HEAD` too (RFC 9110 §9.3.2, the router's generated endpoint).
    private static func addMethodNotAllowedRoutes<Context: RequestContext>(to router: Router<Context>) {
        var methods: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in router.routes {
            methods[route.path.description, default: (route.path, [])].methods.insert(route.method)
        }
        let candidates: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
        for (path, routed) in methods.values {
            let served = routed.contains(.get) ? routed.union([.head]) : routed
            let allow = candidates.filter(served.contains).map(\.rawValue).joined(separator: ", ")
            for method in candidates where !served.contains(method) {
                router.on(path, method: method) { _, _ -> Response in
                    throw HTTPError(.methodNotAllowed, headers: [.allow: allow])
                }
            }
        }
    }

    /// An ``AppleKeySetFetcher`` of the configured URL (``ServerConfiguration/validate()`` checks it).
    private static func defaultAppleKeySetSource(_ configuration: ServerConfiguration) throws -> AppleKeySetFetcher {
        AppleKeySetFetcher(url: try configuration.appleKeysEndpoint())
    }

    /// The application serving
    /// ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:metrics:context:)``
    /// on `host`:`port`, with the ``ExpiredRowsCleanup`` job, the ``MetricsGaugeRefresh`` job when `metrics` records
    /// anything and, when given, the `metadataRefresher` (whose ``MetadataRefresher/start()`` the caller ran).
    public static func makeApplication(
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        host: String,
        port: Int,
        metadataRefresher: MetadataRefresher? = nil,
        metrics: ServerMetrics = ServerMetrics(),
        logger: Logger
    ) throws -> some ApplicationProtocol {
        let limits = configuration.abuseLimits
        let deadlined = storage.withDeadline(StoreDeadline(limits.boundedStoreCallDeadline))
        var services: [any Service] = [
            ExpiredRowsCleanup(
                sessionStore: deadlined.sessionStore,
                userStore: deadlined.userStore,
                challengeStore: deadlined.challengeStore,
                maximumPendingChallenges: limits.boundedMaximumPendingChallenges,
                interval: limits.boundedCleanupInterval,
                logger: logger,
                metrics: metrics
            )
        ]
        if metrics.isRecording {
            services.append(
                MetricsGaugeRefresh(
                    sessionStore: storage.sessionStore,
                    metadataService: metadataRefresher?.service,
                    metrics: metrics,
                    logger: logger
                )
            )
        }
        if let metadataRefresher {
            services.append(metadataRefresher)
        }
        let connections = ConnectionCounter(
            maximumPerAddress: limits.boundedMaximumConnectionsPerClientAddress,
            clientAddress: ClientAddress(trustedProxies: limits.trustedProxies)
        )
        let bodyDeadline = limits.boundedRequestBodyDeadline.timeAmount
        return Application(
            router: try makeRouter(
                configuration: configuration,
                storage: storage,
                metadataService: metadataRefresher?.service,
                metrics: metrics
            ),
            server: .http1(
                configuration: HTTP1Channel.Configuration(
                    additionalChannelHandlers: [
                        ConnectionGuardHandler(counter: connections, requestBodyDeadline: bodyDeadline)
                    ],
                    idleTimeout: limits.boundedIdleTimeout.timeAmount
                )
            ),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "passkey-server"),
            services: services,
            logger: logger
        )
    }
}
#endif
