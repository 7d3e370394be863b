#if PostgreSQL
    import Foundation
    import PasskeyAccounts
    import PasskeyVerifier
    import PasskeyVerifierPostgres
    import PasskeyVerifierTesting
    import PostgresNIO
    import Testing

    /// `PostgresAccountStorage`'s transactions: one `BEGIN` … `COMMIT` on one connection per body, rolled back when
    /// it throws or its task is cancelled, with the statements of ``PostgresAccountStorage/stores`` outside it, and
    /// the account lock that serializes the steps that change one account (issue 31 §2/§3).
    @Suite(
        .enabled("PostgreSQL answers at PASSKEY_POSTGRES_URL, or CI=true") { await PostgresTestServer.shouldRun() },
        .timeLimit(.minutes(2))
    )
    struct PostgresAccountStorageTests {
        static let userHandle: [UInt8] = [0xB1, 0xB2]
        static let logger = Logger(label: "passkey-account-storage-tests")

        /// The body's own error, which the transaction must rethrow as it is, not wrapped by PostgresNIO.
        struct BodyFailure: Error, Equatable {}

        /// Runs `body` with the account storage of a new, empty schema.
        static func withAccountStorage(
            _ body: (PostgresAccountStorage) async throws -> Void
        ) async throws {
            try await PostgresTestServer.withFreshSchema { client, _ in
                let storage = try await PostgresStorage.open(client: client)
                let accounts = PostgresAccountStorage(
                    storage: storage,
                    userStore: try await PostgresUserStore.open(storage: storage, logger: logger),
                    sessionStore: PostgresSessionStore(client: client, logger: logger)
                )
                try await body(accounts)
            }
        }

        static func record(_ id: [UInt8]) throws -> CredentialRecord {
            CredentialRecord(
                id: id,
                publicKey: try PrivateKey.generate(.es256).coseKey,
                userHandle: userHandle,
                registration: CredentialRegistrationDetails(registeredAt: Date(timeIntervalSince1970: 1_700_000_000))
            )
        }

        static func session(_ tokenHash: [UInt8], userAgent: String = "test") -> SessionRecord {
            SessionRecord(
                tokenHash: tokenHash,
                userHandle: userHandle,
                credentialID: [1],
                createdAt: 1_000,
                lastSeenAt: 1_000,
                idleExpiresAt: 9_000,
                expiresAt: 9_000,
                userAgent: userAgent
            )
        }

        @Test func aBodyThatThrowsLeavesNoneOfItsWrites() async throws {
            try await Self.withAccountStorage { accounts in
                let record = try Self.record([1, 1])
                let account = Account(username: "ada", userHandle: Self.userHandle)
                let seenInside = Box<Bool>(false)
                await #expect(throws: BodyFailure()) {
                    try await accounts.withTransaction { stores in
                        #expect(try await stores.credentials.insert(record))
                        #expect(try await stores.users.createAccount(account))
                        try await stores.sessions.insert(Self.session([9]))
                        let credential = try await stores.credentials.credential(withID: record.id)
                        let stored = try await stores.users.account(forUserHandle: Self.userHandle)
                        let session = try await stores.sessions.session(tokenHash: [9])
                        await seenInside.set(credential == record && stored == account && session != nil)
                        throw BodyFailure()
                    }
                }
                #expect(await seenInside.value, "the body's writes were visible inside its transaction")
                let stores = accounts.stores
                #expect(try await stores.credentials.credential(withID: record.id) == nil)
                #expect(try await stores.users.account(forUserHandle: Self.userHandle) == nil)
                #expect(try await stores.sessions.session(tokenHash: [9]) == nil)
            }
        }

        @Test func aBodyThatReturnsCommitsEveryWrite() async throws {
            try await Self.withAccountStorage { accounts in
                let record = try Self.record([2, 2])
                let account = Account(username: "grace", userHandle: Self.userHandle)
                let answer = try await accounts.withTransaction { stores in
                    #expect(try await stores.credentials.insert(record))
                    #expect(try await stores.users.createAccount(account))
                    try await stores.sessions.insert(Self.session([8]))
                    return 42
                }
                #expect(answer == 42)
                let stores = accounts.stores
                #expect(try await stores.credentials.credential(withID: record.id) == record)
                #expect(try await stores.users.account(forUserHandle: Self.userHandle) == account)
                #expect(try await stores.sessions.session(tokenHash: [8]) == Self.session([8]))
            }
        }

        @Test func concurrentReadThenWriteTransactionsThatLockTheAccountRunOneAfterTheOther() async throws {
            try await Self.withAccountStorage { accounts in
                #expect(
                    try await accounts.stores.users.createAccount(Account(username: "ada", userHandle: Self.userHandle))
                )
                let seen = try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<20 {
                        group.addTask {
                            try await accounts.withTransaction { stores in
                                try await stores.users.lockAccount(userHandle: Self.userHandle)
                                let seen = try await stores.sessions.activeSessionCount(at: 0)
                                try await Task.sleep(for: .milliseconds(2))
                                try await stores.sessions.insert(Self.session([UInt8(index)], userAgent: "\(seen)"))
                                return seen
                            }
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }.sorted()
                }
                #expect(seen == Array(0..<20))
                #expect(try await accounts.stores.sessions.activeSessionCount(at: 0) == 20)
            }
        }

        @Test func aLockedAccountMakesAnotherTransactionThatLocksItWaitUntilTheFirstEnds() async throws {
            try await Self.withAccountStorage { accounts in
                #expect(
                    try await accounts.stores.users.createAccount(Account(username: "ada", userHandle: Self.userHandle))
                )
                let locked = Latch()
                let release = Latch()
                let secondLocked = Box<Bool>(false)
                let first = Task {
                    try await accounts.withTransaction { stores in
                        try await stores.users.lockAccount(userHandle: Self.userHandle)
                        await locked.open()
                        await release.wait()
                    }
                }
                await locked.wait()
                let second = Task {
                    try await accounts.withTransaction { stores in
                        try await stores.users.lockAccount(userHandle: Self.userHandle)
                        await secondLocked.set(true)
                    }
                }
                try await Task.sleep(for: .milliseconds(300))
                #expect(await secondLocked.value == false, "the second lock waits while the first transaction runs")
                await release.open()
                try await first.value
                try await second.value
                #expect(await secondLocked.value)
            }
        }

        @Test func aStatementIssuedOutsideAnOpenTransactionDoesNotJoinIt() async throws {
            try await Self.withAccountStorage { accounts async throws in
                await #expect(throws: BodyFailure()) {
                    try await accounts.withTransaction { stores in
                        try await stores.sessions.insert(Self.session([1]))
                        let outside = Task<Void, any Error> {
                            try await accounts.stores.sessions.insert(Self.session([2]))
                        }
                        try await outside.value
                        throw BodyFailure()
                    }
                }
                #expect(try await accounts.stores.sessions.session(tokenHash: [1]) == nil)
                #expect(try await accounts.stores.sessions.session(tokenHash: [2]) != nil)
            }
        }

        @Test func aCancelledTransactionRollsBackAndALaterOneRuns() async throws {
            try await Self.withAccountStorage { accounts in
                let insideWrote = Latch()
                let transaction = Task {
                    try await accounts.withTransaction { stores in
                        try await stores.sessions.insert(Self.session([1]))
                        await insideWrote.open()
                        try await Task.sleep(for: .seconds(60))
                    }
                }
                await insideWrote.wait()
                transaction.cancel()
                await #expect(throws: CancellationError.self) { try await transaction.value }
                try await accounts.withTransaction { stores in try await stores.sessions.insert(Self.session([2])) }
                #expect(try await accounts.stores.sessions.session(tokenHash: [1]) == nil)
                #expect(try await accounts.stores.sessions.session(tokenHash: [2]) != nil)
            }
        }

        @Test func aTransactionsStoresFailOnceItEnded() async throws {
            try await Self.withAccountStorage { accounts in
                let escaped = try await accounts.withTransaction { stores in stores }
                await #expect(throws: UserStoreError.self) { try await escaped.sessions.insert(Self.session([1])) }
                #expect(try await accounts.stores.sessions.session(tokenHash: [1]) == nil)
            }
        }
    }

    /// A value several tasks read and set.
    actor Box<Value: Sendable> {
        private(set) var value: Value

        init(_ value: Value) {
            self.value = value
        }

        func set(_ value: Value) {
            self.value = value
        }
    }

    /// A one-way door: ``wait()`` returns once ``open()`` was called.
    actor Latch {
        private var isOpen = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters = []
        }

        func wait() async {
            guard !isOpen else { return }
            await withCheckedContinuation { waiters.append($0) }
        }
    }
#endif
