import Foundation
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// ML-DSA credentials (FIPS 204; COSE AKP, draft-ietf-cose-dilithium) through whole ceremonies: virtual
/// authenticators of every parameter set with `none`, `packed` self and `packed` x5c attestation, the relying
/// party's flow, and the YubiKey recordings from registration to assertion.
@Suite struct MLDSACeremonyTests {
    static let user = PublicKeyCredentialUserEntity(
        id: Array("Self.user-user-handle".utf8), name: "Self.user@example.com", displayName: "Alice")
    /// `Fixtures/real-devices/`.
    static let realDevices = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("real-devices")

    /// A relying party for `example.com` with in-memory stores that accepts `algorithms`.
    static func relyingParty(allowing algorithms: [COSEAlgorithm]) throws -> RelyingParty {
        var configuration = RelyingPartyConfiguration(
            relyingPartyID: "example.com", relyingPartyName: "Example", origins: ["https://example.com"])
        configuration.allowedAlgorithms = algorithms
        let clock = ManualClock()
        return try RelyingParty(
            configuration: configuration, credentialStore: InMemoryCredentialStore(),
            challengeStore: InMemoryChallengeStore(), clock: { clock.now })
    }

    static let algorithms: [COSEAlgorithm] = [.mlDSA44, .mlDSA65, .mlDSA87]
    static let attestations: [VirtualTestSupport.Attestation] = [.none, .packedSelf, .packed]

    @Test(arguments: algorithms, attestations)
    func aVirtualRegistrationAndItsAssertionsVerify(
        algorithm: COSEAlgorithm,
        kind: VirtualTestSupport.Attestation
    ) throws {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: VirtualTestSupport.relyingPartyID,
            attestation: try kind.make(),
            aaguid: VirtualTestSupport.aaguid,
            signCounter: .incrementing(start: 1, step: 1)
        )
        let (registration, verified) = try VirtualTestSupport.registerAndVerify(&authenticator, algorithm: algorithm)
        #expect(verified.format == kind.format)
        #expect(verified.attestationType == kind.type)
        #expect(verified.credentialPublicKey.algorithm == algorithm)
        #expect(verified.credentialPublicKey.keyType == .algorithmKeyPair)
        #expect(
            verified.credentialPublicKey.algorithmKeyPairPublicKey?.count
                == MLDSAParameterSet(algorithm: algorithm)?.publicKeyLength)
        var record = verified.credentialRecord(userHandle: registration.credential.userHandle)
        for expectedCount: UInt32 in [2, 3] {
            let assertion = try authenticator.authenticate(challenge: VirtualTestSupport.authenticationChallenge)
            var expectations = VirtualTestSupport.authenticationExpectations()
            expectations.allowedCredentialIDs = [registration.credentialID]
            let verifiedAssertion = try AuthenticationVerifier().verify(
                try AuthenticationResponse(json: assertion.jsonBytes), expecting: expectations, credential: record)
            #expect(verifiedAssertion.newSignCount == expectedCount)
            record = verifiedAssertion.updatedCredentialRecord
        }
    }

    @Test(arguments: algorithms)
    func aTamperedOrTruncatedSignatureIsInvalidSignature(algorithm: COSEAlgorithm) throws {
        var authenticator = VirtualAuthenticator(relyingPartyID: VirtualTestSupport.relyingPartyID, attestation: .none)
        let (registration, verified) = try VirtualTestSupport.registerAndVerify(&authenticator, algorithm: algorithm)
        let record = verified.credentialRecord(userHandle: registration.credential.userHandle)
        let assertion = try authenticator.authenticate(challenge: VirtualTestSupport.authenticationChallenge)
        let response = try AuthenticationResponse(json: assertion.jsonBytes)
        let signature = response.signature
        var flipped = signature
        flipped[0] ^= 0x01
        var lastHintCount = signature
        lastHintCount[signature.count - 1] = 0xFF
        for bad in [flipped, Array(signature.dropLast()), signature + [0], [], lastHintCount] {
            let tampered = AuthenticationResponse(
                credentialID: response.credentialID,
                clientDataJSON: response.clientDataJSON,
                authenticatorData: response.authenticatorData,
                signature: bad,
                userHandle: response.userHandle
            )
            #expect(throws: WebAuthnError(.invalidSignature, "")) {
                try AuthenticationVerifier().verify(
                    tampered, expecting: VirtualTestSupport.authenticationExpectations(), credential: record)
            }
        }
    }

    @Test func anAppleShapedAttestationCannotCarryAnMLDSAKey() throws {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: VirtualTestSupport.relyingPartyID,
            attestation: try VirtualTestSupport.Attestation.apple.make())
        #expect(throws: VirtualAuthenticatorError(.unsupportedAlgorithm, "")) {
            try authenticator.register(
                challenge: VirtualTestSupport.registrationChallenge, algorithm: .mlDSA44, userHandle: nil)
        }
    }

    @Test func theRelyingPartyRegistersAndSignsInWithAnMLDSAPasskey() async throws {
        let relyingParty = try Self.relyingParty(allowing: [.mlDSA65, .es256])
        var authenticator = VirtualAuthenticator(relyingPartyID: "example.com", attestation: .none)
        let creationOptions = try await relyingParty.beginRegistration(for: Self.user)
        #expect(creationOptions.pubKeyCredParams.first?.alg == COSEAlgorithm.mlDSA65.rawValue)
        let registration = try authenticator.register(options: creationOptions)
        let registered = try await relyingParty.finishRegistration(json: registration.jsonBytes)
        #expect(registered.credentialRecord.publicKey.algorithm == .mlDSA65)
        let requestOptions = try await relyingParty.beginAuthentication()
        let assertion = try authenticator.authenticate(options: requestOptions)
        let signedIn = try await relyingParty.finishAuthentication(json: assertion.jsonBytes)
        #expect(signedIn.userHandle == Self.user.id)
        #expect(signedIn.credentialID == registered.credentialID)
    }

    @Test func aRelyingPartyThatDoesNotListMLDSARefusesItsRegistration() async throws {
        let relyingParty = try Self.relyingParty(allowing: [.es256])
        var authenticator = VirtualAuthenticator(relyingPartyID: "example.com", attestation: .none)
        let options = try await relyingParty.beginRegistration(for: Self.user)
        let registration = try authenticator.register(
            challenge: try #require(options.challengeBytes), algorithm: .mlDSA44, userHandle: Self.user.id)
        await #expect(throws: WebAuthnError(.unsupportedAlgorithm, "")) {
            try await relyingParty.finishRegistration(json: registration.jsonBytes)
        }
    }

    /// The YubiKey recordings: the registration verifies in full under `acceptAsUnverified` (its preview CA is
    /// not published), its record verifies the recorded assertion, and the default policy refuses it.
    @Test(arguments: ["Mldsa44", "Mldsa65", "Mldsa87"])
    func aYubiKeyRegistrationVerifiesAndItsRecordVerifiesTheRecordedAssertion(name: String) throws {
        let directory = Self.realDevices
        let registrationFixture = try RecordedCeremony.load(
            contentsOf:
                directory.appendingPathComponent("\(name).registration.json"))
        let authenticationFixture = try RecordedCeremony.load(
            contentsOf:
                directory.appendingPathComponent("\(name).authentication.json"))
        guard case .registration(let registrationJSON) = registrationFixture.response,
            case .authentication(let authenticationJSON) = authenticationFixture.response
        else {
            Issue.record("\(name): the fixtures are not a registration and an authentication")
            return
        }
        var expectations = RegistrationExpectations(
            relyingPartyID: registrationFixture.rpId,
            origins: Set(registrationFixture.origins),
            challenge: try #require(Base64URL.decode(registrationFixture.challenge)),
            verificationInstant: Date(timeIntervalSince1970: 1_780_272_000)
        )
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try RegistrationVerifier().verify(RegistrationResponse(registrationJSON), expecting: expectations)
        }
        expectations.untrustedAttestationPolicy = .acceptAsUnverified
        let verified = try RegistrationVerifier().verify(
            RegistrationResponse(registrationJSON), expecting: expectations)
        guard case .unverified = verified.attestationTrust else {
            Issue.record("\(name): attestation trust is \(verified.attestationTrust)")
            return
        }
        #expect(verified.format == "packed" && verified.attestationType == .basic)
        #expect(verified.credentialPublicKey.keyType == .algorithmKeyPair)
        let record = verified.credentialRecord(userHandle: nil)
        let assertion = try AuthenticationVerifier().verify(
            try AuthenticationResponse(authenticationJSON),
            expecting: AuthenticationExpectations(
                relyingPartyID: authenticationFixture.rpId,
                origins: Set(authenticationFixture.origins),
                challenge: try #require(Base64URL.decode(authenticationFixture.challenge))
            ),
            credential: record
        )
        #expect(assertion.newSignCount > record.signCount)
    }
}
