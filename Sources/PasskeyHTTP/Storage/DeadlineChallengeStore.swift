#if Hummingbird
import Foundation
import PasskeyVerifier

/// A ``PasskeyVerifier/ChallengeStore`` whose every call has a ``StoreDeadline``.
public struct DeadlineChallengeStore: ChallengeStore {
    /// The store that answers.
    public let base: any ChallengeStore
    /// The deadline of each call.
    public let deadline: StoreDeadline

    /// Wraps `base`.
    public init(_ base: any ChallengeStore, deadline: StoreDeadline) {
        self.base = base
        self.deadline = deadline
    }

    /// Calls the same method of ``base`` under the deadline.
    public func issue(_ challenge: IssuedChallenge) async throws -> [UInt8] {
        try await deadline.run { [base] in try await base.issue(challenge) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func put(_ challenge: IssuedChallenge) async throws {
        try await deadline.run { [base] in try await base.put(challenge) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
        try await deadline.run { [base] in try await base.take(challenge, at: instant) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func removeExpired(at instant: Date) async throws -> Int {
        try await deadline.run { [base] in try await base.removeExpired(at: instant) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func removeOldest(keeping maximumCount: Int) async throws -> Int {
        try await deadline.run { [base] in try await base.removeOldest(keeping: maximumCount) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int {
        try await deadline.run { [base] in try await base.removeAll(ceremony: ceremony, userHandle: userHandle) }
    }
}
#endif
