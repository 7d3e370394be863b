import Foundation
import PasskeyCrypto
import PasskeyVerifier
import Testing

@Suite struct StoreInMemoryTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    static func challenge(_ value: UInt8, issuedAt: Date = start, lifetime: TimeInterval = 60) -> IssuedChallenge {
        IssuedChallenge(
            challenge: [UInt8](repeating: value, count: 32),
            ceremony: .authentication,
            userHandle: nil,
            issuedAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(lifetime)
        )
    }

    @Test func theChallengeStoreDropsExpiredChallengesWhenANewOneIsPut() async {
        let store = InMemoryChallengeStore()
        for value in UInt8(0)..<200 {
            await store.put(Self.challenge(value))
        }
        #expect(await store.count == 200)
        await store.put(Self.challenge(200, issuedAt: Self.start.addingTimeInterval(60)))
        #expect(await store.count == 1)
        #expect(await store.take([UInt8](repeating: 200, count: 32), at: Self.start.addingTimeInterval(61)) != nil)
    }

    @Test func theChallengeStoreDropsExpiredChallengesWhenOneIsTaken() async {
        let store = InMemoryChallengeStore()
        for value in UInt8(0)..<10 {
            await store.put(Self.challenge(value))
        }
        #expect(await store.take([1], at: Self.start.addingTimeInterval(120)) == nil)
        #expect(await store.count == 0)
    }

    @Test func theChallengeStoreDropsTheOldestPendingChallengeAtCapacity() async {
        let store = InMemoryChallengeStore(capacity: 3)
        for value in UInt8(0)..<5 {
            await store.put(Self.challenge(value))
        }
        #expect(await store.count == 3)
        #expect(await store.take([UInt8](repeating: 0, count: 32), at: Self.start) == nil)
        #expect(await store.take([UInt8](repeating: 1, count: 32), at: Self.start) == nil)
        for value in UInt8(2)..<5 {
            #expect(await store.take([UInt8](repeating: value, count: 32), at: Self.start) != nil)
        }
        #expect(await store.count == 0)
    }

    @Test func theChallengeStoreStaysBoundedOverManyCeremonies() async {
        let store = InMemoryChallengeStore(capacity: 100)
        for round in 0..<5000 {
            let instant = Self.start.addingTimeInterval(Double(round))
            var challenge = Self.challenge(0, issuedAt: instant, lifetime: 30)
            challenge.challenge = Array("challenge \(round)".utf8)
            await store.put(challenge)
            if round % 3 == 0 {
                #expect(await store.take(challenge.challenge, at: instant) == challenge)
            }
        }
        #expect(await store.count <= 30)
    }

    @Test func theChallengeStoreCapacityIsClamped() {
        #expect(InMemoryChallengeStore(capacity: 0).capacity == 1)
        #expect(InMemoryChallengeStore(capacity: .max).capacity == InMemoryChallengeStore.maximumCapacity)
        #expect(InMemoryChallengeStore().capacity == 100_000)
    }

    @Test func aReplacedChallengeIsTakenWithItsNewValue() async {
        let store = InMemoryChallengeStore()
        await store.put(Self.challenge(1, lifetime: 10))
        await store.put(Self.challenge(1, lifetime: 100))
        #expect(await store.count == 1)
        let taken = await store.take([UInt8](repeating: 1, count: 32), at: Self.start.addingTimeInterval(50))
        #expect(taken?.expiresAt == Self.start.addingTimeInterval(100))
    }

    @Test func theCredentialStoreRemovesACredential() async throws {
        let store = InMemoryCredentialStore()
        let key = try PrivateKey.generate(.es256).coseKey
        let first = CredentialRecord(id: [1], publicKey: key, userHandle: alice.id)
        let second = CredentialRecord(id: [2], publicKey: key, userHandle: alice.id)
        #expect(await store.insert(first))
        #expect(await store.insert(second))
        #expect(await store.remove(credentialID: [1]))
        #expect(await !store.remove(credentialID: [1]))
        #expect(await store.credential(withID: [1]) == nil)
        #expect(await store.credentials(forUserHandle: alice.id) == [second])
        #expect(await store.count == 1)
        #expect(await store.insert(first))
        #expect(await store.credentials(forUserHandle: alice.id) == [second, first])
    }

    @Test func theCredentialStoreKeepsTheRegistrationInstantAndRecordsTheLastUse() async throws {
        let store = InMemoryCredentialStore()
        let record = CredentialRecord(
            id: [9],
            publicKey: try PrivateKey.generate(.es256).coseKey,
            signCount: 3,
            registration: CredentialRegistrationDetails(registeredAt: Self.start)
        )
        #expect(await store.insert(record))
        #expect(await store.credential(withID: [9])?.registration?.registeredAt == Self.start)
        #expect(await store.credential(withID: [9])?.lastUsedAt == nil)
        let used = Self.start.addingTimeInterval(5)
        let update = CredentialRecordUpdate(
            credentialID: [9],
            expectedVersion: 0,
            signCount: 4,
            backupEligible: false,
            backupState: false,
            userVerificationInitialized: true,
            lastUsedAt: used
        )
        #expect(await store.update(update))
        #expect(await store.credential(withID: [9])?.lastUsedAt == used)
        #expect(await store.credential(withID: [9])?.version == 1)
        #expect(await store.credential(withID: [9])?.userVerificationInitialized == true)
        #expect(await store.credential(withID: [9])?.registration?.registeredAt == Self.start)
        #expect(await store.credentials(forUserHandle: []).isEmpty)
    }
}
