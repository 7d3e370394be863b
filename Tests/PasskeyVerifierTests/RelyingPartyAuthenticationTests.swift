import Foundation
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@Suite struct RelyingPartyAuthenticationTests {
    static let challengeNotFound = WebAuthnError(.challengeNotFound, "")
    static let unknownCredential = WebAuthnError(.unknownCredential, "")
    static let credentialMismatch = WebAuthnError(.credentialMismatch, "")

    /// A relying party with one credential registered per given user, all on one virtual authenticator.
    struct Fixture {
        let clock: ManualClock
        let store: InMemoryCredentialStore
        let relyingParty: RelyingParty
        var authenticator: VirtualAuthenticator
        let credentialIDs: [[UInt8]]

        init(
            users: [PublicKeyCredentialUserEntity] = [alice],
            authenticator: VirtualAuthenticator = VirtualAuthenticator(),
            credentialStore: (InMemoryCredentialStore) -> any CredentialStore = { $0 },
            configure: (inout RelyingPartyConfiguration) -> Void = { _ in }
        ) async throws {
            clock = ManualClock()
            store = InMemoryCredentialStore()
            relyingParty = try makeRelyingParty(
                clock: clock,
                credentialStore: credentialStore(store),
                configure: configure
            )
            self.authenticator = authenticator
            var credentialIDs: [[UInt8]] = []
            for user in users {
                let options = try await relyingParty.beginRegistration(for: user)
                let registration = try self.authenticator.register(options)
                _ = try await relyingParty.finishRegistration(registration.response)
                credentialIDs.append(registration.credentialID)
            }
            self.credentialIDs = credentialIDs
        }

        /// Begins an authentication for `userHandle` and answers it with the credential of user `index`.
        mutating func assertion(for userHandle: [UInt8]?, credential index: Int = 0) async throws -> VirtualAssertion {
            let options = try await relyingParty.beginAuthentication(for: userHandle)
            return try authenticator.authenticate(options, credentialID: credentialIDs[index])
        }

        /// The stored counter of the credential of user `index`.
        func storedSignCount(_ index: Int = 0) async -> UInt32? {
            await store.credential(withID: credentialIDs[index])?.signCount
        }
    }

    @Test func transportsStoredBeforeTheirFilterAreFilteredInAllowCredentials() async throws {
        let fixture = try await Fixture()
        var record = try #require(await fixture.store.credential(withID: fixture.credentialIDs[0]))
        record.id = [9, 9, 9]
        record.transports = ["usb", String(repeating: "x", count: 40_000), "<b>", "usb", "hybrid"]
        #expect(await fixture.store.insert(record))
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let listed = try #require(options.allowCredentials.first { $0.credentialID == [9, 9, 9] })
        #expect(listed.transports == ["usb", "hybrid"])
    }

    @Test func signInWithAKnownUserListsTheirCredentialsAndUpdatesTheRecord() async throws {
        var fixture = try await Fixture(
            users: [alice, bob],
            authenticator: VirtualAuthenticator(signCounter: .incrementing(start: 1, step: 1))
        )
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        #expect(options.allowCredentials.compactMap(\.credentialID) == [fixture.credentialIDs[0]])
        #expect(options.allowCredentials.first?.transports == ["hybrid", "internal"])
        #expect(options.rpId == "example.com")
        #expect(options.timeout == 300_000)
        #expect(options.userVerification == .preferred)
        #expect(options.challengeBytes?.count == 32)
        fixture.clock.advance(by: 10)

        let assertion = try fixture.authenticator.authenticate(options, credentialID: fixture.credentialIDs[0])
        #expect(assertion.signCount == 2)
        let completed = try await fixture.relyingParty.finishAuthentication(json: assertion.jsonBytes)
        #expect(completed.userHandle == alice.id)
        #expect(completed.credentialID == fixture.credentialIDs[0])
        #expect(completed.signCount == 2)
        #expect(!completed.signCountRegressed)
        #expect(completed.userVerified)
        #expect(completed.backupStateChange == .unchanged)
        #expect(completed.backupEligibilityChange == .unchanged)
        #expect(await fixture.storedSignCount() == 2)
        #expect(await fixture.store.credential(withID: fixture.credentialIDs[0]) == completed.credentialRecord)
        #expect(completed.credentialRecord.lastUsedAt == fixture.clock.now)
        #expect(completed.credentialRecord.version == 1)
        #expect(await fixture.storedSignCount(1) == 1)
    }

    @Test func aSignInWithTheRecordsTheCallerReadListsThemAndIsBoundToTheirUser() async throws {
        var fixture = try await Fixture(users: [alice, bob])
        let records = await fixture.store.credentials(forUserHandle: alice.id)
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id, allowing: records)
        #expect(options.allowCredentials.compactMap(\.credentialID) == [fixture.credentialIDs[0]])
        let assertion = try fixture.authenticator.authenticate(options, credentialID: fixture.credentialIDs[0])
        let completed = try await fixture.relyingParty.finishAuthentication(assertion.response)
        #expect(completed.userHandle == alice.id)

        let again = try await fixture.relyingParty.beginAuthentication(for: alice.id, allowing: records)
        let bobs = try fixture.authenticator.authenticate(again, credentialID: fixture.credentialIDs[1])
        await #expect(throws: Self.unknownCredential) {
            try await fixture.relyingParty.finishAuthentication(bobs.response)
        }
    }

    @Test func recordsOfAnotherUserCannotStartASignIn() async throws {
        let fixture = try await Fixture(users: [alice, bob])
        let bobs = await fixture.store.credentials(forUserHandle: bob.id)
        await #expect(throws: RelyingPartyUsageError.self) {
            try await fixture.relyingParty.beginAuthentication(for: alice.id, allowing: bobs)
        }
    }

    @Test func discoverableSignInResolvesTheUserByUserHandle() async throws {
        var fixture = try await Fixture(users: [alice, bob])
        let options = try await fixture.relyingParty.beginAuthentication()
        #expect(options.allowCredentials.isEmpty)
        let assertion = try fixture.authenticator.authenticate(options)
        #expect(assertion.credentialID == fixture.credentialIDs[1])
        let completed = try await fixture.relyingParty.finishAuthentication(assertion.response)
        #expect(completed.userHandle == bob.id)
        #expect(completed.credentialID == fixture.credentialIDs[1])
        #expect(completed.signCount == 0)
    }

    @Test func discoverableSignInWithoutAUserHandleFailsWithCredentialMismatch() async throws {
        var fixture = try await Fixture()
        fixture.authenticator.returnsUserHandle = false
        let assertion = try await fixture.assertion(for: nil)
        await #expect(throws: Self.credentialMismatch) {
            try await fixture.relyingParty.finishAuthentication(assertion.response)
        }
    }

    @Test func aUserBoundSignInWithoutAUserHandleSucceeds() async throws {
        var fixture = try await Fixture()
        fixture.authenticator.returnsUserHandle = false
        let assertion = try await fixture.assertion(for: alice.id)
        let completed = try await fixture.relyingParty.finishAuthentication(assertion.response)
        #expect(completed.userHandle == alice.id)
    }

    @Test(arguments: [false, true])
    func aUserHandleThatDoesNotOwnTheCredentialFailsWithCredentialMismatch(discoverable: Bool) async throws {
        var fixture = try await Fixture(users: [alice, bob])
        fixture.authenticator.credentials[0].userHandle = bob.id
        let assertion = try await fixture.assertion(for: discoverable ? nil : alice.id, credential: 0)
        #expect(assertion.userHandle == bob.id)
        await #expect(throws: Self.credentialMismatch) {
            try await fixture.relyingParty.finishAuthentication(assertion.response)
        }
    }

    @Test func anotherUsersCredentialInAUserBoundSignInFailsWithUnknownCredential() async throws {
        var fixture = try await Fixture(users: [alice, bob])
        let assertion = try await fixture.assertion(for: alice.id, credential: 1)
        await #expect(throws: Self.unknownCredential) {
            try await fixture.relyingParty.finishAuthentication(assertion.response)
        }
    }

    @Test func anUnregisteredCredentialFailsWithUnknownCredential() async throws {
        let fixture = try await Fixture()
        var stranger = VirtualAuthenticator()
        try stranger.register(challenge: [1, 2, 3], userHandle: alice.id)
        for userHandle in [alice.id, nil] {
            let options = try await fixture.relyingParty.beginAuthentication(for: userHandle)
            let assertion = try stranger.authenticate(options)
            await #expect(throws: Self.unknownCredential) {
                try await fixture.relyingParty.finishAuthentication(assertion.response)
            }
        }
    }

    @Test func aReplayedAssertionFailsWithChallengeNotFound() async throws {
        var fixture = try await Fixture()
        let body = try await fixture.assertion(for: alice.id).jsonBytes
        _ = try await fixture.relyingParty.finishAuthentication(json: body)
        await #expect(throws: Self.challengeNotFound) {
            try await fixture.relyingParty.finishAuthentication(json: body)
        }
    }

    @Test func anExpiredChallengeFailsWithChallengeNotFound() async throws {
        var fixture = try await Fixture(configure: { $0.challengeLifetime = .seconds(60) })
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        fixture.clock.advance(by: 59)
        let inTime = try fixture.authenticator.authenticate(try await fixture.relyingParty.beginAuthentication())
        fixture.clock.advance(by: 1)
        let late = try fixture.authenticator.authenticate(options)
        await #expect(throws: Self.challengeNotFound) {
            try await fixture.relyingParty.finishAuthentication(late.response)
        }
        _ = try await fixture.relyingParty.finishAuthentication(inTime.response)
    }

    @Test func aRegistrationChallengeCannotFinishAnAuthentication() async throws {
        var fixture = try await Fixture()
        let creation = try await fixture.relyingParty.beginRegistration(for: alice)
        let challenge = try #require(creation.challengeBytes)
        let assertion = try fixture.authenticator.authenticate(challenge: challenge)
        await #expect(throws: Self.challengeNotFound) {
            try await fixture.relyingParty.finishAuthentication(assertion.response)
        }
    }

    /// The same assertion, submitted 100 times at once, signs in exactly once: the challenge is taken by one
    /// finish and every other copy fails with challengeNotFound before the counter is even compared.
    @Test(arguments: [VirtualAuthenticator.SignCounter.zero, .incrementing(start: 6, step: 1)])
    func theSameAssertionSubmittedConcurrentlySucceedsExactlyOnce(counter: VirtualAuthenticator.SignCounter)
        async throws
    {
        var fixture = try await Fixture(authenticator: VirtualAuthenticator(signCounter: counter))
        let assertion = try await fixture.assertion(for: alice.id)
        let response = assertion.response
        let relyingParty = fixture.relyingParty
        let outcomes = await withTaskGroup(of: Result<UInt32, WebAuthnError>.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    do {
                        return .success(try await relyingParty.finishAuthentication(response).signCount)
                    } catch let error as WebAuthnError {
                        return .failure(error)
                    } catch {
                        return .failure(WebAuthnError(.malformedInput, "unexpected \(error)"))
                    }
                }
            }
            var outcomes: [Result<UInt32, WebAuthnError>] = []
            for await outcome in group {
                outcomes.append(outcome)
            }
            return outcomes
        }
        let successes = outcomes.compactMap { try? $0.get() }
        let failureCodes = outcomes.compactMap { outcome -> WebAuthnError.Code? in
            if case .failure(let error) = outcome { return error.code }
            return nil
        }
        #expect(successes == [assertion.signCount])
        #expect(failureCodes.count == 99)
        #expect(failureCodes.allSatisfy { $0 == .challengeNotFound })
        #expect(await fixture.storedSignCount() == assertion.signCount)
    }

    /// Different assertions of one credential with counters 1…20, each under its own challenge, submitted at
    /// once: the compare-and-set serializes them, so the highest counter always wins, the stored counter ends
    /// at 20, and an assertion fails only with signCountRegression (its counter was overtaken).
    @Test func racingAssertionsWithDifferentCountersNeverStoreALowerCounter() async throws {
        var fixture = try await Fixture(authenticator: VirtualAuthenticator(signCounter: .incrementing()))
        var responses: [AuthenticationResponse] = []
        for _ in 1...20 {
            responses.append(try await fixture.assertion(for: alice.id).response)
        }
        let relyingParty = fixture.relyingParty
        let outcomes = await withTaskGroup(of: (UInt32, WebAuthnError.Code?).self) { group in
            for (index, response) in responses.enumerated() {
                group.addTask {
                    do {
                        return (try await relyingParty.finishAuthentication(response).signCount, nil)
                    } catch let error as WebAuthnError {
                        return (UInt32(index + 1), error.code)
                    } catch {
                        return (UInt32(index + 1), .malformedInput)
                    }
                }
            }
            var outcomes: [(UInt32, WebAuthnError.Code?)] = []
            for await outcome in group {
                outcomes.append(outcome)
            }
            return outcomes
        }
        #expect(outcomes.count == 20)
        #expect(outcomes.contains { $0.0 == 20 && $0.1 == nil })
        #expect(outcomes.allSatisfy { $0.1 == nil || $0.1 == .signCountRegression })
        #expect(await fixture.storedSignCount() == 20)
    }

    @Test func aCounterThatDoesNotIncreaseFailsWithSignCountRegression() async throws {
        var fixture = try await Fixture(authenticator: VirtualAuthenticator(signCounter: .fixed(5)))
        let assertion = try await fixture.assertion(for: alice.id)
        await #expect(throws: WebAuthnError(.signCountRegression, "")) {
            try await fixture.relyingParty.finishAuthentication(assertion.response)
        }
        #expect(await fixture.storedSignCount() == 5)
    }

    @Test func aCounterRegressionIsReportedUnderTheReportingPolicy() async throws {
        var fixture = try await Fixture(
            authenticator: VirtualAuthenticator(signCounter: .fixed(5)),
            configure: { $0.signCountPolicy = .reportRegression }
        )
        let assertion = try await fixture.assertion(for: alice.id)
        let completed = try await fixture.relyingParty.finishAuthentication(assertion.response)
        #expect(completed.signCountRegressed)
    }

    /// A compare-and-set that loses to a sign-in recorded in between re-reads the record: a counter that is no
    /// longer greater fails with signCountRegression, a counter that still is succeeds.
    @Test(arguments: [(UInt32(6), UInt32(5), false), (UInt32(5), UInt32(6), true)])
    func aLostCompareAndSetRechecksTheCounter(interleaved: UInt32, submitted: UInt32, succeeds: Bool) async throws {
        var fixture = try await Fixture(
            authenticator: VirtualAuthenticator(signCounter: .fixed(4)),
            credentialStore: { InterleavingCredentialStore(base: $0, interleavedSignCount: interleaved) }
        )
        fixture.authenticator.signCounter = .fixed(submitted)
        let response = try await fixture.assertion(for: alice.id).response
        if succeeds {
            let completed = try await fixture.relyingParty.finishAuthentication(response)
            #expect(completed.signCount == submitted)
        } else {
            await #expect(throws: WebAuthnError(.signCountRegression, "")) {
                try await fixture.relyingParty.finishAuthentication(response)
            }
        }
        #expect(await fixture.storedSignCount() == max(interleaved, submitted))
    }

    /// A synced passkey's counter stays 0: a sign-in recorded in between still makes the compare-and-set lose,
    /// because it guards the record's version, not the counter; the assertion is then re-verified and written
    /// after the other one, never over it.
    @Test func aSyncedPasskeysInterleavedSignInMakesTheCompareAndSetLoseAndRetry() async throws {
        var interleaving: InterleavingCredentialStore?
        var fixture = try await Fixture(
            credentialStore: { base in
                let store = InterleavingCredentialStore(base: base, interleavedSignCount: 0)
                interleaving = store
                return store
            }
        )
        let response = try await fixture.assertion(for: alice.id).response
        let completed = try await fixture.relyingParty.finishAuthentication(response)
        #expect(completed.signCount == 0)
        #expect(completed.credentialRecord.version == 2)
        #expect(await fixture.store.credential(withID: fixture.credentialIDs[0]) == completed.credentialRecord)
        #expect(await interleaving?.updateCalls == 2)
    }

    @Test func aBackupStateTransitionIsReported() async throws {
        var fixture = try await Fixture(
            authenticator: VirtualAuthenticator(flags: [.userPresent, .userVerified, .backupEligible])
        )
        fixture.authenticator.flags.insert(.backupState)
        let completed = try await fixture.relyingParty.finishAuthentication(
            try await fixture.assertion(for: alice.id).response
        )
        #expect(completed.backupStateChange == .backedUp)
        #expect(await fixture.store.credential(withID: fixture.credentialIDs[0])?.backupState == true)

        fixture.authenticator.flags.remove(.backupState)
        let again = try await fixture.relyingParty.finishAuthentication(
            try await fixture.assertion(for: alice.id).response
        )
        #expect(again.backupStateChange == .noLongerBackedUp)
    }

    @Test func aGainOfBackupEligibilityIsReportedAndALossRejected() async throws {
        var fixture = try await Fixture(authenticator: VirtualAuthenticator(flags: [.userPresent, .userVerified]))
        fixture.authenticator.flags.insert(.backupEligible)
        let completed = try await fixture.relyingParty.finishAuthentication(
            try await fixture.assertion(for: alice.id).response
        )
        #expect(completed.backupEligibilityChange == .gained)

        fixture.authenticator.flags.remove(.backupEligible)
        let assertion = try await fixture.assertion(for: alice.id)
        await #expect(throws: WebAuthnError(.invalidBackupFlags, "")) {
            try await fixture.relyingParty.finishAuthentication(assertion.response)
        }
    }

    @Test func theNativeIOSPayloadSignsInThroughTheSameEntryPoint() async throws {
        var fixture = try await Fixture(users: [alice, bob])
        let assertion = try await fixture.assertion(for: nil, credential: 1)
        let fields = assertion.nativeFields
        #expect(fields.userID == Base64URL.encodeStandard(bob.id))
        let completed = try await fixture.relyingParty.finishAuthentication(json: try jsonBytes(fields))
        #expect(completed.userHandle == bob.id)
        #expect(completed.credentialID == fixture.credentialIDs[1])
    }

    @Test func aNativeRegistrationPayloadIsNotAnAssertion() async throws {
        var fixture = try await Fixture()
        let creation = try await fixture.relyingParty.beginRegistration(for: bob)
        let fields = try fixture.authenticator.register(creation).nativeFields
        await #expect(throws: WebAuthnError(.malformedInput, "")) {
            try await fixture.relyingParty.finishAuthentication(json: try jsonBytes(fields))
        }
    }
}

/// A credential store that records a competing sign-in (counter `interleavedSignCount`) just before the first
/// compare-and-set, as another server instance would.
actor InterleavingCredentialStore: CredentialStore {
    let base: InMemoryCredentialStore
    let interleavedSignCount: UInt32
    private var interleaved = false
    /// How many updates were asked for, the competing one included.
    private(set) var updateCalls = 0

    init(base: InMemoryCredentialStore, interleavedSignCount: UInt32) {
        self.base = base
        self.interleavedSignCount = interleavedSignCount
    }

    func credential(withID id: [UInt8]) async throws -> CredentialRecord? {
        await base.credential(withID: id)
    }

    func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
        await base.credentials(forUserHandle: userHandle)
    }

    func insert(_ record: CredentialRecord) async throws -> Bool {
        await base.insert(record)
    }

    func rename(credentialID: [UInt8], nickname: String?) async throws -> Bool {
        await base.rename(credentialID: credentialID, nickname: nickname)
    }

    func remove(credentialID: [UInt8]) async throws -> Bool {
        await base.remove(credentialID: credentialID)
    }

    func update(_ update: CredentialRecordUpdate) async throws -> Bool {
        updateCalls += 1
        if !interleaved {
            interleaved = true
            var competing = update
            competing.signCount = interleavedSignCount
            _ = await base.update(competing)
        }
        return await base.update(update)
    }
}
