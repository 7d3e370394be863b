import Foundation
import PasskeyVerifier

/// The credential store of an ``InMemoryAccountStorage``: `InMemoryCredentialStore`'s calls, each through the
/// storage's gate or its transaction.
struct InMemoryStorageCredentialStore: CredentialStore {
    let store: InMemoryCredentialStore
    let access: InMemoryStoreAccess

    func credential(withID id: [UInt8]) async throws -> CredentialRecord? {
        try await access.run { await store.credential(withID: id) }
    }

    func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
        try await access.run { await store.credentials(forUserHandle: userHandle) }
    }

    func insert(_ record: CredentialRecord) async throws -> Bool {
        try await access.run { await store.insert(record) }
    }

    func update(_ update: CredentialRecordUpdate) async throws -> Bool {
        try await access.run { await store.update(update) }
    }

    func rename(credentialID: [UInt8], nickname: String?) async throws -> Bool {
        try await access.run { await store.rename(credentialID: credentialID, nickname: nickname) }
    }

    func remove(credentialID: [UInt8]) async throws -> Bool {
        try await access.run { await store.remove(credentialID: credentialID) }
    }

    func removeUnlessLast(credentialID: [UInt8], ownedBy userHandle: [UInt8]) async throws -> CredentialRemoval {
        // Through the protocol: on the actor's own type, a call from outside it resolves to the protocol's
        // non-atomic default rather than the actor's override.
        let atomic: any CredentialStore = store
        return try await access.run {
            try await atomic.removeUnlessLast(credentialID: credentialID, ownedBy: userHandle)
        }
    }
}

/// The challenge store of an ``InMemoryAccountStorage``: `InMemoryChallengeStore`'s calls, each through the
/// storage's gate or its transaction.
struct InMemoryStorageChallengeStore: ChallengeStore {
    let store: InMemoryChallengeStore
    let access: InMemoryStoreAccess

    func put(_ challenge: IssuedChallenge) async throws {
        try await access.run { await store.put(challenge) }
    }

    func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
        try await access.run { await store.take(challenge, at: instant) }
    }

    func removeExpired(at instant: Date) async throws -> Int {
        try await access.run { await store.removeExpired(at: instant) }
    }

    func removeOldest(keeping maximumCount: Int) async throws -> Int {
        try await access.run { await store.removeOldest(keeping: maximumCount) }
    }

    func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int {
        try await access.run { await store.removeAll(ceremony: ceremony, userHandle: userHandle) }
    }
}

/// The used-challenge store of an ``InMemoryAccountStorage``: `InMemoryUsedChallengeStore`'s calls, each through the
/// storage's gate or its transaction.
struct InMemoryStorageUsedChallengeStore: UsedChallengeStore {
    let store: InMemoryUsedChallengeStore
    let access: InMemoryStoreAccess

    func insert(_ digest: [UInt8], expiresAt: Date) async throws -> Bool {
        try await access.run { await store.insert(digest, expiresAt: expiresAt) }
    }

    func removeExpired(at instant: Date) async throws -> Int {
        try await access.run { await store.removeExpired(at: instant) }
    }

    func sealingSecret(proposing candidate: [UInt8]) async throws -> [UInt8] {
        try await access.run { await store.sealingSecret(proposing: candidate) }
    }
}

/// The user store of an ``InMemoryAccountStorage``: ``InMemoryUserStore``'s calls, each through the storage's gate
/// or its transaction.
struct InMemoryStorageUserStore: UserStore {
    let store: InMemoryUserStore
    let access: InMemoryStoreAccess

    func createAccount(_ account: Account) async throws -> Bool {
        try await access.run { await store.createAccount(account) }
    }

    func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
        try await access.run { try await store.userHandle(forUsername: username, proposing: proposed) }
    }

    func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
        try await access.run { await store.existingUserHandle(forUsername: username) }
    }

    func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
        try await access.run { await store.account(forUserHandle: userHandle) }
    }

    func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
        try await access.run { await store.setDisplayName(displayName, forUserHandle: userHandle) }
    }

    func hasAppleSignIn(userHandle: [UInt8]) async throws -> Bool {
        try await access.run { await store.hasAppleSignIn(userHandle: userHandle) }
    }

    func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
        try await access.run { try await store.username(forAppleSubject: subject, proposing: proposed) }
    }

    func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
        try await access.run { try await store.storeAppleSignInSecret(secret) }
    }

    func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date) async throws
        -> AppleSignInSecret?
    {
        try await access.run { await store.takeAppleSignInSecret(value, purpose: purpose, at: now) }
    }

    func removeExpiredAppleSignInSecrets(at now: Date) async throws -> Int {
        try await access.run { await store.removeExpiredAppleSignInSecrets(at: now) }
    }

    func removeOldestAppleSignInSecrets(purpose: AppleSignInSecret.Purpose, keeping maximumCount: Int)
        async throws -> Int
    {
        try await access.run { await store.removeOldestAppleSignInSecrets(purpose: purpose, keeping: maximumCount) }
    }

    /// Holds nothing, the transactions running one at a time; refused after the transaction ended.
    func lockAccount(userHandle: [UInt8]) async throws {
        try await access.run {}
    }
}

/// The session store of an ``InMemoryAccountStorage``: ``InMemorySessionStore``'s calls, each through the storage's
/// gate or its transaction.
struct InMemoryStorageSessionStore: SessionStore {
    let store: InMemorySessionStore
    let access: InMemoryStoreAccess

    func insert(_ session: SessionRecord) async throws {
        try await access.run { try await store.insert(session) }
    }

    func session(tokenHash: [UInt8]) async throws -> SessionRecord? {
        try await access.run { await store.session(tokenHash: tokenHash) }
    }

    func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {
        try await access.run {
            await store.touch(tokenHash: tokenHash, lastSeenAt: lastSeenAt, idleExpiresAt: idleExpiresAt)
        }
    }

    func remove(tokenHash: [UInt8]) async throws -> Bool {
        try await access.run { await store.remove(tokenHash: tokenHash) }
    }

    func removeAll(userHandle: [UInt8]) async throws -> Int {
        try await access.run { await store.removeAll(userHandle: userHandle) }
    }

    func removeAll(credentialID: [UInt8]) async throws -> Int {
        try await access.run { await store.removeAll(credentialID: credentialID) }
    }

    func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int {
        try await access.run { await store.removeOldest(userHandle: userHandle, keeping: count, sparing: kept) }
    }

    func removeExpired(at now: Int64) async throws -> Int {
        try await access.run { await store.removeExpired(at: now) }
    }

    func activeSessionCount(at now: Int64) async throws -> Int {
        try await access.run { await store.activeSessionCount(at: now) }
    }
}
