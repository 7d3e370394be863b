#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyAccounts
import PasskeyMetadata
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// `GET /health/live` answers while the process does; `GET /health/ready` only while the database answers in time
/// and the metadata the server needs is loaded.
@Suite struct HealthRouteTests {
    /// A sessions table whose look-ups never answer, as a database behind a dropped network.
    struct HangingSessionStore: SessionStore {
        func insert(_ session: SessionRecord) async throws {}
        func session(tokenHash: [UInt8]) async throws -> SessionRecord? {
            try await Task.sleep(for: .seconds(30))
            return nil
        }
        func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {}
        func remove(tokenHash: [UInt8]) async throws -> Bool { false }
        func removeAll(userHandle: [UInt8]) async throws -> Int { 0 }
        func removeAll(credentialID: [UInt8]) async throws -> Int { 0 }
        func removeExpired(at now: Int64) async throws -> Int { 0 }
        func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int { 0 }
        func activeSessionCount(at now: Int64) async throws -> Int { 0 }
    }

    static func storage(sessions: any SessionStore) -> PasskeyStorage {
        PasskeyStorage(
            credentialStore: InMemoryCredentialStore(),
            challengeStore: InMemoryChallengeStore(),
            userStore: StoreFailureTests.UnreachableUserStore(),
            sessionStore: sessions
        )
    }

    @Test func bothAnswer200WhileTheDatabaseAnswers() async throws {
        try await ServerHarness.run { server in
            for path in ["/health/live", "/health/ready"] {
                let response = try await server.get(path)
                #expect(response.status == .ok)
                #expect(try ServerHarness.decode(CommonResponse.self, response) == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
            }
        }
    }

    @Test func readyIs503WhenTheDatabaseFailsAndLiveStill200() async throws {
        let storage = Self.storage(sessions: StoreFailureTests.UnreachableSessionStore())
        try await ServerHarness.run(storage: storage) { server in
            let ready = try await server.get("/health/ready")
            #expect(ready.status == .serviceUnavailable)
            #expect(try ServerHarness.failureCode(ready) == "storeUnavailable")
            #expect(!String(buffer: ready.body).contains("unreachable"))
            #expect(try await server.get("/health/live").status == .ok)
        }
    }

    @Test func readyIs503WithinItsBoundWhenTheDatabaseHangs() async throws {
        let storage = Self.storage(sessions: HangingSessionStore())
        try await ServerHarness.run(storage: storage) { server in
            let clock = ContinuousClock()
            let start = clock.now
            async let first = server.get("/health/ready")
            async let second = server.get("/health/ready")
            let answers = try await [first, second]
            let elapsed = start.duration(to: clock.now)
            #expect(answers.map(\.status) == [.serviceUnavailable, .serviceUnavailable])
            #expect(try answers.map(ServerHarness.failureCode) == ["storeUnavailable", "storeUnavailable"])
            #expect(elapsed >= HealthController<PasskeyRequestContext>.readinessBound)
            // Below the store's 30 s hang, so the answer did not wait for it; the margin over the 2 s bound is for
            // a loaded machine (11 s were seen with four builds beside the tests).
            #expect(elapsed < .seconds(25))
        }
    }

    @Test func readyIs503UntilTheConfiguredMetadataIsLoaded() async throws {
        var configuration = ServerHarness.configuration
        let settings = MetadataSettings(source: try MetadataSource(argument: "/nonexistent/blob.jwt"))
        configuration.metadata = settings
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-health-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let storage = try await PasskeyStorage.openSQLite(path: path)
        do {
            let router = try PasskeyServerApplication.makeRouter(
                configuration: configuration,
                storage: storage,
                metadataService: settings.makeService(store: nil)
            )
            try await Application(router: router).test(.router) { client in
                let ready = try await client.execute(uri: "/health/ready", method: .get)
                #expect(ready.status == .serviceUnavailable)
                #expect(try ServerHarness.failureCode(ready) == "metadataUnavailable")
                #expect(try await client.execute(uri: "/health/live", method: .get).status == .ok)
            }
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
    }
}
#endif
