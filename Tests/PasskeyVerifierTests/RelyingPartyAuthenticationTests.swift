import Foundation
import PasskeyCrypto
import PasskeyVerifier
import Testing

@Suite struct RelyingPartyAuthenticationTests {
    static let challengeNotFound = WebAuthnError(.challengeNotFound, "")
    static let unknownCredential = WebAuthnError(.unknownCredential, "")
    static let credentialMismatch = WebAuthnError(.credentialMismatch, "")

    /// A relying party with one registered credential per given user.
    struct Fixture {
        let clock: TestClock
        let store: InMemoryCredentialStore
        let relyingParty: RelyingParty
        let credentials: [TestAuthenticator.Credential]

        init(
            users: [PublicKeyCredentialUserEntity] = [alice],
            authenticator: TestAuthenticator = TestAuthenticator(),
            signCount: UInt32 = 0,
            credentialStore: (InMemoryCredentialStore) -> any CredentialStore = { $0 },
            configure: (inout RelyingPartyConfiguration) -> Void = { _ in }
        ) async throws {
            clock = TestClock()
            store = InMemoryCredentialStore()
            relyingParty = try makeRelyingParty(
                clock: clock,
                credentialStore: credentialStore(store),
                configure: configure
            )
            var credentials: [TestAuthenticator.Credential] = []
            for user in users {
                let options = try await relyingParty.beginRegistration(for: user)
                let (credential, response) = try authenticator.register(options, signCount: signCount)
                _ = try await relyingParty.finishRegistration(RegistrationResponse(response))
                credentials.append(credential)
            }
            self.credentials = credentials
        }
    }

    @Test func signInWithAKnownUserListsTheirCredentialsAndUpdatesTheRecord() async throws {
        let fixture = try await Fixture(users: [alice, bob], signCount: 1)
        let credential = fixture.credentials[0]
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        #expect(options.allowCredentials.compactMap(\.credentialID) == [credential.id])
        #expect(options.allowCredentials.first?.transports == ["internal", "hybrid"])
        #expect(options.rpId == "example.com")
        #expect(options.timeout == 300_000)
        #expect(options.userVerification == .preferred)
        #expect(options.challengeBytes?.count == 32)
        fixture.clock.advance(by: 10)

        let response = try TestAuthenticator().assert(options, with: credential, signCount: 2)
        let completed = try await fixture.relyingParty.finishAuthentication(json: try jsonBytes(response))
        #expect(completed.userHandle == alice.id)
        #expect(completed.credentialID == credential.id)
        #expect(completed.signCount == 2)
        #expect(!completed.signCountRegressed)
        #expect(completed.userVerified)
        #expect(completed.backupStateChange == .unchanged)
        #expect(completed.backupEligibilityChange == .unchanged)
        #expect(await fixture.store.credential(withID: credential.id)?.signCount == 2)
        #expect(await fixture.store.credential(withID: credential.id) == completed.credentialRecord)
        #expect(await fixture.store.lastUsedAt(credentialID: credential.id) == fixture.clock.now)
    }

    @Test func discoverableSignInResolvesTheUserByUserHandle() async throws {
        let fixture = try await Fixture(users: [alice, bob])
        let options = try await fixture.relyingParty.beginAuthentication()
        #expect(options.allowCredentials.isEmpty)
        let response = try TestAuthenticator().assert(options, with: fixture.credentials[1])
        let completed = try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        #expect(completed.userHandle == bob.id)
        #expect(completed.credentialID == fixture.credentials[1].id)
        #expect(completed.signCount == 0)
    }

    @Test func discoverableSignInWithoutAUserHandleFailsWithCredentialMismatch() async throws {
        let fixture = try await Fixture()
        let options = try await fixture.relyingParty.beginAuthentication()
        let response = try TestAuthenticator().assert(options, with: fixture.credentials[0], userHandle: .some(nil))
        await #expect(throws: Self.credentialMismatch) {
            try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        }
    }

    @Test(arguments: [false, true])
    func aUserHandleThatDoesNotOwnTheCredentialFailsWithCredentialMismatch(discoverable: Bool) async throws {
        let fixture = try await Fixture(users: [alice, bob])
        let options = try await fixture.relyingParty.beginAuthentication(for: discoverable ? nil : alice.id)
        let response = try TestAuthenticator().assert(options, with: fixture.credentials[0], userHandle: .some(bob.id))
        await #expect(throws: Self.credentialMismatch) {
            try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        }
    }

    @Test func anotherUsersCredentialInAUserBoundSignInFailsWithUnknownCredential() async throws {
        let fixture = try await Fixture(users: [alice, bob])
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let response = try TestAuthenticator().assert(options, with: fixture.credentials[1])
        await #expect(throws: Self.unknownCredential) {
            try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        }
    }

    @Test func anUnregisteredCredentialFailsWithUnknownCredential() async throws {
        let fixture = try await Fixture()
        let stranger = TestAuthenticator.Credential(
            id: try SecureRandom.bytes(count: 16),
            privateKey: try PrivateKey.generate(.es256),
            userHandle: alice.id
        )
        for userHandle in [alice.id, nil] {
            let options = try await fixture.relyingParty.beginAuthentication(for: userHandle)
            let response = try TestAuthenticator().assert(options, with: stranger)
            await #expect(throws: Self.unknownCredential) {
                try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
            }
        }
    }

    @Test func aReplayedAssertionFailsWithChallengeNotFound() async throws {
        let fixture = try await Fixture()
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let body = try jsonBytes(TestAuthenticator().assert(options, with: fixture.credentials[0]))
        _ = try await fixture.relyingParty.finishAuthentication(json: body)
        await #expect(throws: Self.challengeNotFound) {
            try await fixture.relyingParty.finishAuthentication(json: body)
        }
    }

    @Test func anExpiredChallengeFailsWithChallengeNotFound() async throws {
        let fixture = try await Fixture(configure: { $0.challengeLifetime = .seconds(60) })
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        fixture.clock.advance(by: 60)
        let response = try TestAuthenticator().assert(options, with: fixture.credentials[0])
        await #expect(throws: Self.challengeNotFound) {
            try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        }
    }

    @Test func aRegistrationChallengeCannotFinishAnAuthentication() async throws {
        let fixture = try await Fixture()
        let creation = try await fixture.relyingParty.beginRegistration(for: alice)
        var options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        options.challenge = creation.challenge
        let response = try TestAuthenticator().assert(options, with: fixture.credentials[0])
        await #expect(throws: Self.challengeNotFound) {
            try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        }
    }

    /// The same assertion, submitted 100 times at once, signs in exactly once: the challenge is taken by one
    /// finish and every other copy fails with challengeNotFound before the counter is even compared.
    @Test(arguments: [UInt32(0), 7])
    func theSameAssertionSubmittedConcurrentlySucceedsExactlyOnce(signCount: UInt32) async throws {
        let fixture = try await Fixture(signCount: signCount == 0 ? 0 : signCount - 1)
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let response = try AuthenticationResponse(
            TestAuthenticator().assert(options, with: fixture.credentials[0], signCount: signCount)
        )
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
        #expect(successes == [signCount])
        #expect(failureCodes.count == 99)
        #expect(failureCodes.allSatisfy { $0 == .challengeNotFound })
        #expect(await fixture.store.credential(withID: fixture.credentials[0].id)?.signCount == signCount)
    }

    /// Different assertions of one credential with counters 1…20, each under its own challenge, submitted at
    /// once: the compare-and-set serializes them, so the highest counter always wins, the stored counter ends
    /// at 20, and an assertion fails only with signCountRegression (its counter was overtaken).
    @Test func racingAssertionsWithDifferentCountersNeverStoreALowerCounter() async throws {
        let fixture = try await Fixture()
        let credential = fixture.credentials[0]
        var responses: [AuthenticationResponse] = []
        for signCount in UInt32(1)...20 {
            let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
            responses.append(
                try AuthenticationResponse(TestAuthenticator().assert(options, with: credential, signCount: signCount))
            )
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
        #expect(await fixture.store.credential(withID: credential.id)?.signCount == 20)
    }

    @Test func aCounterThatDoesNotIncreaseFailsWithSignCountRegression() async throws {
        let fixture = try await Fixture(signCount: 5)
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let response = try TestAuthenticator().assert(options, with: fixture.credentials[0], signCount: 5)
        await #expect(throws: WebAuthnError(.signCountRegression, "")) {
            try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        }
        #expect(await fixture.store.credential(withID: fixture.credentials[0].id)?.signCount == 5)
    }

    @Test func aCounterRegressionIsReportedUnderTheReportingPolicy() async throws {
        let fixture = try await Fixture(signCount: 5, configure: { $0.signCountPolicy = .reportRegression })
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let response = try TestAuthenticator().assert(options, with: fixture.credentials[0], signCount: 3)
        let completed = try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        #expect(completed.signCountRegressed)
    }

    /// A compare-and-set that loses to a sign-in recorded in between re-reads the record: a counter that is no
    /// longer greater fails with signCountRegression, a counter that still is succeeds.
    @Test(arguments: [(UInt32(6), UInt32(5), false), (UInt32(5), UInt32(6), true)])
    func aLostCompareAndSetRechecksTheCounter(interleaved: UInt32, submitted: UInt32, succeeds: Bool) async throws {
        let fixture = try await Fixture(
            signCount: 4,
            credentialStore: { InterleavingCredentialStore(base: $0, interleavedSignCount: interleaved) }
        )
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let response = try AuthenticationResponse(
            TestAuthenticator().assert(options, with: fixture.credentials[0], signCount: submitted)
        )
        if succeeds {
            let completed = try await fixture.relyingParty.finishAuthentication(response)
            #expect(completed.signCount == submitted)
        } else {
            await #expect(throws: WebAuthnError(.signCountRegression, "")) {
                try await fixture.relyingParty.finishAuthentication(response)
            }
        }
        #expect(
            await fixture.store.credential(withID: fixture.credentials[0].id)?.signCount == max(interleaved, submitted)
        )
    }

    @Test func aBackupStateTransitionIsReported() async throws {
        var authenticator = TestAuthenticator()
        authenticator.backupState = false
        let fixture = try await Fixture(authenticator: authenticator)
        authenticator.backupState = true
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let response = try authenticator.assert(options, with: fixture.credentials[0])
        let completed = try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        #expect(completed.backupStateChange == .backedUp)
        #expect(await fixture.store.credential(withID: fixture.credentials[0].id)?.backupState == true)

        authenticator.backupState = false
        let next = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let again = try await fixture.relyingParty.finishAuthentication(
            AuthenticationResponse(authenticator.assert(next, with: fixture.credentials[0]))
        )
        #expect(again.backupStateChange == .noLongerBackedUp)
    }

    @Test func aGainOfBackupEligibilityIsReportedAndALossRejected() async throws {
        var authenticator = TestAuthenticator()
        authenticator.backupEligible = false
        authenticator.backupState = false
        let fixture = try await Fixture(authenticator: authenticator)
        authenticator.backupEligible = true
        let options = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let completed = try await fixture.relyingParty.finishAuthentication(
            AuthenticationResponse(authenticator.assert(options, with: fixture.credentials[0]))
        )
        #expect(completed.backupEligibilityChange == .gained)

        authenticator.backupEligible = false
        let next = try await fixture.relyingParty.beginAuthentication(for: alice.id)
        let response = try authenticator.assert(next, with: fixture.credentials[0])
        await #expect(throws: WebAuthnError(.invalidBackupFlags, "")) {
            try await fixture.relyingParty.finishAuthentication(AuthenticationResponse(response))
        }
    }

    @Test func theNativeIOSPayloadSignsInThroughTheSameEntryPoint() async throws {
        let fixture = try await Fixture(users: [alice, bob])
        let options = try await fixture.relyingParty.beginAuthentication()
        let payload = try TestAuthenticator().assertNatively(options, with: fixture.credentials[1], signCount: 0)
        #expect(payload.userID == Base64URL.encodeStandard(bob.id))
        let completed = try await fixture.relyingParty.finishAuthentication(json: try jsonBytes(payload))
        #expect(completed.userHandle == bob.id)
        #expect(completed.credentialID == fixture.credentials[1].id)
    }

    @Test func aNativeRegistrationPayloadIsNotAnAssertion() async throws {
        let fixture = try await Fixture()
        let creation = try await fixture.relyingParty.beginRegistration(for: bob)
        let payload = try TestAuthenticator().registerNatively(creation).payload
        await #expect(throws: WebAuthnError(.malformedInput, "")) {
            try await fixture.relyingParty.finishAuthentication(json: try jsonBytes(payload))
        }
    }
}

/// A credential store that records a competing sign-in (counter `interleavedSignCount`) just before the first
/// compare-and-set, as another server instance would.
actor InterleavingCredentialStore: CredentialStore {
    let base: InMemoryCredentialStore
    let interleavedSignCount: UInt32
    private var interleaved = false

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

    func insert(_ record: CredentialRecord, registeredAt: Date) async throws -> Bool {
        await base.insert(record, registeredAt: registeredAt)
    }

    func update(_ update: CredentialRecordUpdate) async throws -> Bool {
        if !interleaved {
            interleaved = true
            var competing = update
            competing.signCount = interleavedSignCount
            _ = await base.update(competing)
        }
        return await base.update(update)
    }
}
