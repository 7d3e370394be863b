import Foundation
import PasskeyVerifier

/// The one challenge a ceremony step took in a commit of its own, as a `ChallengeStore` for the
/// relying party that verifies the step outside its transaction: `take` returns it once, for its own bytes.
actor TakenChallenge: ChallengeStore {
    private var issued: IssuedChallenge?

    /// Holds `issued`; `nil` holds nothing (every take then finds none).
    init(_ issued: IssuedChallenge?) {
        self.issued = issued
    }

    func put(_ challenge: IssuedChallenge) throws {
        throw RelyingPartyUsageError("a ceremony step issues no challenge")
    }

    func take(_ challenge: [UInt8], at instant: Date) -> IssuedChallenge? {
        guard let held = issued, held.challenge == challenge, held.isValid(at: instant) else { return nil }
        issued = nil
        return held
    }

    func removeExpired(at instant: Date) -> Int { 0 }

    func removeOldest(keeping maximumCount: Int) -> Int { 0 }

    func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) -> Int { 0 }
}

/// A `CredentialStore` that reads from `base` and keeps the registration's new record instead of inserting it: the
/// ceremony is verified outside its transaction, holding no connection and no lock, and the transaction then
/// inserts what it kept.
actor DeferredCredentialWrites: CredentialStore {
    private let base: any CredentialStore
    /// The record the registration would have inserted.
    private(set) var inserted: CredentialRecord?

    /// Reads from `base`.
    init(reading base: any CredentialStore) {
        self.base = base
    }

    func credential(withID id: [UInt8]) async throws -> CredentialRecord? {
        try await base.credential(withID: id)
    }

    func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
        try await base.credentials(forUserHandle: userHandle)
    }

    func insert(_ record: CredentialRecord) -> Bool {
        inserted = record
        return true
    }

    func update(_ update: CredentialRecordUpdate) throws -> Bool {
        throw RelyingPartyUsageError("a registration updates no credential")
    }

    func rename(credentialID: [UInt8], nickname: String?) throws -> Bool {
        throw RelyingPartyUsageError("a ceremony step renames no credential")
    }

    func remove(credentialID: [UInt8]) throws -> Bool {
        throw RelyingPartyUsageError("a ceremony step removes no credential")
    }
}

/// The `CredentialStore` a sign-in is verified against: it reads from the storage's stores outside any transaction,
/// and its compare-and-set is the sign-in's one commit (``AccountStorage/commitSignIn(_:)``), with the challenge's
/// use, the new session and the trim of the account's oldest. When the record changed since it was read, the
/// relying party reads it again and verifies the assertion against it before the next commit (WebAuthn Level 3 §7.2
/// `#sctn-verifying-assertion`, the counter step).
actor SignInCommitting: CredentialStore {
    private let storage: any AccountStorage
    private let sealedChallenge: IssuedChallenge?
    private let sessionsKept: Int
    private let issueSession: @Sendable (_ userHandle: [UInt8], _ credentialID: [UInt8]) -> IssuedSession
    /// The owner of each record read, by credential ID.
    private var owners: [[UInt8]: [UInt8]] = [:]
    /// The account and session of the commit, once it committed.
    private(set) var committed: (account: Account, session: IssuedSession)?

    /// Commits to `storage` what `sealedChallenge` (recorded as used; `nil` for a stored challenge) and
    /// `issueSession` (the new session of an owner and credential) make, keeping `sessionsKept` of the account's.
    init(
        storage: any AccountStorage,
        sealedChallenge: IssuedChallenge?,
        sessionsKept: Int,
        issueSession: @escaping @Sendable (_ userHandle: [UInt8], _ credentialID: [UInt8]) -> IssuedSession
    ) {
        self.storage = storage
        self.sealedChallenge = sealedChallenge
        self.sessionsKept = sessionsKept
        self.issueSession = issueSession
    }

    func credential(withID id: [UInt8]) async throws -> CredentialRecord? {
        let record = try await storage.stores.credentials.credential(withID: id)
        owners[id] = record?.userHandle
        return record
    }

    func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
        try await storage.stores.credentials.credentials(forUserHandle: userHandle)
    }

    func insert(_ record: CredentialRecord) throws -> Bool {
        throw RelyingPartyUsageError("a sign-in inserts no credential")
    }

    func update(_ update: CredentialRecordUpdate) async throws -> Bool {
        guard let owner = owners[update.credentialID] else { throw Self.passkeyWithoutAccount }
        let session = issueSession(owner, update.credentialID)
        let signIn = SignInCommit(
            sealedChallenge: sealedChallenge, update: update, session: session.record, sessionsKept: sessionsKept)
        switch try await storage.commitSignIn(signIn) {
        case .committed(let account):
            committed = (account, session)
            return true
        case .credentialChanged:
            return false
        case .challengeUsed:
            throw AccountService.challengeUsed
        case .accountMissing:
            throw Self.passkeyWithoutAccount
        }
    }

    /// The refusal of a passkey whose record names no owner, or whose account is gone.
    private static var passkeyWithoutAccount: WebAuthnError {
        WebAuthnError(.unknownCredential, "the passkey has no account")
    }

    func rename(credentialID: [UInt8], nickname: String?) throws -> Bool {
        throw RelyingPartyUsageError("a ceremony step renames no credential")
    }

    func remove(credentialID: [UInt8]) throws -> Bool {
        throw RelyingPartyUsageError("a ceremony step removes no credential")
    }
}
