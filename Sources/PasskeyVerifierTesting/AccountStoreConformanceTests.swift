import Foundation
import PasskeyAccounts
import PasskeyCrypto
import PasskeyVerifier

/// A reusable conformance suite for a host's ``PasskeyAccounts/AccountStore``: it checks the guarantees the protocol
/// documents (WebAuthn Level 3 §5.4.3 `user.id`, §14.6.1): an account reads back by username and by user handle,
/// a taken username or handle is refused without change, an existing handle wins over a proposed one, display
/// names are set and cleared, and concurrent creations of one username have one winner that every caller sees.
///
/// Run it from the host's test target as ``StoreConformanceTests`` is run:
///
/// ```swift
/// let accounts = AccountStoreConformanceTests(accountStore: { try await MyAccountStore(testDatabase()) })
///
/// @Test(arguments: accounts.checks)
/// func accountStoreConformance(_ check: StoreConformanceTests.Check) async throws {
///     try await check.run()
/// }
/// ```
///
/// Every check uses fresh random usernames and handles and deletes nothing, so checks may share one database.
public struct AccountStoreConformanceTests: Sendable {
    /// Makes the account store a check runs against.
    public let makeAccountStore: @Sendable () async throws -> any AccountStore
    /// How many tasks the concurrency checks run at once.
    public let concurrency: Int

    /// Creates the suite.
    ///
    /// - Parameters:
    ///   - accountStore: returns the account store to check; called once per check.
    ///   - concurrency: how many tasks race in the concurrency checks (at least 2; 50 by default).
    public init(accountStore: @escaping @Sendable () async throws -> any AccountStore, concurrency: Int = 50) {
        self.makeAccountStore = accountStore
        self.concurrency = max(2, concurrency)
    }

    /// Every check.
    public var checks: [StoreConformanceTests.Check] {
        [
            .init("checkCreatedAccountReadsBack") { try await checkCreatedAccountReadsBack() },
            .init("checkTakenUsernameOrHandleIsRefused") { try await checkTakenUsernameOrHandleIsRefused() },
            .init("checkExistingHandleWinsOverAProposedOne") { try await checkExistingHandleWinsOverAProposedOne() },
            .init("checkDisplayNameIsSetAndCleared") { try await checkDisplayNameIsSetAndCleared() },
            .init("checkConcurrentCreationsOfOneUsernameLetExactlyOneWin") {
                try await checkConcurrentCreationsOfOneUsernameLetExactlyOneWin()
            },
            .init("checkConcurrentProposalsAgreeOnOneHandle") { try await checkConcurrentProposalsAgreeOnOneHandle() },
        ]
    }

    /// Runs every check, even after one fails.
    ///
    /// - Throws: a ``StoreConformanceTests/Failure`` naming every failed check.
    public func runAll() async throws {
        var failures: [String] = []
        for check in checks {
            do {
                try await check.run()
            } catch {
                failures.append(
                    error is StoreConformanceTests.Failure ? "\(error)" : "\(check.name): the store threw \(error)"
                )
            }
        }
        guard failures.isEmpty else {
            throw StoreConformanceTests.Failure(
                check: "runAll()",
                message: "\(failures.count) of \(checks.count) checks failed:\n" + failures.joined(separator: "\n")
            )
        }
    }

    /// A created account is found by its username and by its handle, with its display name; an unknown username
    /// and an unknown handle are not found.
    public func checkCreatedAccountReadsBack() async throws {
        let store = try await makeAccountStore()
        let account = Account(username: try Self.username(), userHandle: try Self.handle(), displayName: "Ada L.")
        try require(try await store.createAccount(account), "a new account was not created")
        let handle = try await store.existingUserHandle(forUsername: account.username)
        try require(handle == account.userHandle, "the username reads back handle \(Self.describe(handle))")
        let found = try await store.account(forUserHandle: account.userHandle)
        try require(found == account, "the handle reads back \(String(describing: found))")
        let unknownName = try await store.existingUserHandle(forUsername: try Self.username())
        try require(unknownName == nil, "an unknown username has handle \(Self.describe(unknownName))")
        let unknownHandle = try await store.account(forUserHandle: try Self.handle())
        try require(unknownHandle == nil, "an unknown handle has account \(String(describing: unknownHandle))")
    }

    /// Creating an account whose username, or whose handle, is taken returns `false` and changes nothing.
    public func checkTakenUsernameOrHandleIsRefused() async throws {
        let store = try await makeAccountStore()
        let account = Account(username: try Self.username(), userHandle: try Self.handle())
        try require(try await store.createAccount(account), "a new account was not created")
        let sameName = Account(username: account.username, userHandle: try Self.handle(), displayName: "Other")
        try require(try await store.createAccount(sameName) == false, "a taken username was created again")
        let sameHandle = Account(username: try Self.username(), userHandle: account.userHandle)
        try require(try await store.createAccount(sameHandle) == false, "a taken user handle was created again")
        let found = try await store.account(forUserHandle: account.userHandle)
        try require(found == account, "a refused creation changed the account to \(String(describing: found))")
        let other = try await store.existingUserHandle(forUsername: sameHandle.username)
        try require(other == nil, "a refused creation left the username \(sameHandle.username)")
    }

    /// ``PasskeyAccounts/AccountStore/userHandle(forUsername:proposing:)`` creates the account with the proposed
    /// handle when the username is free, and returns the stored handle, not the new proposal, afterwards.
    public func checkExistingHandleWinsOverAProposedOne() async throws {
        let store = try await makeAccountStore()
        let username = try Self.username()
        let first = try Self.handle()
        let created = try await store.userHandle(forUsername: username, proposing: first)
        try require(created == first, "a free username got handle \(Self.describe(created)), not the proposed one")
        let again = try await store.userHandle(forUsername: username, proposing: try Self.handle())
        try require(again == first, "a second proposal replaced the handle with \(Self.describe(again))")
        let found = try await store.account(forUserHandle: first)
        try require(found?.username == username, "the created account reads back as \(String(describing: found))")
    }

    /// A display name is set and cleared on an existing account; on an unknown handle the call returns `false`.
    public func checkDisplayNameIsSetAndCleared() async throws {
        let store = try await makeAccountStore()
        let account = Account(username: try Self.username(), userHandle: try Self.handle())
        try require(try await store.createAccount(account), "a new account was not created")
        try require(
            try await store.setDisplayName("Grace H.", forUserHandle: account.userHandle),
            "setting a display name found no account"
        )
        let named = try await store.account(forUserHandle: account.userHandle)
        try require(named?.displayName == "Grace H.", "the display name reads back as \(String(describing: named))")
        try require(
            try await store.setDisplayName(nil, forUserHandle: account.userHandle),
            "clearing a display name found no account"
        )
        let cleared = try await store.account(forUserHandle: account.userHandle)
        try require(
            cleared == account,
            "a cleared display name reads back as \(String(describing: cleared?.displayName))"
        )
        let unknown = try await store.setDisplayName("Nobody", forUserHandle: try Self.handle())
        try require(unknown == false, "setting the display name of an unknown handle returned true")
    }

    /// Of ``concurrency`` creations of one username with different handles, exactly one returns `true`, and the
    /// username then has that one's handle.
    public func checkConcurrentCreationsOfOneUsernameLetExactlyOneWin() async throws {
        let store = try await makeAccountStore()
        let username = try Self.username()
        let handles = try (0..<concurrency).map { _ in try Self.handle() }
        let winners = try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            for handle in handles {
                group.addTask {
                    try await store.createAccount(Account(username: username, userHandle: handle)) ? handle : nil
                }
            }
            return try await group.reduce(into: [[UInt8]]()) { winners, winner in
                if let winner { winners.append(winner) }
            }
        }
        try require(winners.count == 1, "\(winners.count) of \(concurrency) concurrent creations succeeded")
        let stored = try await store.existingUserHandle(forUsername: username)
        try require(stored == winners.first, "the username has handle \(Self.describe(stored)), not the winner's")
    }

    /// Of ``concurrency`` concurrent ``PasskeyAccounts/AccountStore/userHandle(forUsername:proposing:)`` calls for
    /// one free username, every caller gets the same handle, one of those proposed.
    public func checkConcurrentProposalsAgreeOnOneHandle() async throws {
        let store = try await makeAccountStore()
        let username = try Self.username()
        let proposals = try (0..<concurrency).map { _ in try Self.handle() }
        let answers = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for proposal in proposals {
                group.addTask { try await store.userHandle(forUsername: username, proposing: proposal) }
            }
            return try await group.reduce(into: Set<[UInt8]>()) { $0.insert($1) }
        }
        try require(answers.count == 1, "concurrent callers got \(answers.count) different handles")
        try require(
            answers.allSatisfy(proposals.contains),
            "the handle returned is none of the proposed ones"
        )
    }

    /// Throws a ``StoreConformanceTests/Failure`` for `check` unless `condition` holds.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, check: String = #function) throws {
        guard condition else {
            throw StoreConformanceTests.Failure(
                check: check.replacingOccurrences(of: "()", with: ""),
                message: message()
            )
        }
    }

    /// A fresh random username.
    static func username() throws -> String {
        "conformance-" + StoreConformanceTests.describe(try handle()).prefix(16)
    }

    /// A fresh random 32-byte user handle.
    static func handle() throws -> [UInt8] {
        try StoreConformanceTests.randomBytes(32)
    }

    /// A short hexadecimal prefix of `bytes`, for failure messages.
    static func describe(_ bytes: [UInt8]?) -> String {
        StoreConformanceTests.describe(bytes)
    }
}
