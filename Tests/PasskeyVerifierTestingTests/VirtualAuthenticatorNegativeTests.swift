import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Ceremonies a real authenticator would not produce, and the codes the verifiers reject them with.
@Suite struct VirtualAuthenticatorNegativeTests {
    private typealias Support = VirtualTestSupport

    private static func registrationCode(
        _ authenticator: inout VirtualAuthenticator,
        expectations: RegistrationExpectations = Support.registrationExpectations(),
        trustAnchors: AttestationTrustAnchors? = nil
    ) throws -> WebAuthnError.Code? {
        let registration = try authenticator.register(challenge: Support.registrationChallenge, userHandle: nil)
        let verifier = RegistrationVerifier(trustAnchors: trustAnchors ?? authenticator.attestation.trustAnchors)
        return Support.code {
            _ = try verifier.verify(try RegistrationResponse(json: registration.jsonBytes), expecting: expectations)
        }
    }

    private static func authenticationCode(
        _ authenticator: inout VirtualAuthenticator,
        record: CredentialRecord,
        expectations: AuthenticationExpectations = Support.authenticationExpectations()
    ) throws -> WebAuthnError.Code? {
        let assertion = try authenticator.authenticate(challenge: Support.authenticationChallenge)
        return Support.code {
            _ = try AuthenticationVerifier().verify(
                try AuthenticationResponse(json: assertion.jsonBytes),
                expecting: expectations,
                credential: record
            )
        }
    }

    @Test func userPresenceClearIsUserNotPresent() throws {
        var authenticator = VirtualAuthenticator()
        authenticator.flags.remove(.userPresent)
        #expect(try Self.registrationCode(&authenticator) == .userNotPresent)

        var registered = VirtualAuthenticator()
        let (_, verified) = try Support.registerAndVerify(&registered)
        registered.flags = [.userVerified, .backupEligible, .backupState]
        #expect(try Self.authenticationCode(&registered, record: verified.credentialRecord()) == .userNotPresent)
    }

    @Test func backupStateWithoutEligibilityIsInvalidBackupFlags() throws {
        var authenticator = VirtualAuthenticator(flags: [.userPresent, .userVerified, .backupState])
        #expect(try Self.registrationCode(&authenticator) == .invalidBackupFlags)
    }

    @Test func losingBackupEligibilityIsInvalidBackupFlags() throws {
        var authenticator = VirtualAuthenticator()
        let (_, verified) = try Support.registerAndVerify(&authenticator)
        authenticator.flags = [.userPresent, .userVerified]
        #expect(try Self.authenticationCode(&authenticator, record: verified.credentialRecord()) == .invalidBackupFlags)
    }

    @Test func userVerificationClearIsUserNotVerifiedWhenRequired() throws {
        var authenticator = VirtualAuthenticator(flags: [.userPresent])
        #expect(try Self.registrationCode(&authenticator) == .userNotVerified)
        #expect(
            try Self.registrationCode(
                &authenticator,
                expectations: Support.registrationExpectations(userVerification: .preferred)
            ) == nil)
    }

    @Test func aForeignOriginIsOriginMismatch() throws {
        var authenticator = VirtualAuthenticator(origin: "https://evil.example")
        #expect(try Self.registrationCode(&authenticator) == .originMismatch)

        var registered = VirtualAuthenticator()
        let (_, verified) = try Support.registerAndVerify(&registered)
        registered.origin = "ios:bundle-id:com.evil.app"
        #expect(try Self.authenticationCode(&registered, record: verified.credentialRecord()) == .originMismatch)
    }

    @Test func anotherRelyingPartyIDIsRpIdMismatch() throws {
        var authenticator = VirtualAuthenticator(relyingPartyID: "evil.example", origin: Support.origin)
        #expect(try Self.registrationCode(&authenticator) == .rpIdMismatch)
    }

    @Test func aCounterThatDoesNotIncreaseIsSignCountRegression() throws {
        var authenticator = VirtualAuthenticator(signCounter: .fixed(5))
        let (_, verified) = try Support.registerAndVerify(&authenticator)
        #expect(verified.signCount == 5)
        #expect(
            try Self.authenticationCode(&authenticator, record: verified.credentialRecord()) == .signCountRegression)

        var reporting = Support.authenticationExpectations()
        reporting.signCountPolicy = .reportRegression
        let assertion = try authenticator.authenticate(challenge: Support.authenticationChallenge)
        let passed = try AuthenticationVerifier().verify(
            assertion.response,
            expecting: reporting,
            credential: verified.credentialRecord()
        )
        #expect(passed.signCountRegressed)
    }

    @Test func zeroCountersPassEveryTime() throws {
        var authenticator = VirtualAuthenticator(signCounter: .zero)
        let (_, verified) = try Support.registerAndVerify(&authenticator)
        #expect(verified.signCount == 0)
        #expect(try Self.authenticationCode(&authenticator, record: verified.credentialRecord()) == nil)
        #expect(try Self.authenticationCode(&authenticator, record: verified.credentialRecord()) == nil)
    }

    @Test func anIncrementingCounterWrapsAndThenRegresses() throws {
        var authenticator = VirtualAuthenticator(signCounter: .incrementing(start: UInt32.max - 1, step: 1))
        let (_, verified) = try Support.registerAndVerify(&authenticator)
        var record = verified.credentialRecord()
        let assertion = try authenticator.authenticate(challenge: Support.authenticationChallenge)
        #expect(assertion.signCount == UInt32.max)
        record = try AuthenticationVerifier().verify(
            assertion.response,
            expecting: Support.authenticationExpectations(),
            credential: record
        ).updatedCredentialRecord
        #expect(try Self.authenticationCode(&authenticator, record: record) == .signCountRegression)
        #expect(authenticator.credentials.first?.signCount == 0)
    }

    @Test func aPackedChainToAnUnknownRootIsUntrustedAttestation() throws {
        var authenticator = VirtualAuthenticator(attestation: try VirtualTestSupport.Attestation.packed.make())
        let otherAuthority = try VirtualAttestation.packed()
        #expect(
            try Self.registrationCode(&authenticator, trustAnchors: otherAuthority.trustAnchors)
                == .untrustedAttestation)
        #expect(try Self.registrationCode(&authenticator, trustAnchors: .empty) == .untrustedAttestation)
        var appleOnly = AttestationTrustAnchors.empty
        appleOnly.add(authenticator.attestation.trustAnchors.anchors(forFormat: "packed"), forFormat: "apple")
        #expect(try Self.registrationCode(&authenticator, trustAnchors: appleOnly) == .untrustedAttestation)
    }

    @Test func anExpiredAttestationChainIsUntrustedAttestation() throws {
        let expired = try VirtualAttestation.packed(
            notValidBefore: Date(timeIntervalSince1970: 1_577_836_800),
            notValidAfter: Date(timeIntervalSince1970: 1_609_459_200)
        )
        var authenticator = VirtualAuthenticator(attestation: expired)
        #expect(try Self.registrationCode(&authenticator) == .untrustedAttestation)
        let inside = Support.registrationExpectations(at: Date(timeIntervalSince1970: 1_590_000_000))
        #expect(try Self.registrationCode(&authenticator, expectations: inside) == nil)
    }

    @Test func aCredentialIDOver1023BytesIsCredentialIdTooLong() throws {
        var authenticator = VirtualAuthenticator()
        authenticator.credentialIDLength = 1024
        #expect(try Self.registrationCode(&authenticator) == .credentialIdTooLong)
        authenticator.credentialIDLength = 1023
        #expect(try Self.registrationCode(&authenticator) == nil)
        let explicit = try authenticator.register(
            challenge: Support.registrationChallenge,
            credentialID: [UInt8](repeating: 0xEE, count: 1024),
            userHandle: nil
        )
        #expect(
            Support.code {
                _ = try RegistrationVerifier().verify(explicit.response, expecting: Support.registrationExpectations())
            } == .credentialIdTooLong)
    }

    @Test func crossOriginClientDataNeedsThePolicyAndAListedTopOrigin() throws {
        var authenticator = VirtualAuthenticator()
        authenticator.crossOrigin = true
        authenticator.topOrigin = "https://top.example"
        #expect(try Self.registrationCode(&authenticator) == .crossOriginNotAllowed)
        let allowed = Support.registrationExpectations(crossOrigin: .allowed(topOrigins: ["https://top.example"]))
        #expect(try Self.registrationCode(&authenticator, expectations: allowed) == nil)
        let otherTop = Support.registrationExpectations(crossOrigin: .allowed(topOrigins: ["https://else.example"]))
        #expect(try Self.registrationCode(&authenticator, expectations: otherTop) == .crossOriginNotAllowed)
        authenticator.crossOrigin = false
        authenticator.topOrigin = nil
        #expect(try Self.registrationCode(&authenticator) == nil)
    }

    @Test func aDuplicatedClientDataMemberIsMalformedClientData() throws {
        var authenticator = VirtualAuthenticator()
        authenticator.extraClientDataMembers = [.init(name: "type", string: "webauthn.create")]
        #expect(try Self.registrationCode(&authenticator) == .malformedClientData)
        authenticator.extraClientDataMembers = [.init(name: "extraData", rawJSON: "{\"nested\":[1,2]}")]
        #expect(try Self.registrationCode(&authenticator) == nil)
    }

    @Test func flagsThatContradictTheDataAreMalformedAuthenticatorData() throws {
        var authenticator = VirtualAuthenticator()
        authenticator.flags.insert(.extensionData)
        #expect(try Self.registrationCode(&authenticator) == .malformedAuthenticatorData)

        var registered = VirtualAuthenticator()
        let (_, verified) = try Support.registerAndVerify(&registered)
        registered.flags.insert(.attestedCredentialData)
        #expect(
            try Self.authenticationCode(&registered, record: verified.credentialRecord()) == .malformedAuthenticatorData
        )
    }

    @Test func aChangedUserHandleIsCredentialMismatch() throws {
        var authenticator = VirtualAuthenticator()
        let (registration, verified) = try Support.registerAndVerify(&authenticator)
        let record = verified.credentialRecord(userHandle: registration.credential.userHandle)
        authenticator.credentials[0].userHandle = [0xBA, 0xD0]
        #expect(try Self.authenticationCode(&authenticator, record: record) == .credentialMismatch)
        authenticator.returnsUserHandle = false
        #expect(try Self.authenticationCode(&authenticator, record: record) == nil)
    }
}
