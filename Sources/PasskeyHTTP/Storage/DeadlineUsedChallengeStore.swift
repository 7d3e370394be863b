#if Hummingbird
import Foundation
import PasskeyVerifier

/// A ``PasskeyVerifier/UsedChallengeStore`` whose every call has a ``StoreDeadline``.
public struct DeadlineUsedChallengeStore: UsedChallengeStore {
    /// The store that answers.
    public let base: any UsedChallengeStore
    /// The deadline of each call.
    public let deadline: StoreDeadline

    /// Wraps `base`.
    public init(_ base: any UsedChallengeStore, deadline: StoreDeadline) {
        self.base = base
        self.deadline = deadline
    }

    /// Calls the same method of ``base`` under the deadline.
    public func insert(_ digest: [UInt8], expiresAt: Date) async throws -> Bool {
        try await deadline.run { [base] in try await base.insert(digest, expiresAt: expiresAt) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func removeExpired(at instant: Date) async throws -> Int {
        try await deadline.run { [base] in try await base.removeExpired(at: instant) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func sealingSecret(proposing candidate: [UInt8]) async throws -> [UInt8] {
        try await deadline.run { [base] in try await base.sealingSecret(proposing: candidate) }
    }
}
#endif
