#if Server
import Foundation
import NIOConcurrencyHelpers
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// A sign-in whose transaction fails after its session was stored (the session trim fails), or whose account read
/// finds nothing, commits nothing: no session is left behind and none of the account's others ends.
@Suite(.alsoUnderAHostPrefix) struct SessionLeftoverTests {
    /// How the sign-in's transaction goes.
    enum Script: Sendable {
        case forwarded
        case accountMissing
        case trimFailing
    }

    /// The SQLite storage, whose transactions' account read and session trim answer as `script` says.
    struct ScriptedStorage: AccountStorage {
        let base: any AccountStorage
        let script: NIOLockedValueBox<Script>

        var stores: AccountStores { base.stores }

        func withTransaction<Result: Sendable>(
            _ body: @escaping @Sendable (AccountStores) async throws -> Result
        ) async throws -> Result {
            let script = self.script.withLockedValue { $0 }
            return try await base.withTransaction { stores in
                var scripted = stores
                scripted.users = ScriptedUserStore(base: stores.users, accountMissing: script == .accountMissing)
                scripted.sessions = ScriptedSessionStore(base: stores.sessions, trimFailing: script == .trimFailing)
                return try await body(scripted)
            }
        }
    }

    /// A user store whose account read finds nothing when `accountMissing`.
    struct ScriptedUserStore: UserStore {
        let base: any UserStore
        let accountMissing: Bool

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
            accountMissing ? nil : try await base.account(forUserHandle: userHandle)
        }

        func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
            try await base.setDisplayName(displayName, forUserHandle: userHandle)
        }

        func lockAccount(userHandle: [UInt8]) async throws {
            try await base.lockAccount(userHandle: userHandle)
        }
    }

    /// A session store whose trim fails when `trimFailing`, after the new session was inserted.
    struct ScriptedSessionStore: SessionStore {
        let base: any SessionStore
        let trimFailing: Bool

        func insert(_ session: SessionRecord) async throws { try await base.insert(session) }
        func session(tokenHash: [UInt8]) async throws -> SessionRecord? { try await base.session(tokenHash: tokenHash) }
        func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {
            try await base.touch(tokenHash: tokenHash, lastSeenAt: lastSeenAt, idleExpiresAt: idleExpiresAt)
        }
        func remove(tokenHash: [UInt8]) async throws -> Bool { try await base.remove(tokenHash: tokenHash) }
        func removeAll(userHandle: [UInt8]) async throws -> Int { try await base.removeAll(userHandle: userHandle) }
        func removeAll(credentialID: [UInt8]) async throws -> Int {
            try await base.removeAll(credentialID: credentialID)
        }
        func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int {
            guard !trimFailing else { throw UserStoreError("unreachable") }
            return try await base.removeOldest(userHandle: userHandle, keeping: count, sparing: kept)
        }
        func removeExpired(at now: Int64) async throws -> Int { try await base.removeExpired(at: now) }
        func activeSessionCount(at now: Int64) async throws -> Int { try await base.activeSessionCount(at: now) }
    }

    @Test(arguments: [(Script.accountMissing, "unknownCredential", 400), (.trimFailing, "storeUnavailable", 503)])
    func aSignInFailingAfterItsSessionLeavesNoneAndEndsNone(script: Script, code: String, status: Int)
        async throws
    {
        try await ServerHarness.withTemporarySQLiteStorage { sqlite in
            let scripted = NIOLockedValueBox(Script.forwarded)
            let storage = PasskeyStorage(
                accountStorage: ScriptedStorage(base: sqlite.accountStorage, script: scripted)
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
                let counter = try await sqlite.credentialStore.credentials(
                    forUserHandle: try #require(try await sqlite.userStore.existingUserHandle(forUsername: "leftover"))
                ).first?.signCount

                scripted.withLockedValue { $0 = script }
                let options = try await server.requestOptions(AssertionOptionsRequest(username: nil))
                let assertion = try authenticator.authenticate(options: options)
                let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
                #expect(response.status.code == status)
                #expect(try ServerHarness.failureCode(response) == code)

                #expect(try await sqlite.sessionStore.activeSessionCount(at: now) == before)
                try ServerHarness.expectOK(try await server.signedIn(oldest).get("/session"))
                let after = try await sqlite.credentialStore.credentials(
                    forUserHandle: try #require(try await sqlite.userStore.existingUserHandle(forUsername: "leftover"))
                ).first?.signCount
                #expect(after == counter, "the refused sign-in's counter was not committed")
            }
        }
    }
}
#endif
