#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a relying party records the sealed challenges that finished a ceremony, so that each is used once
/// (WebAuthn Level 3 §13.4.3): a ``SealedChallengeStore`` writes nothing when it issues a challenge, and one row
/// when a ceremony consumes it.
///
/// An implementation keeps these guarantees, in every process that shares it:
/// - ``insert(_:expiresAt:)`` is atomic: of any number of concurrent inserts of one digest, across all instances,
///   at most one returns `true`. In SQL: a primary key on the digest and
///   `INSERT … ON CONFLICT DO NOTHING RETURNING 1`.
/// - A digest stays recorded until ``removeExpired(at:)`` is called with an instant after its `expiresAt`; the host's
///   periodic job calls it (``SealedChallengeStore/removeExpired(at:)`` leaves a margin for instances whose clocks
///   disagree).
/// - ``sealingSecret(proposing:)`` returns the same secret to every instance: the first one proposed.
///
/// `StoreConformanceTests` (in `PasskeyVerifierTesting`) checks an implementation.
public protocol UsedChallengeStore: Sendable {
    /// Records that the challenge whose SHA-256 digest is `digest` was used; it can be forgotten once `expiresAt` has
    /// passed, when the challenge no longer opens.
    ///
    /// - Returns: `true` when the digest was not recorded yet, `false` when it was (a replay).
    func insert(_ digest: [UInt8], expiresAt: Date) async throws -> Bool

    /// Deletes the digests whose challenges expired at `instant` (`expiresAt <= instant`) and returns how many.
    func removeExpired(at instant: Date) async throws -> Int

    /// The 32-byte secret every instance sharing the store seals challenges with (``ChallengeSealer/Key``): the one
    /// stored, or `candidate` once it is stored, when none was.
    func sealingSecret(proposing candidate: [UInt8]) async throws -> [UInt8]
}

extension StoreError {
    /// `secret` as a store read it for ``UsedChallengeStore/sealingSecret(proposing:)``, checked: 32 bytes.
    ///
    /// - Throws: ``StoreError/Code/corruptedRow`` when there is none or it has another length.
    package static func checkedSealingSecret(_ secret: [UInt8]?) throws(StoreError) -> [UInt8] {
        guard let secret else { throw StoreError(.corruptedRow, "passkey_challenge_keys returned no secret") }
        guard secret.count == 32 else {
            throw StoreError(.corruptedRow, "the stored challenge secret has \(secret.count) bytes, not 32")
        }
        return secret
    }
}
