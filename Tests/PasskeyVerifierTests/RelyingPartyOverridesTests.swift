import Foundation
import PasskeyCBOR
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Per-ceremony overrides (`beginRegistration(for:overrides:)`, `beginAuthentication(for:overrides:)`): sent
/// in the options, bound to the challenge, enforced at finish.
@Suite struct RelyingPartyOverridesTests {
    static let userNotVerified = WebAuthnError(.userNotVerified, "")

    @Test func aStepUpRequiresUVAlthoughTheConfigurationPrefersIt() async throws {
        let relyingParty = try makeRelyingParty()
        #expect(relyingParty.configuration.userVerification == .preferred)
        var authenticator = VirtualAuthenticator(flags: [.userPresent, .backupEligible, .backupState])
        _ = try await relyingParty.finishRegistration(
            try authenticator.register(options: try await relyingParty.beginRegistration(for: alice)).response)
        let stepUp = try await relyingParty.beginAuthentication(
            for: alice.id, overrides: AuthenticationCeremonyOverrides(userVerification: .required))
        #expect(stepUp.userVerification == .required)
        let withoutUV = try authenticator.authenticate(challenge: try #require(stepUp.challengeBytes))
        await #expect(throws: Self.userNotVerified) {
            try await relyingParty.finishAuthentication(withoutUV.response)
        }
        let ordinary = try await relyingParty.beginAuthentication(for: alice.id)
        let signedIn = try await relyingParty.finishAuthentication(
            try authenticator.authenticate(options: ordinary).response)
        #expect(!signedIn.userVerified)
    }

    @Test func aRegistrationBegunWithUVRequiredFailsWithoutUV() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator(flags: [.userPresent])
        let options = try await relyingParty.beginRegistration(
            for: alice, overrides: RegistrationCeremonyOverrides(userVerification: .required))
        #expect(options.authenticatorSelection?.userVerification == .required)
        let response = try authenticator.register(
            challenge: try #require(options.challengeBytes), userHandle: alice.id
        ).response
        await #expect(throws: Self.userNotVerified) { try await relyingParty.finishRegistration(response) }
    }

    @Test func conditionalCreateAcceptsUPClearOnlyWhenBegunSo() async throws {
        let relyingParty = try makeRelyingParty()
        var upgrade = VirtualAuthenticator(flags: [.userVerified, .backupEligible, .backupState])
        let conditional = try await relyingParty.beginRegistration(
            for: alice, overrides: RegistrationCeremonyOverrides(mediation: .conditional))
        let completed = try await relyingParty.finishRegistration(try upgrade.register(options: conditional).response)
        #expect(!completed.verifiedRegistration.userPresent)
        let modal = try await relyingParty.beginRegistration(for: bob)
        let response = try upgrade.register(options: modal).response
        await #expect(throws: WebAuthnError(.userNotPresent, "")) {
            try await relyingParty.finishRegistration(response)
        }
    }

    @Test func askingForDirectAttestationRejectsAnUntrustedChain() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator(attestation: try VirtualAttestation.apple())
        let direct = try await relyingParty.beginRegistration(
            for: alice, overrides: RegistrationCeremonyOverrides(attestation: .direct))
        #expect(direct.attestation == .direct)
        let response = try authenticator.register(options: direct).response
        await #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try await relyingParty.finishRegistration(response)
        }
        let unsolicited = try await relyingParty.beginRegistration(for: alice)
        let completed = try await relyingParty.finishRegistration(
            try authenticator.register(options: unsolicited).response)
        #expect(!completed.verifiedRegistration.attestationTrust.isTrustworthy)
    }

    @Test func anEnforcedCredProtectIsCheckedAtFinish() async throws {
        let relyingParty = try makeRelyingParty()
        let extensions = AuthenticationExtensionsClientInputsJSON(
            credProps: true,
            credentialProtectionPolicy: .userVerificationRequired,
            enforceCredentialProtectionPolicy: true
        )
        let options = try await relyingParty.beginRegistration(
            for: alice, overrides: RegistrationCeremonyOverrides(extensions: extensions))
        #expect(options.extensions == extensions)
        var weak = VirtualAuthenticator()
        weak.extensions = CBORMap(entries: [CBORMap.Entry(key: .textString("credProtect"), value: .unsignedInteger(1))])
        let response = try weak.register(options: options).response
        await #expect(throws: WebAuthnError(.extensionMismatch, "")) {
            try await relyingParty.finishRegistration(response)
        }
        var strong = VirtualAuthenticator()
        strong.extensions = CBORMap(entries: [
            CBORMap.Entry(key: .textString("credProtect"), value: .unsignedInteger(3))
        ])
        let again = try await relyingParty.beginRegistration(
            for: alice, overrides: RegistrationCeremonyOverrides(extensions: extensions))
        _ = try await relyingParty.finishRegistration(try strong.register(options: again).response)
    }

    @Test func aU2FCredentialSignsInWhenTheAppIDWasRequested() async throws {
        let store = InMemoryCredentialStore()
        let relyingParty = try makeRelyingParty(credentialStore: store)
        let appID = "https://example.com/appid.json"
        var legacy = VirtualAuthenticator(relyingPartyID: appID, origin: "https://example.com")
        let registration = try legacy.register(challenge: [1, 2, 3], userHandle: alice.id)
        let record = CredentialRecord(
            id: registration.credentialID, publicKey: registration.credential.publicKey, userHandle: alice.id)
        #expect(await store.insert(record))
        legacy.clientExtensionResults.appid = true
        let withAppID = try await relyingParty.beginAuthentication(
            for: alice.id,
            overrides: AuthenticationCeremonyOverrides(
                extensions: AuthenticationExtensionsClientInputsJSON(appid: appID)))
        #expect(withAppID.extensions?.appid == appID)
        let signedIn = try await relyingParty.finishAuthentication(
            try legacy.authenticate(challenge: try #require(withAppID.challengeBytes)).response)
        #expect(signedIn.verifiedAuthentication.usedAppID)
        let without = try await relyingParty.beginAuthentication(for: alice.id)
        let response = try legacy.authenticate(challenge: try #require(without.challengeBytes)).response
        await #expect(throws: WebAuthnError(.rpIdMismatch, "")) {
            try await relyingParty.finishAuthentication(response)
        }
    }

    @Test func aLongerTimeoutKeepsTheChallengeAliveAndIsSent() async throws {
        let clock = ManualClock()
        let relyingParty = try makeRelyingParty(clock: clock)
        var authenticator = VirtualAuthenticator()
        let options = try await relyingParty.beginRegistration(
            for: alice, overrides: RegistrationCeremonyOverrides(hints: [.securityKey], timeout: .seconds(900)))
        #expect(options.timeout == 900_000)
        #expect(options.hints == [.securityKey])
        clock.advance(by: 600)
        _ = try await relyingParty.finishRegistration(try authenticator.register(options: options).response)
        await #expect(throws: RelyingPartyUsageError.self) {
            try await relyingParty.beginAuthentication(overrides: AuthenticationCeremonyOverrides(timeout: .seconds(0)))
        }
    }

    @Test func overridesChangeOnlyTheirOwnCeremony() async throws {
        let relyingParty = try makeRelyingParty()
        let overridden = try await relyingParty.beginRegistration(
            for: alice,
            overrides: RegistrationCeremonyOverrides(
                userVerification: .discouraged, authenticatorAttachment: .crossPlatform, residentKey: .discouraged)
        )
        #expect(overridden.authenticatorSelection?.authenticatorAttachment == .crossPlatform)
        #expect(overridden.authenticatorSelection?.residentKey == .discouraged)
        let plain = try await relyingParty.beginRegistration(for: alice)
        #expect(plain.authenticatorSelection?.userVerification == .preferred)
        #expect(plain.authenticatorSelection?.residentKey == .required)
        #expect(plain.extensions == AuthenticationExtensionsClientInputsJSON(credProps: true))
    }

    @Test func ceremonyParametersHaveAStableEncoding() throws {
        let parameters = CeremonyParameters(
            userVerification: .required,
            mediation: .conditional,
            attestation: .direct,
            extensions: AuthenticationExtensionsClientInputsJSON(appid: "https://example.com/a", credProps: true)
        )
        let json = String(decoding: parameters.encoded, as: UTF8.self)
        #expect(
            json
                == #"{"attestation":"direct","extensions":{"appid":"https:\/\/example.com\/a","credProps":true},"#
                + #""mediation":"conditional","userVerification":"required"}"#
        )
        #expect(try CeremonyParameters(encoded: parameters.encoded) == parameters)
        #expect(String(decoding: CeremonyParameters().encoded, as: UTF8.self) == "{}")
        #expect(throws: DecodingError.self) { try CeremonyParameters(encoded: Array("[]".utf8)) }
    }
}
