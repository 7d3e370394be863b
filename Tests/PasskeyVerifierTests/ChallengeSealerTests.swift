import Foundation
import PasskeyVerifier
import Testing

/// A sealed challenge gives back what was sealed, only to the keys and relying party that sealed it, and never
/// once altered, truncated, of another version, or dated too far in the future.
@Suite struct ChallengeSealerTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000.25)
    static let key = try! ChallengeSealer.Key(identifier: 1, secret: [UInt8](repeating: 7, count: 32))
    static let nextKey = try! ChallengeSealer.Key(identifier: 2, secret: [UInt8](repeating: 9, count: 32))

    static func sealer(
        _ key: ChallengeSealer.Key = key, alsoOpening: [ChallengeSealer.Key] = [],
        relyingPartyID: String = "example.com"
    ) throws -> ChallengeSealer {
        try ChallengeSealer(sealingWith: key, alsoOpening: alsoOpening, relyingPartyID: relyingPartyID)
    }

    static func issued(
        _ ceremony: CeremonyKind = .authentication,
        userHandle: [UInt8]? = nil,
        lifetime: TimeInterval = 300,
        parameters: CeremonyParameters = CeremonyParameters()
    ) -> IssuedChallenge {
        IssuedChallenge(
            challenge: [], ceremony: ceremony, userHandle: userHandle, issuedAt: now,
            expiresAt: now.addingTimeInterval(lifetime), parameters: parameters)
    }

    @Test func aDiscoverableSignInIsFortyEightBytesAndOpensToWhatWasSealed() throws {
        let sealer = try Self.sealer()
        let challenge = try sealer.seal(Self.issued())
        #expect(challenge.count == 48)
        let opened = try #require(sealer.open(challenge, at: Self.now))
        #expect(opened.challenge == challenge)
        #expect(opened.ceremony == .authentication)
        #expect(opened.userHandle == nil)
        #expect(opened.issuedAt == Date(timeIntervalSince1970: 1_796_000_000.25))
        #expect(opened.expiresAt == Self.now.addingTimeInterval(300))
        #expect(opened.parameters == CeremonyParameters())
    }

    @Test func aRegistrationKeepsItsUserHandleAndParameters() throws {
        let sealer = try Self.sealer()
        let parameters = CeremonyParameters(
            userVerification: .required, attestation: .direct,
            user: PublicKeyCredentialUserEntityJSON(id: "AQID", name: "ada", displayName: "Ada"),
            hostBinding: "session")
        let challenge = try sealer.seal(Self.issued(.registration, userHandle: [1, 2, 3], parameters: parameters))
        let opened = try #require(sealer.open(challenge, at: Self.now))
        #expect(opened.ceremony == .registration)
        #expect(opened.userHandle == [1, 2, 3])
        #expect(opened.parameters == parameters)
    }

    @Test func theLengthTellsNoUserHandleFromAnother() throws {
        let sealer = try Self.sealer()
        let lengths = try [[1], [UInt8](repeating: 2, count: 32), [UInt8](repeating: 3, count: 64)].map {
            try sealer.seal(Self.issued(userHandle: $0)).count
        }
        #expect(lengths == [112, 112, 112])
        let opened = try #require(sealer.open(try sealer.seal(Self.issued(userHandle: [9, 8])), at: Self.now))
        #expect(opened.userHandle == [9, 8])
    }

    @Test func twoSealsOfOneCeremonyDiffer() throws {
        let sealer = try Self.sealer()
        #expect(try sealer.seal(Self.issued()) != sealer.seal(Self.issued()))
    }

    @Test func everyAlteredByteAndEveryTruncationFailsToOpen() throws {
        let sealer = try Self.sealer()
        let challenge = try sealer.seal(Self.issued(userHandle: [5, 6]))
        for index in challenge.indices {
            var altered = challenge
            altered[index] ^= 0x80
            #expect(sealer.open(altered, at: Self.now) == nil, "byte \(index)")
        }
        for count in 0..<challenge.count {
            #expect(sealer.open(Array(challenge.prefix(count)), at: Self.now) == nil, "\(count) bytes")
        }
        #expect(sealer.open(challenge + [0], at: Self.now) == nil)
    }

    @Test func anotherVersionKeyOrRelyingPartyFailsToOpen() throws {
        let challenge = try Self.sealer().seal(Self.issued())
        var otherVersion = challenge
        otherVersion[0] = 2
        #expect(try Self.sealer().open(otherVersion, at: Self.now) == nil)
        #expect(try Self.sealer(Self.nextKey).open(challenge, at: Self.now) == nil)
        #expect(try Self.sealer(relyingPartyID: "example.org").open(challenge, at: Self.now) == nil)
        let sameIdentifierOtherSecret = try ChallengeSealer.Key(identifier: 1, secret: [UInt8](repeating: 8, count: 32))
        #expect(try Self.sealer(sameIdentifierOtherSecret).open(challenge, at: Self.now) == nil)
    }

    @Test func duringARotationBothKeysOpenAndTheOldOneStopsWhenRemoved() throws {
        let old = try Self.sealer().seal(Self.issued())
        let rotated = try Self.sealer(Self.nextKey, alsoOpening: [Self.key])
        let new = try rotated.seal(Self.issued())
        #expect(new[1] == 2)
        #expect(rotated.open(old, at: Self.now) != nil)
        #expect(rotated.open(new, at: Self.now) != nil)
        let done = try Self.sealer(Self.nextKey)
        #expect(done.open(old, at: Self.now) == nil)
        #expect(done.open(new, at: Self.now) != nil)
    }

    @Test func aChallengeIssuedBeyondTheClockSkewFailsToOpen() throws {
        let sealer = try Self.sealer()
        let challenge = try sealer.seal(Self.issued())
        #expect(sealer.open(challenge, at: Self.now.addingTimeInterval(-60)) != nil)
        #expect(sealer.open(challenge, at: Self.now.addingTimeInterval(-61)) == nil)
    }

    @Test func aLifetimeOutsideTheBoundsOrAnOverlongUserHandleIsNotSealed() throws {
        let sealer = try Self.sealer()
        #expect(throws: RelyingPartyUsageError.self) { try sealer.seal(Self.issued(lifetime: 0)) }
        #expect(throws: RelyingPartyUsageError.self) { try sealer.seal(Self.issued(lifetime: 86_401)) }
        #expect(throws: RelyingPartyUsageError.self) {
            try sealer.seal(Self.issued(.registration, userHandle: [UInt8](repeating: 1, count: 65)))
        }
    }

    @Test func keysNeedAnIdentifierA32ByteSecretAndDistinctIdentifiers() {
        #expect(throws: RelyingPartyUsageError.self) {
            try ChallengeSealer.Key(identifier: 0, secret: [UInt8](repeating: 1, count: 32))
        }
        #expect(throws: RelyingPartyUsageError.self) { try ChallengeSealer.Key(identifier: 1, secret: [1]) }
        #expect(throws: RelyingPartyUsageError.self) {
            try ChallengeSealer(sealingWith: Self.key, alsoOpening: [Self.key], relyingPartyID: "example.com")
        }
        #expect(!"\(Self.key)".contains("7"))
    }
}
