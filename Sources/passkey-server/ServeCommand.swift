#if Server
import ArgumentParser
import CoreMetrics
import Foundation
import Logging
import PasskeyMetadata
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierSQLite
import Prometheus
import ServiceLifecycle

/// `passkey-server serve`: runs the server until SIGTERM or SIGINT; SIGHUP refreshes the metadata, or is ignored.
///
/// The options keep their units (whole seconds, `--store-deadline` in fractional seconds); ``run()`` turns them into
/// the configuration's `Duration`s once, and `ServerConfiguration.validate()` checks their values. This command checks
/// only what is parsing: a value that names nothing (`--sqlite-synchronous fast`), options that go together, files.
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
        help: """
            A postgres:// or postgresql:// URL for PostgreSQL, or else the path of an SQLite file (passkeys.sqlite \
            by default). TLS to PostgreSQL follows the URL's sslmode: disable, require, verify-ca or verify-full \
            (the default for a host that is not loopback; a loopback host defaults to disable); sslrootcert=FILE \
            names the roots. Put a password in --database-env or --database-file instead: the command line is \
            readable by every user of the machine.
            """
    )
    var database: String?

    @Option(
        name: .customLong("database-env"),
        help: "The name of an environment variable that holds the --database URL or path (keeps a password secret)."
    )
    var databaseEnvironmentVariable: String?

    @Option(
        name: .customLong("database-file"),
        help: "A file that holds the --database URL or path on one line (keeps a password secret)."
    )
    var databaseFile: String?

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
    var sessionIdleTimeout: Int64 = SessionPolicy.defaultIdleTimeout.components.seconds

    @Option(name: .customLong("session-lifetime"), help: "Seconds after which a session ends in any case.")
    var sessionLifetime: Int64 = SessionPolicy.defaultLifetime.components.seconds

    @Flag(
        name: .customLong("conceal-unknown-usernames"),
        help: "Answer POST /assertion/options for an unknown username with plausible options, not unknownCredential."
    )
    var concealsUnknownUsernames = false

    @Option(
        name: .customLong("concealment-key-file"),
        help: """
            A file of 32 to 4096 secret bytes from which --conceal-unknown-usernames derives its made-up options; \
            give every instance behind one load balancer the same file. Random for each process by default.
            """
    )
    var concealmentKeyFile: String?

    @Option(
        name: .customLong("challenge-key-file"),
        help: """
            A file of sign-in challenge keys, a line each: IDENTIFIER (1 to 255) and a 32-byte SECRET in base64url; \
            the first seals, the others still open (a rotation). By default the database holds one key, which the \
            first instance creates.
            """
    )
    var challengeKeyFile: String?

    @Flag(
        name: .customLong("stored-challenges"),
        help: "Store every sign-in challenge in the database instead of sealing it: one more commit per sign-in."
    )
    var storedChallenges = false

    @Option(
        name: .customLong("user-verification"),
        help: """
            The user verification every ceremony requires: required, preferred (the default) or discouraged; a \
            client may ask for stricter, never for less (except with --conformance).
            """
    )
    var userVerification = UserVerificationRequirement.preferred.rawValue

    @Option(
        help: """
            FIDO metadata for registrations: the BLOB's file, or an https URL (http for loopback hosts only); \
            verified at start and refreshed at its nextUpdate and on SIGHUP. Registrations then ask for direct \
            attestation.
            """
    )
    var metadata: String?

    @Option(
        name: .customLong("metadata-policy"),
        help: "What an authenticator the metadata does not vouch for gets: refuse (the default) or accept-unverified."
    )
    var metadataPolicy: String?

    @Option(
        name: .customLong("minimum-certification"),
        help: "The lowest FIDO certification a registering authenticator needs: L1, L1plus, L2, L2plus, L3 or L3plus."
    )
    var minimumCertification: String?

    @Option(
        name: .customLong("metadata-root"),
        help: "A PEM file of roots the BLOB's signing chain may reach instead of the FIDO roots; repeat for several."
    )
    var metadataRoots: [String] = []

    @Option(
        name: .customLong("metadata-crl"),
        help: "A DER or PEM certificate revocation list the BLOB's chain is checked against; repeat for several."
    )
    var metadataRevocationLists: [String] = []

    @Option(
        name: .customLong("appid"),
        help: "The FIDO AppID of U2F credentials (an https URL), sent as appid and appidExclude; never from clients."
    )
    var appID: String?

    @Option(
        name: .customLong("rate-limit"),
        help: """
            Requests per second and burst per client address on the routes that write without a session, as \
            RATE/BURST, or off. Per instance.
            """
    )
    var rateLimit = RateLimit.defaultPerClientAddress.description

    @Option(
        name: .customLong("username-rate-limit"),
        help: "Options requests per second and burst per username, as RATE/BURST, or off. Per instance."
    )
    var usernameRateLimit = RateLimit.defaultPerUsername.description

    @Option(
        name: .customLong("ipv6-network-rate-limit"),
        help: """
            Requests per second and burst per IPv6 /48 network (clients are counted per /64 by --rate-limit), as \
            RATE/BURST, or off (the default: a site holding many /64s could keep it empty for its neighbours).
            """
    )
    var ipv6NetworkRateLimit = "off"

    @Option(
        name: .customLong("trust-forwarded-for"),
        help: """
            A proxy address or CIDR block whose X-Forwarded-For is believed for the client address; repeat for \
            several. Without it the socket's peer is the client.
            """
    )
    var trustedProxies: [String] = []

    @Option(name: .customLong("idle-timeout"), help: "Seconds an idle connection is kept open.")
    var idleTimeout = Int(clamping: AbuseLimits.defaultIdleTimeout.components.seconds)

    @Option(name: .customLong("body-deadline"), help: "Seconds from a request's head to the end of its body.")
    var requestBodyDeadline = Int(clamping: AbuseLimits.defaultRequestBodyDeadline.components.seconds)

    @Option(
        name: .customLong("max-connections-per-client"),
        help: "The most connections open at once from one client address."
    )
    var maximumConnectionsPerClient = AbuseLimits.defaultMaximumConnectionsPerClientAddress

    @Option(
        name: .customLong("store-deadline"),
        help: "Seconds a database call may take before the request fails with 503 storeUnavailable."
    )
    var storeDeadline = ServeCommand.seconds(of: AbuseLimits.defaultStoreCallDeadline)

    @Option(
        name: .customLong("max-pending-challenges"),
        help: "The most pending challenges kept; past it the oldest are deleted first."
    )
    var maximumPendingChallenges = AbuseLimits.defaultMaximumPendingChallenges

    @Option(help: "The log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(
        name: .customLong("sqlite-synchronous"),
        help: """
            When an SQLite commit reaches the disk: full (an fsync at every commit) or normal (at checkpoints: a \
            power cut or a hard stop of the machine can undo the commits since the last checkpoint, a deleted \
            passkey or an ended session included; see Docs/Decisions.md).
            """
    )
    var sqliteSynchronous = SQLiteStorage.Synchronous.full.rawValue

    @Option(
        name: .customLong("metrics-port"),
        help: "Serve GET /metrics (Prometheus text format) on this port of --metrics-host; off when not given."
    )
    var metricsPort: Int?

    @Option(name: .customLong("metrics-host"), help: "The address the metrics port listens on.")
    var metricsHost = "127.0.0.1"

    func validate() throws {
        if let metricsPort {
            guard (1...65_535).contains(metricsPort), metricsPort != port else {
                throw ValidationError("--metrics-port must be a port from 1 to 65535 other than --port")
            }
        }
        guard SQLiteStorage.Synchronous(rawValue: sqliteSynchronous) != nil else {
            throw ValidationError("--sqlite-synchronous must be normal or full")
        }
        guard UserVerificationRequirement(rawValue: userVerification) != nil else {
            throw ValidationError("--user-verification must be required, preferred or discouraged")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
        guard storeDeadline.isFinite else {
            throw ValidationError("--store-deadline must be a number of seconds")
        }
        try validateMetadata()
        try validateDatabase()
        do {
            try makeConfiguration().validate()
        } catch let error as ServerConfigurationError {
            throw ValidationError(error.message)
        }
    }

    /// The configuration of the command line, its time spans turned into `Duration`s and its files read; ``validate()``
    /// checks it with `ServerConfiguration.validate()` before ``run()`` makes it again.
    private func makeConfiguration() throws -> ServerConfiguration {
        var configuration = ServerConfiguration(
            relyingPartyID: relyingPartyID,
            relyingPartyName: relyingPartyName,
            origins: origins,
            appleAppIDs: appleAppIDs,
            relatedOrigins: relatedOrigins,
            appleClientIDs: appleClientIDs,
            appleKeysURL: appleKeysURL,
            conformance: conformance,
            maximumPasskeysPerAccount: maximumPasskeys,
            sessionIdleTimeout: .seconds(sessionIdleTimeout),
            sessionLifetime: .seconds(sessionLifetime),
            concealsUnknownUsernames: concealsUnknownUsernames,
            metadata: try metadataSettings(),
            appID: appID,
            abuseLimits: try abuseLimits(),
            userVerification: UserVerificationRequirement(rawValue: userVerification) ?? .preferred
        )
        configuration.concealmentKey = try concealmentKey()
        if let challengeKeyFile {
            guard !storedChallenges else {
                throw ValidationError(
                    "--challenge-key-file seals challenges; --stored-challenges stores them: give one")
            }
            let bytes = try Self.read(challengeKeyFile, option: "--challenge-key-file")
            configuration.challengeKeys = try ChallengeKeyFile.keys(in: String(decoding: bytes, as: UTF8.self))
        }
        return configuration
    }

    /// The rate limits, timeouts and caps of the command line, the time spans as `Duration`s (their values are
    /// checked by `ServerConfiguration.validate()`).
    private func abuseLimits() throws -> AbuseLimits {
        func limit(_ argument: String, option: String) throws -> RateLimit? {
            guard argument != "off" else { return nil }
            guard let limit = RateLimit(argument: argument) else {
                throw ValidationError("\(option) must be RATE/BURST (such as 10/50, rate 0.001 to 1000000) or off")
            }
            return limit
        }
        let proxies = try trustedProxies.map { argument in
            guard let range = IPAddressRange(argument) else {
                throw ValidationError("--trust-forwarded-for \(argument) is not an IP address or CIDR block")
            }
            return range
        }
        return AbuseLimits(
            clientAddressRateLimit: try limit(rateLimit, option: "--rate-limit"),
            usernameRateLimit: try limit(usernameRateLimit, option: "--username-rate-limit"),
            ipv6NetworkRateLimit: try limit(ipv6NetworkRateLimit, option: "--ipv6-network-rate-limit"),
            trustedProxies: proxies,
            idleTimeout: .seconds(idleTimeout),
            requestBodyDeadline: .seconds(requestBodyDeadline),
            maximumConnectionsPerClientAddress: maximumConnectionsPerClient,
            storeCallDeadline: Self.duration(seconds: storeDeadline),
            maximumPendingChallenges: maximumPendingChallenges
        )
    }

    private func validateMetadata() throws {
        guard metadata != nil else {
            let given =
                (metadataPolicy != nil || minimumCertification != nil || !metadataRoots.isEmpty
                    || !metadataRevocationLists.isEmpty)
            guard !given else {
                throw ValidationError(
                    "--metadata-policy, --minimum-certification, --metadata-root and --metadata-crl need --metadata")
            }
            return
        }
        if let metadataPolicy, UnlistedAuthenticatorPolicy(rawValue: metadataPolicy) == nil {
            throw ValidationError("--metadata-policy must be refuse or accept-unverified")
        }
        if let minimumCertification {
            guard MetadataSettings.certificationLevel(minimumCertification) != nil else {
                throw ValidationError("--minimum-certification must be L1, L1plus, L2, L2plus, L3 or L3plus")
            }
        }
    }

    private func validateDatabase() throws {
        guard [database, databaseEnvironmentVariable, databaseFile].compactMap({ $0 }).count <= 1 else {
            throw ValidationError("give at most one of --database, --database-env and --database-file")
        }
    }

    /// Where the data lives: `--database`, or the text of `--database-env`'s variable or `--database-file`'s file.
    private func databaseLocation() throws -> DatabaseLocation {
        if let databaseEnvironmentVariable {
            return try DatabaseLocation(environmentVariable: databaseEnvironmentVariable)
        }
        if let databaseFile {
            return try DatabaseLocation(file: databaseFile)
        }
        return database.map(DatabaseLocation.init(argument:)) ?? .defaultLocation
    }

    /// The metadata settings of the command line, its PEM roots and revocation lists read.
    private func metadataSettings() throws -> MetadataSettings? {
        guard let metadata else { return nil }
        var roots = FIDOMetadataServiceRootCA.certificates
        if !metadataRoots.isEmpty {
            roots = []
            for path in metadataRoots {
                let text = try Self.read(path, option: "--metadata-root")
                do {
                    roots += try Certificate.certificates(fromPEM: String(decoding: text, as: UTF8.self))
                } catch {
                    throw ValidationError("--metadata-root \(path) is not PEM certificates: \(error)")
                }
            }
        }
        var lists: [CertificateRevocationList] = []
        for path in metadataRevocationLists {
            do {
                lists += try CertificateRevocationList.parse(try Self.read(path, option: "--metadata-crl"))
            } catch let error as ValidationError {
                throw error
            } catch {
                throw ValidationError("--metadata-crl \(path) is not a DER or PEM revocation list: \(error)")
            }
        }
        return MetadataSettings(
            source: try MetadataSource(argument: metadata),
            policy: metadataPolicy.flatMap(UnlistedAuthenticatorPolicy.init(rawValue:)) ?? .refuse,
            minimumCertificationLevel: minimumCertification.flatMap(MetadataSettings.certificationLevel),
            trustAnchors: roots,
            revocationLists: lists
        )
    }

    /// The secret of `--concealment-key-file`, or `nil` when none is given (its length is checked by
    /// `ServerConfiguration.validate()`).
    private func concealmentKey() throws -> [UInt8]? {
        guard let concealmentKeyFile else { return nil }
        return try Self.read(concealmentKeyFile, option: "--concealment-key-file")
    }

    /// `seconds` of `--store-deadline` as a `Duration`, cut to ±10¹⁵ s first: `Duration.seconds(_:)` traps on a
    /// `Double` past about 10²⁰ s, and no deadline is longer than an hour anyway
    /// (`AbuseLimits.storeCallDeadlineBounds`). A zero or negative one stays so, for `ServerConfiguration.validate()`
    /// to refuse.
    static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite else { return .zero }
        return .seconds(min(max(seconds, -1e15), 1e15))
    }

    /// `duration` in seconds, fractions included: the default of `--store-deadline`.
    static func seconds(of duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The bytes of a file named by `option`, at most 16 MiB.
    private static func read(_ path: String, option: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ValidationError("\(option) \(path) cannot be read")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: 16 * 1_048_576 + 1) ?? Data()
        guard data.count <= 16 * 1_048_576 else {
            throw ValidationError("\(option) \(path) is larger than 16 MiB")
        }
        return Array(data)
    }

    func run() async throws {
        var logger = Logger(label: "passkey-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let hangUpHandler = await HangUpHandler(logger: logger)
        let databaseLocation = try databaseLocation()
        if databaseLocation.hasPassword, database != nil {
            logger.warning(
                """
                the database password is on the command line, readable by every user of this machine; give the URL \
                with --database-env or --database-file
                """
            )
        }
        let configuration = try makeConfiguration()
        if conformance {
            logger.warning(
                "FIDO conformance mode (--conformance): anyone can add a passkey to any existing account; never deploy it"
            )
        }
        if configuration.abuseLimits.clientAddressRateLimit == nil {
            logger.notice("no rate limit per client address (--rate-limit off): a gateway in front must limit")
        }
        let page = try PageController<PasskeyRequestContext>(origins: origins)
        var additionalServices: [any Service] = []
        if let metricsPort {
            let registry = PrometheusCollectorRegistry()
            var factory = PrometheusMetricsFactory(registry: registry)
            factory.defaultDurationHistogramBuckets = MetricsEndpoint.durationBuckets
            MetricsSystem.bootstrap(factory)
            additionalServices.append(
                MetricsEndpoint.application(registry: registry, host: metricsHost, port: metricsPort, logger: logger)
            )
            logger.info("metrics served", metadata: ["address": "\(metricsHost):\(metricsPort)", "path": "/metrics"])
        }
        if let origin = origins.first {
            logger.notice("open \(origin)/ in a browser: passkeys work only at the origins given with --origin")
        }
        do {
            try await PasskeyServerService(
                configuration: configuration,
                database: databaseLocation,
                host: host,
                port: port,
                logger: logger,
                metrics: ServerMetrics(),
                additionalServices: additionalServices,
                sqliteSynchronous: SQLiteStorage.Synchronous(rawValue: sqliteSynchronous) ?? .full,
                hangUpHandler: hangUpHandler,
                sealsChallenges: !storedChallenges,
                additionalRoutes: { router in page.addRoutes(to: router) }
            ).runUntilSignal()
        } catch let error where "\(error)".contains("Address already in use") {
            throw ServerConfigurationError(
                "port \(port) on \(host) is in use by another process: stop it, or choose --port")
        }
    }
}
#endif
