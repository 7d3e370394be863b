#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A challenge the relying party issued and has not consumed yet (WebAuthn Level 3 §13.4.3
/// "Cryptographic Challenges"): its random bytes, the ceremony and user it is bound to, and when it expires.
///
/// A ``ChallengeStore`` keeps one per started ceremony and hands it back exactly once.
public struct IssuedChallenge: Sendable, Hashable {
    /// The challenge bytes (§5.4 `challenge`, §5.5 `challenge`): at least 32 bytes from a CSPRNG; the key
    /// a ``ChallengeStore`` looks it up by.
    public var challenge: [UInt8]
    /// The ceremony the challenge was issued for.
    public var ceremony: CeremonyKind
    /// The user handle (§5.4.3 `user.id`) the ceremony was started for: always set for a registration,
    /// `nil` for an authentication that lets the user pick any discoverable credential.
    public var userHandle: [UInt8]?
    /// When the relying party issued the challenge, by its clock.
    public var issuedAt: Date
    /// The instant from which the challenge is no longer valid; it is valid while `now < expiresAt`.
    public var expiresAt: Date
    /// What the ceremony asked the client for, enforced when it finishes (``CeremonyParameters``); stores
    /// keep it as one opaque column (``CeremonyParameters/encoded``).
    public var parameters: CeremonyParameters

    /// Creates the record.
    public init(
        challenge: [UInt8],
        ceremony: CeremonyKind,
        userHandle: [UInt8]?,
        issuedAt: Date,
        expiresAt: Date,
        parameters: CeremonyParameters = CeremonyParameters()
    ) {
        self.challenge = challenge
        self.ceremony = ceremony
        self.userHandle = userHandle
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.parameters = parameters
    }

    /// Whether the challenge is still valid at `instant` (`instant < expiresAt`).
    public func isValid(at instant: Date) -> Bool {
        instant < expiresAt
    }
}
