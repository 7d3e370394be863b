#if Server
import Foundation
import Hummingbird
import Logging
import PasskeyHummingbird
import PasskeyVerifierSQLite
import ServiceLifecycle
#if PostgreSQL
import PostgresNIO
#endif

/// The whole server as one swift-service-lifecycle `Service`: it opens the database (creating and migrating
/// the tables), runs the Hummingbird application until a graceful shutdown, then closes the database. On
/// PostgreSQL the `PostgresClient` pool runs beside it in the same `ServiceGroup` and stops after it, and so do the
/// ``additionalServices`` (the command line's metrics endpoint). `SIGHUP` goes to a ``HangUpHandler`` that runs in
/// the group too: it never stops the server.
struct PasskeyServerService: Service {
    /// The relying party and the well-known documents.
    let configuration: ServerConfiguration
    /// Where the data lives.
    let database: DatabaseLocation
    /// The address to listen on.
    let host: String
    /// The port to listen on.
    let port: Int
    /// Where the server logs.
    let logger: Logger
    /// Where the server's metrics go.
    let metrics: ServerMetrics
    /// Services that run in the same `ServiceGroup` (such as a second application serving `GET /metrics`).
    let additionalServices: [any Service]
    /// When an SQLite commit reaches the disk: `FULL` unless asked otherwise (see `Docs/Decisions.md`); ignored
    /// for PostgreSQL.
    let sqliteSynchronous: SQLiteStorage.Synchronous
    /// Where `SIGHUP` goes: the command line makes it before anything else, so that no signal ends the process
    /// while the server starts. `nil`: ``runUntilSignal()`` makes one; ``run()`` inside another `ServiceGroup` leaves
    /// `SIGHUP` to the ``MetadataRefresher`` (and to its default action, which ends the process, without metadata).
    let hangUpHandler: HangUpHandler?
    /// Whether sign-in challenges are sealed (``ServerConfiguration/challengeKeys``) with the key the database shares
    /// when the configuration has none: `--stored-challenges` turns it off.
    let sealsChallenges: Bool
    /// Routes served beside the passkey routes, behind the router-wide middleware and with their `405` routes (the
    /// command line's demonstration page at `/`): see
    /// ``PasskeyServerApplication/makeApplication(configuration:storage:host:port:metadataRefresher:metrics:logger:additionalRoutes:)``.
    let additionalRoutes: @Sendable (Router<PasskeyRequestContext>) -> Void

    /// Creates the service.
    init(
        configuration: ServerConfiguration,
        database: DatabaseLocation,
        host: String,
        port: Int,
        logger: Logger,
        metrics: ServerMetrics = ServerMetrics(),
        additionalServices: [any Service] = [],
        sqliteSynchronous: SQLiteStorage.Synchronous = .full,
        hangUpHandler: HangUpHandler? = nil,
        sealsChallenges: Bool = true,
        additionalRoutes: @escaping @Sendable (Router<PasskeyRequestContext>) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.database = database
        self.host = host
        self.port = port
        self.logger = logger
        self.metrics = metrics
        self.additionalServices = additionalServices
        self.sqliteSynchronous = sqliteSynchronous
        self.hangUpHandler = hangUpHandler
        self.sealsChallenges = sealsChallenges
        self.additionalRoutes = additionalRoutes
    }

    /// Runs the server, with the PostgreSQL pool when the database is PostgreSQL, until SIGTERM or SIGINT; `SIGHUP`
    /// goes to ``hangUpHandler`` (a new one when `nil`), which runs first in the group and stops last.
    func runUntilSignal() async throws {
        let handler: HangUpHandler
        if let hangUpHandler {
            handler = hangUpHandler
        } else {
            handler = await HangUpHandler(logger: logger)
        }
        let server = PasskeyServerService(
            configuration: configuration,
            database: database,
            host: host,
            port: port,
            logger: logger,
            metrics: metrics,
            additionalServices: additionalServices,
            sqliteSynchronous: sqliteSynchronous,
            hangUpHandler: handler,
            sealsChallenges: sealsChallenges,
            additionalRoutes: additionalRoutes
        )
        try await server.runGroup(hangUpHandler: handler)
    }

    private func runGroup(hangUpHandler: HangUpHandler) async throws {
        var services: [any Service] = [hangUpHandler]
        if case .postgres(let url) = database {
            #if PostgreSQL
            do {
                try await PostgresStartupCheck.run(url: url, logger: logger)
            } catch {
                logger.error(
                    "the PostgreSQL database cannot be reached",
                    metadata: ["error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))"]
                )
                throw error
            }
            let configuration = try PostgresConnectionURL.configuration(url)
            let client = PostgresClient(configuration: configuration)
            services.append(client)
            services.append(
                PostgresBackedServer(
                    server: self, client: client, host: configuration.host ?? "", port: configuration.port ?? 0
                )
            )
            #else
            _ = url
            throw ServerConfigurationError(
                "this passkey-server was built without PostgreSQL: build it with the PostgreSQL trait "
                    + "(swift build --traits PostgreSQL) to serve a postgres:// database"
            )
            #endif
        } else {
            services.append(self)
        }
        services += additionalServices
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }

    /// Opens the SQLite database, serves until shutdown, and closes it.
    func run() async throws {
        guard case .sqlite(let path) = database else {
            throw ServerConfigurationError("a PostgreSQL server runs with runUntilSignal(), which starts its pool")
        }
        try Self.checkDirectory(of: path)
        let storage: PasskeyStorage
        do {
            storage = try await PasskeyStorage.openSQLite(path: path, synchronous: sqliteSynchronous)
        } catch {
            logger.error(
                "the SQLite database cannot be opened",
                metadata: [
                    "sqlite": "\(LogText.escaped(path))",
                    "error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))",
                ])
            throw error
        }
        logger.info("database opened", metadata: ["sqlite": "\(LogText.escaped(path))"])
        try await serve(storage: storage)
    }

    /// Refuses an SQLite `path` whose directory does not exist or cannot be written (SQLite says only `cantOpen`),
    /// naming the directory and the reason.
    static func checkDirectory(of path: String) throws {
        guard path != ":memory:", !path.hasPrefix("file:") else { return }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw ServerConfigurationError(
                "the SQLite database's directory \(directory) does not exist (no such directory)")
        }
        guard isDirectory.boolValue else {
            throw ServerConfigurationError("the SQLite database's directory \(directory) is not a directory")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw ServerConfigurationError(
                "the SQLite database's directory \(directory) cannot be written (permission denied)")
        }
    }

    /// Serves `storage` until shutdown, then closes it; first reads the credentials table (``StorageReadCheck``) and,
    /// with ``sealsChallenges`` and no key configured, the challenge key the database shares.
    /// With ``ServerConfiguration/metadata``, the metadata BLOB is loaded first (from the database, then from its
    /// source) and a ``MetadataRefresher`` runs beside the application, refreshed on `SIGHUP` by ``hangUpHandler``
    /// once loaded.
    func serve(storage: PasskeyStorage) async throws {
        do {
            var configuration = configuration
            do {
                try await StorageReadCheck.run(storage)
                if sealsChallenges, configuration.challengeKeys.isEmpty,
                    let key = try await storage.sharedChallengeKey()
                {
                    configuration.challengeKeys = [key]
                }
            } catch {
                logger.error(
                    "the database cannot be used",
                    metadata: ["error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))"]
                )
                throw error
            }
            var refresher: MetadataRefresher?
            if let settings = configuration.metadata {
                let metadata = MetadataRefresher(
                    service: settings.makeService(store: storage.metadataStore),
                    source: settings.source,
                    refreshesOnHangUp: hangUpHandler == nil,
                    logger: logger
                )
                hangUpHandler?.metadataStarting()
                do {
                    try await metadata.start()
                    hangUpHandler?.refreshes(metadata)
                } catch {
                    hangUpHandler?.refreshes(nil)
                    logger.error(
                        "the server does not start without metadata",
                        metadata: ["error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))"]
                    )
                    throw error
                }
                refresher = metadata
            }
            let application = try PasskeyServerApplication.makeApplication(
                configuration: configuration,
                storage: storage,
                host: host,
                port: port,
                metadataRefresher: refresher,
                metrics: metrics,
                logger: logger,
                additionalRoutes: additionalRoutes
            )
            try await application.run()
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
        logger.info("server stopped, database closed")
    }
}

#if PostgreSQL
/// The server on a PostgreSQL pool that runs in the same `ServiceGroup`: it migrates the tables once the pool
/// runs, then serves. A failure of postgres-nio's at start is rethrown as a ``PostgresStartupFailure``, whose
/// description names the cause.
struct PostgresBackedServer: Service {
    let server: PasskeyServerService
    let client: PostgresClient
    /// The database's host, for the start-up error.
    let host: String
    /// The database's port, for the start-up error.
    let port: Int

    func run() async throws {
        let storage: PasskeyStorage
        do {
            storage = try await PasskeyStorage.openPostgres(client: client, logger: server.logger)
        } catch {
            let failure: any Error =
                error is PSQLError ? PostgresStartupFailure(host: host, port: port, error: error) : error
            server.logger.error(
                "the PostgreSQL database cannot be opened",
                metadata: ["error": "\(LogText.escaped(String(describing: failure), maximumBytes: 1024))"]
            )
            throw failure
        }
        server.logger.info("database opened", metadata: ["postgresql": "migrated"])
        try await server.serve(storage: storage)
    }
}
#endif
#endif
