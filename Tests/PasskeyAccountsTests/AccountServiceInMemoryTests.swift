import PasskeyAccounts
import PasskeyVerifierTesting
import Testing

/// `AccountService` over `InMemoryAccountStorage` passes the service conformance suite of the test kit.
@Suite(.timeLimit(.minutes(1))) struct AccountServiceInMemoryTests {
    static let conformance = AccountServiceConformanceTests(storage: { InMemoryAccountStorage() })

    @Test(arguments: conformance.checks)
    func theServiceInMemoryPassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
        try await check.run()
    }
}
