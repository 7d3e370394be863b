import Foundation
import PasskeyVerifier

/// The checks of a ``PasskeyVerifier/UsedChallengeStore`` (WebAuthn Level 3 §13.4.3: a sealed challenge is used once).
extension StoreConformanceTests {
    /// The checks of the store `make` returns.
    func usedChallengeChecks(_ make: @escaping @Sendable () async throws -> any UsedChallengeStore) -> [Check] {
        [
            Check("checkUsedChallengeIsRecordedOnce") { try await checkUsedChallengeIsRecordedOnce(try await make()) },
            Check("checkConcurrentUsesLetExactlyOneWin") {
                try await checkConcurrentUsesLetExactlyOneWin(try await make())
            },
            Check("checkExpiredUsesAreRemoved") { try await checkExpiredUsesAreRemoved(try await make()) },
            Check("checkSealingSecretIsTheFirstProposed") {
                try await checkSealingSecretIsTheFirstProposed(try await make())
            },
        ]
    }

    /// A digest is recorded once: a second insert is refused, another digest is not.
    public func checkUsedChallengeIsRecordedOnce(_ store: any UsedChallengeStore) async throws {
        let digest = try Self.randomBytes(32)
        let expiresAt = Self.wholeSecondNow().addingTimeInterval(300)
        try require(try await store.insert(digest, expiresAt: expiresAt), "the first insert of a digest was refused")
        try require(
            !(try await store.insert(digest, expiresAt: expiresAt)),
            "a second insert of digest \(Self.describe(digest)) was accepted: a replay would pass")
        try require(
            try await store.insert(try Self.randomBytes(32), expiresAt: expiresAt),
            "the insert of another digest was refused")
    }

    /// Of concurrent inserts of one digest, exactly one is accepted.
    public func checkConcurrentUsesLetExactlyOneWin(_ store: any UsedChallengeStore) async throws {
        let digest = try Self.randomBytes(32)
        let expiresAt = Self.wholeSecondNow().addingTimeInterval(300)
        let concurrency = self.concurrency
        let accepted = try await concurrentTrueCount { _ in try await store.insert(digest, expiresAt: expiresAt) }
        try require(
            accepted == 1,
            "\(accepted) of \(concurrency) concurrent inserts of one digest were accepted; exactly 1 must "
                + "(INSERT ... ON CONFLICT DO NOTHING RETURNING)")
    }

    /// ``PasskeyVerifier/UsedChallengeStore/removeExpired(at:)`` forgets a digest that expired and keeps one that
    /// has not.
    public func checkExpiredUsesAreRemoved(_ store: any UsedChallengeStore) async throws {
        let now = Self.wholeSecondNow()
        let expired = try Self.randomBytes(32)
        let pending = try Self.randomBytes(32)
        try require(
            try await store.insert(expired, expiresAt: Date(timeIntervalSince1970: 978_307_200)),
            "the insert of a digest was refused")
        try require(try await store.insert(pending, expiresAt: now.addingTimeInterval(300)), "an insert was refused")
        let removed = try await store.removeExpired(at: now)
        try require(removed >= 1, "removeExpired(at:) returned \(removed) with a digest expired in 2001")
        try require(
            try await store.insert(expired, expiresAt: now.addingTimeInterval(300)),
            "a digest removed as expired is still recorded")
        try require(
            !(try await store.insert(pending, expiresAt: now.addingTimeInterval(300))),
            "removeExpired(at:) removed a digest that had not expired")
    }

    /// ``PasskeyVerifier/UsedChallengeStore/sealingSecret(proposing:)`` returns one 32-byte secret, whatever is
    /// proposed after the first.
    public func checkSealingSecretIsTheFirstProposed(_ store: any UsedChallengeStore) async throws {
        let first = try await store.sealingSecret(proposing: try Self.randomBytes(32))
        let second = try await store.sealingSecret(proposing: try Self.randomBytes(32))
        try require(first.count == 32, "the sealing secret has \(first.count) bytes, not 32")
        try require(first == second, "two calls returned two sealing secrets: instances would not share one")
    }
}
