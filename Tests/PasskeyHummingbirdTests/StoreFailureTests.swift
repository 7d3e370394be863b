#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyAccounts
@testable import PasskeyHTTP
@testable import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierSQLite
import Testing

/// A database that fails is a 503 with `storeUnavailable`, never a 500 or a client's code; an error that no store
/// threw is the server's own mistake, a 500 with `serverFailure`, never mistaken for an outage.
@Suite struct StoreFailureTests {
    /// A users table whose every call fails with `failure`, as a database that went away.
    struct UnreachableUserStore: UserStore {
        var failure: any Error = UserStoreError("unreachable")

        func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
            throw failure
        }

        func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
            throw failure
        }

        func createAccount(_ account: Account) async throws -> Bool {
            throw failure
        }

        func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
            throw failure
        }

        func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
            throw failure
        }
    }

    /// A sessions table whose every call fails with `failure`.
    struct UnreachableSessionStore: SessionStore {
        var failure: any Error = UserStoreError("unreachable")

        func insert(_ session: SessionRecord) async throws { throw failure }
        func session(tokenHash: [UInt8]) async throws -> SessionRecord? { throw failure }
        func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {
            throw failure
        }
        func remove(tokenHash: [UInt8]) async throws -> Bool { throw failure }
        func removeAll(userHandle: [UInt8]) async throws -> Int { throw failure }
        func removeAll(credentialID: [UInt8]) async throws -> Int { throw failure }
        func removeExpired(at now: Int64) async throws -> Int { throw failure }
        func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int {
            throw failure
        }
        func activeSessionCount(at now: Int64) async throws -> Int { throw failure }
    }

    /// An error type the server knows nothing of, as a database driver's.
    struct DriverFailure: Error {}

    @Test func aDriverErrorOfAnyTypeIsServiceUnavailable() async throws {
        let storage = PasskeyStorage(
            credentialStore: InMemoryCredentialStore(),
            challengeStore: InMemoryChallengeStore(),
            userStore: UnreachableUserStore(failure: DriverFailure()),
            sessionStore: UnreachableSessionStore(failure: DriverFailure())
        )
        let router = try PasskeyServerApplication.makeRouter(
            configuration: ServerHarness.configuration,
            storage: storage
        )
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(
                uri: "/attestation/options",
                method: .post,
                headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"username": "alice"}"#)
            )
            #expect(response.status == .serviceUnavailable)
            #expect(try ServerHarness.failureCode(response) == "storeUnavailable")
        }
    }

    @Test func aRouteRefusalWithAStatusOutsideTheClientErrorsIsAServerFailure() {
        for statusCode in [-1, 200, 302, 399, 500, 1_000] {
            let refusal = RouteRefusal(statusCode: statusCode, "crossOriginRequest", "a host's mistake")
            let rejection = Rejection(refusal)
            #expect(rejection.status == .internalServerError, "\(statusCode)")
            #expect(rejection.code == "serverFailure", "\(statusCode)")
            #expect(rejection.isServerFailure, "\(statusCode)")
            #expect(refusal.status == .internalServerError, "\(statusCode)")
        }
        let kept = Rejection(RouteRefusal(statusCode: 499, "crossOriginRequest", "a client's"))
        #expect(kept.status.code == 499)
        #expect(kept.code == "crossOriginRequest")
    }

    @Test func anErrorNoStoreThrewIsAServerFailure() {
        let rejection = Rejection(DriverFailure())
        #expect(rejection.status == .internalServerError)
        #expect(rejection.code == "serverFailure")
        #expect(rejection.isServerFailure)
    }

    /// A driver's own error, from a store a host calls without its deadline (a public controller over raw
    /// stores), is an outage too, not the server's mistake.
    @Test func aDriverErrorFromAStoreWithoutItsDeadlineIsServiceUnavailable() async throws {
        let failure: (any Error)? = try await SQLiteStorage.withStorage(.memory) { storage in
            do {
                _ = try await storage.connection.query("SELECT * FROM no_such_table")
                return nil
            } catch {
                return error
            }
        }
        let error = try #require(failure)
        let rejection = Rejection(error)
        #expect(rejection.status == .serviceUnavailable)
        #expect(rejection.code == "storeUnavailable")
    }

    @Test func storeFailuresOfEveryKindAreServiceUnavailable() {
        let failures: [any Error] = [
            StoreFailure(underlying: DriverFailure()), StoreTimeout(deadline: .seconds(1)), DatabaseProbe.Timeout(),
            UserStoreError("unreachable"), CancellationError(),
        ]
        for failure in failures {
            let rejection = Rejection(failure)
            #expect(rejection.status == .serviceUnavailable, "\(failure)")
            #expect(rejection.code == "storeUnavailable", "\(failure)")
        }
    }

    @Test func aStoreCallMarksOnlyTheErrorsThatSayNothingToAClient() async throws {
        let deadline = StoreDeadline(.seconds(5))
        await #expect(throws: StoreFailure.self) {
            try await deadline.run { () async throws -> Int in throw DriverFailure() }
        }
        await #expect(throws: WebAuthnError.self) {
            try await deadline.run { () async throws -> Int in throw WebAuthnError(.malformedInput, "x") }
        }
        await #expect(throws: AccountError.self) {
            try await deadline.run { () async throws -> Int in throw AccountError(.accountExists, "taken") }
        }
        await #expect(throws: AppleAccountConflict.self) {
            try await deadline.run { () async throws -> Int in throw AppleAccountConflict(username: "alice") }
        }
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
