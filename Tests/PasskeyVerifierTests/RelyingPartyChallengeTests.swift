import Foundation
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@Suite struct RelyingPartyChallengeTests {
    @Test func challengesAre32FreshRandomBytes() async throws {
        let relyingParty = try makeRelyingParty()
        var seen: Set<[UInt8]> = []
        for _ in 0..<50 {
            let options = try await relyingParty.beginAuthentication()
            let challenge = try #require(options.challengeBytes)
            #expect(challenge.count == RelyingParty.challengeLength)
            seen.insert(challenge)
        }
        #expect(seen.count == 50)
    }

    @Test func aRegistrationChallengeIsBoundToItsCeremonyUserAndExpiry() async throws {
        let clock = ManualClock()
        let challenges = InMemoryChallengeStore()
        let relyingParty = try makeRelyingParty(clock: clock, challengeStore: challenges) {
            $0.challengeLifetime = .seconds(120)
        }
        let options = try await relyingParty.beginRegistration(for: alice)
        let challenge = try #require(options.challengeBytes)
        let issued = try #require(await challenges.take(challenge, at: clock.now))
        #expect(issued.ceremony == .registration)
        #expect(issued.userHandle == alice.id)
        #expect(issued.issuedAt == clock.now)
        #expect(issued.expiresAt == clock.now.addingTimeInterval(120))
    }

    @Test func anAuthenticationChallengeIsBoundToTheUserOrToNoOne() async throws {
        let clock = ManualClock()
        let challenges = InMemoryChallengeStore()
        let relyingParty = try makeRelyingParty(clock: clock, challengeStore: challenges)
        let known = try await relyingParty.beginAuthentication(for: bob.id)
        let anyone = try await relyingParty.beginAuthentication()
        let knownIssued = await challenges.take(try #require(known.challengeBytes), at: clock.now)
        let anyoneIssued = await challenges.take(try #require(anyone.challengeBytes), at: clock.now)
        #expect(knownIssued?.ceremony == .authentication)
        #expect(knownIssued?.userHandle == bob.id)
        #expect(anyoneIssued?.ceremony == .authentication)
        #expect(anyoneIssued != nil && anyoneIssued?.userHandle == nil)
    }

    @Test func challengesComeFromTheInjectedRandomSource() async throws {
        let relyingParty = try RelyingParty(
            configuration: RelyingPartyConfiguration(
                relyingPartyID: "example.com",
                relyingPartyName: "Example",
                origins: ["https://example.com"]
            ),
            randomBytes: { [UInt8](repeating: 0xAB, count: $0) }
        )
        let options = try await relyingParty.beginAuthentication()
        #expect(options.challengeBytes == [UInt8](repeating: 0xAB, count: 32))
        #expect(try relyingParty.generateUserHandle() == [UInt8](repeating: 0xAB, count: 64))
    }

    @Test func aRandomSourceReturningTooFewBytesIsAUsageError() async throws {
        let relyingParty = try RelyingParty(
            configuration: RelyingPartyConfiguration(
                relyingPartyID: "example.com",
                relyingPartyName: "Example",
                origins: ["https://example.com"]
            ),
            randomBytes: { [UInt8](repeating: 1, count: $0 / 2) }
        )
        await #expect(throws: RelyingPartyUsageError.self) {
            try await relyingParty.beginAuthentication()
        }
        #expect(throws: RelyingPartyUsageError.self) {
            try relyingParty.generateUserHandle()
        }
    }

    @Test func generatedUserHandlesAre64RandomBytes() throws {
        let relyingParty = try makeRelyingParty()
        let first = try relyingParty.generateUserHandle()
        let second = try relyingParty.generateUserHandle()
        #expect(first.count == 64)
        #expect(first != second)
    }

    @Test func secureRandomReturnsTheRequestedCountAndRejectsOthers() throws {
        #expect(try SecureRandom.bytes(count: 0).isEmpty)
        #expect(try SecureRandom.bytes(count: 33).count == 33)
        #expect(try SecureRandom.bytes(count: 32) != SecureRandom.bytes(count: 32))
        #expect(throws: CryptoError(.libcryptoFailure, "")) { try SecureRandom.bytes(count: -1) }
        #expect(throws: CryptoError(.libcryptoFailure, "")) {
            try SecureRandom.bytes(count: SecureRandom.maximumCount + 1)
        }
    }

    @Test func aChallengeStoreFailureReachesTheCaller() async throws {
        let relyingParty = try makeRelyingParty(challengeStore: UnavailableChallengeStore())
        await #expect(throws: UnavailableChallengeStore.Unavailable.self) {
            try await relyingParty.beginAuthentication()
        }
    }

    /// The challenge is looked up before anything else is verified, so the rest of the response does not matter.
    @Test(arguments: ["", "!!!", String(repeating: "A", count: 2000)])
    func clientDataWhoseChallengeCannotHaveBeenIssuedFailsWithChallengeNotFound(challenge: String) async throws {
        let relyingParty = try makeRelyingParty()
        _ = try await relyingParty.beginAuthentication()
        let clientDataJSON = #"{"type":"webauthn.get","challenge":"\#(challenge)","origin":"https://example.com"}"#
        let response = AuthenticationResponse(
            credentialID: [1, 2, 3],
            clientDataJSON: Array(clientDataJSON.utf8),
            authenticatorData: [],
            signature: []
        )
        await #expect(throws: WebAuthnError(.challengeNotFound, "")) {
            try await relyingParty.finishAuthentication(response)
        }
    }
}

@Suite struct ManualClockTests {
    @Test func theClockMovesOnlyWhenTold() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_000))
        #expect(clock.now == Date(timeIntervalSince1970: 1_000))
        clock.advance(by: 301)
        #expect(clock.now == Date(timeIntervalSince1970: 1_301))
        clock.set(Date(timeIntervalSince1970: 5))
        #expect(clock.now == Date(timeIntervalSince1970: 5))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { clock.advance(by: 1) } }
        }
        #expect(clock.now == Date(timeIntervalSince1970: 105))
    }
}
