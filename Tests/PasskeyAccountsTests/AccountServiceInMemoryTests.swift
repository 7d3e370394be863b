import PasskeyAccounts
import PasskeyVerifierTesting
import Testing

/// `AccountService` over `InMemoryAccountStorage` passes the service conformance suite of the test kit, with stored
/// and with sealed sign-in challenges.
@Suite(.timeLimit(.minutes(1))) struct AccountServiceInMemoryTests {
    static let conformance = AccountServiceConformanceTests(storage: { InMemoryAccountStorage() })
    static let sealed = AccountServiceConformanceTests(storage: { InMemoryAccountStorage() }, sealsChallenges: true)

    @Test(arguments: conformance.checks)
    func theServiceInMemoryPassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
        try await check.run()
    }

    @Test(arguments: sealed.checks)
    func theServiceInMemorySealingItsChallengesPassesTheConformanceSuite(
        _ check: StoreConformanceTests.Check
    ) async throws {
        try await check.run()
    }
}
