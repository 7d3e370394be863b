#if Hummingbird
import Foundation
import Logging
import PasskeyAccounts
import PasskeyHTTP
import PasskeyVerifier
import ServiceLifecycle

/// The periodic job that deletes expired challenges, sessions and Sign in with Apple secrets, every ``interval``
/// while the server runs, so that no request path pays for it (the look-ups ignore expired rows by
/// themselves), and caps the pending challenges at ``maximumPendingChallenges`` and the pending Sign in with Apple
/// nonces and registration tickets at ``maximumPendingAppleSignInSecrets`` each, the oldest deleted first (WebAuthn
/// Level 3 §13.4.3: the relying party bounds what it keeps for ceremonies that are never finished; a nonce is one
/// more such row that anyone can make). A failing round is logged and the next one tries again; the job stops with
/// the server's graceful shutdown.
public struct ExpiredRowsCleanup: Service {
    /// The sessions.
    public let sessionStore: any SessionStore
    /// The accounts and their Sign in with Apple secrets.
    public let userStore: any UserStore
    /// The pending challenges; `nil` leaves them alone.
    public let challengeStore: (any ChallengeStore)?
    /// The digests of used sealed challenges, deleted ``PasskeyVerifier/SealedChallengeStore/removalMargin`` after
    /// their challenges expired; `nil` leaves them alone.
    public let usedChallengeStore: (any UsedChallengeStore)?
    /// The most pending challenges kept.
    public let maximumPendingChallenges: Int
    /// The most pending Sign in with Apple secrets of each purpose kept (nonces; registration tickets): by default
    /// as many as ``maximumPendingChallenges``, which `--max-pending-challenges` sets.
    public let maximumPendingAppleSignInSecrets: Int
    /// The wait between two rounds, cut to ``AbuseLimits/cleanupIntervalBounds`` (1 second to 1 day).
    public let interval: Duration
    /// The current instant.
    public let clock: @Sendable () -> Date
    /// Where rounds are logged.
    public let logger: Logger
    /// Where a failing round is counted (`passkey_store_errors_total{operation="expiredRowsCleanup"}`).
    public let metrics: ServerMetrics

    /// Creates the job; `maximumPendingAppleSignInSecrets` is `maximumPendingChallenges` when `nil`.
    public init(
        sessionStore: any SessionStore,
        userStore: any UserStore,
        challengeStore: (any ChallengeStore)?,
        usedChallengeStore: (any UsedChallengeStore)? = nil,
        maximumPendingChallenges: Int = AbuseLimits.defaultMaximumPendingChallenges,
        maximumPendingAppleSignInSecrets: Int? = nil,
        interval: Duration = .seconds(60),
        clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger,
        metrics: ServerMetrics = ServerMetrics()
    ) {
        self.sessionStore = sessionStore
        self.userStore = userStore
        self.challengeStore = challengeStore
        self.usedChallengeStore = usedChallengeStore
        self.maximumPendingChallenges = max(1, maximumPendingChallenges)
        self.maximumPendingAppleSignInSecrets = max(1, maximumPendingAppleSignInSecrets ?? maximumPendingChallenges)
        self.interval = interval.clamped(to: AbuseLimits.cleanupIntervalBounds)
        self.clock = clock
        self.logger = logger
        self.metrics = metrics
    }

    /// The job over every store of `storage` that keeps expiring rows: its sessions, its Sign in with Apple secrets
    /// and its pending challenges (WebAuthn Level 3 §13.4.3), both capped at `maximumPendingChallenges`, and the
    /// digests of its used sealed challenges.
    public init(
        storage: PasskeyStorage,
        maximumPendingChallenges: Int = AbuseLimits.defaultMaximumPendingChallenges,
        interval: Duration = .seconds(60),
        logger: Logger,
        metrics: ServerMetrics = ServerMetrics()
    ) {
        self.init(
            sessionStore: storage.sessionStore,
            userStore: storage.userStore,
            challengeStore: storage.challengeStore,
            usedChallengeStore: storage.usedChallengeStore,
            maximumPendingChallenges: maximumPendingChallenges,
            interval: interval,
            logger: logger,
            metrics: metrics
        )
    }

    /// Runs rounds until the graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await runOnce()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One round: deletes what expired before now, then the oldest pending challenges and Sign in with Apple secrets
    /// past their caps.
    public func runOnce() async {
        let now = clock()
        do {
            let expiredChallenges = try await challengeStore?.removeExpired(at: now) ?? 0
            let droppedChallenges = try await challengeStore?.removeOldest(keeping: maximumPendingChallenges) ?? 0
            let usedChallenges =
                try await usedChallengeStore?.removeExpired(at: SealedChallengeStore.removalCutoff(at: now)) ?? 0
            let sessions = try await sessionStore.removeExpired(at: AppleSignInSecret.seconds(now))
            let secrets = try await userStore.removeExpiredAppleSignInSecrets(at: now)
            var droppedSecrets = 0
            for purpose in [AppleSignInSecret.Purpose.nonce, .registrationTicket] {
                droppedSecrets += try await userStore.removeOldestAppleSignInSecrets(
                    purpose: purpose, keeping: maximumPendingAppleSignInSecrets)
            }
            if expiredChallenges + usedChallenges + sessions + secrets > 0 {
                logger.debug(
                    "expired rows deleted",
                    metadata: [
                        "challenges": "\(expiredChallenges)", "usedChallenges": "\(usedChallenges)",
                        "sessions": "\(sessions)", "appleSecrets": "\(secrets)",
                    ]
                )
            }
            if droppedChallenges > 0 {
                logger.warning(
                    "pending challenges past the cap deleted, oldest first",
                    metadata: ["challenges": "\(droppedChallenges)", "cap": "\(maximumPendingChallenges)"]
                )
            }
            if droppedSecrets > 0 {
                logger.warning(
                    "pending Sign in with Apple secrets past the cap deleted, oldest first",
                    metadata: ["appleSecrets": "\(droppedSecrets)", "cap": "\(maximumPendingAppleSignInSecrets)"]
                )
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
