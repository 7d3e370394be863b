#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import NIOCore
import PasskeyAccounts
import PasskeyHTTP
import PasskeyMetadata
import PasskeyVerifier
import ServiceLifecycle

/// Builds the passkey routes: the router with its middleware (``RequestObservationMiddleware``,
/// ``RejectionMiddleware``, ``RequestGuardMiddleware``, ``SessionAuthenticator``) and controllers
/// (``PasskeyController``, ``SessionController``, ``CredentialManagementController``, ``WellKnownController``,
/// ``AppleSignInController``, ``HealthController``) over one ``PasskeyAccounts/AccountService`` on a
/// ``PasskeyStorage``. `passkey-server` serves that router with its jobs and its demonstration page; a host gets only
/// the passkey routes (``addRoutes(to:prefix:configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:)``).
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
        try makeRouter(
            configuration: configuration,
            storage: storage,
            appleKeySetSource: appleKeySetSource,
            authenticatorNaming: authenticatorNaming,
            metadataService: metadataService,
            clock: clock,
            metrics: metrics,
            context: context,
            additionalRoutes: { _ in }
        )
    }

    /// The router of
    /// ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:metrics:context:)``
    /// with `additionalRoutes`, the caller's routes beside the passkey routes (`passkey-server`'s page at `/`), behind
    /// the router-wide middleware and with their `405` routes. (`context` has no default here: a default cannot
    /// infer a type that `additionalRoutes` names too.)
    package static func makeRouter<Context: AuthRequestContext>(
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        appleKeySetSource: (any AppleKeySetSource)? = nil,
        authenticatorNaming: AuthenticatorNaming = AuthenticatorNaming(),
        metadataService: MetadataService? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        metrics: ServerMetrics = ServerMetrics(),
        context: Context.Type,
        additionalRoutes: (Router<Context>) -> Void
    ) throws -> Router<Context> where Context.Identity == AuthenticatedSession {
        let router = Router(context: Context.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestObservationMiddleware<Context>(metrics: metrics))
        router.add(middleware: RejectionMiddleware<Context>(relyingPartyID: configuration.relyingPartyID))
        router.add(
            middleware: RequestGuardMiddleware<Context>(
                origins: Set(configuration.origins),
                cookieName: configuration.sessionPolicy.cookieName,
                conformance: configuration.conformance
            )
        )
        try mountRoutes(
            on: router,
            prefix: "",
            configuration: configuration,
            storage: storage,
            appleKeySetSource: appleKeySetSource,
            authenticatorNaming: authenticatorNaming,
            metadataService: metadataService,
            clock: clock,
            installsRejection: false
        )
        HealthController<Context>(
            sessionStore: storage.sessionStore,
            metadataService: configuration.metadata == nil ? nil : metadataService
        ).addRoutes(to: router)
        additionalRoutes(router)
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
    /// The routes are these, each under `prefix` (such as `/passkeys`; none by default, as `passkey-server` serves
    /// them):
    /// - `POST /attestation/options`, `POST /attestation/result`, `POST /assertion/options`,
    ///   `POST /assertion/result` (``PasskeyController``);
    /// - `GET /session`, `POST /session/logout`, `POST /session/logout-all` (``SessionController``);
    /// - `GET /credentials`, `POST /credentials/{id}/rename`, `DELETE /credentials/{id}`,
    ///   `POST /account/display-name` (``CredentialManagementController``);
    /// - `POST /auth/apple/nonce`, `POST /auth/apple` (``AppleSignInController``).
    ///
    /// The well-known documents are at the root whatever the prefix, because clients fetch them there (Apple's
    /// Associated Domains; WebAuthn Level 3 §5.11), and only when they have something to list:
    /// `GET /.well-known/apple-app-site-association` with ``ServerConfiguration/appleAppIDs``,
    /// `GET /.well-known/webauthn` with ``ServerConfiguration/relatedOrigins`` (``WellKnownController``). A host that serves its own apple-app-site-association leaves `appleAppIDs` empty
    /// and lists the apps under `webcredentials` itself. Nothing else: not `/`, not the health routes, not the
    /// `405` routes (those are ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:metrics:context:)``'s).
    ///
    /// The session cookie keeps `Path=/` under a prefix: the `__Host-` cookie requires it, and the host's own routes
    /// read it through ``SessionAuthenticator``. Hummingbird stops the process when two routes claim one method and
    /// path, so when `host` is the `Router` itself, a route of these it already serves is refused with a
    /// ``ServerConfigurationError`` before anything is added; add the host's own routes first, or choose a prefix.
    ///
    /// - Throws: as ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:metrics:context:)``,
    ///   and ``ServerConfigurationError`` when the configuration fails ``ServerConfiguration/validate()``, the
    ///   per-address rate limit is on but `Context` cannot name the peer (it is not a `RemoteAddressRequestContext`),
    ///   `prefix` is not `/`-separated segments of ASCII letters, digits, `-`, `.`, `_` and `~`, or the host's router
    ///   already serves one of the routes.
    public static func addRoutes<Context: AuthRequestContext>(
        to host: some RouterMethods<Context>,
        prefix: String = "",
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        appleKeySetSource: (any AppleKeySetSource)? = nil,
        authenticatorNaming: AuthenticatorNaming = AuthenticatorNaming(),
        metadataService: MetadataService? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws where Context.Identity == AuthenticatedSession {
        try mountRoutes(
            on: host,
            prefix: prefix,
            configuration: configuration,
            storage: storage,
            appleKeySetSource: appleKeySetSource,
            authenticatorNaming: authenticatorNaming,
            metadataService: metadataService,
            clock: clock,
            installsRejection: true
        )
    }

    /// The routes of ``addRoutes(to:prefix:configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:)``,
    /// behind a ``RejectionMiddleware`` of their own when `installsRejection` (a host's router), or behind the one
    /// of the router ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:metrics:context:)``
    /// made: the refusal middleware is installed once on every router.
    static func mountRoutes<Context: AuthRequestContext>(
        on host: some RouterMethods<Context>,
        prefix: String,
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        appleKeySetSource: (any AppleKeySetSource)?,
        authenticatorNaming: AuthenticatorNaming,
        metadataService: MetadataService?,
        clock: @escaping @Sendable () -> Date,
        installsRejection: Bool
    ) throws where Context.Identity == AuthenticatedSession {
        let prefix = try routePrefix(prefix)
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
        var trustPolicy: (@Sendable () async throws -> (any AttestationTrustPolicy)?)?
        var naming = authenticatorNaming
        if let settings = configuration.metadata {
            guard let metadataService else {
                throw ServerConfigurationError("--metadata needs the MetadataService that holds its BLOB")
            }
            trustPolicy = {
                guard let trustPolicy = await settings.trustPolicy(of: metadataService) else {
                    throw MetadataUnavailable("no metadata BLOB is loaded yet")
                }
                return trustPolicy
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
        let service = AccountService(
            relyingParty: relyingParty,
            storage: storage.accountStorage,
            configuration: configuration.accountServiceConfiguration,
            trustPolicy: trustPolicy,
            clock: clock
        )
        let sessions = SessionIssuer(sessionStore: storage.sessionStore, policy: policy, clock: clock)
        let passkeyController = PasskeyController<Context>(
            service: service,
            sessions: sessions,
            configuration: configuration,
            rateLimiter: rateLimiter
        )
        let sessionController = SessionController<Context>(service: service, sessions: sessions)
        let credentialController = CredentialManagementController<Context>(service: service, naming: naming)
        let wellKnownController = WellKnownController<Context>(
            appleAppIDs: configuration.appleAppIDs,
            relatedOrigins: relyingPartyConfiguration.relatedOrigins
        )
        let appleController = AppleSignInController<Context>(
            clientIDs: configuration.appleClientIDs,
            keySetSource: try appleKeySetSource ?? defaultAppleKeySetSource(configuration),
            service: service
        )
        func mount(on host: some RouterMethods<Context>) {
            let root = host.group()
            if installsRejection {
                root.add(middleware: RejectionMiddleware<Context>(relyingPartyID: configuration.relyingPartyID))
            }
            root.add(middleware: RateLimitMiddleware<Context>(limiter: rateLimiter))
            root.add(
                middleware: RequestGuardMiddleware<Context>(
                    origins: Set(configuration.origins),
                    cookieName: policy.cookieName,
                    conformance: configuration.conformance
                )
            )
            wellKnownController.addRoutes(to: root)
            let router = root.group(RouterPath(prefix))
            router.add(middleware: SessionAuthenticator<Context>(sessions: sessions))
            passkeyController.addRoutes(to: router)
            sessionController.addRoutes(to: router)
            credentialController.addRoutes(to: router)
            appleController.addRoutes(to: router)
        }
        if let router = host as? Router<Context> {
            let claimed = Router(context: Context.self)
            mount(on: claimed)
            try refuseClashes(of: claimed.routes, with: router.routes)
        }
        mount(on: host)
    }

    /// `prefix` as a route path: `""`, or `/` and segments of ASCII letters, digits, `-`, `.`, `_` and `~` (RFC 3986
    /// §2.3's unreserved characters) joined by `/`, without a final `/`, at most 256 bytes. Empty segments are
    /// refused, and so are `.` and `..`, and anything else: a capture or a wildcard would make the routes' paths the
    /// router's to choose.
    static func routePrefix(_ prefix: String) throws -> String {
        var path = Substring(prefix)
        if path.hasPrefix("/") {
            path = path.dropFirst()
        }
        if path.hasSuffix("/") {
            path = path.dropLast()
        }
        guard !path.isEmpty else { return "" }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let valid = segments.allSatisfy { segment in
            segment != "." && segment != ".."
                && !segment.isEmpty
                && segment.unicodeScalars.allSatisfy { scalar in
                    scalar.isASCII
                        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                            || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar))
                }
        }
        guard valid, prefix.utf8.count <= 256 else {
            throw ServerConfigurationError(
                "the passkey routes' prefix \(LogText.escaped(prefix, maximumBytes: 256)) is not a path such as "
                    + "/passkeys: at most 256 bytes, segments of ASCII letters, digits, -, ., _ and ~ joined by /"
            )
        }
        return "/" + segments.joined(separator: "/")
    }

    /// Throws a ``ServerConfigurationError`` naming the first of the `claimed` routes that the host's `served` routes
    /// already hold: the same method and path, as the router compares them (its case-insensitive option stores paths
    /// lowercased).
    private static func refuseClashes<Context: RequestContext>(
        of claimed: [Router<Context>.RouteDescription],
        with served: [Router<Context>.RouteDescription]
    ) throws {
        for route in claimed {
            let paths = [route.path, route.path.lowercased()]
            guard served.contains(where: { $0.method == route.method && paths.contains($0.path) }) else { continue }
            let advice =
                route.path.description.hasPrefix("/.well-known/")
                ? "leave the document's setting empty and publish its contents in the host's own document"
                : "mount the passkey routes under a prefix, addRoutes(to:prefix:…)"
            throw ServerConfigurationError(
                "the host's router already serves \(route.method.rawValue) \(route.path), which the passkey routes "
                    + "need: \(advice)"
            )
        }
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
}
#endif
