import Foundation
import PasskeyAccounts
import PasskeyVerifier

/// A reusable conformance suite for a host's ``PasskeyAccounts/AccountStorage``: it checks the unit of work the
/// protocol documents (each ceremony step one transaction, WebAuthn Level 3 §7.1 `#reg-ceremony-create-credential-record`,
/// §13.4.3): a body that throws leaves none of its writes and a body that returns commits them all, concurrent
/// transactions that read and then write one account run one after the other, a call outside a transaction never
/// joins one, a cancelled transaction rolls back, a second storage over the same database sees what committed
/// and nothing else, and a sign-in's commit (``PasskeyAccounts/AccountStorage/commitSignIn(_:)``) writes everything
/// or nothing.
///
/// Run it from the host's test target as ``AccountStoreConformanceTests`` is run:
///
/// ```swift
/// let storage = AccountStorageConformanceTests(
///     storage: { try await MyAccountStorage(testDatabase()) },
///     openSecond: { try await MyAccountStorage(testDatabase()) }
/// )
///
/// @Test(arguments: storage.checks)
/// func accountStorageConformance(_ check: StoreConformanceTests.Check) async throws {
///     try await check.run()
/// }
/// ```
///
/// Every check uses fresh random credential IDs, user handles, usernames, sessions and challenges and deletes
/// nothing it did not write, so checks may share one database and run at once.
public struct AccountStorageConformanceTests: Sendable {
    /// Makes the storage a check runs against.
    public let makeStorage: @Sendable () async throws -> any AccountStorage
    /// Opens a second storage over the database ``makeStorage`` opens (another connection or pool, as a second
    /// process would), or `nil` when there is no such thing (a storage in memory).
    public let openSecond: (@Sendable () async throws -> any AccountStorage)?
    /// How many transactions race in ``checkConcurrentReadThenWriteTransactionsSerialize()``.
    public let transactionCount: Int

    /// Creates the suite.
    ///
    /// - Parameters:
    ///   - storage: returns the storage to check; called once per check.
    ///   - openSecond: returns a second storage over the same database as `storage`, or `nil` (the default) for a
    ///     storage that shares nothing, such as one in memory: the checks across two storages are then left out.
    ///   - transactionCount: how many concurrent transactions the serialization check runs (at least 2; 20 by
    ///     default).
    public init(
        storage: @escaping @Sendable () async throws -> any AccountStorage,
        openSecond: (@Sendable () async throws -> any AccountStorage)? = nil,
        transactionCount: Int = 20
    ) {
        self.makeStorage = storage
        self.openSecond = openSecond
        self.transactionCount = min(max(2, transactionCount), 200)
    }

    /// Every check; the one across two storages only with ``openSecond``.
    public var checks: [StoreConformanceTests.Check] {
        var checks: [StoreConformanceTests.Check] = [
            .init("checkThrowingBodyLeavesNoneOfItsWrites") { try await checkThrowingBodyLeavesNoneOfItsWrites() },
            .init("checkReturningBodyCommitsEveryWrite") { try await checkReturningBodyCommitsEveryWrite() },
            .init("checkConcurrentReadThenWriteTransactionsSerialize") {
                try await checkConcurrentReadThenWriteTransactionsSerialize()
            },
            .init("checkOutsideCallDoesNotJoinAnOpenTransaction") {
                try await checkOutsideCallDoesNotJoinAnOpenTransaction()
            },
            .init("checkCancelledTransactionRollsBackAndALaterOneRuns") {
                try await checkCancelledTransactionRollsBackAndALaterOneRuns()
            },
            .init("checkSignInCommitWritesEverything") { try await checkSignInCommitWritesEverything() },
            .init("checkRefusedSignInCommitWritesNothing") { try await checkRefusedSignInCommitWritesNothing() },
            .init("checkConcurrentSignInCommitsOfOneUpdateCommitOnce") {
                try await checkConcurrentSignInCommitsOfOneUpdateCommitOnce()
            },
        ]
        if openSecond != nil {
            checks.append(
                .init("checkSecondStorageSeesOnlyCommittedWrites") {
                    try await checkSecondStorageSeesOnlyCommittedWrites()
                }
            )
        }
        return checks
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
                    error is StoreConformanceTests.Failure ? "\(error)" : "\(check.name): the storage threw \(error)"
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

    /// A body that inserts a credential, creates an account, inserts a session, takes a challenge and renames an
    /// account, and then throws: `withTransaction` rethrows the body's error, and afterwards none of those writes is
    /// there (the challenge can be taken again). Inside the body, the writes read back.
    public func checkThrowingBodyLeavesNoneOfItsWrites() async throws {
        let storage = try await makeStorage()
        let writes = try await Writes.prepare(in: storage)
        do {
            _ = try await storage.withTransaction { stores in
                try await writes.apply(in: stores, check: "checkThrowingBodyLeavesNoneOfItsWrites")
                throw RollbackMarker()
            }
            try require(false, "withTransaction returned although its body threw")
        } catch is RollbackMarker {
        } catch let failure as StoreConformanceTests.Failure {
            throw failure
        } catch {
            try require(false, "withTransaction threw \(error), not the error its body threw")
        }
        let stores = storage.stores
        let credential = try await stores.credentials.credential(withID: writes.record.id)
        try require(credential == nil, "the credential a rolled-back body inserted reads back")
        let account = try await stores.users.account(forUserHandle: writes.account.userHandle)
        try require(account == nil, "the account a rolled-back body created reads back")
        let handle = try await stores.users.existingUserHandle(forUsername: writes.account.username)
        try require(handle == nil, "the username a rolled-back body created has a handle")
        let session = try await stores.sessions.session(tokenHash: writes.session.tokenHash)
        try require(session == nil, "the session a rolled-back body inserted reads back")
        let renamed = try await stores.users.account(forUserHandle: writes.existing.userHandle)
        try require(
            renamed == writes.existing,
            "the display name a rolled-back body set stayed: \(String(describing: renamed?.displayName))"
        )
        let challenge = try await stores.challenges.take(writes.challenge.challenge, at: writes.challenge.issuedAt)
        try require(
            challenge == writes.challenge,
            "the challenge a rolled-back body took is gone: take returned \(StoreConformanceTests.summary(challenge))"
        )
    }

    /// The same writes in a body that returns: `withTransaction` returns the body's value, and afterwards every
    /// write is there and the challenge is taken.
    public func checkReturningBodyCommitsEveryWrite() async throws {
        let storage = try await makeStorage()
        let writes = try await Writes.prepare(in: storage)
        let value = try await storage.withTransaction { stores in
            try await writes.apply(in: stores, check: "checkReturningBodyCommitsEveryWrite")
            return "committed"
        }
        try require(value == "committed", "withTransaction returned \"\(value)\", not what its body returned")
        let stores = storage.stores
        let credential = try await stores.credentials.credential(withID: writes.record.id)
        try require(
            credential == writes.record,
            "the committed credential reads back as \(StoreConformanceTests.summary(credential))"
        )
        let account = try await stores.users.account(forUserHandle: writes.account.userHandle)
        try require(account == writes.account, "the committed account reads back as \(String(describing: account))")
        let session = try await stores.sessions.session(tokenHash: writes.session.tokenHash)
        try require(session == writes.session, "the committed session reads back as \(String(describing: session))")
        let renamed = try await stores.users.account(forUserHandle: writes.existing.userHandle)
        try require(
            renamed?.displayName == Writes.newDisplayName,
            "the committed display name reads back as \(String(describing: renamed?.displayName))"
        )
        let challenge = try await stores.challenges.take(writes.challenge.challenge, at: writes.challenge.issuedAt)
        try require(
            challenge == nil,
            "the challenge a committed body took is taken again: \(StoreConformanceTests.summary(challenge))"
        )
    }

    /// ``transactionCount`` concurrent transactions (alternating between the two storages with ``openSecond``) each
    /// lock one account (``PasskeyAccounts/UserStore/lockAccount(userHandle:)``), read a count from its display name,
    /// insert a session named by the count and write the count plus one: in the end the count is
    /// ``transactionCount`` and every session from 0 up is there once, so no transaction decided on a count another
    /// was changing.
    public func checkConcurrentReadThenWriteTransactionsSerialize() async throws {
        let first = try await makeStorage()
        var storages = [first]
        if let openSecond {
            storages.append(try await openSecond())
        }
        let userHandle = try AccountStoreConformanceTests.handle()
        let account = Account(
            username: try AccountStoreConformanceTests.username(),
            userHandle: userHandle,
            displayName: "0"
        )
        try require(try await first.stores.users.createAccount(account), "a new account was not created")
        let count = transactionCount
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    let storage = storages[index % storages.count]
                    group.addTask {
                        try await storage.withTransaction { stores in
                            try await Self.incrementCount(of: userHandle, upTo: count, in: stores)
                        }
                    }
                }
                try await group.waitForAll()
            }
        } catch let failure as StoreConformanceTests.Failure {
            throw failure
        } catch {
            try require(
                false,
                "a transaction threw \(error): two transactions read the same count and inserted the same session?"
            )
        }
        let final = try await first.stores.users.account(forUserHandle: userHandle)
        try require(
            final?.displayName == String(count),
            "after \(count) transactions that each add one, the count is \(final?.displayName ?? "missing"): "
                + "an update was lost"
        )
        for number in 0..<count {
            let session = try await first.stores.sessions.session(
                tokenHash: Self.tokenHash(userHandle, number: number)
            )
            try require(session != nil, "the session of count \(number) is missing")
        }
    }

    /// A transaction inserts a credential and waits until a call through ``PasskeyAccounts/AccountStorage/stores``
    /// inserting another was issued, then throws: the outside credential is there (it was not rolled back with the
    /// transaction it must not join), the inside one is not.
    public func checkOutsideCallDoesNotJoinAnOpenTransaction() async throws {
        let storage = try await makeStorage()
        let inside = try StoreConformanceTests.record(
            userHandle: try AccountStoreConformanceTests.handle(), signCount: 0)
        let outside = try StoreConformanceTests.record(
            userHandle: try AccountStoreConformanceTests.handle(), signCount: 0)
        let inserted = ConformanceSignal()
        let issued = ConformanceSignal()
        let transaction = Task { () -> (any Error)? in
            do {
                try await storage.withTransaction { stores in
                    guard try await stores.credentials.insert(inside) else {
                        throw StoreConformanceTests.Failure(
                            check: "checkOutsideCallDoesNotJoinAnOpenTransaction",
                            message: "the transaction's insert of a new credential returned false"
                        )
                    }
                    await inserted.fire()
                    guard await issued.wait(atMost: .seconds(30)) else {
                        throw StoreConformanceTests.Failure(
                            check: "checkOutsideCallDoesNotJoinAnOpenTransaction",
                            message: "the outside insert was not issued within 30 seconds"
                        )
                    }
                    try await Task.sleep(for: .milliseconds(100))
                    throw RollbackMarker()
                }
                return nil
            } catch {
                return error
            }
        }
        guard await inserted.wait(atMost: .seconds(30)) else {
            transaction.cancel()
            try require(false, "the transaction's body did not insert within 30 seconds")
            return
        }
        await issued.fire()
        let outsideInserted = try await storage.stores.credentials.insert(outside)
        let outcome = await transaction.value
        if let failure = outcome as? StoreConformanceTests.Failure {
            throw failure
        }
        try require(
            outcome is RollbackMarker,
            "the transaction ended with \(outcome.map { "\($0)" } ?? "a commit"), not the error its body threw"
        )
        try require(outsideInserted, "the outside insert of a new credential returned false")
        let outsideRecord = try await storage.stores.credentials.credential(withID: outside.id)
        try require(
            outsideRecord == outside,
            "the credential inserted outside the transaction is gone: it joined the transaction and was rolled back"
        )
        let insideRecord = try await storage.stores.credentials.credential(withID: inside.id)
        try require(insideRecord == nil, "the credential the rolled-back transaction inserted reads back")
    }

    /// A transaction that inserts a credential and is cancelled while its body waits ends with an error and leaves
    /// nothing; a later transaction on the same storage runs and commits.
    public func checkCancelledTransactionRollsBackAndALaterOneRuns() async throws {
        let storage = try await makeStorage()
        let userHandle = try AccountStoreConformanceTests.handle()
        let cancelled = try StoreConformanceTests.record(userHandle: userHandle, signCount: 0)
        let later = try StoreConformanceTests.record(userHandle: userHandle, signCount: 0)
        let started = ConformanceSignal()
        let transaction = Task { () -> (any Error)? in
            do {
                try await storage.withTransaction { stores in
                    _ = try await stores.credentials.insert(cancelled)
                    await started.fire()
                    try await Task.sleep(for: .seconds(10))
                }
                return nil
            } catch {
                return error
            }
        }
        guard await started.wait(atMost: .seconds(30)) else {
            transaction.cancel()
            try require(false, "the transaction's body did not start within 30 seconds")
            return
        }
        transaction.cancel()
        let outcome = await transaction.value
        try require(outcome != nil, "a transaction cancelled while its body waited committed")
        let found = try await storage.stores.credentials.credential(withID: cancelled.id)
        try require(found == nil, "the credential of the cancelled transaction reads back")
        let inserted = try await storage.withTransaction { stores in try await stores.credentials.insert(later) }
        try require(inserted, "the transaction after a cancelled one did not insert a new credential")
        let laterRecord = try await storage.stores.credentials.credential(withID: later.id)
        try require(laterRecord == later, "the transaction after a cancelled one did not commit")
    }

    /// While a transaction of the first storage has inserted a credential and created an account, the second storage
    /// (``openSecond``) does not see them (unless its read waited for the commit); once it committed, it does; what a
    /// rolled-back transaction wrote it never sees.
    public func checkSecondStorageSeesOnlyCommittedWrites() async throws {
        guard let openSecond else { return }
        let first = try await makeStorage()
        let second = try await openSecond()
        let userHandle = try AccountStoreConformanceTests.handle()
        let record = try StoreConformanceTests.record(userHandle: userHandle, signCount: 0)
        let account = Account(username: try AccountStoreConformanceTests.username(), userHandle: userHandle)
        let written = ConformanceSignal()
        let read = ConformanceSignal()
        let bodyEnded = ConformanceSignal()
        let transaction = Task { () -> (any Error)? in
            do {
                try await first.withTransaction { stores in
                    _ = try await stores.credentials.insert(record)
                    _ = try await stores.users.createAccount(account)
                    await written.fire()
                    _ = await read.wait(atMost: .milliseconds(500))
                    await bodyEnded.fire()
                }
                return nil
            } catch {
                return error
            }
        }
        guard await written.wait(atMost: .seconds(30)) else {
            transaction.cancel()
            try require(false, "the first storage's transaction did not write within 30 seconds")
            return
        }
        let seenCredential = try await second.stores.credentials.credential(withID: record.id)
        let seenAccount = try await second.stores.users.account(forUserHandle: userHandle)
        let readWaitedForTheCommit = await bodyEnded.isFired
        await read.fire()
        let outcome = await transaction.value
        try require(outcome == nil, "the first storage's transaction threw \(outcome.map { "\($0)" } ?? "")")
        if !readWaitedForTheCommit {
            try require(seenCredential == nil, "the second storage saw a credential before its transaction committed")
            try require(seenAccount == nil, "the second storage saw an account before its transaction committed")
        }
        let committedCredential = try await second.stores.credentials.credential(withID: record.id)
        try require(committedCredential == record, "the second storage does not see a committed credential")
        let committedAccount = try await second.stores.users.account(forUserHandle: userHandle)
        try require(committedAccount == account, "the second storage does not see a committed account")

        let rolledBack = try StoreConformanceTests.record(userHandle: userHandle, signCount: 0)
        do {
            _ = try await first.withTransaction { stores in
                _ = try await stores.credentials.insert(rolledBack)
                throw RollbackMarker()
            }
        } catch is RollbackMarker {}
        let seenRolledBack = try await second.stores.credentials.credential(withID: rolledBack.id)
        try require(seenRolledBack == nil, "the second storage sees a credential whose transaction rolled back")
    }

    /// One step of ``checkConcurrentReadThenWriteTransactionsSerialize()``: lock, read the count, insert its
    /// session, write the count plus one.
    static func incrementCount(of userHandle: [UInt8], upTo limit: Int, in stores: AccountStores) async throws {
        try await stores.users.lockAccount(userHandle: userHandle)
        let account = try await stores.users.account(forUserHandle: userHandle)
        guard let number = account?.displayName.flatMap({ Int($0) }), (0..<limit).contains(number) else {
            throw StoreConformanceTests.Failure(
                check: "checkConcurrentReadThenWriteTransactionsSerialize",
                message: "a transaction read the count \(account?.displayName ?? "of a missing account")"
            )
        }
        try await stores.sessions.insert(
            session(tokenHash: tokenHash(userHandle, number: number), userHandle: userHandle, credentialID: [1])
        )
        await Task.yield()
        guard try await stores.users.setDisplayName(String(number + 1), forUserHandle: userHandle) else {
            throw StoreConformanceTests.Failure(
                check: "checkConcurrentReadThenWriteTransactionsSerialize",
                message: "setting the count found no account"
            )
        }
    }

    /// The token hash of the session of count `number`: the user handle's first 31 bytes and the number.
    static func tokenHash(_ userHandle: [UInt8], number: Int) -> [UInt8] {
        Array(userHandle.prefix(31)) + [UInt8(truncatingIfNeeded: number)]
    }

    /// A session valid for an hour from now.
    static func session(tokenHash: [UInt8], userHandle: [UInt8], credentialID: [UInt8]) -> SessionRecord {
        let now = AppleSignInSecret.seconds(Date())
        return SessionRecord(
            tokenHash: tokenHash,
            userHandle: userHandle,
            credentialID: credentialID,
            createdAt: now,
            lastSeenAt: now,
            idleExpiresAt: now &+ 3600,
            expiresAt: now &+ 86_400,
            userAgent: "AccountStorageConformanceTests"
        )
    }

    /// Throws a ``StoreConformanceTests/Failure`` for `check` unless `condition` holds.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, check: String = #function) throws {
        guard condition else {
            throw StoreConformanceTests.Failure(
                check: check.replacingOccurrences(of: "()", with: ""), message: message())
        }
    }

    /// The writes of the rollback and commit checks: what exists before, and what the body writes.
    struct Writes: Sendable {
        /// The display name the body gives ``existing``.
        static let newDisplayName = "Renamed in a transaction"

        let record: CredentialRecord
        let account: Account
        let session: SessionRecord
        let challenge: IssuedChallenge
        let existing: Account

        /// Puts a challenge and creates an account through the storage's own stores, and prepares the rest.
        static func prepare(in storage: any AccountStorage) async throws -> Writes {
            let userHandle = try AccountStoreConformanceTests.handle()
            let record = try StoreConformanceTests.record(userHandle: userHandle, signCount: 0)
            let writes = Writes(
                record: record,
                account: Account(username: try AccountStoreConformanceTests.username(), userHandle: userHandle),
                session: AccountStorageConformanceTests.session(
                    tokenHash: try StoreConformanceTests.randomBytes(32),
                    userHandle: userHandle,
                    credentialID: record.id
                ),
                challenge: try StoreConformanceTests.challenge(
                    issuedAt: StoreConformanceTests.wholeSecondNow(),
                    lifetime: 300
                ),
                existing: Account(
                    username: try AccountStoreConformanceTests.username(),
                    userHandle: try AccountStoreConformanceTests.handle()
                )
            )
            try await storage.stores.challenges.put(writes.challenge)
            guard try await storage.stores.users.createAccount(writes.existing) else {
                throw StoreConformanceTests.Failure(check: "Writes.prepare", message: "a new account was not created")
            }
            return writes
        }

        /// Makes every write in `stores`, checking that each reads back inside the transaction.
        func apply(in stores: AccountStores, check: String) async throws {
            func require(_ condition: Bool, _ message: String) throws {
                guard condition else { throw StoreConformanceTests.Failure(check: check, message: message) }
            }
            try require(try await stores.credentials.insert(record), "insert of a new credential returned false")
            try require(try await stores.users.createAccount(account), "a new account was not created")
            try await stores.sessions.insert(session)
            let taken = try await stores.challenges.take(challenge.challenge, at: challenge.issuedAt)
            try require(taken == challenge, "take returned \(StoreConformanceTests.summary(taken))")
            try require(
                try await stores.users.setDisplayName(Self.newDisplayName, forUserHandle: existing.userHandle),
                "setting a display name found no account"
            )
            let credential = try await stores.credentials.credential(withID: record.id)
            try require(
                credential == record,
                "inside the transaction, its credential reads back as \(StoreConformanceTests.summary(credential))")
            let created = try await stores.users.account(forUserHandle: account.userHandle)
            try require(
                created == account, "inside the transaction, its account reads back as \(String(describing: created))")
            let inserted = try await stores.sessions.session(tokenHash: session.tokenHash)
            try require(
                inserted == session, "inside the transaction, its session reads back as \(String(describing: inserted))"
            )
        }
    }

    /// The error a body throws to roll its transaction back.
    struct RollbackMarker: Error {}
}

/// A flag one task raises and another waits for, without a thread and with a time limit.
actor ConformanceSignal {
    private(set) var isFired = false

    /// Raises the flag.
    func fire() {
        isFired = true
    }

    /// Waits until the flag is raised or `limit` passed (or the task is cancelled); whether it was raised.
    func wait(atMost limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !isFired {
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }
}
