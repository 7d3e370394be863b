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

/// A `CredentialStore` that reads from `base` and keeps the relying party's writes instead of
/// making them: the ceremony is verified outside its transaction, holding no connection and no lock, and the
/// transaction then writes what it kept (the new record, or the counter's compare-and-set).
actor DeferredCredentialWrites: CredentialStore {
    private let base: any CredentialStore
    /// The record the registration would have inserted.
    private(set) var inserted: CredentialRecord?
    /// The update the sign-in would have written.
    private(set) var updated: CredentialRecordUpdate?

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

    func update(_ update: CredentialRecordUpdate) -> Bool {
        updated = update
        return true
    }

    func rename(credentialID: [UInt8], nickname: String?) throws -> Bool {
        throw RelyingPartyUsageError("a ceremony step renames no credential")
    }

    func remove(credentialID: [UInt8]) throws -> Bool {
        throw RelyingPartyUsageError("a ceremony step removes no credential")
    }
}
