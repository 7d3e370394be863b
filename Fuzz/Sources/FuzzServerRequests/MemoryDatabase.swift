import Foundation
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier

/// Everything the server stores, in memory: credential records, pending challenges, accounts, Sign in with Apple
/// links and secrets, sessions. One lock guards it all, so a ``Snapshot`` is consistent, and ``restore(_:)`` puts
/// a saved state back before each input (every execution starts from the same database).
final class MemoryDatabase: @unchecked Sendable {
    /// The whole content, comparable.
    struct Snapshot: Equatable {
        var credentials: [[UInt8]: CredentialRecord] = [:]
        var challenges: [[UInt8]: IssuedChallenge] = [:]
        var accounts: [[UInt8]: Account] = [:]
        var appleLinks: [String: String] = [:]
        var appleSecrets: [String: AppleSignInSecret] = [:]
        var sessions: [[UInt8]: SessionRecord] = [:]
    }

    private let lock = NSLock()
    private var state = Snapshot()

    /// The content now.
    var snapshot: Snapshot { lock.withLock { state } }

    /// Replaces the content with `snapshot`.
    func restore(_ snapshot: Snapshot) {
        lock.withLock { state = snapshot }
    }

    /// Runs `body` on the content under the lock.
    func with<Value>(_ body: (inout Snapshot) throws -> Value) rethrows -> Value {
        try lock.withLock { try body(&state) }
    }

    /// The four stores of the server over this database.
    var storage: PasskeyStorage {
        PasskeyStorage(
            credentialStore: MemoryCredentialStore(database: self),
            challengeStore: MemoryChallengeStore(database: self),
            userStore: MemoryUserStore(database: self),
            sessionStore: MemorySessionStore(database: self)
        )
    }
}

/// The credential records of a ``MemoryDatabase``.
struct MemoryCredentialStore: CredentialStore {
    let database: MemoryDatabase

    func credential(withID id: [UInt8]) -> CredentialRecord? {
        database.with { $0.credentials[id] }
    }

    func credentials(forUserHandle userHandle: [UInt8]) -> [CredentialRecord] {
        database.with { state in
            state.credentials.values.filter { $0.userHandle == userHandle }.sorted {
                $0.id.lexicographicallyPrecedes($1.id)
            }
        }
    }

    func insert(_ record: CredentialRecord) -> Bool {
        database.with { state in
            guard state.credentials[record.id] == nil else { return false }
            state.credentials[record.id] = record
            return true
        }
    }

    func update(_ update: CredentialRecordUpdate) -> Bool {
        database.with { state in
            guard let record = state.credentials[update.credentialID], record.version == update.expectedVersion else {
                return false
            }
            state.credentials[update.credentialID] = update.applied(to: record)
            return true
        }
    }

    func rename(credentialID: [UInt8], nickname: String?) -> Bool {
        database.with { state in
            guard var record = state.credentials[credentialID] else { return false }
            record.nickname = nickname
            record.version &+= 1
            state.credentials[credentialID] = record
            return true
        }
    }

    func remove(credentialID: [UInt8]) -> Bool {
        database.with { $0.credentials.removeValue(forKey: credentialID) != nil }
    }
}

/// The pending challenges of a ``MemoryDatabase``.
struct MemoryChallengeStore: ChallengeStore {
    let database: MemoryDatabase

    func put(_ challenge: IssuedChallenge) {
        database.with { $0.challenges[challenge.challenge] = challenge }
    }

    func take(_ challenge: [UInt8], at instant: Date) -> IssuedChallenge? {
        database.with { state in
            guard let issued = state.challenges.removeValue(forKey: challenge), issued.isValid(at: instant) else {
                return nil
            }
            return issued
        }
    }

    func removeExpired(at instant: Date) -> Int {
        database.with { state in
            let before = state.challenges.count
            state.challenges = state.challenges.filter { $0.value.isValid(at: instant) }
            return before - state.challenges.count
        }
    }

    func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) -> Int {
        database.with { state in
            let before = state.challenges.count
            state.challenges = state.challenges.filter {
                $0.value.ceremony != ceremony || $0.value.userHandle != userHandle
            }
            return before - state.challenges.count
        }
    }

    func removeOldest(keeping maximumCount: Int) -> Int {
        database.with { state in
            let excess = state.challenges.count - max(0, maximumCount)
            guard excess > 0 else { return 0 }
            let oldest = state.challenges.values.sorted { $0.issuedAt < $1.issuedAt }.prefix(excess)
            for challenge in oldest {
                state.challenges[challenge.challenge] = nil
            }
            return oldest.count
        }
    }
}

/// The accounts, Apple links and Apple secrets of a ``MemoryDatabase``.
struct MemoryUserStore: UserStore {
    let database: MemoryDatabase

    func createAccount(_ account: Account) -> Bool {
        database.with { state in
            guard state.accounts[account.userHandle] == nil,
                !state.accounts.values.contains(where: { $0.username == account.username })
            else { return false }
            state.accounts[account.userHandle] = account
            return true
        }
    }

    func userHandle(forUsername username: String, proposing proposed: [UInt8]) throws -> [UInt8] {
        try database.with { state in
            if let existing = state.accounts.values.first(where: { $0.username == username }) {
                return existing.userHandle
            }
            guard state.accounts[proposed] == nil else {
                throw StoreError(.corruptedRow, "the proposed user handle belongs to another account")
            }
            state.accounts[proposed] = Account(username: username, userHandle: proposed)
            return proposed
        }
    }

    func existingUserHandle(forUsername username: String) -> [UInt8]? {
        database.with { $0.accounts.values.first { $0.username == username }?.userHandle }
    }

    func account(forUserHandle userHandle: [UInt8]) -> Account? {
        database.with { $0.accounts[userHandle] }
    }

    func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) -> Bool {
        database.with { state in
            guard state.accounts[userHandle] != nil else { return false }
            state.accounts[userHandle]?.displayName = displayName
            return true
        }
    }

    func hasAppleSignIn(userHandle: [UInt8]) -> Bool {
        database.with { state in
            guard let username = state.accounts[userHandle]?.username else { return false }
            return state.appleLinks.values.contains(username)
        }
    }

    func username(forAppleSubject subject: String, proposing proposed: [UInt8]) throws -> String {
        try database.with { state in
            if let linked = state.appleLinks[subject] {
                return linked
            }
            let username = AppleAccountUsername.username(forSubject: subject)
            guard !state.accounts.values.contains(where: { $0.username == username }) else {
                throw AppleAccountConflict(username: username)
            }
            guard state.accounts[proposed] == nil else {
                throw StoreError(.corruptedRow, "the proposed user handle belongs to another account")
            }
            state.accounts[proposed] = Account(username: username, userHandle: proposed)
            state.appleLinks[subject] = username
            return username
        }
    }

    func storeAppleSignInSecret(_ secret: AppleSignInSecret) {
        database.with { $0.appleSecrets[secret.value] = secret }
    }

    func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date) -> AppleSignInSecret?
    {
        database.with { state in
            guard let secret = state.appleSecrets[value], secret.purpose == purpose else { return nil }
            state.appleSecrets[value] = nil
            return Double(secret.expiresAt) > now.timeIntervalSince1970 ? secret : nil
        }
    }

    func removeExpiredAppleSignInSecrets(at now: Date) -> Int {
        database.with { state in
            let before = state.appleSecrets.count
            state.appleSecrets = state.appleSecrets.filter { Double($0.value.expiresAt) > now.timeIntervalSince1970 }
            return before - state.appleSecrets.count
        }
    }

    func removeOldestAppleSignInSecrets(purpose: AppleSignInSecret.Purpose, keeping maximumCount: Int) -> Int {
        database.with { state in
            let oldest = state.appleSecrets.values.filter { $0.purpose == purpose }
                .sorted { $0.expiresAt > $1.expiresAt }.dropFirst(max(0, maximumCount))
            for secret in oldest {
                state.appleSecrets[secret.value] = nil
            }
            return oldest.count
        }
    }
}

/// The sessions of a ``MemoryDatabase``.
struct MemorySessionStore: SessionStore {
    let database: MemoryDatabase

    func insert(_ session: SessionRecord) {
        database.with { $0.sessions[session.tokenHash] = session }
    }

    func session(tokenHash: [UInt8]) -> SessionRecord? {
        database.with { $0.sessions[tokenHash] }
    }

    func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) {
        database.with { state in
            state.sessions[tokenHash]?.lastSeenAt = lastSeenAt
            state.sessions[tokenHash]?.idleExpiresAt = idleExpiresAt
        }
    }

    func remove(tokenHash: [UInt8]) -> Bool {
        database.with { $0.sessions.removeValue(forKey: tokenHash) != nil }
    }

    func removeAll(userHandle: [UInt8]) -> Int {
        remove { $0.userHandle == userHandle }
    }

    func removeAll(credentialID: [UInt8]) -> Int {
        remove { $0.credentialID == credentialID }
    }

    func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) -> Int {
        database.with { state in
            let owned = state.sessions.values.filter { $0.userHandle == userHandle }
                .sorted {
                    $0.createdAt != $1.createdAt
                        ? $0.createdAt > $1.createdAt : $0.tokenHash.lexicographicallyPrecedes($1.tokenHash)
                }
            var removed = 0
            for session in owned.dropFirst(max(0, count)) where session.tokenHash != kept {
                state.sessions[session.tokenHash] = nil
                removed += 1
            }
            return removed
        }
    }

    func removeExpired(at now: Int64) -> Int {
        remove { !$0.isValid(at: now) }
    }

    func activeSessionCount(at now: Int64) -> Int {
        database.with { $0.sessions.values.filter { $0.isValid(at: now) }.count }
    }

    private func remove(where predicate: (SessionRecord) -> Bool) -> Int {
        database.with { state in
            let before = state.sessions.count
            state.sessions = state.sessions.filter { !predicate($0.value) }
            return before - state.sessions.count
        }
    }
}
