import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyServer
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

        func username(forUserHandle userHandle: [UInt8]) async throws -> String? {
            throw UserStoreError("unreachable")
        }
    }

    @Test(arguments: [
        ("/attestation/options", #"{"username": "alice"}"#),
        ("/assertion/options", #"{"username": "alice"}"#),
    ])
    func aFailingStoreIsServiceUnavailable(route: String, body: String) async throws {
        let storage = PasskeyStorage(
            credentialStore: InMemoryCredentialStore(),
            challengeStore: InMemoryChallengeStore(),
            userStore: UnreachableUserStore()
        )
        let router = try PasskeyServerApplication.makeRouter(
            configuration: ServerHarness.configuration,
            storage: storage
        )
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(
                uri: route,
                method: .post,
                headers: [.contentType: "application/json"],
                body: ByteBuffer(string: body)
            )
            #expect(response.status == .serviceUnavailable)
            #expect(try ServerHarness.failureCode(response) == "storeUnavailable")
        }
    }
}
