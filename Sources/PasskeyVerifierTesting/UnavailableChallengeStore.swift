import Foundation
import PasskeyVerifier

/// A ``PasskeyVerifier/ChallengeStore`` whose database is down: every call throws ``Unavailable``, so that a test
/// shows what its relying party or server does when the challenge table cannot be reached (WebAuthn Level 3
/// §13.4.3).
public struct UnavailableChallengeStore: ChallengeStore {
    /// The error every call throws.
    public struct Unavailable: Error, Sendable {}

    /// Creates the store.
    public init() {}

    /// Throws ``Unavailable``.
    public func put(_ challenge: IssuedChallenge) async throws {
        throw Unavailable()
    }

    /// Throws ``Unavailable``.
    public func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
        throw Unavailable()
    }

    /// Throws ``Unavailable``.
    public func removeExpired(at instant: Date) async throws -> Int {
        throw Unavailable()
    }

    /// Throws ``Unavailable``.
    public func removeOldest(keeping maximumCount: Int) async throws -> Int {
        throw Unavailable()
    }

    /// Throws ``Unavailable``.
    public func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int {
        throw Unavailable()
    }
}
