#if Server
import Foundation
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `UserStore.account(forUserHandle:holding:in:)`, which a sign-in asks once its session is stored: the one joined
/// statement of the SQL stores (also through a `DeadlineCredentialStore`) and the two reads of the default give the
/// same answers.
@Suite struct AccountHoldingCredentialTests {
    /// Checks the answers on `storage` for its own credential store, wrapped and not, and for another store.
    static func check(_ storage: PasskeyStorage) async throws {
        let owner = Account(
            username: "holder-\(UUID().uuidString.lowercased())", userHandle: Array(UUID().uuidString.utf8))
        let other = Account(
            username: "other-\(UUID().uuidString.lowercased())", userHandle: Array(UUID().uuidString.utf8))
        #expect(try await storage.userStore.createAccount(owner))
        #expect(try await storage.userStore.createAccount(other))
        let credentialID = Array(UUID().uuidString.utf8)
        let record = CredentialRecord(
            id: credentialID, publicKey: try VirtualCredentialKey.generate(.es256).publicKey,
            userHandle: owner.userHandle)
        let elsewhere = InMemoryCredentialStore()
        #expect(try await storage.credentialStore.insert(record))
        #expect(await elsewhere.insert(record))
        let stores: [any CredentialStore] = [
            storage.credentialStore,
            DeadlineCredentialStore(storage.credentialStore, deadline: StoreDeadline(.seconds(5))),
            elsewhere,
        ]
        for store in stores {
            let found = try await storage.userStore.account(
                forUserHandle: owner.userHandle, holding: credentialID, in: store)
            #expect(found?.username == owner.username)
            #expect(found?.userHandle == owner.userHandle)
            #expect(
                try await storage.userStore.account(forUserHandle: other.userHandle, holding: credentialID, in: store)
                    == nil)
            #expect(
                try await storage.userStore.account(forUserHandle: owner.userHandle, holding: [1, 2, 3], in: store)
                    == nil)
            #expect(
                try await storage.userStore.account(forUserHandle: [9, 9], holding: credentialID, in: store) == nil)
        }
        #expect(try await storage.credentialStore.remove(credentialID: credentialID))
        #expect(await elsewhere.remove(credentialID: credentialID))
        for store in stores {
            #expect(
                try await storage.userStore.account(forUserHandle: owner.userHandle, holding: credentialID, in: store)
                    == nil)
        }
    }

    @Test func sqliteJoinsAndTheDefaultReadsAgree() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            try await Self.check(storage)
        }
    }

    #if PostgreSQL
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PASSKEY_POSTGRES_URL"] != nil))
    func postgresJoinsAndTheDefaultReadsAgree() async throws {
        try await ServerHarness.withPostgresStorage { storage in
            try await Self.check(storage)
        }
    }
    #endif
}
#endif
