import Foundation
import PasskeyVerifier

/// Stores that send each call to the next of several stores in turn, for running ``StoreConformanceTests`` as
/// several server instances sharing one database would (WebAuthn Level 3 §13.4.3, §7.1, §7.2): give it one
/// store per connection or pool, all over the same database, and every guarantee must hold across them.
///
/// ```swift
/// let stores = AlternatingStores(
///     credentialStores: [first.credentialStore, second.credentialStore],
///     challengeStores: [first.challengeStore, second.challengeStore])
/// let conformance = StoreConformanceTests(
///     credentialStore: { stores.credentialStore },
///     challengeStore: { stores.challengeStore })
/// ```
public struct AlternatingStores: Sendable {
    /// A credential store whose calls go to the given stores in turn.
    public let credentialStore: any CredentialStore
    /// A challenge store whose calls go to the given stores in turn.
    public let challengeStore: any ChallengeStore

    /// Creates the alternating stores; each list must hold at least one store.
    public init(credentialStores: [any CredentialStore], challengeStores: [any ChallengeStore]) {
        precondition(!credentialStores.isEmpty && !challengeStores.isEmpty, "AlternatingStores needs stores")
        let turns = Turns()
        self.credentialStore = AlternatingCredentialStore(stores: credentialStores, turns: turns)
        self.challengeStore = AlternatingChallengeStore(stores: challengeStores, turns: turns)
    }
}

/// Hands out 0, 1, 2, … to pick the next store.
actor Turns {
    private var next = 0

    func take() -> Int {
        defer { next &+= 1 }
        return next
    }
}

/// The credential half of ``AlternatingStores``.
struct AlternatingCredentialStore: CredentialStore {
    let stores: [any CredentialStore]
    let turns: Turns

    func next() async -> any CredentialStore {
        stores[await turns.take() % stores.count]
    }

    func credential(withID id: [UInt8]) async throws -> CredentialRecord? {
        try await next().credential(withID: id)
    }

    func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
        try await next().credentials(forUserHandle: userHandle)
    }

    func insert(_ record: CredentialRecord) async throws -> Bool {
        try await next().insert(record)
    }

    func update(_ update: CredentialRecordUpdate) async throws -> Bool {
        try await next().update(update)
    }

    func rename(credentialID: [UInt8], nickname: String?) async throws -> Bool {
        try await next().rename(credentialID: credentialID, nickname: nickname)
    }

    func remove(credentialID: [UInt8]) async throws -> Bool {
        try await next().remove(credentialID: credentialID)
    }

    func removeUnlessLast(credentialID: [UInt8], ownedBy userHandle: [UInt8]) async throws -> CredentialRemoval {
        try await next().removeUnlessLast(credentialID: credentialID, ownedBy: userHandle)
    }
}

/// The challenge half of ``AlternatingStores``.
struct AlternatingChallengeStore: ChallengeStore {
    let stores: [any ChallengeStore]
    let turns: Turns

    func put(_ challenge: IssuedChallenge) async throws {
        try await stores[await turns.take() % stores.count].put(challenge)
    }

    func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
        try await stores[await turns.take() % stores.count].take(challenge, at: instant)
    }

    func removeExpired(at instant: Date) async throws -> Int {
        try await stores[await turns.take() % stores.count].removeExpired(at: instant)
    }

    func removeOldest(keeping maximumCount: Int) async throws -> Int {
        try await stores[await turns.take() % stores.count].removeOldest(keeping: maximumCount)
    }

    func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int {
        try await stores[await turns.take() % stores.count].removeAll(ceremony: ceremony, userHandle: userHandle)
    }
}
