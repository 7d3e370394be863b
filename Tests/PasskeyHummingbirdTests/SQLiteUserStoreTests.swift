#if Server
import Foundation
import NIOCore
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import SQLiteNIO
import Testing

/// The SQLite user store as several server processes on one file use it: each opens its own connection.
@Suite struct SQLiteUserStoreTests {
    @Test func concurrentFirstAppleSignInsOnTwoConnectionsMakeOneLink() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-server-users-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let first = try await PasskeyStorage.openSQLite(path: path)
        let second = try await PasskeyStorage.openSQLite(path: path)
        for round in 0..<20 {
            let subject = "000100.round\(round).0001"
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<6 {
                    let store = (index % 2 == 0 ? first : second).userStore
                    group.addTask {
                        try await store.username(forAppleSubject: subject, proposing: Array("\(round)-\(index)".utf8))
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(Set(answers) == ["apple:\(subject)"])
            let handle = try #require(try await first.userStore.existingUserHandle(forUsername: "apple:\(subject)"))
            #expect(try await second.userStore.hasAppleSignIn(userHandle: handle))
        }
        let legacy = try await first.userStore.createAccount(
            Account(username: "apple:000200.legacy.0001", userHandle: [7]))
        #expect(legacy)
        await #expect(throws: AppleAccountConflict.self) {
            try await second.userStore.username(forAppleSubject: "000200.legacy.0001", proposing: [8])
        }
        #expect(try await first.userStore.hasAppleSignIn(userHandle: [7]) == false)
        try await first.close()
        try await second.close()
    }
}

/// Usernames stored before normalisation existed.
@Suite struct LegacyUsernameTests {
    @Test func storedNamesAreNormalisedOnceWhenFree() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-server-legacy-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        try await PasskeyStorage.openSQLite(path: path).close()
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: threadPool, on: MultiThreadedEventLoopGroup.singleton.any())
        _ = try await connection.query("DELETE FROM passkey_server_migrations")
        let rows = [
            ("Legacy", 1), ("Taken", 2), ("taken", 3), ("apple:ABC.1", 4), ("two words", 5), ("Bob", 6), ("BOB", 7),
            ("APPLE:000300.x.1", 8),
        ]
        for (name, handle) in rows {
            _ = try await connection.query(
                "INSERT INTO passkey_accounts (username, user_handle) VALUES (?, ?)",
                [.text(name), .blob(ByteBuffer(bytes: [UInt8(handle)]))])
        }
        try await connection.close()
        try await threadPool.shutdownGracefully()

        let storage = try await PasskeyStorage.openSQLite(path: path)
        #expect(try await storage.userStore.existingUserHandle(forUsername: "legacy") == [1])
        #expect(try await storage.userStore.existingUserHandle(forUsername: "Legacy") == nil)
        #expect(try await storage.userStore.existingUserHandle(forUsername: "Taken") == [2])
        #expect(try await storage.userStore.existingUserHandle(forUsername: "taken") == [3])
        #expect(try await storage.userStore.existingUserHandle(forUsername: "apple:ABC.1") == [4])
        #expect(try await storage.userStore.existingUserHandle(forUsername: "two words") == [5])
        #expect(try await storage.userStore.existingUserHandle(forUsername: "Bob") == [6])
        #expect(try await storage.userStore.existingUserHandle(forUsername: "BOB") == [7])
        #expect(try await storage.userStore.existingUserHandle(forUsername: "bob") == nil)
        #expect(try await storage.userStore.existingUserHandle(forUsername: "APPLE:000300.x.1") == [8])
        #expect(try await storage.userStore.existingUserHandle(forUsername: "apple:000300.x.1") == nil)
        try await storage.close()
    }
}
#endif
