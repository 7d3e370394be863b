#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a ``RelyingParty`` keeps the challenges it issued until each is consumed (WebAuthn Level 3
/// §13.4.3: challenges are generated and kept by the relying party, and each answers one ceremony only).
///
/// Implement it over whatever every server instance of the relying party shares (a SQL table, Redis,
/// or ``InMemoryChallengeStore`` for a single process). Several instances may serve the two halves of a
/// ceremony, and an attacker may submit the same response to several at once, so the methods must
/// keep these guarantees across instances:
///
/// - ``put(_:)`` makes the challenge visible to every later ``take(_:at:)`` on any instance before it
///   returns (the options are sent to the client only after it returns).
/// - ``take(_:at:)`` returns and deletes **atomically**: of any number of concurrent takes of one
///   challenge, across all instances, at most one returns it. In SQL:
///   `DELETE FROM challenges WHERE challenge = $1 AND expires_at > $2 RETURNING ceremony, user_handle,
///   expires_at` (PostgreSQL, SQLite 3.35+, MariaDB 10.5+); without `RETURNING`, a transaction that
///   selects the row `FOR UPDATE`, deletes it and commits, treating "0 rows deleted" as not found.
///   In Redis: `GETDEL`.
/// - An expired challenge (`instant >= expiresAt`) is never returned. Expired entries are deleted by
///   ``removeExpired(at:)``, which the host calls from a periodic job (never on the request path: a
///   `DELETE ... WHERE expires_at <= now` on every ``put(_:)`` makes each started ceremony pay for the
///   table), with `expires_at` indexed; a store with its own expiry (a Redis TTL) may answer 0. With
///   ``removeOldest(keeping:)`` the same job caps the total, which bounds the storage unauthenticated
///   clients can make the relying party hold.
///
/// Errors thrown by a store are passed to the caller of the ``RelyingParty`` method unchanged.
/// `StoreConformanceTests` (in `PasskeyVerifierTesting`) checks an implementation.
public protocol ChallengeStore: Sendable {
    /// Keeps `challenge` as ``put(_:)`` does and returns the bytes the client is to sign: by default
    /// `challenge.challenge`, once it is put; a ``SealedChallengeStore`` returns a sealed challenge and writes nothing.
    func issue(_ challenge: IssuedChallenge) async throws -> [UInt8]

    /// Stores `challenge` until it is taken or expires.
    ///
    /// The challenge bytes are random and unique; a store may replace or reject an entry whose bytes
    /// are already stored.
    func put(_ challenge: IssuedChallenge) async throws

    /// Returns the issued challenge whose bytes are `challenge` and deletes it, atomically; returns `nil`
    /// when there is none, it was already taken, or it is expired at `instant` (`instant >= expiresAt`).
    func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge?

    /// Deletes the challenges expired at `instant` (`instant >= expiresAt`) and returns how many.
    func removeExpired(at instant: Date) async throws -> Int

    /// Deletes the challenges that expire first until at most `maximumCount` are left, and returns how many
    /// were deleted: when a flood of started ceremonies passes the cap, the oldest pending ones go first.
    func removeOldest(keeping maximumCount: Int) async throws -> Int

    /// Deletes the pending challenges of `ceremony` issued for the user `userHandle` and returns how many: a host
    /// calls it when the user signs out everywhere or deletes a credential, so that a registration begun before
    /// cannot finish after (§13.4.3). Rare, so a scan of the table is acceptable.
    func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int
}

extension ChallengeStore {
    /// Puts `challenge` and returns its own bytes.
    public func issue(_ challenge: IssuedChallenge) async throws -> [UInt8] {
        try await put(challenge)
        return challenge.challenge
    }
}
