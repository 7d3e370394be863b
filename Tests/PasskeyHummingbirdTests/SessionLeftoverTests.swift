#if Server
import Foundation
import NIOConcurrencyHelpers
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// A sign-in that fails after its session was stored (the account read finds nothing, or fails) leaves no session
/// behind and ends none of the account's others (review of the hot path, L1).
@Suite(.alsoUnderAHostPrefix) struct SessionLeftoverTests {
    /// How the account read of a sign-in goes.
    enum JoinedRead: Sendable {
        case forwarded
        case missing
        case failing
    }

    /// The SQLite user store, with the sign-in's account read answering as `joinedRead` says.
    struct ScriptedUserStore: UserStore {
        let base: any UserStore
        let joinedRead: NIOLockedValueBox<JoinedRead>

        func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
            try await base.userHandle(forUsername: username, proposing: proposed)
        }

        func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
            try await base.existingUserHandle(forUsername: username)
        }

        func createAccount(_ account: Account) async throws -> Bool {
            try await base.createAccount(account)
        }

        func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
            try await base.account(forUserHandle: userHandle)
        }

        func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
            try await base.setDisplayName(displayName, forUserHandle: userHandle)
        }

        func account(
            forUserHandle userHandle: [UInt8],
            holding credentialID: [UInt8],
            in credentialStore: any CredentialStore
        ) async throws -> Account? {
            switch joinedRead.withLockedValue({ $0 }) {
            case .forwarded:
                try await base.account(forUserHandle: userHandle, holding: credentialID, in: credentialStore)
            case .missing:
                nil
            case .failing:
                throw UserStoreError("unreachable")
            }
        }
    }

    @Test(arguments: [(JoinedRead.missing, "unknownCredential", 400), (.failing, "storeUnavailable", 503)])
    func aSignInFailingAfterItsSessionLeavesNoneAndEndsNone(read: JoinedRead, code: String, status: Int)
        async throws
    {
        try await ServerHarness.withTemporarySQLiteStorage { sqlite in
            let joinedRead = NIOLockedValueBox(JoinedRead.forwarded)
            let storage = PasskeyStorage(
                credentialStore: sqlite.credentialStore,
                challengeStore: sqlite.challengeStore,
                userStore: ScriptedUserStore(base: sqlite.userStore, joinedRead: joinedRead),
                sessionStore: sqlite.sessionStore
            )
            try await ServerHarness.run(storage: storage) { server in
                var authenticator = ServerHarness.authenticator()
                let oldest = try await server.signUp("leftover", with: &authenticator).answer.sessionToken
                for _ in 1..<SessionPolicy.maximumSessionsPerAccount {
                    _ = try await server.signIn(with: &authenticator)
                }
                let now = Int64(Date().timeIntervalSince1970)
                let before = try await sqlite.sessionStore.activeSessionCount(at: now)
                #expect(before == SessionPolicy.maximumSessionsPerAccount)

                joinedRead.withLockedValue { $0 = read }
                let options = try await server.requestOptions(AssertionOptionsRequest(username: nil))
                let assertion = try authenticator.authenticate(options: options)
                let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
                #expect(response.status.code == status)
                #expect(try ServerHarness.failureCode(response) == code)

                #expect(try await sqlite.sessionStore.activeSessionCount(at: now) == before)
                try ServerHarness.expectOK(try await server.signedIn(oldest).get("/session"))
            }
        }
    }
}
#endif
