#if Server
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The routes with sealed sign-in challenges (`ServerConfiguration.challengeKeys`): `POST /assertion/options` stores
/// nothing, a result is answered once however many copies arrive, on any server of the database, and a server opens
/// what the keys it lists sealed, during a rotation too.
@Suite struct SealedChallengeRouteTests {
    static let nextKey = try! ChallengeSealer.Key(identifier: 2, secret: Array(repeating: 0x17, count: 32))

    /// The tests' configuration with `keys`.
    static func configuration(_ keys: [ChallengeSealer.Key]) -> ServerConfiguration {
        var configuration = ServerHarness.configuration
        configuration.challengeKeys = keys
        return configuration
    }

    @Test func theOptionsStoreNothingAndAResultIsAnsweredOnce() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            try await ServerHarness.run(storage: storage) { server in
                var authenticator = ServerHarness.authenticator()
                _ = try await server.register("sealed-once", with: &authenticator)
                let options = try await server.requestOptions(AssertionOptionsRequest())
                #expect(try await storage.challengeStore.removeOldest(keeping: 0) == 0)
                let assertion = try authenticator.authenticate(options: options)
                let codes = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<6 {
                        group.addTask {
                            let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
                            return response.status == .ok ? "ok" : try ServerHarness.failureCode(response)
                        }
                    }
                    return try await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(
                    codes.sorted() == [
                        "challengeNotFound", "challengeNotFound", "challengeNotFound",
                        "challengeNotFound", "challengeNotFound", "ok",
                    ])
            }
        }
    }

    @Test func aServerOfTheSameDatabaseRefusesAReplayAndOpensTheOldKeyDuringARotation() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            try await ServerHarness.run(storage: storage) { server in
                var authenticator = ServerHarness.authenticator()
                _ = try await server.register("sealed-rotation", with: &authenticator)
                let options = try await server.requestOptions(AssertionOptionsRequest())
                let assertion = try authenticator.authenticate(options: options)
                try await ServerHarness.run(
                    configuration: Self.configuration([Self.nextKey, ServerHarness.challengeKey]), storage: storage
                ) { rotated in
                    try ServerHarness.expectOK(try await rotated.post("/assertion/result", bytes: assertion.jsonBytes))
                }
                let replay = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
                #expect(try ServerHarness.failureCode(replay) == "challengeNotFound")
            }
        }
    }

    @Test func theCleanupDeletesADigestFiveMinutesAfterItsChallengeExpired() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            let now = Date()
            let used = try #require(storage.usedChallengeStore)
            #expect(try await used.insert([1], expiresAt: now.addingTimeInterval(-301)))
            #expect(try await used.insert([2], expiresAt: now.addingTimeInterval(-299)))
            await ExpiredRowsCleanup(storage: storage, logger: .init(label: "test")).runOnce()
            #expect(try await used.insert([1], expiresAt: now.addingTimeInterval(300)))
            #expect(try await used.insert([2], expiresAt: now.addingTimeInterval(300)) == false)
        }
    }

    @Test func aChallengeOfAKeyTheServerDoesNotListIsChallengeNotFound() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            try await ServerHarness.run(storage: storage) { server in
                var authenticator = ServerHarness.authenticator()
                _ = try await server.register("sealed-other-key", with: &authenticator)
                let assertion = try authenticator.authenticate(
                    options: try await server.requestOptions(AssertionOptionsRequest()))
                try await ServerHarness.run(configuration: Self.configuration([Self.nextKey]), storage: storage) {
                    other in
                    let refused = try await other.post("/assertion/result", bytes: assertion.jsonBytes)
                    #expect(try ServerHarness.failureCode(refused) == "challengeNotFound")
                }
                try ServerHarness.expectOK(try await server.post("/assertion/result", bytes: assertion.jsonBytes))
            }
        }
    }
}
#endif
