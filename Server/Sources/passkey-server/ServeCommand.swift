import ArgumentParser
import Logging
import PasskeyServer

/// `passkey-server serve`: runs the server until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the passkey routes, the well-known documents and the demonstration page."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(name: .customLong("rp-id"), help: "The relying party ID (WebAuthn rp.id), such as example.com.")
    var relyingPartyID: String

    @Option(name: .customLong("rp-name"), help: "The relying party name shown to users; the RP ID by default.")
    var relyingPartyName: String?

    @Option(name: .customLong("origin"), help: "An origin the pages and apps run on; repeat for several.")
    var origins: [String]

    @Option(
        help: "A postgres:// or postgresql:// URL for PostgreSQL, or else the path of an SQLite file."
    )
    var database = "passkeys.sqlite"

    @Option(
        name: .customLong("apple-app-id"),
        help: "An iOS app, TEAMID.bundle.id, listed in apple-app-site-association; repeat for several."
    )
    var appleAppIDs: [String] = []

    @Option(
        name: .customLong("related-origin"),
        help: "An origin outside the RP ID published at /.well-known/webauthn; repeat for several."
    )
    var relatedOrigins: [String] = []

    @Option(
        name: .customLong("apple-client-id"),
        help: "A bundle ID or Services ID Sign in with Apple tokens may be for (POST /auth/apple); repeat for several."
    )
    var appleClientIDs: [String] = []

    @Option(name: .customLong("apple-keys"), help: "Where Apple's identity-token keys (a JWKS) are downloaded from.")
    var appleKeysURL = AppleKeySetFetcher.appleKeysURL

    @Flag(
        help: """
            FIDO conformance mode: a passkey can be added to an existing username without that account's session, \
            as the FIDO Alliance conformance tools expect. Never for a deployment.
            """
    )
    var conformance = false

    @Option(name: .customLong("max-passkeys"), help: "The most passkeys one account may hold.")
    var maximumPasskeys = ServerConfiguration.defaultMaximumPasskeysPerAccount

    @Option(name: .customLong("session-idle-timeout"), help: "Seconds after which an unused session ends.")
    var sessionIdleTimeout = SessionPolicy.defaultIdleTimeout

    @Option(name: .customLong("session-lifetime"), help: "Seconds after which a session ends in any case.")
    var sessionLifetime = SessionPolicy.defaultLifetime

    @Flag(
        name: .customLong("conceal-unknown-usernames"),
        help: "Answer POST /assertion/options for an unknown username with plausible options, not unknownCredential."
    )
    var concealsUnknownUsernames = false

    @Option(help: "The log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard !origins.isEmpty else {
            throw ValidationError("give at least one --origin, such as --origin http://localhost:8080")
        }
        guard maximumPasskeys >= 1, sessionIdleTimeout >= 1, sessionLifetime >= 1 else {
            throw ValidationError("--max-passkeys, --session-idle-timeout and --session-lifetime must be at least 1")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() async throws {
        var logger = Logger(label: "passkey-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let configuration = ServerConfiguration(
            relyingPartyID: relyingPartyID,
            relyingPartyName: relyingPartyName,
            origins: origins,
            appleAppIDs: appleAppIDs,
            relatedOrigins: relatedOrigins,
            appleClientIDs: appleClientIDs,
            appleKeysURL: appleKeysURL,
            conformance: conformance,
            maximumPasskeysPerAccount: maximumPasskeys,
            sessionIdleTimeout: sessionIdleTimeout,
            sessionLifetime: sessionLifetime,
            concealsUnknownUsernames: concealsUnknownUsernames
        )
        if conformance {
            logger.warning(
                "FIDO conformance mode (--conformance): anyone can add a passkey to any existing account; never deploy it"
            )
        }
        _ = try configuration.relyingPartyConfiguration()
        try await PasskeyServerService(
            configuration: configuration,
            database: DatabaseLocation(argument: database),
            host: host,
            port: port,
            logger: logger
        ).runUntilSignal()
    }
}
