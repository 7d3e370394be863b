#if Hummingbird
import Foundation
import Logging
import ServiceLifecycle

/// The periodic job that deletes expired sessions and Sign in with Apple secrets, every ``interval`` seconds
/// while the server runs, so that no request path pays for it (the look-ups ignore expired rows by themselves).
/// A failing round is logged and the next one tries again; the job stops with the server's graceful shutdown.
public struct ExpiredRowsCleanup: Service {
    /// The sessions.
    public let sessionStore: any SessionStore
    /// The accounts and their Sign in with Apple secrets.
    public let userStore: any UserStore
    /// Seconds between two rounds.
    public let interval: Int
    /// The current instant.
    public let clock: @Sendable () -> Date
    /// Where rounds are logged.
    public let logger: Logger
    /// Where a failing round is counted (`passkey_store_errors_total{operation="expiredRowsCleanup"}`).
    public let metrics: ServerMetrics

    /// Creates the job.
    public init(
        sessionStore: any SessionStore,
        userStore: any UserStore,
        interval: Int = 60,
        clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger,
        metrics: ServerMetrics = ServerMetrics()
    ) {
        self.sessionStore = sessionStore
        self.userStore = userStore
        self.interval = max(1, interval)
        self.clock = clock
        self.logger = logger
        self.metrics = metrics
    }

    /// Runs rounds until the graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await runOnce()
                try? await Task.sleep(for: .seconds(interval))
            }
        }
    }

    /// One round: deletes what expired before now.
    public func runOnce() async {
        let now = clock()
        do {
            let sessions = try await sessionStore.removeExpired(at: AppleSignInSecret.seconds(now))
            let secrets = try await userStore.removeExpiredAppleSignInSecrets(at: now)
            if sessions + secrets > 0 {
                logger.debug(
                    "expired rows deleted", metadata: ["sessions": "\(sessions)", "appleSecrets": "\(secrets)"])
            }
        } catch {
            metrics.recordStoreError(operation: "expiredRowsCleanup")
            logger.warning(
                "deleting expired rows failed; the next round tries again",
                metadata: ["error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))"]
            )
        }
    }
}
#endif
