#if Server
import Logging
import NIOConcurrencyHelpers
import PasskeyHummingbird
import ServiceLifecycle
import UnixSignals

/// `SIGHUP` for the whole life of the server (POSIX.1-2017 `<signal.h>`: its default action ends the process): the
/// signal is trapped from the moment the handler is made, so a routine `kill -HUP` (log rotation, a configuration
/// tool) never stops the server. Each signal refreshes the FIDO metadata once its start-up load is done
/// (``MetadataRefresher/refresh(reason:)``); otherwise it is logged at `info` and ignored: without `--metadata`, and
/// while the start-up load runs (that load reads the source anyway).
///
/// `passkey-server serve` makes it first thing; ``PasskeyServerService`` runs it in its `ServiceGroup`, where it
/// handles the signals received since it was made, one after the other, until the graceful shutdown. Copies share
/// the trap and the target; one of them runs.
struct HangUpHandler: Service {
    /// What a signal does now.
    enum Target: Sendable {
        /// Nothing to refresh: no `--metadata`.
        case nothing
        /// The metadata's start-up load is running.
        case metadataStarting
        /// The metadata to refresh.
        case metadata(MetadataRefresher)
    }

    private let signals: UnixSignalsSequence
    private let target = NIOLockedValueBox(Target.nothing)
    private let logger: Logger

    /// Traps `SIGHUP` from now on; the signals wait for ``run()``.
    init(logger: Logger) async {
        self.signals = await UnixSignalsSequence(trapping: .sighup)
        self.logger = logger
    }

    /// From now on a signal is ignored, logged as arriving during the metadata's start-up load.
    func metadataStarting() {
        target.withLockedValue { $0 = .metadataStarting }
    }

    /// From now on a signal refreshes `refresher`'s metadata; `nil`: a signal is ignored.
    func refreshes(_ refresher: MetadataRefresher?) {
        target.withLockedValue { $0 = refresher.map(Target.metadata) ?? .nothing }
    }

    /// What one signal does: the refresh, or one `info` line saying it is ignored and why.
    func handle() async {
        switch target.withLockedValue({ $0 }) {
        case .metadata(let refresher):
            await refresher.refresh(reason: "SIGHUP")
        case .metadataStarting:
            logger.info("SIGHUP ignored: the metadata BLOB is being loaded for the start")
        case .nothing:
            logger.info("SIGHUP ignored: there is no --metadata to refresh")
        }
    }

    /// Handles the signals until the graceful shutdown.
    func run() async throws {
        await cancelWhenGracefulShutdown {
            for await _ in self.signals {
                await self.handle()
            }
        }
    }
}
#endif
