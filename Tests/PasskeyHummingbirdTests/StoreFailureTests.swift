#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// A database that fails is a 503 with `storeUnavailable`, never a 500 or a client's code.
@Suite struct StoreFailureTests {
    /// A users table whose every call fails, as a database that went away.
    struct UnreachableUserStore: UserStore {
        func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
            throw UserStoreError("unreachable")
        }

        func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
            throw UserStoreError("unreachable")
        }

        func createAccount(_ account: Account) async throws -> Bool {
            throw UserStoreError("unreachable")
        }

        func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
            throw UserStoreError("unreachable")
        }

        func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
            throw UserStoreError("unreachable")
        }
    }

    /// A sessions table whose every call fails.
    struct UnreachableSessionStore: SessionStore {
        func insert(_ session: SessionRecord) async throws { throw UserStoreError("unreachable") }
        func session(tokenHash: [UInt8]) async throws -> SessionRecord? { throw UserStoreError("unreachable") }
        func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {
            throw UserStoreError("unreachable")
        }
        func remove(tokenHash: [UInt8]) async throws -> Bool { throw UserStoreError("unreachable") }
        func removeAll(userHandle: [UInt8]) async throws -> Int { throw UserStoreError("unreachable") }
        func removeAll(credentialID: [UInt8]) async throws -> Int { throw UserStoreError("unreachable") }
        func removeExpired(at now: Int64) async throws -> Int { throw UserStoreError("unreachable") }
        func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int {
            throw UserStoreError("unreachable")
        }
        func activeSessionCount(at now: Int64) async throws -> Int { throw UserStoreError("unreachable") }
    }

    @Test(arguments: [
        ("/attestation/options", #"{"username": "alice"}"#, ""),
        ("/assertion/options", #"{"username": "alice"}"#, ""),
        ("/session/logout", "{}", "Bearer " + String(repeating: "A", count: 43)),
    ])
    func aFailingStoreIsServiceUnavailable(route: String, body: String, authorization: String) async throws {
        let storage = PasskeyStorage(
            credentialStore: InMemoryCredentialStore(),
            challengeStore: InMemoryChallengeStore(),
            userStore: UnreachableUserStore(),
            sessionStore: UnreachableSessionStore()
        )
        let router = try PasskeyServerApplication.makeRouter(
            configuration: ServerHarness.configuration,
            storage: storage
        )
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(
                uri: route,
                method: .post,
                headers: authorization.isEmpty
                    ? [.contentType: "application/json"]
                    : [.contentType: "application/json", .authorization: authorization],
                body: ByteBuffer(string: body)
            )
            #expect(response.status == .serviceUnavailable)
            #expect(try ServerHarness.failureCode(response) == "storeUnavailable")
        }
    }
}
#endif
