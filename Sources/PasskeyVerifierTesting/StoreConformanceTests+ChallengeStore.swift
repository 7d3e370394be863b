import Foundation
import PasskeyVerifier

extension StoreConformanceTests {
    /// A put challenge is taken back with every field intact: a registration challenge with its user and
    /// its ``CeremonyParameters``, and an authentication challenge without a user (`nil`, not empty bytes)
    /// and with default parameters. Instants are whole seconds, so a store may keep second precision.
    public func checkTakenChallengeRoundTrips() async throws {
        let store = try await makeChallengeStore()
        let now = Self.wholeSecondNow()
        let challenges = [
            IssuedChallenge(
                challenge: try Self.randomBytes(32),
                ceremony: .registration,
                userHandle: try Self.randomBytes(64),
                issuedAt: now,
                expiresAt: now.addingTimeInterval(300),
                parameters: CeremonyParameters(
                    userVerification: .required,
                    mediation: .conditional,
                    attestation: .direct,
                    extensions: AuthenticationExtensionsClientInputsJSON(
                        credProps: true,
                        credentialProtectionPolicy: .userVerificationRequired,
                        enforceCredentialProtectionPolicy: true
                    )
                )
            ),
            IssuedChallenge(
                challenge: try Self.randomBytes(32),
                ceremony: .authentication,
                userHandle: nil,
                issuedAt: now,
                expiresAt: now.addingTimeInterval(600)
            ),
        ]
        for challenge in challenges {
            try await store.put(challenge)
            let taken = try await store.take(challenge.challenge, at: now.addingTimeInterval(1))
            try require(
                taken == challenge,
                "take returned \(Self.summary(taken)); put \(Self.summary(challenge))"
            )
        }
    }

    /// A challenge is returned by the first take only (§13.4.3: single use).
    public func checkChallengeIsTakenOnlyOnce() async throws {
        let store = try await makeChallengeStore()
        let now = Self.wholeSecondNow()
        let challenge = try Self.challenge(issuedAt: now, lifetime: 300)
        try await store.put(challenge)
        let first = try await store.take(challenge.challenge, at: now)
        try require(first != nil, "the first take of a put challenge returned nil")
        let second = try await store.take(challenge.challenge, at: now)
        try require(second == nil, "a second take of the same challenge returned it again; take must delete")
    }

    /// Bytes that were never put are not taken.
    public func checkUnknownChallengeIsNotTaken() async throws {
        let store = try await makeChallengeStore()
        let taken = try await store.take(try Self.randomBytes(32), at: Date())
        try require(taken == nil, "take of a challenge that was never put returned \(Self.summary(taken))")
    }

    /// A challenge is not returned at or after its expiry instant (`instant >= expiresAt`), and one just before
    /// expiry is. The takes move forward in time, as a clock does.
    public func checkExpiredChallengeIsNeverReturned() async throws {
        let store = try await makeChallengeStore()
        let now = Self.wholeSecondNow()
        let atExpiry = try Self.challenge(issuedAt: now, lifetime: 60)
        let afterExpiry = try Self.challenge(issuedAt: now, lifetime: 60)
        let beforeExpiry = try Self.challenge(issuedAt: now, lifetime: 60)
        for challenge in [atExpiry, afterExpiry, beforeExpiry] {
            try await store.put(challenge)
        }
        let takenBeforeExpiry = try await store.take(beforeExpiry.challenge, at: now.addingTimeInterval(59))
        try require(
            takenBeforeExpiry == beforeExpiry,
            "take one second before expiresAt returned \(Self.summary(takenBeforeExpiry))"
        )
        let takenAtExpiry = try await store.take(atExpiry.challenge, at: now.addingTimeInterval(60))
        try require(
            takenAtExpiry == nil,
            "take at exactly expiresAt returned the challenge; it expires at that instant"
        )
        let takenAfterExpiry = try await store.take(afterExpiry.challenge, at: now.addingTimeInterval(3600))
        try require(takenAfterExpiry == nil, "take an hour after expiresAt returned the challenge")
    }

    /// `removeAll(ceremony:userHandle:)` deletes the user's pending challenges of that ceremony, and only those: a
    /// registration begun before the user signed out everywhere cannot finish after.
    public func checkPendingChallengesOfAUserAreRemoved() async throws {
        let store = try await makeChallengeStore()
        let now = Self.wholeSecondNow()
        var registration = try Self.challenge(issuedAt: now, lifetime: 300)
        registration.ceremony = .registration
        var second = try Self.challenge(issuedAt: now, lifetime: 300)
        second.ceremony = .registration
        second.userHandle = registration.userHandle
        var authentication = try Self.challenge(issuedAt: now, lifetime: 300)
        authentication.userHandle = registration.userHandle
        var otherUser = try Self.challenge(issuedAt: now, lifetime: 300)
        otherUser.ceremony = .registration
        for challenge in [registration, second, authentication, otherUser] {
            try await store.put(challenge)
        }
        let removed = try await store.removeAll(ceremony: .registration, userHandle: registration.userHandle ?? [])
        try require(removed == 2, "removeAll(ceremony:userHandle:) returned \(removed) for the user's 2 registrations")
        let takenRegistration = try await store.take(registration.challenge, at: now)
        try require(takenRegistration == nil, "a removed registration challenge was taken back")
        let takenAuthentication = try await store.take(authentication.challenge, at: now)
        try require(
            takenAuthentication == authentication,
            "removing the user's registrations removed their authentication challenge"
        )
        let takenOtherUser = try await store.take(otherUser.challenge, at: now)
        try require(takenOtherUser == otherUser, "removing one user's registrations removed another user's")
    }

    /// Taking one challenge leaves the others in place.
    public func checkChallengesAreIndependent() async throws {
        let store = try await makeChallengeStore()
        let now = Self.wholeSecondNow()
        let first = try Self.challenge(issuedAt: now, lifetime: 300)
        let second = try Self.challenge(issuedAt: now, lifetime: 300)
        try await store.put(first)
        try await store.put(second)
        let takenFirst = try await store.take(first.challenge, at: now)
        try require(takenFirst == first, "take of the first challenge returned \(Self.summary(takenFirst))")
        let takenSecond = try await store.take(second.challenge, at: now)
        try require(
            takenSecond == second,
            "taking one challenge removed another: take returned \(Self.summary(takenSecond))"
        )
    }

    /// Of ``concurrency`` concurrent takes of one challenge, exactly one returns it: the same response sent to
    /// several server instances at once is accepted once.
    public func checkConcurrentTakesLetExactlyOneWin() async throws {
        let store = try await makeChallengeStore()
        let now = Self.wholeSecondNow()
        let challenge = try Self.challenge(issuedAt: now, lifetime: 300)
        try await store.put(challenge)
        let concurrency = self.concurrency
        let returned = try await concurrentTrueCount { _ in try await store.take(challenge.challenge, at: now) != nil }
        try require(
            returned == 1,
            "\(returned) of \(concurrency) concurrent takes of one challenge returned it; exactly 1 must "
                + "(DELETE ... RETURNING)"
        )
    }

    /// ``PasskeyVerifier/ChallengeStore/removeExpired(at:)`` deletes a challenge that expired long ago (a take
    /// at an instant before its expiry no longer finds it) and leaves a pending one; ``PasskeyVerifier/ChallengeStore/removeOldest(keeping:)``
    /// with a cap far above any test database's rows deletes nothing.
    public func checkExpiredChallengesAreRemoved() async throws {
        let store = try await makeChallengeStore()
        let now = Self.wholeSecondNow()
        let longAgo = Date(timeIntervalSince1970: 978_307_200)
        let expired = try Self.challenge(issuedAt: longAgo, lifetime: 60)
        let pending = try Self.challenge(issuedAt: now, lifetime: 300)
        try await store.put(pending)
        try await store.put(expired)
        let removed = try await store.removeExpired(at: now)
        try require(removed >= 1, "removeExpired(at:) returned \(removed) with a challenge expired since \(longAgo)")
        let keptCount = try await store.removeOldest(keeping: 1_000_000_000)
        try require(keptCount == 0, "removeOldest(keeping: 1 000 000 000) deleted \(keptCount) challenges")
        let takenExpired = try await store.take(expired.challenge, at: longAgo)
        try require(
            takenExpired == nil,
            "a challenge removeExpired(at:) should have deleted was taken at an instant before its expiry"
        )
        let takenPending = try await store.take(pending.challenge, at: now)
        try require(
            takenPending == pending,
            "removeExpired(at:) deleted a pending challenge: take returned \(Self.summary(takenPending))"
        )
    }

    /// The current instant, truncated to whole seconds.
    static func wholeSecondNow() -> Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    /// An authentication challenge of fresh random bytes for a random user.
    static func challenge(issuedAt: Date, lifetime: TimeInterval) throws -> IssuedChallenge {
        IssuedChallenge(
            challenge: try randomBytes(32),
            ceremony: .authentication,
            userHandle: try randomBytes(16),
            issuedAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(lifetime)
        )
    }

    /// A one-line description of an issued challenge for failure messages.
    static func summary(_ challenge: IssuedChallenge?) -> String {
        guard let challenge else { return "nil" }
        return "{challenge \(describe(challenge.challenge)), \(challenge.ceremony.rawValue), user "
            + "\(describe(challenge.userHandle)), issuedAt \(challenge.issuedAt), expiresAt \(challenge.expiresAt)}"
    }
}
