import PasskeyAccounts
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The in-memory account store passes the account conformance suite, and the suite catches a store that breaks
/// the protocol's guarantees.
@Suite struct InMemoryAccountStoreTests {
    static let conformance = AccountStoreConformanceTests(accountStore: { InMemoryAccountStore() })

    @Test(arguments: conformance.checks)
    func theInMemoryStorePassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
        try await check.run()
    }

    @Test func aStoreThatCreatesEveryAccountFailsTheSuite() async throws {
        let suite = AccountStoreConformanceTests(accountStore: { CreatesAlways() })
        let error = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkTakenUsernameOrHandleIsRefused()
        }
        #expect(error?.check == "checkTakenUsernameOrHandleIsRefused")
        await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkConcurrentCreationsOfOneUsernameLetExactlyOneWin()
        }
    }

    @Test func aProposedHandleOfAnotherAccountIsAStoreError() async throws {
        let store = InMemoryAccountStore()
        #expect(await store.createAccount(Account(username: "ada", userHandle: [1])))
        let error = await #expect(throws: StoreError.self) {
            try await store.userHandle(forUsername: "grace", proposing: [1])
        }
        #expect(error?.code == .corruptedRow)
        #expect(await store.count == 1)
    }

    /// A store that claims to create every account, and remembers the last.
    actor CreatesAlways: AccountStore {
        var last: Account?

        func createAccount(_ account: Account) -> Bool {
            last = account
            return true
        }

        func userHandle(forUsername username: String, proposing proposed: [UInt8]) -> [UInt8] { proposed }

        func existingUserHandle(forUsername username: String) -> [UInt8]? {
            last?.username == username ? last?.userHandle : nil
        }

        func account(forUserHandle userHandle: [UInt8]) -> Account? {
            last?.userHandle == userHandle ? last : nil
        }

        func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) -> Bool { false }
    }
}
