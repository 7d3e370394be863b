import Foundation
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@Suite struct RelyingPartyRegistrationTests {
    static let challengeNotFound = WebAuthnError(.challengeNotFound, "")

    @Test func beginRegistrationReturnsTheLevel3CreationOptions() async throws {
        let relyingParty = try makeRelyingParty()
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(options.rp == PublicKeyCredentialRpEntity(id: "example.com", name: "Example"))
        #expect(options.user.id == Base64URL.encode(alice.id))
        #expect(options.user.name == "alice@example.com")
        #expect(options.user.displayName == "Alice")
        #expect(options.challengeBytes?.count == 32)
        #expect(options.pubKeyCredParams.map(\.alg) == [-8, -7, -257])
        #expect(options.pubKeyCredParams.allSatisfy { $0.type == "public-key" })
        #expect(options.timeout == 300_000)
        #expect(options.excludeCredentials.isEmpty)
        #expect(options.authenticatorSelection?.residentKey == .required)
        #expect(options.authenticatorSelection?.requireResidentKey == true)
        #expect(options.authenticatorSelection?.userVerification == .preferred)
        #expect(options.authenticatorSelection?.authenticatorAttachment == nil)
        #expect(options.attestation == .none)
        #expect(options.attestationFormats.isEmpty)
        #expect(options.hints.isEmpty)
        #expect(options.extensions?.credProps == true)
    }

    @Test func creationOptionsEncodeWithTheLevel3MemberNames() async throws {
        let relyingParty = try makeRelyingParty { $0.hints = [.clientDevice, .hybrid] }
        let options = try await relyingParty.beginRegistration(for: alice)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try jsonBytes(options))) as? [String: Any]
        )
        #expect(
            Set(object.keys) == [
                "rp", "user", "challenge", "pubKeyCredParams", "timeout", "excludeCredentials",
                "authenticatorSelection", "hints", "attestation", "attestationFormats", "extensions",
            ]
        )
        #expect(object["hints"] as? [String] == ["client-device", "hybrid"])
        #expect(object["attestation"] as? String == "none")
        let selection = try #require(object["authenticatorSelection"] as? [String: Any])
        #expect(Set(selection.keys) == ["residentKey", "requireResidentKey", "userVerification"])
        let parameters = try #require(object["pubKeyCredParams"] as? [[String: Any]])
        #expect(parameters.first?["alg"] as? Int == -8)
        #expect((object["extensions"] as? [String: Any])?["credProps"] as? Bool == true)
    }

    @Test func registrationStoresTheCredentialForTheUser() async throws {
        let clock = ManualClock()
        let store = InMemoryCredentialStore()
        let relyingParty = try makeRelyingParty(clock: clock, credentialStore: store)
        var authenticator = VirtualAuthenticator()
        authenticator.clientExtensionResults = AuthenticationExtensionsClientOutputsJSON(credProps: .init(rk: true))
        let options = try await relyingParty.beginRegistration(for: alice)
        let registration = try authenticator.register(options)
        let completed = try await relyingParty.finishRegistration(json: registration.jsonBytes)
        #expect(completed.credentialID == registration.credentialID)
        #expect(completed.userHandle == alice.id)
        #expect(completed.user == alice)
        #expect(completed.credentialRecord.userHandle == alice.id)
        #expect(completed.credentialRecord.publicKey == registration.credential.publicKey)
        #expect(completed.credentialRecord.transports == ["hybrid", "internal"])
        #expect(completed.credentialRecord.backupEligible)
        #expect(completed.credentialRecord.backupState)
        #expect(completed.credentialRecord.userVerificationInitialized)
        #expect(completed.isDiscoverable == true)
        #expect(completed.verifiedRegistration.format == "none")
        #expect(await store.credential(withID: registration.credentialID) == completed.credentialRecord)
        #expect(await store.credentials(forUserHandle: alice.id).map(\.id) == [registration.credentialID])
        let details = try #require(completed.credentialRecord.registration)
        #expect(details.registeredAt == clock.now)
        #expect(details.attestationFormat == "none")
        #expect(details.attestationType == .none)
        #expect(details.aaguid == completed.verifiedRegistration.aaguid)
        #expect(details.isDiscoverable == true)
        #expect(details.backupEligible)
        #expect(details.backupState)
        #expect(completed.credentialRecord.nickname == nil)
        #expect(completed.credentialRecord.lastUsedAt == nil)
        #expect(completed.credentialRecord.version == 0)
    }

    @Test(arguments: [VirtualAttestation.none, .packedSelf])
    func registrationAcceptsEveryConfiguredAlgorithm(attestation: VirtualAttestation) async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator(attestation: attestation)
        for algorithm in RelyingPartyConfiguration.defaultAlgorithms {
            let options = try await relyingParty.beginRegistration(for: alice)
            let registration = try authenticator.register(options, algorithm: algorithm)
            let completed = try await relyingParty.finishRegistration(registration.response)
            #expect(completed.credentialRecord.publicKey.algorithm == algorithm)
            #expect(completed.verifiedRegistration.format == registration.format)
        }
    }

    @Test func appleAttestationIsVerifiedAgainstTheConfiguredTrustAnchors() async throws {
        let attestation = try VirtualAttestation.apple()
        var authenticator = VirtualAuthenticator(attestation: attestation)
        let trusting = try makeRelyingParty {
            $0.attestation = .direct
            $0.trustAnchors = attestation.trustAnchors
        }
        let options = try await trusting.beginRegistration(for: alice)
        #expect(options.attestation == .direct)
        let completed = try await trusting.finishRegistration(authenticator.register(options).response)
        #expect(completed.verifiedRegistration.format == "apple")
        #expect(completed.verifiedRegistration.attestationType == .anonCA)

        #expect(completed.verifiedRegistration.attestationTrust == .trusted)

        let untrusting = try makeRelyingParty { $0.attestation = .direct }
        let response = try authenticator.register(try await untrusting.beginRegistration(for: alice)).response
        await #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try await untrusting.finishRegistration(response)
        }
    }

    @Test func aRelyingPartyThatAskedForNoAttestationRegistersAnUntrustedOneAsUnverified() async throws {
        var authenticator = VirtualAuthenticator(attestation: try VirtualAttestation.apple())
        let relyingParty = try makeRelyingParty()
        let response = try authenticator.register(try await relyingParty.beginRegistration(for: alice)).response
        let completed = try await relyingParty.finishRegistration(response)
        #expect(!completed.verifiedRegistration.attestationTrust.isTrustworthy)
        #expect(completed.verifiedRegistration.attestationTrust != .noTrustPath)
        #expect(completed.verifiedRegistration.trustPath.count == 2)
    }

    @Test func excludeCredentialsListsTheUsersExistingCredentials() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        var registered: [[UInt8]] = []
        for _ in 0..<2 {
            let options = try await relyingParty.beginRegistration(for: alice)
            let registration = try authenticator.register(options)
            _ = try await relyingParty.finishRegistration(registration.response)
            registered.append(registration.credentialID)
        }
        let bobsOptions = try await relyingParty.beginRegistration(for: bob)
        _ = try await relyingParty.finishRegistration(authenticator.register(bobsOptions).response)

        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(options.excludeCredentials.compactMap(\.credentialID) == registered)
        #expect(options.excludeCredentials.allSatisfy { $0.type == "public-key" })
        #expect(options.excludeCredentials.allSatisfy { $0.transports == ["hybrid", "internal"] })
    }

    @Test func aReplayedRegistrationFailsWithChallengeNotFound() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let options = try await relyingParty.beginRegistration(for: alice)
        let body = try authenticator.register(options).jsonBytes
        _ = try await relyingParty.finishRegistration(json: body)
        await #expect(throws: Self.challengeNotFound) {
            try await relyingParty.finishRegistration(json: body)
        }
    }

    @Test func anExpiredRegistrationChallengeFailsWithChallengeNotFound() async throws {
        let clock = ManualClock()
        let relyingParty = try makeRelyingParty(clock: clock)
        var authenticator = VirtualAuthenticator()
        let expired = try await relyingParty.beginRegistration(for: alice)
        let current = try await relyingParty.beginRegistration(for: bob)
        clock.advance(by: 299)
        _ = try await relyingParty.finishRegistration(authenticator.register(current).response)
        clock.advance(by: 1)
        let late = try authenticator.register(expired).response
        await #expect(throws: Self.challengeNotFound) {
            try await relyingParty.finishRegistration(late)
        }
    }

    @Test func aChallengeThatWasNeverIssuedFailsWithChallengeNotFound() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        var options = try await relyingParty.beginRegistration(for: alice)
        options.challenge = Base64URL.encode(try SecureRandom.bytes(count: 32))
        let response = try authenticator.register(options).response
        await #expect(throws: Self.challengeNotFound) {
            try await relyingParty.finishRegistration(response)
        }
    }

    @Test func aRegistrationAnsweringAnAuthenticationChallengeFailsWithChallengeNotFound() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        var options = try await relyingParty.beginRegistration(for: alice)
        options.challenge = try await relyingParty.beginAuthentication(for: alice.id).challenge
        let response = try authenticator.register(options).response
        await #expect(throws: Self.challengeNotFound) {
            try await relyingParty.finishRegistration(response)
        }
    }

    @Test func aCredentialIDRegisteredToAnyUserFailsWithCredentialAlreadyRegistered() async throws {
        let store = InMemoryCredentialStore()
        let relyingParty = try makeRelyingParty(credentialStore: store)
        var authenticator = VirtualAuthenticator()
        let id = try SecureRandom.bytes(count: 16)
        let first = try await relyingParty.beginRegistration(for: alice)
        _ = try await relyingParty.finishRegistration(authenticator.register(first, credentialID: id).response)
        for user in [alice, bob] {
            let options = try await relyingParty.beginRegistration(for: user)
            let response = try authenticator.register(options, credentialID: id).response
            await #expect(throws: WebAuthnError(.credentialAlreadyRegistered, "")) {
                try await relyingParty.finishRegistration(response)
            }
        }
        #expect(await store.count == 1)
        #expect(await store.credentials(forUserHandle: bob.id).isEmpty)
    }

    @Test func theNativeIOSPayloadRegistersThroughTheSameEntryPoint() async throws {
        let store = InMemoryCredentialStore()
        let relyingParty = try makeRelyingParty(credentialStore: store)
        var authenticator = VirtualAuthenticator()
        let options = try await relyingParty.beginRegistration(for: alice)
        let registration = try authenticator.register(options)
        let fields = registration.nativeFields
        #expect(fields.rawAttestationObject == Base64URL.encodeStandard(registration.attestationObject))
        let completed = try await relyingParty.finishRegistration(json: try jsonBytes(fields))
        #expect(completed.credentialID == registration.credentialID)
        #expect(completed.userHandle == alice.id)
        #expect(await store.credential(withID: registration.credentialID) != nil)
    }

    @Test func aBodyOfNeitherShapeFailsWithMalformedInput() async throws {
        let relyingParty = try makeRelyingParty()
        let bodies = [
            #"{"id":"AAAA"}"#,
            #"{"response":{},"rawAttestationObject":"AAAA"}"#,
            #"[]"#,
            "",
            #"{"credentialID":"AAAA","rawClientDataJSON":"AAAA","rawAttestationObject":"!!"}"#,
        ]
        for body in bodies {
            await #expect(throws: WebAuthnError(.malformedInput, ""), "\(body)") {
                try await relyingParty.finishRegistration(json: Array(body.utf8))
            }
        }
    }

    @Test func verifierFailuresPassThroughAndConsumeTheChallenge() async throws {
        let relyingParty = try makeRelyingParty()
        let options = try await relyingParty.beginRegistration(for: alice)
        var foreign = VirtualAuthenticator(origin: "https://evil.example")
        let response = try foreign.register(options).response
        await #expect(throws: WebAuthnError(.originMismatch, "")) {
            try await relyingParty.finishRegistration(response)
        }
        var authenticator = VirtualAuthenticator()
        let retried = try authenticator.register(options).response
        await #expect(throws: Self.challengeNotFound) {
            try await relyingParty.finishRegistration(retried)
        }
    }

    @Test func anAlgorithmOutsideTheConfiguredOnesFailsWithUnsupportedAlgorithm() async throws {
        let relyingParty = try makeRelyingParty { $0.allowedAlgorithms = [.es256] }
        var authenticator = VirtualAuthenticator()
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(options.pubKeyCredParams.map(\.algorithm) == [.es256])
        let response = try authenticator.register(options, algorithm: .edDSA).response
        await #expect(throws: WebAuthnError(.unsupportedAlgorithm, "")) {
            try await relyingParty.finishRegistration(response)
        }
    }

    @Test func requiredUserVerificationIsEnforced() async throws {
        let relyingParty = try makeRelyingParty { $0.userVerification = .required }
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(options.authenticatorSelection?.userVerification == .required)
        var authenticator = VirtualAuthenticator(flags: [.userPresent, .backupEligible])
        let response = try authenticator.register(options).response
        await #expect(throws: WebAuthnError(.userNotVerified, "")) {
            try await relyingParty.finishRegistration(response)
        }
    }

    @Test(arguments: [0, 65])
    func aUserHandleOutsideOneTo64BytesIsAUsageError(length: Int) async throws {
        let relyingParty = try makeRelyingParty()
        let user = PublicKeyCredentialUserEntity(id: [UInt8](repeating: 7, count: length), name: "x", displayName: "x")
        await #expect(throws: RelyingPartyUsageError.self) {
            try await relyingParty.beginRegistration(for: user)
        }
    }
}
