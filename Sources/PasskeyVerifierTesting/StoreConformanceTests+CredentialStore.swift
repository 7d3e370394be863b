import Foundation
import PasskeyCrypto
import PasskeyVerifier

extension StoreConformanceTests {
    /// Inserted records read back with every field intact, by ID and in the owner's list (§4 "credential
    /// record"): a 1023-byte credential ID, a 64-byte user handle, the largest counter, all flags set,
    /// transports, and EC2, OKP and RSA public keys (the RSA COSE_Key is about 270 bytes).
    public func checkInsertedRecordRoundTrips() async throws {
        let store = try await makeCredentialStore()
        let userHandle = try Self.randomBytes(64)
        let records = [
            CredentialRecord(
                id: try Self.randomBytes(1023),
                publicKey: try PrivateKey.generate(.es256).coseKey,
                signCount: UInt32.max,
                backupEligible: true,
                backupState: true,
                userVerificationInitialized: true,
                userHandle: userHandle,
                transports: ["internal", "hybrid"]
            ),
            CredentialRecord(
                id: try Self.randomBytes(16),
                publicKey: try PrivateKey.generate(.edDSA).coseKey,
                signCount: 0,
                userHandle: userHandle
            ),
            CredentialRecord(
                id: try Self.randomBytes(64),
                publicKey: try Self.rsaKey.get(),
                signCount: 2_147_483_648,
                backupEligible: true,
                userHandle: userHandle,
                transports: ["usb", "nfc", "a-future-transport"]
            ),
        ]
        for record in records {
            let inserted = try await store.insert(record, registeredAt: Date())
            try require(inserted, "insert of a new credential ID \(Self.describe(record.id)) returned false")
            let found = try await store.credential(withID: record.id)
            try require(
                found == record,
                "credential(withID:) returned \(Self.summary(found)); inserted \(Self.summary(record))"
            )
            try require(
                found?.publicKey.encoded == record.publicKey.encoded,
                "the public key does not round-trip; store COSEKey.encoded and rebuild it with COSEKey(encoded:)"
            )
        }
        let listed = try await store.credentials(forUserHandle: userHandle)
        try require(
            listed == records,
            "credentials(forUserHandle:) returned \(listed.count) records \(listed.map { Self.describe($0.id) }); "
                + "expected the \(records.count) inserted, in registration order"
        )
    }

    /// A credential ID that was never inserted is not found, and an unknown user has no credentials.
    public func checkUnknownCredentialIsNotFound() async throws {
        let store = try await makeCredentialStore()
        let found = try await store.credential(withID: try Self.randomBytes(32))
        try require(found == nil, "credential(withID:) of an unknown ID returned \(Self.summary(found))")
        let listed = try await store.credentials(forUserHandle: try Self.randomBytes(32))
        try require(listed.isEmpty, "credentials(forUserHandle:) of an unknown user returned \(listed.count) records")
    }

    /// Each user's list holds exactly their credentials, in registration order.
    public func checkCredentialsAreListedPerUserInRegistrationOrder() async throws {
        let store = try await makeCredentialStore()
        let alice = try Self.randomBytes(32)
        let bob = try Self.randomBytes(32)
        var expected: [[UInt8]: [[UInt8]]] = [alice: [], bob: []]
        for (index, owner) in [alice, bob, alice, alice, bob].enumerated() {
            let record = try Self.record(userHandle: owner, signCount: UInt32(index))
            let inserted = try await store.insert(record, registeredAt: Date())
            try require(inserted, "insert of a new credential ID returned false")
            expected[owner, default: []].append(record.id)
        }
        for owner in [alice, bob] {
            let listed = try await store.credentials(forUserHandle: owner).map(\.id)
            try require(
                listed == expected[owner],
                "credentials(forUserHandle: \(Self.describe(owner))) listed \(listed.map { Self.describe($0) }); "
                    + "expected \((expected[owner] ?? []).map { Self.describe($0) })"
            )
        }
    }

    /// Inserting a credential ID that is stored already fails, whichever user it is for, and leaves the stored
    /// record as it was (§7.1 `#reg-ceremony-verify-credential-id`).
    public func checkInsertRefusesAnExistingCredentialIDForAnyUser() async throws {
        let store = try await makeCredentialStore()
        let original = try Self.record(userHandle: try Self.randomBytes(32), signCount: 3)
        let firstInsert = try await store.insert(original, registeredAt: Date())
        try require(firstInsert, "insert of a new credential ID returned false")
        var sameUser = try Self.record(userHandle: original.userHandle, signCount: 9)
        sameUser.id = original.id
        let sameUserInsert = try await store.insert(sameUser, registeredAt: Date())
        try require(!sameUserInsert, "a second insert of the same credential ID for the same user returned true")
        let otherUser = try Self.randomBytes(32)
        var forOther = try Self.record(userHandle: otherUser, signCount: 9)
        forOther.id = original.id
        let otherUserInsert = try await store.insert(forOther, registeredAt: Date())
        try require(
            !otherUserInsert,
            "an insert of a stored credential ID for another user returned true; the ID must be unique across users"
        )
        let found = try await store.credential(withID: original.id)
        try require(found == original, "a refused insert changed the stored record to \(Self.summary(found))")
        let othersList = try await store.credentials(forUserHandle: otherUser)
        try require(othersList.isEmpty, "a refused insert added \(othersList.count) records to the other user")
    }

    /// An update whose expected counter is the stored one applies: counter, BE, BS and `uvInitialized` change,
    /// every other field stays (§7.2 `#rp-op-verifying-assertion-step-update-credential-record`).
    public func checkUpdateAppliesWhenTheCounterIsUnchanged() async throws {
        let store = try await makeCredentialStore()
        let record = try Self.record(userHandle: try Self.randomBytes(32), signCount: 41)
        let inserted = try await store.insert(record, registeredAt: Date())
        try require(inserted, "insert of a new credential ID returned false")
        let update = CredentialRecordUpdate(
            credentialID: record.id,
            expectedSignCount: 41,
            signCount: 42,
            backupEligible: true,
            backupState: true,
            userVerificationInitialized: true,
            lastUsedAt: Date()
        )
        let applied = try await store.update(update)
        try require(applied, "update with the stored counter as expectedSignCount returned false")
        let found = try await store.credential(withID: record.id)
        let expected = update.applied(to: record)
        try require(
            found == expected,
            "after the update the store returned \(Self.summary(found)); expected \(Self.summary(expected))"
        )
    }

    /// An update whose expected counter is not the stored one is refused and changes nothing (the
    /// compare-and-set of ``CredentialStore/update(_:)``).
    public func checkUpdateIsRefusedWhenTheCounterChanged() async throws {
        let store = try await makeCredentialStore()
        let record = try Self.record(userHandle: try Self.randomBytes(32), signCount: 7)
        let inserted = try await store.insert(record, registeredAt: Date())
        try require(inserted, "insert of a new credential ID returned false")
        for expected: UInt32 in [6, 8, 0] {
            let update = CredentialRecordUpdate(
                credentialID: record.id,
                expectedSignCount: expected,
                signCount: 100,
                backupEligible: true,
                backupState: true,
                userVerificationInitialized: true,
                lastUsedAt: Date()
            )
            let applied = try await store.update(update)
            try require(!applied, "update expecting counter \(expected) applied while the stored counter is 7")
        }
        let found = try await store.credential(withID: record.id)
        try require(found == record, "refused updates changed the record to \(Self.summary(found))")
    }

    /// An update of a credential ID that is not stored is refused and creates nothing.
    public func checkUpdateOfAnUnknownCredentialIsRefused() async throws {
        let store = try await makeCredentialStore()
        let id = try Self.randomBytes(32)
        let update = CredentialRecordUpdate(
            credentialID: id,
            expectedSignCount: 0,
            signCount: 1,
            backupEligible: false,
            backupState: false,
            userVerificationInitialized: false,
            lastUsedAt: Date()
        )
        let applied = try await store.update(update)
        try require(!applied, "update of an unknown credential ID returned true")
        let found = try await store.credential(withID: id)
        try require(found == nil, "update of an unknown credential ID created \(Self.summary(found))")
    }

    /// Of ``concurrency`` concurrent inserts of one credential ID, for as many users, exactly one succeeds, and
    /// the stored record is the winner's.
    public func checkConcurrentInsertsOfOneIDLetExactlyOneWin() async throws {
        let store = try await makeCredentialStore()
        let id = try Self.randomBytes(32)
        var candidates: [CredentialRecord] = []
        for index in 0..<concurrency {
            var record = try Self.record(userHandle: try Self.randomBytes(32), signCount: UInt32(index))
            record.id = id
            candidates.append(record)
        }
        let winners = try await withThrowingTaskGroup(of: CredentialRecord?.self) { group in
            for candidate in candidates {
                group.addTask { try await store.insert(candidate, registeredAt: Date()) ? candidate : nil }
            }
            var winners: [CredentialRecord] = []
            for try await case let winner? in group {
                winners.append(winner)
            }
            return winners
        }
        try require(
            winners.count == 1,
            "\(winners.count) of \(concurrency) concurrent inserts of one credential ID returned true; exactly 1 must"
        )
        let found = try await store.credential(withID: id)
        try require(found == winners.first, "the stored record \(Self.summary(found)) is not the winning insert's")
    }

    /// Of ``concurrency`` concurrent updates that all read the same counter, exactly one applies, and the stored
    /// counter is the winner's (two assertions verified against one counter cannot both be recorded, §6.1.1).
    public func checkConcurrentUpdatesFromOneCounterLetExactlyOneWin() async throws {
        let store = try await makeCredentialStore()
        let record = try Self.record(userHandle: try Self.randomBytes(32), signCount: 10)
        let inserted = try await store.insert(record, registeredAt: Date())
        try require(inserted, "insert of a new credential ID returned false")
        let concurrency = self.concurrency
        let winners = try await withThrowingTaskGroup(of: UInt32?.self) { group in
            for index in 0..<concurrency {
                let newCount = UInt32(11 + index)
                let update = CredentialRecordUpdate(
                    credentialID: record.id,
                    expectedSignCount: 10,
                    signCount: newCount,
                    backupEligible: false,
                    backupState: index % 2 == 0,
                    userVerificationInitialized: false,
                    lastUsedAt: Date()
                )
                group.addTask { try await store.update(update) ? newCount : nil }
            }
            var winners: [UInt32] = []
            for try await case let winner? in group {
                winners.append(winner)
            }
            return winners
        }
        try require(
            winners.count == 1,
            "\(winners.count) of \(concurrency) concurrent updates expecting counter 10 applied; exactly 1 must "
                + "(UPDATE ... WHERE sign_count = $read)"
        )
        let found = try await store.credential(withID: record.id)
        try require(
            found?.signCount == winners.first,
            "the stored counter is \(found.map { String($0.signCount) } ?? "missing"); the winning update wrote "
                + "\(winners.first.map(String.init) ?? "nothing")"
        )
    }

    /// An RSA-2048 COSE key, generated once per process: RSA key generation is slow.
    static let rsaKey = Result { try PrivateKey.generate(.rs256).coseKey }

    /// A record with a fresh random credential ID and an ES256 key.
    static func record(userHandle: [UInt8]?, signCount: UInt32) throws -> CredentialRecord {
        CredentialRecord(
            id: try randomBytes(32),
            publicKey: try PrivateKey.generate(.es256).coseKey,
            signCount: signCount,
            userHandle: userHandle,
            transports: ["internal"]
        )
    }

    /// A one-line description of a record for failure messages.
    static func summary(_ record: CredentialRecord?) -> String {
        guard let record else { return "nil" }
        return "{id \(describe(record.id)), user \(describe(record.userHandle)), signCount \(record.signCount), "
            + "BE \(record.backupEligible), BS \(record.backupState), uvInitialized "
            + "\(record.userVerificationInitialized), transports \(record.transports), "
            + "key \(record.publicKey.algorithm) (\(record.publicKey.encoded.count) bytes)}"
    }
}
