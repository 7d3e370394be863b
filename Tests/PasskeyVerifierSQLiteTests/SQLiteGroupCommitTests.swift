#if SQLite
    import Foundation
    import PasskeyAccounts
    import PasskeyVerifierSQLite
    import Testing

    /// Transactions that wait while another runs commit with it, once; one that throws loses only its own writes; one
    /// cancelled takes no other down; one that arrives alone commits alone.
    @Suite struct SQLiteGroupCommitTests {
        /// A storage on a new file, with an account whose display name counts.
        static func storage() async throws -> (SQLiteStorage, SQLiteAccountStorage, [UInt8]) {
            let storage = try await SQLiteStorage.open(.file(path: try SQLiteStoreTests.temporaryDatabasePath()))
            let accounts = try await SQLiteAccountStorage.open(storage: storage)
            let handle = Array(UUID().uuidString.utf8.prefix(16))
            #expect(
                try await accounts.stores.users.createAccount(
                    Account(username: "group-\(UUID().uuidString.prefix(8))", userHandle: handle, displayName: "0")))
            return (storage, accounts, handle)
        }

        /// Adds one to the count.
        static func increment(_ handle: [UInt8], in stores: AccountStores) async throws {
            let count = Int(try await stores.users.account(forUserHandle: handle)?.displayName ?? "") ?? -1
            await Task.yield()
            _ = try await stores.users.setDisplayName(String(count + 1), forUserHandle: handle)
        }

        struct Refused: Error {}

        @Test func waitingTransactionsCommitTogetherAndAFailingOneLosesOnlyItsWrites() async throws {
            let (storage, accounts, handle) = try await Self.storage()
            let started = await storage.commitCount()
            let holder = Task {
                try await accounts.withTransaction { stores in
                    try await Self.increment(handle, in: stores)
                    let deadline = ContinuousClock.now + .seconds(10)
                    while await storage.waitingTransactionCount() < 20, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(5))
                    }
                }
            }
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        do {
                            try await accounts.withTransaction { stores in
                                try await Self.increment(handle, in: stores)
                                if index % 5 == 0 { throw Refused() }
                            }
                            return "committed"
                        } catch {
                            return error is Refused ? "refused" : "\(error)"
                        }
                    }
                }
                return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            }
            try await holder.value
            #expect(outcomes == ["committed": 16, "refused": 4])
            #expect(try await accounts.stores.users.account(forUserHandle: handle)?.displayName == "17")
            #expect(await storage.commitCount() - started == 1)
            try await storage.close()
        }

        @Test func aCancelledLeaderTakesNoWaitingTransactionDown() async throws {
            let (storage, accounts, handle) = try await Self.storage()
            let leader = Task {
                try await accounts.withTransaction { stores in
                    try await Self.increment(handle, in: stores)
                    try await Task.sleep(for: .seconds(10))
                }
            }
            try await Task.sleep(for: .milliseconds(50))
            let waiting = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            try await accounts.withTransaction { try await Self.increment(handle, in: $0) }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            try await Task.sleep(for: .milliseconds(50))
            leader.cancel()
            await #expect(throws: CancellationError.self) { try await leader.value }
            try await waiting.value
            #expect(try await accounts.stores.users.account(forUserHandle: handle)?.displayName == "8")
            try await storage.close()
        }

        @Test func aTransactionAloneCommitsAlone() async throws {
            let (storage, accounts, handle) = try await Self.storage()
            let started = await storage.commitCount()
            for _ in 0..<3 {
                try await accounts.withTransaction { try await Self.increment(handle, in: $0) }
            }
            #expect(await storage.commitCount() - started == 3)
            #expect(try await accounts.stores.users.account(forUserHandle: handle)?.displayName == "3")
            try await storage.close()
        }
    }
#endif
