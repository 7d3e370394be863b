import PasskeyVerifier

/// What a verified sign-in writes, committed at once by ``AccountStorage/commitSignIn(_:)``: the use of a sealed
/// challenge (WebAuthn Level 3 §13.4.3), the credential record's compare-and-set (§7.2 `#sctn-verifying-assertion`,
/// the step "update credentialRecord"), the new session and the end of the account's oldest beyond the limit.
public struct SignInCommit: Sendable {
    /// The sealed challenge whose use is recorded (`SealedChallengeStore.digest(of:)`), or `nil`
    /// for a stored challenge, taken before.
    public var sealedChallenge: IssuedChallenge?
    /// The compare-and-set of the counter, the flags and the last use (`CredentialStore.update(_:)`).
    public var update: CredentialRecordUpdate
    /// The new session; its user handle is the account's, the credential's owner.
    public var session: SessionRecord
    /// How many sessions the account keeps, the new one among them (``SessionIssuing/maximumPerAccount``, at least 1).
    public var sessionsKept: Int

    /// Bundles the writes.
    public init(
        sealedChallenge: IssuedChallenge?, update: CredentialRecordUpdate, session: SessionRecord, sessionsKept: Int
    ) {
        self.sealedChallenge = sealedChallenge
        self.update = update
        self.session = session
        self.sessionsKept = max(sessionsKept, 1)
    }

    /// What the commit did: only ``committed(_:)`` wrote anything.
    public enum Outcome: Sendable, Hashable {
        /// Every write committed; the signed-in account, read in the same transaction.
        case committed(Account)
        /// The credential record's version is no longer the update's expected one (another sign-in, a rename) or the
        /// record is gone: nothing was written, and the assertion is verified again against the record read anew.
        case credentialChanged
        /// The sealed challenge was used before, on any instance: nothing was written.
        case challengeUsed
        /// The session's account does not exist: nothing was written.
        case accountMissing
    }

    /// The commit as calls of a transaction's `stores`, for a storage without a statement of its own: records the
    /// challenge's use, locks the account, compare-and-sets the record, reads the account, inserts the session and
    /// ends the oldest beyond ``sessionsKept``.
    ///
    /// - Throws: ``Refusal`` with the outcome when one of them refuses (the transaction then rolls back), and the
    ///   stores' errors.
    func write(in stores: AccountStores) async throws -> Account {
        if let sealedChallenge {
            guard let used = stores.usedChallenges,
                try await SealedChallengeStore.recordUse(of: sealedChallenge, in: used)
            else { throw Refusal(outcome: .challengeUsed) }
        }
        try await stores.users.lockAccount(userHandle: session.userHandle)
        guard try await stores.credentials.update(update) else { throw Refusal(outcome: .credentialChanged) }
        guard let account = try await stores.users.account(forUserHandle: session.userHandle) else {
            throw Refusal(outcome: .accountMissing)
        }
        try await stores.sessions.insert(session, keeping: sessionsKept)
        return account
    }

    /// The error that rolls ``write(in:)``'s transaction back when it writes nothing, carrying the outcome.
    struct Refusal: Error {
        let outcome: Outcome
    }
}

extension AccountStorage {
    /// Commits `signIn` in one ``withTransaction(_:)`` of the stores' calls (``SignInCommit``); a storage with a
    /// single statement for it (PostgreSQL) implements this requirement itself.
    ///
    /// - Returns: the outcome; only ``SignInCommit/Outcome/committed(_:)`` wrote anything.
    /// - Throws: the stores' errors; nothing is committed then.
    public func commitSignIn(_ signIn: SignInCommit) async throws -> SignInCommit.Outcome {
        do {
            return .committed(try await withTransaction { stores in try await signIn.write(in: stores) })
        } catch let refusal as SignInCommit.Refusal {
            return refusal.outcome
        }
    }
}
