#if SQLite
    import Foundation
    import PasskeyAccounts
    import PasskeyVerifier
    import PasskeyVerifierSQLite
    import PasskeyVerifierTesting
    import SQLiteNIO
    import Testing

    /// `SQLiteAccountStorage`'s transactions: one `BEGIN IMMEDIATE` per body, committed when it returns, rolled back
    /// when it throws or its task is cancelled, with no other task's statement inside it (issue 31 §2/§3).
    @Suite(.timeLimit(.minutes(2))) struct SQLiteAccountStorageTests {
        static let userHandle: [UInt8] = [0xA1, 0xA2]

        /// The body's own error, which the transaction must rethrow as it is.
        struct BodyFailure: Error, Equatable {}

        /// An account storage over a new file, closed by `body`'s caller through the returned storage.
        static func openAccountStorage(path: String? = nil) async throws -> SQLiteAccountStorage {
            let storage = try await SQLiteStorage.open(
                .file(path: try path ?? SQLiteStoreTests.temporaryDatabasePath()))
            do {
                return try await SQLiteAccountStorage.open(storage: storage)
            } catch {
                try? await storage.close()
                throw error
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
            let accounts = try await Self.openAccountStorage()
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
            try await accounts.storage.close()
        }

        @Test func aBodyThatReturnsCommitsEveryWriteToTheFile() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            let accounts = try await Self.openAccountStorage(path: path)
            let record = try Self.record([2, 2])
            let account = Account(username: "grace", userHandle: Self.userHandle)
            let answer = try await accounts.withTransaction { stores in
                #expect(try await stores.credentials.insert(record))
                #expect(try await stores.users.createAccount(account))
                try await stores.sessions.insert(Self.session([8]))
                return 42
            }
            #expect(answer == 42)
            let other = try await Self.openAccountStorage(path: path)
            #expect(try await other.stores.credentials.credential(withID: record.id) == record)
            #expect(try await other.stores.users.account(forUserHandle: Self.userHandle) == account)
            #expect(try await other.stores.sessions.session(tokenHash: [8]) == Self.session([8]))
            try await other.storage.close()
            try await accounts.storage.close()
        }

        /// Each of `count` concurrent transactions, alternating over `storages`, counts the sessions and then inserts
        /// one carrying that count: serialized, the counts are 0 to `count - 1`, each once.
        static func readThenWriteConcurrently(_ storages: [SQLiteAccountStorage], count: Int) async throws -> [Int] {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<count {
                    let accounts = storages[index % storages.count]
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
                return try await group.reduce(into: []) { $0.append($1) }.sorted()
            }
        }

        @Test func concurrentReadThenWriteTransactionsOnOneStorageRunOneAfterTheOther() async throws {
            let accounts = try await Self.openAccountStorage()
            #expect(
                try await accounts.stores.users.createAccount(Account(username: "ada", userHandle: Self.userHandle)))
            let seen = try await Self.readThenWriteConcurrently([accounts], count: 20)
            #expect(seen == Array(0..<20))
            #expect(try await accounts.stores.sessions.activeSessionCount(at: 0) == 20)
            try await accounts.storage.close()
        }

        @Test func concurrentTransactionsOfTwoStoragesOnOneFileRunOneAfterTheOther() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            let first = try await Self.openAccountStorage(path: path)
            let second = try await Self.openAccountStorage(path: path)
            #expect(try await first.stores.users.createAccount(Account(username: "ada", userHandle: Self.userHandle)))
            let seen = try await Self.readThenWriteConcurrently([first, second], count: 20)
            #expect(seen == Array(0..<20))
            #expect(try await second.stores.sessions.activeSessionCount(at: 0) == 20)
            try await first.storage.close()
            try await second.storage.close()
        }

        /// How a task outside the transaction writes to the storage.
        enum OutsideWriter: String, CaseIterable, Sendable {
            /// `SQLiteAccountStorage.stores`.
            case accountStores
            /// `SQLiteSessionStore(connection:)`, as a host that kept the connection makes it.
            case sessionStoreOnTheConnection
            /// `SQLiteStorage.withConnection`, a host's own statement.
            case hostStatement

            func insert(_ session: SessionRecord, into accounts: SQLiteAccountStorage) async throws {
                switch self {
                case .accountStores:
                    try await accounts.stores.sessions.insert(session)
                case .sessionStoreOnTheConnection:
                    try await SQLiteSessionStore(connection: accounts.storage.connection).insert(session)
                case .hostStatement:
                    _ = try await accounts.storage.withConnection { connection in
                        try await connection.query(
                            """
                            INSERT INTO passkey_server_sessions (token_hash, user_handle, credential_id, created_at,
                                last_seen_at, idle_expires_at, expires_at, user_agent) VALUES (?, ?, ?, 1, 1, 9, 9, '')
                            """,
                            [
                                .blob(ByteBuffer(bytes: session.tokenHash)), .blob(ByteBuffer(bytes: [1])),
                                .blob(ByteBuffer(bytes: [1])),
                            ]
                        )
                    }
                }
            }
        }

        @Test(arguments: OutsideWriter.allCases)
        func aStatementIssuedOutsideAnOpenTransactionDoesNotJoinIt(_ writer: OutsideWriter) async throws {
            let accounts = try await Self.openAccountStorage()
            let insideWrote = Latch()
            let outsideIssued = Latch()
            let outsideFinished = Box<Bool>(false)
            let transaction = Task {
                try await accounts.withTransaction { stores in
                    try await stores.sessions.insert(Self.session([1]))
                    await insideWrote.open()
                    await outsideIssued.wait()
                    try await Task.sleep(for: .milliseconds(200))
                    #expect(await outsideFinished.value == false, "the outside statement waited for the transaction")
                    throw BodyFailure()
                }
            }
            await insideWrote.wait()
            let outside = Task {
                await outsideIssued.open()
                try await writer.insert(Self.session([2]), into: accounts)
                await outsideFinished.set(true)
            }
            await #expect(throws: BodyFailure()) { try await transaction.value }
            try await outside.value
            #expect(try await accounts.stores.sessions.session(tokenHash: [1]) == nil)
            #expect(try await accounts.stores.sessions.session(tokenHash: [2]) != nil)
            try await accounts.storage.close()
        }

        @Test func aCancelledTransactionRollsBackAndReleasesTheGate() async throws {
            let accounts = try await Self.openAccountStorage()
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
            try await accounts.storage.close()
        }

        @Test func aTransactionThatCannotTakeTheWriteLockThrowsBusyAndCommitsNothing() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            let holder = try await Self.openAccountStorage(path: path)
            let waiter = try await Self.openAccountStorage(path: path)
            let holding = Latch()
            let release = Latch()
            let held = Task {
                try await holder.withTransaction { stores in
                    try await stores.sessions.insert(Self.session([1]))
                    await holding.open()
                    await release.wait()
                }
            }
            await holding.wait()
            let bodyRan = Box<Bool>(false)
            do {
                try await waiter.withTransaction { stores in
                    await bodyRan.set(true)
                    try await stores.sessions.insert(Self.session([2]))
                }
                Issue.record("the transaction began while another connection held the write lock")
            } catch let error as SQLiteError {
                switch error.reason {
                case .busy, .busyTimeout: break
                default: Issue.record("expected SQLITE_BUSY, got \(error)")
                }
            }
            #expect(await bodyRan.value == false)
            await release.open()
            try await held.value
            #expect(try await waiter.stores.sessions.session(tokenHash: [1]) != nil)
            #expect(try await waiter.stores.sessions.session(tokenHash: [2]) == nil)
            try await waiter.withTransaction { stores in try await stores.sessions.insert(Self.session([3])) }
            #expect(try await holder.stores.sessions.session(tokenHash: [3]) != nil)
            try await holder.storage.close()
            try await waiter.storage.close()
        }

        @Test func theStoragesOwnStoresOrANestedTransactionInsideATransactionThrowInsteadOfWaiting() async throws {
            let accounts = try await Self.openAccountStorage()
            let other = try await Self.openAccountStorage()
            let refusals = try await accounts.withTransaction { stores in
                var refusals: [String] = []
                do {
                    try await accounts.stores.sessions.insert(Self.session([1]))
                } catch is UserStoreError {
                    refusals.append("stores")
                }
                do {
                    try await accounts.withTransaction { _ in }
                } catch is UserStoreError {
                    refusals.append("withTransaction")
                }
                do {
                    _ = try await accounts.storage.withConnection { connection in
                        try await connection.query("SELECT 1")
                    }
                } catch is UserStoreError {
                    refusals.append("withConnection")
                }
                try await other.stores.sessions.insert(Self.session([2]))
                try await stores.sessions.insert(Self.session([3]))
                return refusals
            }
            #expect(refusals == ["stores", "withTransaction", "withConnection"])
            #expect(try await accounts.stores.sessions.session(tokenHash: [1]) == nil)
            #expect(try await accounts.stores.sessions.session(tokenHash: [3]) != nil)
            #expect(try await other.stores.sessions.session(tokenHash: [2]) != nil)
            try await accounts.storage.close()
            try await other.storage.close()
        }

        @Test func aTransactionsStoresFailOnceItEnded() async throws {
            let accounts = try await Self.openAccountStorage()
            let escaped = try await accounts.withTransaction { stores in stores }
            await #expect(throws: UserStoreError.self) { try await escaped.sessions.insert(Self.session([1])) }
            #expect(try await accounts.stores.sessions.session(tokenHash: [1]) == nil)
            try await accounts.storage.close()
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
