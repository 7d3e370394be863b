import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``ChallengeStore`` whose authentication challenges carry their own state, sealed by a ``ChallengeSealer``, so
/// that starting a sign-in writes nothing; the finish records the challenge's digest in a ``UsedChallengeStore``, which
/// makes it single-use (WebAuthn Level 3 §13.4.3).
///
/// Registration challenges are kept in ``registrations``, as before: a registration is bound to a session and its
/// account, and signing out everywhere or deleting a passkey cancels it (``removeAll(ceremony:userHandle:)``), which a
/// sealed challenge cannot offer.
///
/// ``take(_:at:)`` of a sealed challenge opens it, checks its ceremony and expiry, and inserts its digest: of any
/// number of takes of one challenge, on any instance sharing ``usedChallenges``, one returns it. A challenge that does
/// not open is looked up in ``registrations``.
public struct SealedChallengeStore: ChallengeStore {
    /// How long after a challenge's expiry its digest is kept: longer than ``ChallengeSealer/clockSkew``, so that an
    /// instance whose clock is behind cannot accept a challenge whose digest another instance already removed.
    public static let removalMargin: Duration = .seconds(300)

    /// Seals and opens the authentication challenges.
    public let sealer: ChallengeSealer
    /// The digests of the sealed challenges a ceremony used.
    public let usedChallenges: any UsedChallengeStore
    /// The registration challenges.
    public let registrations: any ChallengeStore

    /// Seals authentication challenges with `sealer`, records their use in `usedChallenges`, and keeps registration
    /// challenges in `registrations`.
    public init(sealer: ChallengeSealer, usedChallenges: any UsedChallengeStore, registrations: any ChallengeStore) {
        self.sealer = sealer
        self.usedChallenges = usedChallenges
        self.registrations = registrations
    }

    /// A sealed challenge for an authentication, with nothing written; a registration's is put in ``registrations``.
    ///
    /// - Throws: ``RelyingPartyUsageError`` when the challenge cannot be sealed (``ChallengeSealer/seal(_:)``).
    public func issue(_ challenge: IssuedChallenge) async throws -> [UInt8] {
        guard challenge.ceremony == .authentication else { return try await registrations.issue(challenge) }
        return try sealer.seal(challenge)
    }

    /// Puts `challenge` in ``registrations``: only ``issue(_:)`` seals.
    public func put(_ challenge: IssuedChallenge) async throws {
        try await registrations.put(challenge)
    }

    /// The sealed authentication challenge `challenge`, once its digest is recorded; `nil` when it was used, has
    /// expired, or does not open; a challenge that does not open is taken from ``registrations``.
    public func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
        guard let opened = open(challenge, at: instant) else {
            return try await registrations.take(challenge, at: instant)
        }
        guard try await Self.recordUse(of: opened, in: usedChallenges) else { return nil }
        return opened
    }

    /// The sealed authentication challenge `challenge` as it was issued, without recording its use; `nil` when it
    /// does not open, is not an authentication's, or has expired at `instant`. A caller that finishes the ceremony in
    /// a transaction of its own records the use there (``usedChallenges``, with ``digest(of:)``).
    public func open(_ challenge: [UInt8], at instant: Date) -> IssuedChallenge? {
        guard let opened = sealer.open(challenge, at: instant), opened.ceremony == .authentication,
            opened.isValid(at: instant)
        else { return nil }
        return opened
    }

    /// Records in `usedChallenges` that the sealed challenge `issued` (as ``open(_:at:)`` returned it) was used, until
    /// it expires: `false` when it was recorded already (a replay).
    public static func recordUse(
        of issued: IssuedChallenge, in usedChallenges: any UsedChallengeStore
    ) async throws -> Bool {
        try await usedChallenges.insert(digest(of: issued.challenge), expiresAt: issued.expiresAt)
    }

    /// The key a challenge's use is recorded under: its SHA-256 digest.
    public static func digest(of challenge: [UInt8]) -> [UInt8] {
        HashAlgorithm.sha256.hash(challenge)
    }

    /// Deletes the expired registration challenges and the digests expired ``removalMargin`` before `instant`, and
    /// returns how many.
    public func removeExpired(at instant: Date) async throws -> Int {
        let registrationsRemoved = try await registrations.removeExpired(at: instant)
        let digestsRemoved = try await usedChallenges.removeExpired(at: Self.removalCutoff(at: instant))
        return registrationsRemoved + digestsRemoved
    }

    /// The instant a ``UsedChallengeStore`` removes the digests expired by, at `instant`: ``removalMargin`` earlier.
    public static func removalCutoff(at instant: Date) -> Date {
        instant.addingTimeInterval(-Double(removalMargin.components.seconds))
    }

    /// Caps ``registrations``: sealed challenges take no room until used.
    public func removeOldest(keeping maximumCount: Int) async throws -> Int {
        try await registrations.removeOldest(keeping: maximumCount)
    }

    /// Cancels the pending challenges of ``registrations``; a sealed sign-in cannot be cancelled, and needs the
    /// passkey's signature to finish.
    public func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int {
        try await registrations.removeAll(ceremony: ceremony, userHandle: userHandle)
    }
}
