#if Server
import Foundation
import Logging
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// The pending Sign in with Apple secrets have a cap, as the pending challenges have: past it, the cleanup job
/// deletes the nonces (or registration tickets) that expire first, each purpose on its own, so that a flood of
/// `POST /auth/apple/nonce` neither grows the table without bound nor pushes out the tickets of people who signed in.
@Suite(.alsoUnderAHostPrefix) struct AppleSignInSecretCapTests {
    /// Five nonces expiring one second apart and two tickets in `store`; the cap keeps the three newest nonces and
    /// leaves the tickets alone.
    static func capKeepsTheNewestOfOnePurpose(_ store: any UserStore, base: Int64) async throws {
        let now = Date(timeIntervalSince1970: TimeInterval(base))
        let nonces = (0..<5).map { index in
            AppleSignInSecret(
                value: "cap-nonce-\(UUID().uuidString)", purpose: .nonce, username: "",
                expiresAt: base + 600 + Int64(index))
        }
        let tickets = (0..<2).map { index in
            AppleSignInSecret(
                value: "cap-ticket-\(UUID().uuidString)", purpose: .registrationTicket, username: "apple:cap",
                expiresAt: base + 100 + Int64(index))
        }
        for secret in nonces.shuffled() + tickets {
            try await store.storeAppleSignInSecret(secret)
        }
        #expect(try await store.removeOldestAppleSignInSecrets(purpose: .nonce, keeping: 3) == 2)
        #expect(try await store.removeOldestAppleSignInSecrets(purpose: .nonce, keeping: 3) == 0)
        var kept: [Bool] = []
        for nonce in nonces {
            kept.append(try await store.takeAppleSignInSecret(nonce.value, purpose: .nonce, at: now) != nil)
        }
        #expect(kept == [false, false, true, true, true])
        for ticket in tickets {
            #expect(try await store.takeAppleSignInSecret(ticket.value, purpose: .registrationTicket, at: now) != nil)
        }
    }

    @Test func sqliteKeepsTheNewestSecretsOfAPurpose() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            try await Self.capKeepsTheNewestOfOnePurpose(storage.userStore, base: 1_800_000_000)
        }
    }

    @Test func theCapIsKeptWhenADeadlineWrapsTheStore() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            let wrapped = storage.withDeadline(StoreDeadline(.seconds(5)))
            try await Self.capKeepsTheNewestOfOnePurpose(wrapped.userStore, base: 1_800_000_000)
        }
    }

    /// Nonces issued by the route past the cap are deleted by the next cleanup round, which logs a warning.
    @Test func theCleanupCapsNoncesIssuedByTheRoute() async throws {
        let issuer = try #require(AppleSignInRouteTests.issuer)
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            var configuration = ServerHarness.configuration
            configuration.appleClientIDs = [AppleSignInRouteTests.clientID]
            try await ServerHarness.run(
                configuration: configuration,
                storage: storage,
                appleKeySetSource: AppleSignInRouteTests.FixedKeySet(try issuer.keySet())
            ) { server in
                for _ in 0..<6 {
                    _ = try await AppleSignInRouteTests.nonce(server)
                }
            }
            let log = CapturedLog()
            let cleanup = ExpiredRowsCleanup(storage: storage, maximumPendingChallenges: 4, logger: log.logger())
            #expect(cleanup.maximumPendingAppleSignInSecrets == 4)
            await cleanup.runOnce()
            #expect(try await storage.userStore.removeOldestAppleSignInSecrets(purpose: .nonce, keeping: 0) == 4)
            let line = try #require(
                log.lines.first {
                    $0.message == "pending Sign in with Apple secrets past the cap deleted, oldest first"
                })
            #expect(line.level == .warning)
            #expect(line.metadata["appleSecrets"] == "2")
            #expect(line.metadata["cap"] == "4")
        }
    }

    @Test func aSeparateCapCanBeGiven() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            let cleanup = ExpiredRowsCleanup(
                sessionStore: storage.sessionStore, userStore: storage.userStore, challengeStore: nil,
                maximumPendingChallenges: 10, maximumPendingAppleSignInSecrets: 1, logger: Logger(label: "test"))
            let base = Int64(Date().timeIntervalSince1970)
            for index in 0..<3 {
                try await storage.userStore.storeAppleSignInSecret(
                    AppleSignInSecret(value: "n\(index)", purpose: .nonce, username: "", expiresAt: base + 600))
            }
            await cleanup.runOnce()
            #expect(try await storage.userStore.removeOldestAppleSignInSecrets(purpose: .nonce, keeping: 0) == 1)
        }
    }
}

#if PostgreSQL
extension PostgresAppleSignInTests {
    /// The same cap on PostgreSQL. The suite runs its tests one at a time: the cap deletes every other nonce in
    /// the shared table, so these nonces expire last of all (the year 9999).
    @Test func postgresKeepsTheNewestSecretsOfAPurpose() async throws {
        try await ServerHarness.withPostgresStorage { storage in
            try await AppleSignInSecretCapTests.capKeepsTheNewestOfOnePurpose(
                storage.userStore, base: 253_402_200_000)
        }
    }
}
#endif
#endif
