import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The in-memory stores pass the conformance suite hosts run against their own stores, and the suite catches
/// stores that break the guarantees.
@Suite struct StoreConformanceSuiteTests {
    static let inMemory = StoreConformanceTests(
        credentialStore: { InMemoryCredentialStore() },
        challengeStore: { InMemoryChallengeStore() }
    )

    @Test(arguments: inMemory.checks)
    func inMemoryStoresPass(_ check: StoreConformanceTests.Check) async throws {
        try await check.run()
    }

    @Test func inMemoryStoresPassRunAll() async throws {
        try await Self.inMemory.runAll()
        #expect(Self.inMemory.checks.count == 18)
    }

    @Test func aChallengeStoreThatDoesNotDeleteOnTakeFails() async throws {
        let suite = StoreConformanceTests(
            credentialStore: { InMemoryCredentialStore() },
            challengeStore: { LeakyChallengeStore() }
        )
        let failure = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkChallengeIsTakenOnlyOnce()
        }
        #expect(failure?.check == "checkChallengeIsTakenOnlyOnce")
        #expect(failure?.message.contains("second take") == true)
        await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkConcurrentTakesLetExactlyOneWin()
        }
        await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkExpiredChallengeIsNeverReturned()
        }
        let summary = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.runAll()
        }
        #expect(summary?.check == "runAll()")
        #expect(summary?.message.contains("3 of 18 checks failed") == true)
    }

    @Test func aCredentialStoreWithoutUniquenessOrCompareAndSetFails() async throws {
        let suite = StoreConformanceTests(
            credentialStore: { NaiveCredentialStore() },
            challengeStore: { InMemoryChallengeStore() }
        )
        for check in suite.checks {
            let expectedToFail = [
                "checkInsertRefusesAnExistingCredentialIDForAnyUser",
                "checkUpdateIsRefusedWhenTheVersionChanged",
                "checkRenameSetsTheNicknameAndTheVersion",
                "checkConcurrentInsertsOfOneIDLetExactlyOneWin",
                "checkConcurrentUpdatesFromOneVersionLetExactlyOneWin",
                "checkConcurrentRenamesEachAddOneToTheVersion",
            ].contains(check.name)
            if expectedToFail {
                await #expect(throws: StoreConformanceTests.Failure.self, "\(check.name)") {
                    try await check.run()
                }
            } else {
                try await check.run()
            }
        }
    }

    @Test func anErrorTheStoreThrowsIsReportedWithTheCheck() async throws {
        let suite = StoreConformanceTests(
            credentialStore: { InMemoryCredentialStore() },
            challengeStore: { ThrowingChallengeStore() }
        )
        let failure = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.runAll()
        }
        #expect(failure?.message.contains("the store threw") == true)
    }
}

/// Returns challenges but never deletes them, and ignores expiry.
actor LeakyChallengeStore: ChallengeStore {
    private var challenges: [[UInt8]: IssuedChallenge] = [:]

    func put(_ challenge: IssuedChallenge) {
        challenges[challenge.challenge] = challenge
    }

    func take(_ challenge: [UInt8], at instant: Date) -> IssuedChallenge? {
        challenges[challenge]
    }
}

/// Inserts by overwriting and updates without comparing, like `INSERT OR REPLACE` and an unconditional `UPDATE`.
actor NaiveCredentialStore: CredentialStore {
    private var records: [[UInt8]: CredentialRecord] = [:]
    private var order: [[UInt8]] = []

    func credential(withID id: [UInt8]) -> CredentialRecord? {
        records[id]
    }

    func credentials(forUserHandle userHandle: [UInt8]) -> [CredentialRecord] {
        order.compactMap { records[$0] }.filter { $0.userHandle == userHandle }
    }

    func insert(_ record: CredentialRecord) async -> Bool {
        await Task.yield()
        if records[record.id] == nil { order.append(record.id) }
        records[record.id] = record
        return true
    }

    func update(_ update: CredentialRecordUpdate) async -> Bool {
        guard let record = records[update.credentialID] else { return false }
        await Task.yield()
        records[update.credentialID] = update.applied(to: record)
        return true
    }

    func rename(credentialID: [UInt8], nickname: String?) async -> Bool {
        guard var record = records[credentialID] else { return false }
        await Task.yield()
        record.nickname = nickname
        record.version += 1
        records[credentialID] = record
        return true
    }

    func remove(credentialID: [UInt8]) -> Bool {
        order.removeAll { $0 == credentialID }
        return records.removeValue(forKey: credentialID) != nil
    }
}

/// A challenge store whose database is down.
struct ThrowingChallengeStore: ChallengeStore {
    struct Unavailable: Error {}

    func put(_ challenge: IssuedChallenge) async throws {
        throw Unavailable()
    }

    func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
        throw Unavailable()
    }
}
