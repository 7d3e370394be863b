import Foundation
import PasskeyAccounts
import PasskeyVerifier

/// The checks of ``PasskeyAccounts/AccountStorage/commitSignIn(_:)``: one commit of every write, or none.
extension AccountStorageConformanceTests {
    /// A sign-in commit over an account with two sessions, keeping two: it answers the account, the record reads
    /// back as the update made it (counter, flags, last use, version one higher), the new session and the newer old
    /// one are there and the oldest is gone, another account's session is untouched, and the sealed challenge (when
    /// the storage records used ones) is used.
    public func checkSignInCommitWritesEverything() async throws {
        let storage = try await makeStorage()
        let signIn = try await SignInFixture.prepare(in: storage)
        let stores = storage.stores
        let oldest = Self.session(
            tokenHash: try StoreConformanceTests.randomBytes(32), userHandle: signIn.owner, credentialID: [1])
        var newer = Self.session(
            tokenHash: try StoreConformanceTests.randomBytes(32), userHandle: signIn.owner, credentialID: [1])
        newer.createdAt = oldest.createdAt &+ 1
        let stranger = Self.session(
            tokenHash: try StoreConformanceTests.randomBytes(32),
            userHandle: try AccountStoreConformanceTests.handle(),
            credentialID: [2]
        )
        try await stores.sessions.insert(oldest)
        try await stores.sessions.insert(newer)
        try await stores.sessions.insert(stranger)
        var commit = signIn.commit
        commit.sessionsKept = 2
        let outcome = try await storage.commitSignIn(commit)
        try require(outcome == .committed(signIn.account), "the commit answered \(outcome), not the account")
        let record = try await stores.credentials.credential(withID: signIn.record.id)
        try require(
            record == commit.update.applied(to: signIn.record),
            "the record reads back as \(StoreConformanceTests.summary(record)), not as the update made it"
        )
        let session = try await stores.sessions.session(tokenHash: commit.session.tokenHash)
        try require(session == commit.session, "the new session reads back as \(String(describing: session))")
        let kept = try await stores.sessions.session(tokenHash: newer.tokenHash)
        try require(kept == newer, "the newer old session is gone although two are kept")
        let ended = try await stores.sessions.session(tokenHash: oldest.tokenHash)
        try require(ended == nil, "the oldest session is still there beyond the two kept")
        let other = try await stores.sessions.session(tokenHash: stranger.tokenHash)
        try require(other == stranger, "another account's session was ended by the trim")
        if let used = stores.usedChallenges, let sealed = commit.sealedChallenge {
            let again = try await SealedChallengeStore.recordUse(of: sealed, in: used)
            try require(!again, "the sealed challenge was not recorded as used")
        }
    }

    /// Sign-in commits that must write nothing: an update whose expected version is stale is `credentialChanged`, a
    /// session of a missing account is `accountMissing`, and (when the storage records used challenges) a sealed
    /// challenge used before is `challengeUsed`; afterwards the record is unchanged and no session was stored, and
    /// the refused commits' challenges are still unused.
    public func checkRefusedSignInCommitWritesNothing() async throws {
        let storage = try await makeStorage()
        let stores = storage.stores
        let signIn = try await SignInFixture.prepare(in: storage)
        var stale = signIn.commit
        stale.update.expectedVersion = signIn.record.version &+ 7
        let other = try await SignInFixture.prepare(in: storage)
        var missing = other.commit
        missing.session.userHandle = try AccountStoreConformanceTests.handle()
        var refusals: [(commit: SignInCommit, expected: SignInCommit.Outcome, record: CredentialRecord)] = [
            (stale, .credentialChanged, signIn.record), (missing, .accountMissing, other.record),
        ]
        if let used = stores.usedChallenges, let sealed = signIn.commit.sealedChallenge {
            var replayed = signIn.commit
            replayed.session.tokenHash = try StoreConformanceTests.randomBytes(32)
            let challenge = try StoreConformanceTests.challenge(issuedAt: sealed.issuedAt, lifetime: 300)
            _ = try await SealedChallengeStore.recordUse(of: challenge, in: used)
            replayed.sealedChallenge = challenge
            refusals.append((replayed, .challengeUsed, signIn.record))
        }
        for (commit, expected, original) in refusals {
            let outcome = try await storage.commitSignIn(commit)
            try require(outcome == expected, "a commit that should be \(expected) answered \(outcome)")
            let session = try await stores.sessions.session(tokenHash: commit.session.tokenHash)
            try require(session == nil, "the \(expected) commit stored its session")
            let record = try await stores.credentials.credential(withID: original.id)
            try require(
                record == original,
                "the \(expected) commit changed the record: \(StoreConformanceTests.summary(record))"
            )
            if let used = stores.usedChallenges, let sealed = commit.sealedChallenge, expected != .challengeUsed {
                let unused = try await SealedChallengeStore.recordUse(of: sealed, in: used)
                try require(unused, "the \(expected) commit recorded its challenge as used")
            }
        }
    }

    /// Two commits of one update at once, each with its own session (and the same sealed challenge when the storage
    /// records used ones): exactly one is `committed`, the other `credentialChanged` or `challengeUsed`, and only
    /// the winner's session is stored.
    public func checkConcurrentSignInCommitsOfOneUpdateCommitOnce() async throws {
        let storage = try await makeStorage()
        let signIn = try await SignInFixture.prepare(in: storage)
        var second = signIn.commit
        second.session.tokenHash = try StoreConformanceTests.randomBytes(32)
        let commits = [signIn.commit, second]
        let outcomes = try await withThrowingTaskGroup(of: (Int, SignInCommit.Outcome).self) { group in
            for (index, commit) in commits.enumerated() {
                group.addTask { (index, try await storage.commitSignIn(commit)) }
            }
            var outcomes: [Int: SignInCommit.Outcome] = [:]
            for try await (index, outcome) in group {
                outcomes[index] = outcome
            }
            return outcomes
        }
        let winners = outcomes.filter { $0.value == .committed(signIn.account) }.map(\.key)
        try require(winners.count == 1, "of two commits of one update, \(winners.count) committed: \(outcomes)")
        for (index, commit) in commits.enumerated() {
            let session = try await storage.stores.sessions.session(tokenHash: commit.session.tokenHash)
            try require(
                (session != nil) == winners.contains(index),
                "commit \(index) answered \(String(describing: outcomes[index])) but its session is "
                    + (session == nil ? "missing" : "stored")
            )
        }
        let record = try await storage.stores.credentials.credential(withID: signIn.record.id)
        try require(record?.version == signIn.record.version &+ 1, "the record was not updated exactly once")
    }

    /// An account with one credential, and a sign-in commit of it with a sealed challenge when the storage records
    /// used ones.
    struct SignInFixture: Sendable {
        let account: Account
        let record: CredentialRecord
        let owner: [UInt8]
        let commit: SignInCommit

        /// Creates the account and inserts its credential through the storage's own stores.
        static func prepare(in storage: any AccountStorage) async throws -> SignInFixture {
            let owner = try AccountStoreConformanceTests.handle()
            let account = Account(username: try AccountStoreConformanceTests.username(), userHandle: owner)
            let inserted = try StoreConformanceTests.record(userHandle: owner, signCount: 3)
            let stores = storage.stores
            guard try await stores.users.createAccount(account), try await stores.credentials.insert(inserted),
                let record = try await stores.credentials.credential(withID: inserted.id)
            else {
                throw StoreConformanceTests.Failure(
                    check: "SignInFixture.prepare", message: "the account or its credential was not stored")
            }
            let now = StoreConformanceTests.wholeSecondNow()
            let update = CredentialRecordUpdate(
                credentialID: record.id,
                expectedVersion: record.version,
                signCount: 4,
                backupEligible: record.backupEligible,
                backupState: record.backupState,
                userVerificationInitialized: true,
                lastUsedAt: now
            )
            let sealed =
                stores.usedChallenges == nil ? nil : try StoreConformanceTests.challenge(issuedAt: now, lifetime: 300)
            let session = AccountStorageConformanceTests.session(
                tokenHash: try StoreConformanceTests.randomBytes(32), userHandle: owner, credentialID: record.id)
            return SignInFixture(
                account: account,
                record: record,
                owner: owner,
                commit: SignInCommit(sealedChallenge: sealed, update: update, session: session, sessionsKept: 32)
            )
        }
    }
}
