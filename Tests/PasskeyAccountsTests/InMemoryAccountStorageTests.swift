import Foundation
import PasskeyAccounts
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The in-memory storage passes the storage conformance suite, the suite catches a storage without real
/// transactions, and the pieces under it (the gate, the session and user stores) keep their promises.
@Suite struct InMemoryAccountStorageTests {
    static let conformance = AccountStorageConformanceTests(storage: { InMemoryAccountStorage() })

    @Test(arguments: conformance.checks)
    func theInMemoryStoragePassesTheConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
        try await check.run()
    }

    @Test func aStorageWhoseTransactionsCommitEachCallFailsTheSuite() async throws {
        let suite = AccountStorageConformanceTests(storage: { WithoutTransactions() })
        let error = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkThrowingBodyLeavesNoneOfItsWrites()
        }
        #expect(error?.check == "checkThrowingBodyLeavesNoneOfItsWrites")
        await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkCancelledTransactionRollsBackAndALaterOneRuns()
        }
        let refused = await #expect(throws: StoreConformanceTests.Failure.self) {
            try await suite.checkRefusedSignInCommitWritesNothing()
        }
        #expect(refused?.message.contains("recorded its challenge as used") == true)
    }

    @Test func aRollbackUndoesTheAppleLinksAndSecretsToo() async throws {
        let storage = InMemoryAccountStorage()
        let secret = AppleSignInSecret(value: "nonce-1", purpose: .nonce, username: "", expiresAt: 2_000_000_000)
        await #expect(throws: Rollback.self) {
            try await storage.withTransaction { stores in
                try await stores.users.storeAppleSignInSecret(secret)
                _ = try await stores.users.username(forAppleSubject: "subject", proposing: [7])
                throw Rollback()
            }
        }
        let taken = try await storage.stores.users.takeAppleSignInSecret("nonce-1", purpose: .nonce, at: Self.start)
        #expect(taken == nil)
        #expect(try await storage.stores.users.account(forUserHandle: [7]) == nil)
        #expect(try await storage.stores.users.username(forAppleSubject: "subject", proposing: [8]) == "apple:subject")
        #expect(try await storage.stores.users.hasAppleSignIn(userHandle: [8]))
    }

    @Test func aStoreOfATransactionUsedAfterItEndedThrows() async throws {
        let storage = InMemoryAccountStorage()
        let escaped = try await storage.withTransaction { stores in stores }
        await #expect(throws: InMemoryStoreError.self) {
            try await escaped.users.createAccount(Account(username: "late", userHandle: [1]))
        }
        #expect(try await storage.stores.users.account(forUserHandle: [1]) == nil)
    }

    @Test func theOutsideStoresOrANestedTransactionInsideATransactionThrowInsteadOfWaiting() async throws {
        let storage = InMemoryAccountStorage()
        await #expect(throws: InMemoryStoreError.self) {
            try await storage.withTransaction { _ in
                _ = try await storage.stores.users.account(forUserHandle: [1])
            }
        }
        await #expect(throws: InMemoryStoreError.self) {
            try await storage.withTransaction { _ in
                try await storage.withTransaction { _ in }
            }
        }
        let other = InMemoryAccountStorage()
        let created = try await storage.withTransaction { _ in
            try await other.stores.users.createAccount(Account(username: "ada", userHandle: [1]))
        }
        #expect(created)
    }

    // MARK: - The gate

    @Test func theGateRunsItsBodiesInTheOrderTheyEntered() async throws {
        let gate = SerialGate()
        let release = Latch()
        let order = Recorder()
        let holder = Task { try await gate.run { await release.wait() } }
        try await Task.sleep(for: .milliseconds(50))
        var waiters: [Task<Void, any Error>] = []
        for number in 1...5 {
            waiters.append(Task { try await gate.run { await order.append(number) } })
            try await Task.sleep(for: .milliseconds(50))
        }
        await release.open()
        try await holder.value
        for waiter in waiters {
            try await waiter.value
        }
        #expect(await order.values == [1, 2, 3, 4, 5])
    }

    @Test func theGateRunsOneBodyAtATime() async throws {
        let gate = SerialGate()
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await gate.run {
                        await occupancy.enter()
                        await Task.yield()
                        await occupancy.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await occupancy.maximum == 1)
        #expect(await occupancy.entries == 50)
    }

    @Test func aTaskCancelledWhileWaitingForTheGateThrowsAndTheGateStaysUsable() async throws {
        let gate = SerialGate()
        let release = Latch()
        let ran = Recorder()
        let holder = Task { try await gate.run { await release.wait() } }
        try await Task.sleep(for: .milliseconds(50))
        let waiter = Task { try await gate.run { await ran.append(1) } }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        let behind = Task { try await gate.run { await ran.append(2) } }
        await release.open()
        try await holder.value
        try await behind.value
        #expect(await ran.values == [2])
        #expect(try await gate.run { 3 } == 3)
    }

    @Test func aTaskCancelledBeforeItEntersTheGateNeverRunsItsBody() async throws {
        let gate = SerialGate()
        let ran = Recorder()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await gate.run { await ran.append(1) }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await ran.values.isEmpty)
        #expect(try await gate.run { 4 } == 4)
    }

    // MARK: - The session store

    @Test func removeOldestKeepsTheNewestSessionsAndTheSparedOne() async throws {
        let store = InMemorySessionStore()
        for number in 1...5 {
            try await store.insert(Self.session(number, createdAt: Int64(number)))
        }
        try await store.insert(Self.session(9, userHandle: [2], createdAt: 1))
        let removed = await store.removeOldest(userHandle: [1], keeping: 3, sparing: [5])
        #expect(removed == 2)
        #expect(await Self.remaining(in: store, among: 1...5) == [3, 4, 5])
        #expect(await store.removeOldest(userHandle: [1], keeping: 2, sparing: [3]) == 1)
        #expect(await Self.remaining(in: store, among: 1...5) == [3, 5])
        #expect(await store.removeOldest(userHandle: [1], keeping: 0, sparing: [3]) == 1)
        #expect(await Self.remaining(in: store, among: 1...5) == [3])
        #expect(await store.session(tokenHash: [9]) != nil)
    }

    @Test func removeOldestBreaksTiesOfCreationByInsertion() async throws {
        let store = InMemorySessionStore()
        for number in 1...4 {
            try await store.insert(Self.session(number, createdAt: 100))
        }
        #expect(await store.removeOldest(userHandle: [1], keeping: 2, sparing: []) == 3)
        #expect(await Self.remaining(in: store, among: 1...4) == [4])
    }

    @Test func aSessionIsInsertedOnceTouchedAndRemoved() async throws {
        let store = InMemorySessionStore()
        try await store.insert(Self.session(1, createdAt: 10))
        await #expect(throws: InMemoryStoreError.self) { try await store.insert(Self.session(1, createdAt: 11)) }
        await store.touch(tokenHash: [1], lastSeenAt: 50, idleExpiresAt: 60)
        let touched = await store.session(tokenHash: [1])
        #expect(touched?.lastSeenAt == 50)
        #expect(touched?.idleExpiresAt == 60)
        #expect(touched?.createdAt == 10)
        #expect(await store.activeSessionCount(at: 59) == 1)
        #expect(await store.activeSessionCount(at: 60) == 0)
        #expect(await store.remove(tokenHash: [1]))
        #expect(await store.remove(tokenHash: [1]) == false)
        #expect(await store.count == 0)
    }

    @Test func sessionsAreRemovedByAccountByCredentialAndByExpiry() async throws {
        let store = InMemorySessionStore()
        try await store.insert(Self.session(1, createdAt: 1))
        try await store.insert(Self.session(2, createdAt: 1, credentialID: [8]))
        try await store.insert(Self.session(3, userHandle: [2], createdAt: 1, credentialID: [8]))
        try await store.insert(Self.session(4, userHandle: [3], createdAt: 1, expiresAt: 5))
        #expect(await store.removeExpired(at: 5) == 1)
        #expect(await store.removeAll(credentialID: [8]) == 2)
        #expect(await store.removeAll(userHandle: [1]) == 1)
        #expect(await store.count == 0)
        #expect(await store.removeAll(userHandle: [1]) == 0)
    }

    // MARK: - The user store

    @Test(arguments: AccountStoreConformanceTests(accountStore: { InMemoryUserStore() }).checks)
    func theInMemoryUserStorePassesTheAccountConformanceSuite(_ check: StoreConformanceTests.Check) async throws {
        try await check.run()
    }

    @Test func anAppleSecretIsTakenOnceForItsPurposeBeforeItExpires() async throws {
        let store = InMemoryUserStore()
        let expiresAt = AppleSignInSecret.seconds(Self.start) + 60
        let nonce = AppleSignInSecret(value: "a", purpose: .nonce, username: "", expiresAt: expiresAt)
        try await store.storeAppleSignInSecret(nonce)
        await #expect(throws: InMemoryStoreError.self) { try await store.storeAppleSignInSecret(nonce) }
        #expect(await store.takeAppleSignInSecret("a", purpose: .registrationTicket, at: Self.start) == nil)
        #expect(await store.takeAppleSignInSecret("a", purpose: .nonce, at: Self.start) == nonce)
        #expect(await store.takeAppleSignInSecret("a", purpose: .nonce, at: Self.start) == nil)

        let late = AppleSignInSecret(value: "b", purpose: .nonce, username: "", expiresAt: expiresAt)
        try await store.storeAppleSignInSecret(late)
        #expect(await store.takeAppleSignInSecret("b", purpose: .nonce, at: Self.start.addingTimeInterval(61)) == nil)
        #expect(await store.appleSignInSecretCount == 0)
    }

    @Test func ofConcurrentTakesOfOneAppleSecretOneGetsIt() async throws {
        let store = InMemoryUserStore()
        let secret = AppleSignInSecret.generate(purpose: .nonce, lifetime: 60, now: Self.start)
        try await store.storeAppleSignInSecret(secret)
        let winners = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    await store.takeAppleSignInSecret(secret.value, purpose: .nonce, at: Self.start) != nil
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(winners == 1)
    }

    @Test func removeOldestAppleSecretsKeepsTheLastToExpireOfThatPurpose() async throws {
        let store = InMemoryUserStore()
        for number in 1...5 {
            try await store.storeAppleSignInSecret(
                AppleSignInSecret(value: "n\(number)", purpose: .nonce, username: "", expiresAt: Int64(number))
            )
        }
        let ticket = AppleSignInSecret(value: "t", purpose: .registrationTicket, username: "apple:x", expiresAt: 0)
        try await store.storeAppleSignInSecret(ticket)
        #expect(await store.removeOldestAppleSignInSecrets(purpose: .nonce, keeping: 2) == 3)
        #expect(await store.removeOldestAppleSignInSecrets(purpose: .nonce, keeping: -1) == 2)
        #expect(await store.appleSignInSecretCount == 1)
        #expect(await store.removeExpiredAppleSignInSecrets(at: Date(timeIntervalSince1970: 0)) == 0)
        #expect(await store.removeExpiredAppleSignInSecrets(at: Date(timeIntervalSince1970: 1)) == 1)
    }

    @Test func theFirstAppleSignInCreatesTheAccountAndTheLinkOnce() async throws {
        let store = InMemoryUserStore()
        let usernames = try await withThrowingTaskGroup(of: String.self) { group in
            for proposal in 1...10 {
                group.addTask {
                    try await store.username(forAppleSubject: "001.abc", proposing: [UInt8(proposal)])
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(usernames == ["apple:001.abc"])
        #expect(await store.accountCount == 1)
        let handle = try #require(await store.existingUserHandle(forUsername: "apple:001.abc"))
        #expect(await store.hasAppleSignIn(userHandle: handle))
    }

    @Test func anAccountMadeWithoutTheLinkIsNeverLinked() async throws {
        let store = InMemoryUserStore()
        #expect(await store.createAccount(Account(username: "apple:001.abc", userHandle: [1])))
        await #expect(throws: AppleAccountConflict.self) {
            try await store.username(forAppleSubject: "001.abc", proposing: [2])
        }
        #expect(await store.hasAppleSignIn(userHandle: [1]) == false)
        #expect(await store.createAccount(Account(username: "ada", userHandle: [3])))
        let error = await #expect(throws: StoreError.self) {
            try await store.username(forAppleSubject: "002.def", proposing: [3])
        }
        #expect(error?.code == .corruptedRow)
        #expect(await store.existingUserHandle(forUsername: "apple:002.def") == nil)
    }

    // MARK: - Helpers

    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// A session whose token hash is `[number]`.
    static func session(
        _ number: Int,
        userHandle: [UInt8] = [1],
        createdAt: Int64,
        credentialID: [UInt8] = [7],
        expiresAt: Int64 = 1_000
    ) -> SessionRecord {
        SessionRecord(
            tokenHash: [UInt8(number)],
            userHandle: userHandle,
            credentialID: credentialID,
            createdAt: createdAt,
            lastSeenAt: createdAt,
            idleExpiresAt: expiresAt,
            expiresAt: expiresAt,
            userAgent: "test"
        )
    }

    /// Which of the sessions `numbers` are still stored.
    static func remaining(in store: InMemorySessionStore, among numbers: ClosedRange<Int>) async -> [Int] {
        var remaining: [Int] = []
        for number in numbers where await store.session(tokenHash: [UInt8(number)]) != nil {
            remaining.append(number)
        }
        return remaining
    }

    struct Rollback: Error {}

    /// A storage whose transactions run their body on the storage's own stores: every call commits on its own.
    struct WithoutTransactions: AccountStorage {
        let base = InMemoryAccountStorage()

        var stores: AccountStores { base.stores }

        func withTransaction<Result: Sendable>(
            _ body: @escaping @Sendable (AccountStores) async throws -> Result
        ) async throws -> Result {
            try await body(base.stores)
        }
    }

    /// A door that tasks wait at until it is opened.
    actor Latch {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            guard !isOpen else { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func open() {
            isOpen = true
            waiting.forEach { $0.resume() }
            waiting = []
        }
    }

    /// Numbers in the order they came.
    actor Recorder {
        private(set) var values: [Int] = []

        func append(_ value: Int) {
            values.append(value)
        }
    }

    /// How many bodies are inside at once, at most.
    actor Occupancy {
        private var inside = 0
        private(set) var maximum = 0
        private(set) var entries = 0

        func enter() {
            inside += 1
            entries += 1
            maximum = max(maximum, inside)
        }

        func leave() {
            inside -= 1
        }
    }
}
