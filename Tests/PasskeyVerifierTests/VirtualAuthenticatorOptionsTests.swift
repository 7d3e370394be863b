import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `VirtualAuthenticator.register(options:)` / `authenticate(options:)` read the relying party's options as a
/// browser does (§5.1.3, §5.1.4).
@Suite struct VirtualAuthenticatorOptionsTests {
    static func error(_ code: VirtualAuthenticatorError.Code) -> VirtualAuthenticatorError {
        VirtualAuthenticatorError(code, "")
    }

    @Test func aWholeFlowTakesTheChallengeUserAndRPIDFromTheOptions() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let options = try await relyingParty.beginRegistration(for: alice)
        let registration = try authenticator.register(options: options)
        #expect(registration.credential.userHandle == alice.id)
        let completed = try await relyingParty.finishRegistration(registration.response)
        #expect(completed.userHandle == alice.id)
        let signIn = try authenticator.authenticate(options: try await relyingParty.beginAuthentication(for: alice.id))
        #expect(try await relyingParty.finishAuthentication(signIn.response).userHandle == alice.id)
        let discoverable = try authenticator.authenticate(options: try await relyingParty.beginAuthentication())
        #expect(discoverable.userHandle == alice.id)
        #expect(try await relyingParty.finishAuthentication(discoverable.response).userHandle == alice.id)
    }

    @Test func excludeCredentialsRefusesASecondCredentialOnTheSameAuthenticator() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let first = try authenticator.register(options: try await relyingParty.beginRegistration(for: alice))
        _ = try await relyingParty.finishRegistration(first.response)
        let again = try await relyingParty.beginRegistration(for: alice)
        #expect(throws: Self.error(.invalidState)) { try authenticator.register(options: again) }
        var other = VirtualAuthenticator()
        #expect(try other.register(options: again).credential.userHandle == alice.id)
    }

    @Test func requiredUserVerificationFailsOnAnAuthenticatorWithoutIt() async throws {
        let relyingParty = try makeRelyingParty { $0.userVerification = .required }
        var securityKey = VirtualAuthenticator(flags: [.userPresent])
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(throws: Self.error(.notAllowed)) { try securityKey.register(options: options) }
        var passkey = VirtualAuthenticator()
        _ = try await relyingParty.finishRegistration(try passkey.register(options: options).response)
        let request = try await relyingParty.beginAuthentication(for: alice.id)
        #expect(request.userVerification == .required)
        passkey.flags.remove(.userVerified)
        #expect(throws: Self.error(.notAllowed)) { try passkey.authenticate(options: request) }
    }

    @Test func anotherRPIDIsASecurityError() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator(relyingPartyID: "example.org")
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(throws: Self.error(.securityError)) { try authenticator.register(options: options) }
        let request = try await relyingParty.beginAuthentication()
        #expect(throws: Self.error(.securityError)) { try authenticator.authenticate(options: request) }
    }

    @Test func theFirstAlgorithmItCanMakeIsChosen() async throws {
        let relyingParty = try makeRelyingParty()
        var options = try await relyingParty.beginRegistration(for: alice)
        var authenticator = VirtualAuthenticator()
        options.pubKeyCredParams = [
            PublicKeyCredentialParameters(algorithm: COSEAlgorithm(rawValue: -999)),
            PublicKeyCredentialParameters(algorithm: .edDSA),
            PublicKeyCredentialParameters(algorithm: .es256),
        ]
        #expect(try authenticator.register(options: options).credential.algorithm == .edDSA)
        options.pubKeyCredParams = [PublicKeyCredentialParameters(algorithm: COSEAlgorithm(rawValue: -999))]
        #expect(throws: Self.error(.unsupportedAlgorithm)) { try authenticator.register(options: options) }
    }

    @Test func credPropsReportsADiscoverableCredential() async throws {
        let relyingParty = try makeRelyingParty()
        var options = try await relyingParty.beginRegistration(for: alice)
        options.extensions = AuthenticationExtensionsClientInputsJSON(credProps: true)
        var authenticator = VirtualAuthenticator()
        let completed = try await relyingParty.finishRegistration(try authenticator.register(options: options).response)
        #expect(completed.isDiscoverable == true)
        #expect(authenticator.clientExtensionResults.credProps == nil)
    }

    @Test func aCredentialNotInAllowCredentialsIsNotUsed() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        _ = try await relyingParty.finishRegistration(
            try authenticator.register(options: try await relyingParty.beginRegistration(for: alice)).response)
        var request = try await relyingParty.beginAuthentication(for: alice.id)
        request.allowCredentials = [PublicKeyCredentialDescriptorJSON(id: [1, 2, 3])]
        #expect(throws: Self.error(.credentialNotFound)) { try authenticator.authenticate(options: request) }
    }

    @Test func aRequiredAttachmentOfAnotherKindIsNotAllowed() async throws {
        let relyingParty = try makeRelyingParty { $0.authenticatorAttachment = .crossPlatform }
        var platform = VirtualAuthenticator()
        let options = try await relyingParty.beginRegistration(for: alice)
        #expect(throws: Self.error(.notAllowed)) { try platform.register(options: options) }
        platform.authenticatorAttachment = "cross-platform"
        #expect(try platform.register(options: options).credential.userHandle == alice.id)
    }
}

/// The `prf` and `largeBlob` extensions of the virtual authenticator (§10.1.4, §10.1.5), end to end through
/// the relying party's overrides.
@Suite struct VirtualAuthenticatorExtensionTests {
    @Test func thePRFIsHMACSHA256OfThePreparedSalt() {
        // Python: hmac.new(sha256(b"PasskeyVerifierTesting virtual PRF" + bytes([1, 2, 3])).digest(),
        //                  sha256(b"WebAuthn PRF\0salt").digest(), sha256).hexdigest()
        let expected = "ba78dd3a5863b6220bf4d59024d54ab03990e435dda74ba09055ba8101affb78"
        let result = VirtualAuthenticator.prfResult(credentialID: [1, 2, 3], input: Array("salt".utf8))
        #expect(result.map { String(format: "%02x", $0) }.joined() == expected)
    }

    @Test func prfResultsReachTheHostAndAreDeterministicPerCredential() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let prf = AuthenticationExtensionsClientInputsJSON(prf: .init(eval: .init(first: [1], second: [2])))
        let creation = try await relyingParty.beginRegistration(
            for: alice, overrides: RegistrationCeremonyOverrides(extensions: prf))
        let registered = try await relyingParty.finishRegistration(
            try authenticator.register(options: creation).response)
        #expect(registered.verifiedRegistration.clientExtensionResults?.prf?.enabled == true)
        let request = try await relyingParty.beginAuthentication(
            for: alice.id, overrides: AuthenticationCeremonyOverrides(extensions: prf))
        let signedIn = try await relyingParty.finishAuthentication(
            try authenticator.authenticate(options: request).response)
        let results = try #require(signedIn.verifiedAuthentication.clientExtensionResults?.prf?.results)
        #expect(results.firstBytes == VirtualAuthenticator.prfResult(credentialID: registered.credentialID, input: [1]))
        #expect(
            results.secondBytes == VirtualAuthenticator.prfResult(credentialID: registered.credentialID, input: [2]))
        #expect(authenticator.clientExtensionResults.prf == nil)
    }

    @Test func aLargeBlobWrittenIsReadBack() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let support = AuthenticationExtensionsClientInputsJSON(largeBlob: .init(support: "required"))
        let creation = try await relyingParty.beginRegistration(
            for: alice, overrides: RegistrationCeremonyOverrides(extensions: support))
        let registered = try await relyingParty.finishRegistration(
            try authenticator.register(options: creation).response)
        #expect(registered.verifiedRegistration.clientExtensionResults?.largeBlob?.supported == true)
        let blob: [UInt8] = Array("certificate".utf8)
        let write = try await relyingParty.beginAuthentication(
            overrides: AuthenticationCeremonyOverrides(
                extensions: AuthenticationExtensionsClientInputsJSON(largeBlob: .init(write: blob))))
        let written = try await relyingParty.finishAuthentication(
            try authenticator.authenticate(options: write).response)
        #expect(written.verifiedAuthentication.clientExtensionResults?.largeBlob?.written == true)
        let read = try await relyingParty.beginAuthentication(
            overrides: AuthenticationCeremonyOverrides(
                extensions: AuthenticationExtensionsClientInputsJSON(largeBlob: .init(read: true))))
        let readBack = try await relyingParty.finishAuthentication(
            try authenticator.authenticate(options: read).response)
        #expect(readBack.verifiedAuthentication.clientExtensionResults?.largeBlob?.blob == Base64URL.encode(blob))
    }
}
