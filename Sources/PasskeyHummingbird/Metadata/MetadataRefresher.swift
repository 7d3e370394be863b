#if Hummingbird
import Foundation
import Logging
import PasskeyHTTP
import PasskeyMetadata
import ServiceLifecycle
import UnixSignals

/// Keeps the server's FIDO metadata current (FIDO Metadata Service v3.0 §3.2): a swift-service-lifecycle
/// `Service` beside the application that reads the BLOB from its ``MetadataSource`` when the
/// ``PasskeyMetadata/MetadataService`` says a refresh is due (the BLOB's `nextUpdate`, then a backoff until a newer
/// `no` verifies) and on `SIGHUP` (through `passkey-server`'s `HangUpHandler`, or ``refreshesOnHangUp``). Before each download it takes a newer BLOB another process saved in the
/// database. A BLOB that fails never replaces the last good one; failures and staleness are logged (the source,
/// the `no`, the reason: nothing secret).
public struct MetadataRefresher: Service {
    /// The current BLOB and its schedule.
    public let service: MetadataService
    /// Where the BLOB is read.
    public let source: MetadataSource
    /// Whether the refresher traps `SIGHUP` itself while it runs, for a refresh: only where no `HangUpHandler`
    /// does (the command line's server has one, trapping from its first instant, and turns this off; not in tests).
    public let refreshesOnHangUp: Bool
    /// The current instant.
    public let clock: @Sendable () -> Date
    /// Where refreshes are logged.
    public let logger: Logger

    /// The longest sleep between two looks at the schedule, one hour: staleness is logged at least that often.
    public static let maximumSleep: TimeInterval = 3_600

    /// Creates the refresher.
    public init(
        service: MetadataService,
        source: MetadataSource,
        refreshesOnHangUp: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger
    ) {
        self.service = service
        self.source = source
        self.refreshesOnHangUp = refreshesOnHangUp
        self.clock = clock
        self.logger = logger
    }

    /// The start: the BLOB kept in the database, then the source's.
    ///
    /// - Throws: ``MetadataUnavailable`` when neither gives a BLOB that verifies: the server does not start
    ///   without metadata it was told to use.
    public func start() async throws(MetadataUnavailable) {
        let status = await refresh(reason: "start")
        guard status.serialNumber != nil else {
            throw MetadataUnavailable(
                "no metadata BLOB verifies, from the database or from \(source): \(status.lastFailure ?? "none found")"
            )
        }
    }

    /// One refresh: a newer BLOB from the database, then the source's; logs the outcome and returns the state.
    @discardableResult
    public func refresh(reason: String) async -> MetadataServiceStatus {
        do {
            if case .replaced(let serialNumber) = try await service.restore(at: clock()) {
                logger.info(
                    "metadata BLOB taken from the database", metadata: ["no": "\(serialNumber)", "reason": "\(reason)"])
            }
        } catch {
            logger.warning(
                "the metadata BLOB kept in the database cannot be used",
                metadata: ["error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))"]
            )
        }
        do {
            let bytes = try await source.read()
            switch try await service.load(jws: bytes, at: clock()) {
            case .replaced(let serialNumber):
                logger.info(
                    "metadata BLOB loaded",
                    metadata: ["no": "\(serialNumber)", "source": "\(source)", "reason": "\(reason)"]
                )
            case .unchanged(let serialNumber):
                logger.debug("metadata BLOB unchanged", metadata: ["no": "\(serialNumber)", "source": "\(source)"])
            }
        } catch let error as MetadataUnavailable {
            await service.noteFailure(error.message, at: clock())
            logFailure(error)
        } catch {
            logFailure(error)
        }
        let status = await service.status(at: clock())
        logIfStale(status)
        return status
    }

    /// Refreshes on the schedule and on `SIGHUP` until the graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                if refreshesOnHangUp {
                    group.addTask {
                        for await _ in await UnixSignalsSequence(trapping: .sighup) {
                            await refresh(reason: "SIGHUP")
                        }
                    }
                }
                group.addTask {
                    await refreshOnSchedule()
                }
            }
        }
    }

    private func refreshOnSchedule() async {
        while !Task.isCancelled {
            let now = clock()
            let wait = await service.nextRefresh(at: now).timeIntervalSince(now)
            if wait > 0 {
                logIfStale(await service.status(at: now))
                try? await Task.sleep(for: .seconds(min(wait, Self.maximumSleep)))
                continue
            }
            await refresh(reason: "scheduled")
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func logFailure(_ error: any Error) {
        logger.warning(
            "the metadata BLOB was not loaded; the last good one stays",
            metadata: [
                "source": "\(source)", "error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))",
            ]
        )
    }

    private func logIfStale(_ status: MetadataServiceStatus) {
        guard status.isStale else { return }
        logger.warning(
            "the metadata BLOB is stale: its nextUpdate has passed and no newer BLOB verified",
            metadata: [
                "no": "\(status.serialNumber.map(String.init) ?? "none")",
                "nextUpdate": "\(status.nextUpdate.map { $0.formatted(.iso8601) } ?? "none")",
                "failures": "\(status.consecutiveFailures)",
            ]
        )
    }
}
#endif
