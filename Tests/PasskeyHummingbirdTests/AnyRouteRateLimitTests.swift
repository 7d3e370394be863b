#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// Every route of the passkey group is rate-limited per client address: the routes that write without a session by
/// `--rate-limit`, every other one by a limit ten times as generous, so a client cannot make the server look up a
/// random bearer token without bound; a request that presents no token looks nothing up.
@Suite(.alsoUnderAHostPrefix) struct AnyRouteRateLimitTests {
    /// The session store, counting the lookups by token.
    struct CountingSessionStore: SessionStore {
        let base: any SessionStore
        let lookups = NIOLockedValueBox(0)

        /// How many lookups by token there were.
        var lookupCount: Int { lookups.withLockedValue { $0 } }

        func insert(_ session: SessionRecord) async throws { try await base.insert(session) }
        func session(tokenHash: [UInt8]) async throws -> SessionRecord? {
            lookups.withLockedValue { $0 += 1 }
            return try await base.session(tokenHash: tokenHash)
        }
        func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {
            try await base.touch(tokenHash: tokenHash, lastSeenAt: lastSeenAt, idleExpiresAt: idleExpiresAt)
        }
        func remove(tokenHash: [UInt8]) async throws -> Bool { try await base.remove(tokenHash: tokenHash) }
        func removeAll(userHandle: [UInt8]) async throws -> Int { try await base.removeAll(userHandle: userHandle) }
        func removeAll(credentialID: [UInt8]) async throws -> Int {
            try await base.removeAll(credentialID: credentialID)
        }
        func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int {
            try await base.removeOldest(userHandle: userHandle, keeping: count, sparing: kept)
        }
        func removeExpired(at now: Int64) async throws -> Int { try await base.removeExpired(at: now) }
        func activeSessionCount(at now: Int64) async throws -> Int { try await base.activeSessionCount(at: now) }
    }

    static let randomBearer: HTTPFields = [.authorization: "Bearer \(SessionToken.generate())"]

    @Test func randomBearerTokensAreLimitedTenTimesAsGenerously() async throws {
        var configuration = ServerHarness.configuration
        configuration.abuseLimits.clientAddressRateLimit = RateLimit(rate: 0.001, burst: 2)
        #expect(configuration.abuseLimits.anyRouteRateLimit == RateLimit(rate: 0.01, burst: 20))
        try await ServerHarness.run(configuration: configuration) { server in
            for _ in 0..<20 {
                #expect(try await server.get("/credentials", headers: Self.randomBearer).status == .unauthorized)
            }
            let limited = try await server.get("/credentials", headers: Self.randomBearer)
            #expect(limited.status == .tooManyRequests)
            #expect(try ServerHarness.failureCode(limited) == "rateLimited")
            #expect(limited.headers[.retryAfter] != nil)
            // The ceremony routes keep their own, stricter bucket.
            try ServerHarness.expectOK(try await server.post("/assertion/options", bytes: Array("{}".utf8)))
        }
    }

    @Test func withoutTheRateLimitNothingIsLimited() async throws {
        #expect(ServerHarness.unlimited.anyRouteRateLimit == nil)
    }

    @Test func aRequestWithoutATokenLooksNoSessionUp() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { sqlite in
            let sessions = CountingSessionStore(base: sqlite.sessionStore)
            let storage = PasskeyStorage(
                credentialStore: sqlite.credentialStore,
                challengeStore: sqlite.challengeStore,
                userStore: sqlite.userStore,
                sessionStore: sessions
            )
            try await ServerHarness.run(configuration: ServerHarness.configuration, storage: storage) {
                (server: ServerHarness) async throws in
                #expect(try await server.get("/credentials").status == .unauthorized)
                #expect(try await server.get("/session").status == .unauthorized)
                #expect(sessions.lookupCount == 0)
                #expect(try await server.get("/session", headers: Self.randomBearer).status == .unauthorized)
                #expect(sessions.lookupCount == 1)
            }
        }
    }
}
#endif
