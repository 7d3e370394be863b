import Hummingbird
import Logging
import PasskeyVerifier

/// Builds the server: the router with its three controllers (``PasskeyController``, ``WellKnownController``,
/// ``PageController``) over a ``PasskeyVerifier/RelyingParty`` on a ``PasskeyStorage``, and the Hummingbird
/// application that serves it as a swift-service-lifecycle `Service`.
public enum PasskeyServerApplication {
    /// The router for `configuration` on `storage`.
    ///
    /// - Throws: ``PasskeyVerifier/RelyingPartyUsageError`` when the configuration cannot run a ceremony.
    public static func makeRouter<Context: RequestContext>(
        configuration: ServerConfiguration,
        storage: PasskeyStorage,
        context: Context.Type = BasicRequestContext.self
    ) throws -> Router<Context> {
        let relyingPartyConfiguration = try configuration.relyingPartyConfiguration()
        let relyingParty = try RelyingParty(
            configuration: relyingPartyConfiguration,
            credentialStore: storage.credentialStore,
            challengeStore: storage.challengeStore
        )
        let router = Router(context: Context.self)
        PasskeyController<Context>(relyingParty: relyingParty, userStore: storage.userStore).addRoutes(to: router)
        WellKnownController<Context>(
            appleAppIDs: configuration.appleAppIDs,
            relatedOrigins: relyingPartyConfiguration.relatedOrigins
        ).addRoutes(to: router)
        PageController<Context>().addRoutes(to: router)
        return router
    }

    /// The application serving ``makeRouter(configuration:storage:context:)`` on `host`:`port`.
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
            logger: logger
        )
    }
}
