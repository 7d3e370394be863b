#if Server
import Foundation
import Logging
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyMetadata
import ServiceLifecycle

/// The periodic job that sets the gauges of ``ServerMetrics`` no request updates: the sessions valid now
/// (``SessionStore/activeSessionCount(at:)``, one counting statement) and, with FIDO metadata, the current BLOB's
/// `no`, its age in this process, whether it is stale and the failed refreshes in a row (FIDO Metadata Service
/// v3.0 §3.1.6, §3.2). It runs every ``interval`` while the server runs, first at start; a failing count is
/// logged and counted as a store error, and the next round tries again.
struct MetricsGaugeRefresh: Service {
    /// The sessions.
    let sessionStore: any SessionStore
    /// The metadata, when the server uses it.
    let metadataService: MetadataService?
    /// Where the gauges go.
    let metrics: ServerMetrics
    /// The wait between two rounds, cut to ``intervalBounds``.
    let interval: Duration

    /// What ``interval`` is cut to: 1 second to 1 day.
    static let intervalBounds: ClosedRange<Duration> = .seconds(1)...(.seconds(86_400))
    /// The current instant.
    let clock: @Sendable () -> Date
    /// Where a failing round is logged.
    let logger: Logger

    /// The BLOB a round saw: its `no` and when a round first saw it.
    struct MetadataSighting: Sendable, Hashable {
        /// The BLOB's `no`.
        var serialNumber: Int
        /// When a round first saw it as the current BLOB.
        var since: Date
    }

    /// Creates the job.
    init(
        sessionStore: any SessionStore,
        metadataService: MetadataService? = nil,
        metrics: ServerMetrics,
        interval: Duration = .seconds(15),
        clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger
    ) {
        self.sessionStore = sessionStore
        self.metadataService = metadataService
        self.metrics = metrics
        self.interval = interval.clamped(to: Self.intervalBounds)
        self.clock = clock
        self.logger = logger
    }

    /// Runs rounds until the graceful shutdown.
    func run() async throws {
        await cancelWhenGracefulShutdown {
            var sighting: MetadataSighting?
            while !Task.isCancelled {
                sighting = await runOnce(after: sighting)
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One round; `previous` is what the last round saw of the metadata, and the result what this one saw.
    @discardableResult
    func runOnce(after previous: MetadataSighting? = nil) async -> MetadataSighting? {
        let now = clock()
        do {
            metrics.recordActiveSessions(try await sessionStore.activeSessionCount(at: AppleSignInSecret.seconds(now)))
        } catch {
            metrics.recordStoreError(operation: "activeSessionCount")
            logger.warning(
                "counting the active sessions failed; the next round tries again",
                metadata: ["error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))"]
            )
        }
        guard let metadataService else { return nil }
        let status = await metadataService.status(at: now)
        guard let serialNumber = status.serialNumber else { return nil }
        let sighting =
            previous.flatMap { $0.serialNumber == serialNumber ? $0 : nil }
            ?? MetadataSighting(serialNumber: serialNumber, since: now)
        metrics.recordMetadata(
            serialNumber: serialNumber,
            ageSeconds: now.timeIntervalSince(sighting.since),
            isStale: status.isStale,
            consecutiveFailures: status.consecutiveFailures
        )
        return sighting
    }
}
#endif
