import Foundation
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// A relying party over a ``SealedChallengeStore`` starts a sign-in without a write, finishes it once, records one
/// digest for it, and keeps registrations stored.
@Suite struct SealedChallengeStoreTests {
    /// The relying party, its stores and an authenticator holding alice's passkey.
    struct Fixture {
        let clock = ManualClock()
        let used = InMemoryUsedChallengeStore()
        let registrations = InMemoryChallengeStore()
        let store: SealedChallengeStore
        let relyingParty: RelyingParty
        var authenticator = VirtualAuthenticator()

        init(relyingPartyID: String = "example.com") async throws {
            store = SealedChallengeStore(
                sealer: try ChallengeSealer(
                    sealingWith: try ChallengeSealer.Key(identifier: 3, secret: [UInt8](repeating: 5, count: 32)),
                    relyingPartyID: relyingPartyID),
                usedChallenges: used, registrations: registrations)
            relyingParty = try makeRelyingParty(clock: clock, challengeStore: store)
            let registration = try authenticator.register(try await relyingParty.beginRegistration(for: alice))
            _ = try await relyingParty.finishRegistration(registration.response)
        }
    }

    @Test func aSignInWritesNothingUntilItFinishesAndThenOneDigest() async throws {
        var fixture = try await Fixture()
        let options = try await fixture.relyingParty.beginAuthentication()
        #expect(try #require(options.challengeBytes).count == 48)
        #expect(await fixture.registrations.count == 0)
        #expect(await fixture.used.count == 0)
        let assertion = try fixture.authenticator.authenticate(options)
        let completed = try await fixture.relyingParty.finishAuthentication(json: assertion.jsonBytes)
        #expect(completed.userHandle == alice.id)
        #expect(await fixture.used.count == 1)
    }

    @Test func aReplayedSignInIsChallengeNotFound() async throws {
        var fixture = try await Fixture()
        let assertion = try fixture.authenticator.authenticate(try await fixture.relyingParty.beginAuthentication())
        _ = try await fixture.relyingParty.finishAuthentication(json: assertion.jsonBytes)
        let error = await #expect(throws: WebAuthnError.self) {
            try await fixture.relyingParty.finishAuthentication(json: assertion.jsonBytes)
        }
        #expect(error?.code == .challengeNotFound)
    }

    @Test func anExpiredSealedChallengeIsChallengeNotFoundAndRecordsNothing() async throws {
        var fixture = try await Fixture()
        let assertion = try fixture.authenticator.authenticate(try await fixture.relyingParty.beginAuthentication())
        fixture.clock.advance(by: 301)
        let error = await #expect(throws: WebAuthnError.self) {
            try await fixture.relyingParty.finishAuthentication(json: assertion.jsonBytes)
        }
        #expect(error?.code == .challengeNotFound)
        #expect(await fixture.used.count == 0)
    }

    @Test func aChallengeSealedForAnotherRelyingPartyDoesNotOpen() async throws {
        let other = try await Fixture(relyingPartyID: "other.example")
        let fixture = try await Fixture()
        let options = try await other.relyingParty.beginAuthentication()
        let challenge = try #require(options.challengeBytes)
        #expect(other.store.open(challenge, at: other.clock.now) != nil)
        #expect(fixture.store.open(challenge, at: fixture.clock.now) == nil)
    }

    @Test func registrationsAreStoredAndCancellable() async throws {
        let fixture = try await Fixture()
        let options = try await fixture.relyingParty.beginRegistration(for: bob)
        let challenge = try #require(options.challengeBytes)
        #expect(challenge.count == RelyingParty.challengeLength)
        #expect(await fixture.registrations.count == 1)
        #expect(fixture.store.open(challenge, at: fixture.clock.now) == nil)
        #expect(try await fixture.store.removeAll(ceremony: .registration, userHandle: bob.id) == 1)
    }

    @Test func theDigestsAreKeptForTheMarginAfterExpiry() async throws {
        let fixture = try await Fixture()
        let now = fixture.clock.now
        #expect(await fixture.used.insert([1], expiresAt: now))
        #expect(try await fixture.store.removeExpired(at: now.addingTimeInterval(299)) == 0)
        #expect(try await fixture.store.removeExpired(at: now.addingTimeInterval(300)) == 1)
    }

    @Test func aFullInMemoryStoreRefusesRatherThanForgets() async throws {
        let store = InMemoryUsedChallengeStore(capacity: 2)
        let later = Date().addingTimeInterval(600)
        #expect(await store.insert([1], expiresAt: later))
        #expect(await store.insert([2], expiresAt: later))
        #expect(await store.insert([3], expiresAt: later) == false)
        #expect(await store.insert([1], expiresAt: later) == false)
        #expect(await store.removeExpired(at: later) == 2)
        #expect(await store.insert([3], expiresAt: later))
    }
}
