#if Server
import Hummingbird
import Logging
import PasskeyHummingbird
import ServiceLifecycle

extension PasskeyServerApplication {
    /// The application serving
    /// ``makeRouter(configuration:storage:appleKeySetSource:authenticatorNaming:metadataService:clock:metrics:context:)``
    /// on `host`:`port`, with the ``ExpiredRowsCleanup`` job, the ``MetricsGaugeRefresh`` job when `metrics` records
    /// anything and, when given, the `metadataRefresher` (whose ``MetadataRefresher/start()`` the caller ran).
    /// `additionalRoutes` adds the caller's routes beside the passkey routes (`passkey-server`'s page).
    static func makeApplication(
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        host: String,
        port: Int,
        metadataRefresher: MetadataRefresher? = nil,
        metrics: ServerMetrics = ServerMetrics(),
        logger: Logger,
        additionalRoutes: (Router<PasskeyRequestContext>) -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let limits = configuration.abuseLimits
        let deadlined = storage.withDeadline(StoreDeadline(limits.boundedStoreCallDeadline))
        var services: [any Service] = [
            ExpiredRowsCleanup(
                sessionStore: deadlined.sessionStore,
                userStore: deadlined.userStore,
                challengeStore: deadlined.challengeStore,
                usedChallengeStore: deadlined.usedChallengeStore,
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
        return Application(
            router: try makeRouter(
                configuration: configuration,
                storage: storage,
                metadataService: metadataRefresher?.service,
                metrics: metrics,
                context: PasskeyRequestContext.self,
                additionalRoutes: additionalRoutes
            ),
            server: .guardedHTTP1(limits),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "passkey-server"),
            services: services,
            logger: logger
        )
    }
}
#endif
