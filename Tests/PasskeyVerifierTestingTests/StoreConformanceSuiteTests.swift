import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The in-memory stores pass the conformance suite hosts run against their own stores, and the suite catches
/// stores that break the guarantees.
@Suite struct StoreConformanceSuiteTests {
    static let inMemory = StoreConformanceTests(
        credentialStore: { InMemoryCredentialStore() },
        challengeStore: { InMemoryChallengeStore() },
        usedChallengeStore: { InMemoryUsedChallengeStore() }
    )

    @Test(arguments: inMemory.checks)
    func inMemoryStoresPass(_ check: StoreConformanceTests.Check) async throws {
        try await check.run()
    }

    @Test func inMemoryStoresPassRunAll() async throws {
        try await Self.inMemory.runAll()
        #expect(Self.inMemory.checks.count == 25)
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
        let cleanup = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkExpiredChallengesAreRemoved()
        }
        #expect(cleanup?.message.contains("removeExpired(at:) returned 0") == true)
        let removal = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkPendingChallengesOfAUserAreRemoved()
        }
        #expect(removal?.message.contains("returned 0 for the user's 2 registrations") == true)
        let summary = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.runAll()
        }
        #expect(summary?.check == "runAll()")
        #expect(summary?.message.contains("5 of 21 checks failed") == true)
    }

    @Test func aCredentialStoreWithoutUniquenessOrCompareAndSetFails() async throws {
        let suite = StoreConformanceTests(
            credentialStore: { NaiveCredentialStore() },
            challengeStore: { InMemoryChallengeStore() }
        )
        // The naive store keeps the non-atomic default removeUnlessLast, whose outcome under concurrency depends on
        // scheduling: that check is left out here.
        for check in suite.checks where check.name != "checkConcurrentRemovalsKeepTheLastCredential" {
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

    /// Each flaw a real database store is prone to is caught by the check named for it.
    @Test(arguments: [
        (FlawedCredentialStore.Flaw.comparesTheCounterNotTheVersion, "checkUpdateIsRefusedWhenTheVersionChanged"),
        (.comparesTheCounterNotTheVersion, "checkConcurrentUpdatesFromOneVersionLetExactlyOneWin"),
        (.readsANilUserHandleAsEmpty, "checkInsertedRecordRoundTrips"),
        (.listsByCredentialID, "checkCredentialsAreListedPerUserInInsertionOrder"),
        (.renameKeepsTheVersion, "checkRenameSetsTheNicknameAndTheVersion"),
        (.renameKeepsTheVersion, "checkConcurrentRenamesEachAddOneToTheVersion"),
    ])
    func aFlawedCredentialStoreFailsTheCheckForItsFlaw(flaw: FlawedCredentialStore.Flaw, check: String) async throws {
        let suite = StoreConformanceTests(
            credentialStore: { FlawedCredentialStore(flaw) },
            challengeStore: { InMemoryChallengeStore() }
        )
        let named = try #require(suite.checks.first { $0.name == check })
        let failure = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await named.run()
        }
        #expect(failure?.check == check)
    }

    @Test func anErrorTheStoreThrowsIsReportedWithTheCheck() async throws {
        let suite = StoreConformanceTests(
            credentialStore: { InMemoryCredentialStore() },
            challengeStore: { UnavailableChallengeStore() }
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

    func removeExpired(at instant: Date) -> Int {
        0
    }

    func removeOldest(keeping maximumCount: Int) -> Int {
        0
    }

    func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) -> Int {
        0
    }
}

/// Inserts by overwriting, updates without comparing and renames without a new version, like `INSERT OR REPLACE`
/// and unconditional `UPDATE`s.
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

    func rename(credentialID: [UInt8], nickname: String?) -> Bool {
        records[credentialID]?.nickname = nickname
        return records[credentialID] != nil
    }

    func remove(credentialID: [UInt8]) -> Bool {
        order.removeAll { $0 == credentialID }
        return records.removeValue(forKey: credentialID) != nil
    }
}

/// The in-memory store with one flaw a database store is prone to.
actor FlawedCredentialStore: CredentialStore {
    enum Flaw: Sendable, CustomStringConvertible {
        /// Applies an update whenever the counter does not decrease, as `WHERE sign_count = $read` does for a
        /// synced passkey whose counter stays 0.
        case comparesTheCounterNotTheVersion
        /// Reads a `NULL` user handle back as empty bytes.
        case readsANilUserHandleAsEmpty
        /// Lists a user's credentials by credential ID instead of insertion order.
        case listsByCredentialID
        /// Renames without adding one to the version.
        case renameKeepsTheVersion

        var description: String {
            switch self {
            case .comparesTheCounterNotTheVersion: "comparesTheCounterNotTheVersion"
            case .readsANilUserHandleAsEmpty: "readsANilUserHandleAsEmpty"
            case .listsByCredentialID: "listsByCredentialID"
            case .renameKeepsTheVersion: "renameKeepsTheVersion"
            }
        }
    }

    let flaw: Flaw
    private var records: [[UInt8]: CredentialRecord] = [:]
    private var order: [[UInt8]] = []

    init(_ flaw: Flaw) {
        self.flaw = flaw
    }

    func credential(withID id: [UInt8]) -> CredentialRecord? {
        guard var record = records[id] else { return nil }
        if flaw == .readsANilUserHandleAsEmpty, record.userHandle == nil {
            record.userHandle = []
        }
        return record
    }

    func credentials(forUserHandle userHandle: [UInt8]) -> [CredentialRecord] {
        let listed = order.compactMap { records[$0] }.filter { $0.userHandle == userHandle }
        guard flaw == .listsByCredentialID else { return listed }
        return listed.sorted { $0.id.lexicographicallyPrecedes($1.id) }
    }

    func insert(_ record: CredentialRecord) -> Bool {
        guard records[record.id] == nil else { return false }
        records[record.id] = record
        order.append(record.id)
        return true
    }

    func update(_ update: CredentialRecordUpdate) -> Bool {
        guard let stored = records[update.credentialID] else { return false }
        if flaw == .comparesTheCounterNotTheVersion {
            guard update.signCount >= stored.signCount else { return false }
        } else {
            guard stored.version == update.expectedVersion else { return false }
        }
        var updated = update.applied(to: stored)
        updated.version = stored.version + 1
        records[update.credentialID] = updated
        return true
    }

    func rename(credentialID: [UInt8], nickname: String?) -> Bool {
        guard var record = records[credentialID] else { return false }
        record.nickname = nickname
        if flaw != .renameKeepsTheVersion {
            record.version += 1
        }
        records[credentialID] = record
        return true
    }

    func remove(credentialID: [UInt8]) -> Bool {
        order.removeAll { $0 == credentialID }
        return records.removeValue(forKey: credentialID) != nil
    }
}
