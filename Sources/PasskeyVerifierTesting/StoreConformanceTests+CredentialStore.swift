import Foundation
import PasskeyCrypto
import PasskeyVerifier

extension StoreConformanceTests {
    /// Inserted records read back with every field intact, by ID and in the owner's list (§4 "credential
    /// record"): a 1023-byte credential ID, a 64-byte user handle, the largest counter, all flags set,
    /// transports, registration details (AAGUID, attestation format and type, `credProps.rk` true, false or
    /// unreported, BE and BS), a nickname outside ASCII, a last-use instant, a version other than 0, a record
    /// without registration details (an import) and one without a user handle (`nil`, not empty bytes), and
    /// EC2, OKP and RSA public keys (the RSA COSE_Key is about 270 bytes). Instants are whole seconds.
    public func checkInsertedRecordRoundTrips() async throws {
        let store = try await makeCredentialStore()
        let userHandle = try Self.randomBytes(64)
        let now = Self.wholeSecondNow()
        let records = [
            CredentialRecord(
                id: try Self.randomBytes(1023),
                publicKey: try PrivateKey.generate(.es256).coseKey,
                signCount: UInt32.max,
                backupEligible: true,
                backupState: true,
                userVerificationInitialized: true,
                userHandle: userHandle,
                transports: ["internal", "hybrid"],
                registration: CredentialRegistrationDetails(
                    registeredAt: now,
                    aaguid: AAGUID(uuidString: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd") ?? .zero,
                    attestationFormat: "apple",
                    attestationType: .anonCA,
                    isDiscoverable: true,
                    backupEligible: true,
                    backupState: true
                ),
                nickname: "Téléphone de Zoë 🔑",
                lastUsedAt: now.addingTimeInterval(3600),
                version: 41
            ),
            CredentialRecord(
                id: try Self.randomBytes(16),
                publicKey: try PrivateKey.generate(.edDSA).coseKey,
                signCount: 0,
                userHandle: userHandle,
                registration: CredentialRegistrationDetails(
                    registeredAt: now.addingTimeInterval(-86_400),
                    attestationFormat: "packed",
                    attestationType: .self,
                    isDiscoverable: false
                )
            ),
            CredentialRecord(
                id: try Self.randomBytes(64),
                publicKey: try Self.rsaKey.get(),
                signCount: 2_147_483_648,
                backupEligible: true,
                userHandle: userHandle,
                transports: ["usb", "nfc", "a-future-transport"],
                registration: CredentialRegistrationDetails(
                    registeredAt: Date(timeIntervalSince1970: 0),
                    aaguid: AAGUID(uuidString: "2fc0579f-8113-47ea-b116-bb5a8db9202a") ?? .zero,
                    attestationFormat: "tpm",
                    attestationType: .attCA,
                    backupEligible: true
                )
            ),
            CredentialRecord(
                id: try Self.randomBytes(32),
                publicKey: try PrivateKey.generate(.es256).coseKey,
                signCount: 5,
                userHandle: userHandle,
                nickname: ""
            ),
        ]
        for record in records {
            let inserted = try await store.insert(record)
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
                + "expected the \(records.count) inserted, in insertion order, every field intact"
        )
        let ownerless = try Self.record(userHandle: nil, signCount: 1)
        let insertedOwnerless = try await store.insert(ownerless)
        try require(insertedOwnerless, "insert of a record without a user handle returned false")
        let foundOwnerless = try await store.credential(withID: ownerless.id)
        try require(
            foundOwnerless == ownerless,
            "a record without a user handle read back as \(Self.summary(foundOwnerless)); the nil user handle "
                + "must round-trip as nil"
        )
        let emptyList = try await store.credentials(forUserHandle: [])
        try require(
            !emptyList.contains { $0.id == ownerless.id },
            "a record without a user handle is listed for the empty user handle"
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

    /// Each user's list holds exactly their credentials, in insertion order, although every record has the
    /// same registration instant and the credential IDs sort in the opposite order: the order comes from a
    /// sequence, not from a timestamp (which ties) nor from the ID.
    public func checkCredentialsAreListedPerUserInInsertionOrder() async throws {
        let store = try await makeCredentialStore()
        let alice = try Self.randomBytes(32)
        let bob = try Self.randomBytes(32)
        let instant = Self.wholeSecondNow()
        var expected: [[UInt8]: [[UInt8]]] = [alice: [], bob: []]
        for (index, owner) in [alice, bob, alice, alice, bob, alice].enumerated() {
            var record = try Self.record(userHandle: owner, signCount: UInt32(index), registeredAt: instant)
            record.id[0] = UInt8(255 - index)
            let inserted = try await store.insert(record)
            try require(inserted, "insert of a new credential ID returned false")
            expected[owner, default: []].append(record.id)
        }
        for owner in [alice, bob] {
            let listed = try await store.credentials(forUserHandle: owner).map(\.id)
            try require(
                listed == expected[owner],
                "credentials(forUserHandle: \(Self.describe(owner))) listed \(listed.map { Self.describe($0) }); "
                    + "expected \((expected[owner] ?? []).map { Self.describe($0) }), in insertion order"
            )
        }
    }

    /// Inserting a credential ID that is stored already fails, whichever user it is for, and leaves the stored
    /// record as it was (§7.1 `#sctn-registering-a-new-credential` step "credentialId not yet registered").
    public func checkInsertRefusesAnExistingCredentialIDForAnyUser() async throws {
        let store = try await makeCredentialStore()
        let original = try Self.record(userHandle: try Self.randomBytes(32), signCount: 3)
        let firstInsert = try await store.insert(original)
        try require(firstInsert, "insert of a new credential ID returned false")
        var sameUser = try Self.record(userHandle: original.userHandle, signCount: 9)
        sameUser.id = original.id
        let sameUserInsert = try await store.insert(sameUser)
        try require(!sameUserInsert, "a second insert of the same credential ID for the same user returned true")
        let otherUser = try Self.randomBytes(32)
        var forOther = try Self.record(userHandle: otherUser, signCount: 9)
        forOther.id = original.id
        let otherUserInsert = try await store.insert(forOther)
        try require(
            !otherUserInsert,
            "an insert of a stored credential ID for another user returned true; the ID must be unique across users"
        )
        let found = try await store.credential(withID: original.id)
        try require(found == original, "a refused insert changed the stored record to \(Self.summary(found))")
        let othersList = try await store.credentials(forUserHandle: otherUser)
        try require(othersList.isEmpty, "a refused insert added \(othersList.count) records to the other user")
    }

    /// An update whose expected version is the stored one applies: counter, BE, BS, `uvInitialized` and the
    /// last use change, the version goes up by one, every other field stays (§7.2
    /// `#authn-ceremony-update-credential-record`). A second update from the new version
    /// applies too, and one that clears the last use writes `nil`.
    public func checkUpdateAppliesWhenTheVersionIsUnchanged() async throws {
        let store = try await makeCredentialStore()
        var record = try Self.record(userHandle: try Self.randomBytes(32), signCount: 41)
        record.nickname = "YubiKey"
        let inserted = try await store.insert(record)
        try require(inserted, "insert of a new credential ID returned false")
        let first = CredentialRecordUpdate(
            credentialID: record.id,
            expectedVersion: 0,
            signCount: 42,
            backupEligible: true,
            backupState: true,
            userVerificationInitialized: true,
            lastUsedAt: Self.wholeSecondNow()
        )
        let second = CredentialRecordUpdate(
            credentialID: record.id,
            expectedVersion: 1,
            signCount: 42,
            backupEligible: true,
            backupState: false,
            userVerificationInitialized: true,
            lastUsedAt: nil
        )
        var expected = record
        for update in [first, second] {
            let applied = try await store.update(update)
            try require(
                applied,
                "update with the stored version \(update.expectedVersion) as expectedVersion returned false"
            )
            let found = try await store.credential(withID: record.id)
            expected = update.applied(to: expected)
            try require(
                found == expected,
                "after the update the store returned \(Self.summary(found)); expected \(Self.summary(expected))"
            )
        }
    }

    /// An update whose expected version is not the stored one is refused and changes nothing, even when the
    /// counter it was read with is still the stored one (the compare-and-set of ``CredentialStore/update(_:)``
    /// guards the whole record, not the counter).
    public func checkUpdateIsRefusedWhenTheVersionChanged() async throws {
        let store = try await makeCredentialStore()
        var record = try Self.record(userHandle: try Self.randomBytes(32), signCount: 0)
        record.version = 7
        let inserted = try await store.insert(record)
        try require(inserted, "insert of a new credential ID returned false")
        for expected: Int64 in [6, 8, 0] {
            let update = CredentialRecordUpdate(
                credentialID: record.id,
                expectedVersion: expected,
                signCount: 0,
                backupEligible: true,
                backupState: true,
                userVerificationInitialized: true,
                lastUsedAt: Date()
            )
            let applied = try await store.update(update)
            try require(!applied, "update expecting version \(expected) applied while the stored version is 7")
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
            expectedVersion: 0,
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

    /// A rename sets the nickname, then clears it, each time adding one to the version and changing nothing
    /// else; an update prepared before a rename is then refused. Renaming an unknown credential returns
    /// `false` and creates nothing.
    public func checkRenameSetsTheNicknameAndTheVersion() async throws {
        let store = try await makeCredentialStore()
        let record = try Self.record(userHandle: try Self.randomBytes(32), signCount: 0)
        let inserted = try await store.insert(record)
        try require(inserted, "insert of a new credential ID returned false")
        var expected = record
        for nickname in ["iPhone de Zoë 📱", nil] as [String?] {
            let renamed = try await store.rename(credentialID: record.id, nickname: nickname)
            try require(renamed, "rename of a stored credential returned false")
            expected.nickname = nickname
            expected.version += 1
            let found = try await store.credential(withID: record.id)
            try require(
                found == expected,
                "after rename(nickname: \(nickname.map { "\"\($0)\"" } ?? "nil")) the store returned "
                    + "\(Self.summary(found)); expected \(Self.summary(expected))"
            )
        }
        let stale = CredentialRecordUpdate(
            credentialID: record.id,
            expectedVersion: record.version,
            signCount: 0,
            backupEligible: true,
            backupState: true,
            userVerificationInitialized: true,
            lastUsedAt: Date()
        )
        let staleApplied = try await store.update(stale)
        try require(!staleApplied, "an update prepared before a rename applied; a rename must add one to the version")
        let unknown = try Self.randomBytes(32)
        let renamedUnknown = try await store.rename(credentialID: unknown, nickname: "ghost")
        try require(!renamedUnknown, "rename of an unknown credential ID returned true")
        let foundUnknown = try await store.credential(withID: unknown)
        try require(foundUnknown == nil, "rename of an unknown credential ID created \(Self.summary(foundUnknown))")
    }

    /// Removing a credential deletes it and nothing else: it is no longer found nor listed, a second removal
    /// returns `false`, its owner's other credentials stay in order, and the ID may be inserted again.
    public func checkRemoveDeletesOnlyThatCredential() async throws {
        let store = try await makeCredentialStore()
        let owner = try Self.randomBytes(32)
        let records = try (0..<3).map { try Self.record(userHandle: owner, signCount: UInt32($0)) }
        for record in records {
            let inserted = try await store.insert(record)
            try require(inserted, "insert of a new credential ID returned false")
        }
        let removed = try await store.remove(credentialID: records[1].id)
        try require(removed, "remove of a stored credential returned false")
        let removedAgain = try await store.remove(credentialID: records[1].id)
        try require(!removedAgain, "a second remove of the same credential returned true")
        let found = try await store.credential(withID: records[1].id)
        try require(found == nil, "a removed credential is still found: \(Self.summary(found))")
        let listed = try await store.credentials(forUserHandle: owner).map(\.id)
        try require(
            listed == [records[0].id, records[2].id],
            "after removing the second of three credentials the owner's list is \(listed.map { Self.describe($0) })"
        )
        let removedUnknown = try await store.remove(credentialID: try Self.randomBytes(32))
        try require(!removedUnknown, "remove of an unknown credential ID returned true")
        let reinserted = try await store.insert(records[1])
        try require(reinserted, "insert of a removed credential ID returned false")
        let relisted = try await store.credentials(forUserHandle: owner).map(\.id)
        try require(
            relisted == [records[0].id, records[2].id, records[1].id],
            "a credential inserted again after its removal is not listed last: \(relisted.map { Self.describe($0) })"
        )
    }

    /// ``CredentialStore/removeUnlessLast(credentialID:ownedBy:)``: another user's or an unknown credential is
    /// `notFound`, an only credential `lastCredential`, and of concurrent removals of each of a user's credentials
    /// (``concurrency`` of them, at most 8) exactly all but one succeed.
    public func checkConcurrentRemovalsKeepTheLastCredential() async throws {
        let store = try await makeCredentialStore()
        let owner = try Self.randomBytes(32)
        let records = try (0..<min(concurrency, 8)).map { try Self.record(userHandle: owner, signCount: UInt32($0)) }
        for record in records {
            let inserted = try await store.insert(record)
            try require(inserted, "insert of a new credential ID returned false")
        }
        let stranger = try await store.removeUnlessLast(credentialID: records[0].id, ownedBy: try Self.randomBytes(32))
        try require(stranger == .notFound, "removing another user's credential returned \(stranger)")
        let unknown = try await store.removeUnlessLast(credentialID: try Self.randomBytes(32), ownedBy: owner)
        try require(unknown == .notFound, "removing an unknown credential returned \(unknown)")
        let outcomes = try await withThrowingTaskGroup(of: CredentialRemoval.self) { group in
            for record in records {
                group.addTask { try await store.removeUnlessLast(credentialID: record.id, ownedBy: owner) }
            }
            return try await group.reduce(into: [CredentialRemoval]()) { $0.append($1) }
        }
        let left = try await store.credentials(forUserHandle: owner)
        try require(
            outcomes.filter { $0 == .removed }.count == records.count - 1 && left.count == 1,
            "\(records.count) concurrent removals of a user's \(records.count) credentials: \(outcomes), "
                + "\(left.count) left; exactly one must stay"
        )
        if let last = left.first {
            let again = try await store.removeUnlessLast(credentialID: last.id, ownedBy: owner)
            try require(again == .lastCredential, "removing the only credential returned \(again)")
            _ = try await store.remove(credentialID: last.id)
        }
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
                group.addTask { try await store.insert(candidate) ? candidate : nil }
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

    /// Of ``concurrency`` concurrent updates that all read the same version of a synced passkey, whose counter
    /// stays 0, exactly one applies, and the stored record is the winner's: two sign-ins verified against one
    /// record cannot both be recorded, nor silently overwrite each other's BE, BS, `uvInitialized` and last use.
    public func checkConcurrentUpdatesFromOneVersionLetExactlyOneWin() async throws {
        let store = try await makeCredentialStore()
        let record = try Self.record(userHandle: try Self.randomBytes(32), signCount: 0)
        let inserted = try await store.insert(record)
        try require(inserted, "insert of a new credential ID returned false")
        let concurrency = self.concurrency
        let now = Self.wholeSecondNow()
        var updates: [CredentialRecordUpdate] = []
        for index in 0..<concurrency {
            let lastUsedAt = now.addingTimeInterval(TimeInterval(index))
            updates.append(
                CredentialRecordUpdate(
                    credentialID: record.id,
                    expectedVersion: 0,
                    signCount: 0,
                    backupEligible: true,
                    backupState: index.isMultiple(of: 2),
                    userVerificationInitialized: index.isMultiple(of: 3),
                    lastUsedAt: lastUsedAt
                )
            )
        }
        let winners = try await withThrowingTaskGroup(of: CredentialRecordUpdate?.self) { group in
            for update in updates {
                group.addTask { try await store.update(update) ? update : nil }
            }
            var winners: [CredentialRecordUpdate] = []
            for try await case let winner? in group {
                winners.append(winner)
            }
            return winners
        }
        try require(
            winners.count == 1,
            "\(winners.count) of \(concurrency) concurrent updates expecting version 0 applied; exactly 1 must "
                + "(UPDATE ... WHERE version = $read)"
        )
        let found = try await store.credential(withID: record.id)
        let expected = winners.first.map { $0.applied(to: record) }
        try require(
            found == expected,
            "the stored record is \(Self.summary(found)); the winning update wrote \(Self.summary(expected))"
        )
    }

    /// ``concurrency`` concurrent renames of one credential all apply and each adds one to the version: a
    /// rename increments the stored version, it does not write a version it read earlier.
    public func checkConcurrentRenamesEachAddOneToTheVersion() async throws {
        let store = try await makeCredentialStore()
        let record = try Self.record(userHandle: try Self.randomBytes(32), signCount: 0)
        let inserted = try await store.insert(record)
        try require(inserted, "insert of a new credential ID returned false")
        let concurrency = self.concurrency
        let renamed = try await concurrentTrueCount { index in
            try await store.rename(credentialID: record.id, nickname: "key \(index)")
        }
        try require(renamed == concurrency, "\(renamed) of \(concurrency) concurrent renames returned true")
        let found = try await store.credential(withID: record.id)
        try require(
            found?.version == Int64(concurrency),
            "after \(concurrency) concurrent renames the version is \(found.map { String($0.version) } ?? "missing"); "
                + "each rename must add one (SET version = version + 1)"
        )
    }

    /// An RSA-2048 COSE key, generated once per process: RSA key generation is slow.
    static let rsaKey = Result { try PrivateKey.generate(.rs256).coseKey }

    /// A record with a fresh random credential ID, an ES256 key and registration details.
    static func record(
        userHandle: [UInt8]?,
        signCount: UInt32,
        registeredAt: Date = wholeSecondNow()
    ) throws -> CredentialRecord {
        CredentialRecord(
            id: try randomBytes(32),
            publicKey: try PrivateKey.generate(.es256).coseKey,
            signCount: signCount,
            userHandle: userHandle,
            transports: ["internal"],
            registration: CredentialRegistrationDetails(registeredAt: registeredAt, isDiscoverable: true)
        )
    }

    /// A one-line description of a record for failure messages.
    static func summary(_ record: CredentialRecord?) -> String {
        guard let record else { return "nil" }
        let registration = record.registration.map { details in
            "{at \(details.registeredAt), \(details.aaguid), \(details.attestationFormat) "
                + "\(details.attestationType.rawValue), rk \(details.isDiscoverable.map(String.init) ?? "nil"), "
                + "BE \(details.backupEligible), BS \(details.backupState)}"
        }
        return "{id \(describe(record.id)), user \(describe(record.userHandle)), signCount \(record.signCount), "
            + "BE \(record.backupEligible), BS \(record.backupState), uvInitialized "
            + "\(record.userVerificationInitialized), transports \(record.transports), "
            + "key \(record.publicKey.algorithm) (\(record.publicKey.encoded.count) bytes), registration "
            + "\(registration ?? "nil"), nickname \(record.nickname.map { "\"\($0)\"" } ?? "nil"), lastUsedAt "
            + "\(record.lastUsedAt.map { "\($0)" } ?? "nil"), version \(record.version)}"
    }
}
